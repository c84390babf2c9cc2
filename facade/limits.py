"""Input limits of both editions, checked before any parsing: a line, a game text, a game's
length, names, seeds and JSON nesting. Every number sits far above what any real game needs
(the measurement beside it), so only forged or broken input ever meets one."""

from __future__ import annotations

# The longest legal action line of either edition is about 70 characters (a card build of a
# 5-cell tile paid with 5 cards and `discount change`).
MAX_ACTION_LINE = 120
# Actions one game may hold. 120 uniform random games (undo included) took at most 694
# (Roll & Write, 4 players) and 100 (card edition): a game past this is a loop, not play.
MAX_GAME_ACTIONS = 3000
# A game text: its characters, and the characters of any one of its lines (a header line
# with 8 names of 40 characters and the options is under 500).
MAX_TEXT = 60_000
MAX_TEXT_LINE = 1000
MAX_NAME = 40  # characters of a player's name (the seats table stores 40)
MAX_SEED = 64  # characters of a seed written as text (the app makes 16 to 24)
MAX_JSON_DEPTH = 8  # nesting of any JSON this project reads (its own nest 2 deep at most)


def json_depth(text: str) -> int:
    """How deeply a JSON text nests arrays and objects, read in one pass without parsing (so a
    text nested 30,000 deep costs a loop, not a recursion error); brackets inside strings do
    not count."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest
