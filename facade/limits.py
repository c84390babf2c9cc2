"""Input limits of both editions, checked before any parsing: a line, a game text, a game's
length, names, seeds and JSON nesting. Every number sits far above what any real game needs
(the measurement beside it), so only forged or broken input ever meets one."""

from __future__ import annotations

import re
from itertools import accumulate

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


# A JSON string: its quote, then plain characters or escapes, up to the closing quote (or the
# text's end, a lone backslash there included, as an unterminated string reads). Possessive: the
# two kinds of character never overlap, so nothing is given back and a forged text costs one
# pass. Only the brackets outside strings are then counted.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """How deeply a JSON text nests arrays and objects, read without parsing (so a text nested
    30,000 deep costs a pass, not a recursion error); brackets inside strings do not count.
    The strings go first, then everything but brackets; the depth is the highest running sum
    of the rest. On a 27.6 KB answer of the app, 2.5 ms where the plain character loop of
    tests/test_limits.py takes 4.1 ms (means of 200 calls, 2026-12-08): the app reads every
    JSON body and session cookie through it, and the web tests each answer."""
    brackets = _NOT_BRACKETS.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets), initial=0))
