"""Everything in the card edition's box, in one place (RULES 2.1-2.4)."""

from __future__ import annotations

from typing import Literal

from facade.grid import parse_cell
from facade.shapes import Shape

COLOURS = ("red", "yellow", "green", "blue", "purple")
COLOUR_COUNT = len(COLOURS)  # hands, payments and the discard pile count cards per colour
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
LETTER = {"red": "R", "yellow": "Y", "green": "G", "blue": "B", "purple": "P"}
COLOUR_OF_LETTER = {v: k for k, v in LETTER.items()}
END_CARD = "end"

CARDS_PER_COLOUR = {2: 14, 3: 12, 4: 14}
# tiles per colour, by size, per player count (RULES 2.1)
TILE_COUNTS = {
    4: {2: 3, 3: 3, 4: 3, 5: 1},
    3: {2: 2, 3: 3, 4: 2, 5: 1},
    2: {2: 2, 3: 2, 4: 2, 5: 1},
}
WHITE_TILES = 12

# Printed tiles, rows top to bottom: B brick, W window (RULES 2.3)
TILE_ROWS: dict[str, str] = {
    "purple-2": "BW",
    "purple-3": "BWW",
    "purple-4": "BWWW",
    "purple-5": "BWWWW",
    "green-2": "BW",
    "green-3": "BWW",
    "green-4": "WWW/.B.",
    "green-5": ".W./BWW/.W.",
    "red-2": "BW",
    "red-3": "WW/B.",
    "red-4": "WW/BW",
    "red-5": ".WW/BWW",
    "blue-2": "BW",
    "blue-3": "WW/B.",
    "blue-4": "..W/BWW",
    "blue-5": "..W/BWW/..W",
    "yellow-2": "BW",
    "yellow-3": "WW/B.",
    "yellow-4": ".WW/WB.",
    "yellow-5": "W../WWW/..B",
    "white-1": "W",
}
TILES: dict[str, Shape] = {tid: Shape.from_rows(rows) for tid, rows in TILE_ROWS.items()}
WHITE = "white-1"


def tile_id(colour: str, size: int) -> str:
    """`red-4`."""
    return f"{colour}-{size}"


def tile_colour(tid: str) -> str:
    """Colour part of a tile id."""
    return tid.split("-")[0]


ABILITIES = ("any", "additional", "discount", "change", "both")
ABILITY_NAMES = {
    "any": "Any cards",
    "additional": "Additional card",
    "discount": "Construction discount",
    "change": "Change of colours",
    "both": "Both actions",
}
SUPPLY_ABILITIES = ABILITIES[1:]  # one of each per player; everyone starts with Any cards
STARTING_ABILITY = "any"

HARBOUR_SIZE = 7
HAND_LIMIT = 7
STARTING_HANDS = (2, 3, 3, 4)
END_CARD_DEPTH = 9  # the end card is shuffled with this many cards at the bottom
# Where the end card is: set aside (two players, or 3-4 before the first reshuffle), in the
# deck (somewhere in its bottom 10), or turned up
EndCard = Literal["aside", "deck", "revealed"]

ARMS_CELLS: int = sum(1 << parse_cell(c) for c in ("c3", "e5", "b7", "d9"))
ARMS_ROWS: tuple[int, ...] = (1, 3, 5)  # rows 2, 4, 6 (0-based)
TARGET = 12
