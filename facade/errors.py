"""The one exception type both engines raise for input a player got wrong."""

from __future__ import annotations

from typing import Any

ILLEGAL = "illegal"


class IllegalAction(ValueError):
    """An action or text that the rules do not allow; the message is meant for a player.

    `str(error)` is the English message. `code` is a stable code for screens and
    translations, `params` the values the message names. Codes in use:

    - `illegal`: any refusal without a more specific code (the default)
    - `notation`: text that is not a well-formed action (NotationError)
    - `unknown_action`: an object that is not an action of this game
    - `no_such_player`: a seat that is not at the table (params: player)
    - `not_your_turn`: the seat may not act now (params: player, active)
    - `game_over`: the game has ended
    - `wrong_phase`: the step does not belong to this phase (params: phase)
    - `illegal_placement`: the cells break the placement rule or the tile's shape
      (params: tile and/or cells where known)
    - `unaffordable`: not enough cards, dice, bonuses or stars (params: what is missing)
    - `tile_unavailable`: the tile is crossed out, used up or fits nowhere (params: tile)
    - `must_draw`: Roll & Write, a tile can be chosen with the dice alone (RULES 5.1)
    - `unpick_refused`: Roll & Write, a pick can no longer be taken back (RULES 5.15)
    """

    def __init__(self, message: str, code: str = ILLEGAL, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = params

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: code, params and the English message."""
        return {"code": self.code, "params": dict(self.params), "message": str(self)}


class NotationError(IllegalAction):
    """Text that is not a well-formed move in the notation of RULES 1 (docs/rules.md)."""

    def __init__(self, message: str, code: str = "notation", **params: Any) -> None:
        super().__init__(message, code, **params)
