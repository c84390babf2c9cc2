"""The one exception type both engines raise for input a player got wrong."""


class IllegalAction(ValueError):
    """An action or text that the rules do not allow; the message is meant for a player."""


class NotationError(IllegalAction):
    """Text that is not a well-formed move in the notation of RULES.md section 1."""
