"""Everything printed on the Roll & Write sheets and dice, in one place (RULES 3.1-3.3, 5.3)."""

from __future__ import annotations

from dataclasses import dataclass

from facade.scoring import Line
from facade.shapes import Shape

COLOURS = ("red", "blue", "purple", "green", "yellow")
LETTER = {"red": "R", "blue": "B", "purple": "P", "green": "G", "yellow": "Y", "white": "W"}
COLOUR_OF_LETTER = {v: k for k, v in LETTER.items()}
WHITE = "white"
FACES = (*COLOURS, WHITE)  # the six faces of every die
MAX_SEATS = 4  # players at a Roll & Write table (1: the solitaire challenge, RULES 4)
DICE = 5

# Printed shapes, rows top to bottom (RULES 3.3). Id -> rows.
SHAPE_ROWS: dict[str, str] = {
    "R2": "#/#",
    "R3": ".#/##",
    "R4": "##/##",
    "R5": ".##/###",
    "B2": "#/#",
    "B3": ".#/##",
    "B4L": ".#/.#/##",
    "B4R": "#./#./##",
    "B5": ".#./.#./###",
    "P2": "#/#",
    "P3": "#/#/#",
    "P4": "#/#/#/#",
    "P5": "#####",
    "G2": "#/#",
    "G3": "#/#/#",
    "G4L": ".#/##/.#",
    "G4R": "#./##/#.",
    "G5": ".#./###/.#.",
    "Y2": "#/#",
    "Y3": ".#/##",
    "Y4L": ".#/##/#.",
    "Y4R": "#./##/.#",
    "Y5": "..#/###/#..",
}
SHAPES: dict[str, Shape] = {tid: Shape.from_rows(rows) for tid, rows in SHAPE_ROWS.items()}

INFINITE_SIDE: tuple[str, ...] = ("R2", "R3", "B2", "B3", "P2", "P3", "G2", "G3", "Y2", "Y3")
X_SIDE: tuple[str, ...] = (
    "R4", "R4", "R5", "B4L", "B4R", "B5", "P4", "P4", "P5", "G4L", "G4R", "G5", "Y4L", "Y4R", "Y5",
)
# Crossed out at the start of a two-player game (RULES 3.6 and 5.3): entry indexes in X_SIDE.
TWO_PLAYER_CROSSED: tuple[int, ...] = (0, 4, 6, 10, 13)  # R4, B4R, P4, G4R, Y4R


def colour_of(tile: str) -> str:
    """Colour of a facade-sheet id: `R3` -> red."""
    return COLOUR_OF_LETTER[tile[0]]


@dataclass(frozen=True)
class Track:
    """One ability track: 9 boxes, a bonus `+` or an ability `★` under some (RULES 3.2)."""

    colour: str
    symbols: str  # 9 characters: '+', '*' or '.'
    ability: str

    @property
    def bonus_boxes(self) -> tuple[int, ...]:
        """Box indexes (0-based) with a `+`."""
        return tuple(i for i, s in enumerate(self.symbols) if s == "+")

    @property
    def star_boxes(self) -> tuple[int, ...]:
        """Box indexes (0-based) with a `★`."""
        return tuple(i for i, s in enumerate(self.symbols) if s == "*")


TRACK_LENGTH = 9
TRACKS: dict[str, Track] = {
    "red": Track("red", "+*+***...", "Reroll"),
    "blue": Track("blue", "+*.*+*...", "No X"),
    "purple": Track("purple", "+.*+*.*..", "One X cell"),
    "green": Track("green", "+..*+.**.", "Change colour"),
    "yellow": Track("yellow", "+.*+.**..", "New choice"),
}
ABILITY_HELP: dict[str, str] = {
    "red": "reroll any of the dice before choosing",
    "blue": "mark every cell of one tile O",
    "purple": "draw an extra 1-cell tile marked X",
    "green": "turn dice of one colour to any one face",
    "yellow": "take an X-side shape that is already crossed out",
}
STARTING_RED_STARS = 2
TRACK_COMPLETE_POINTS = 2
BONUSES_PER_COLOUR_PER_TURN = 2

# Coats of arms: at the end of rows 2, 4, 6 and on top of columns b and d (RULES 3.2).
COAT_OF_ARMS_LINES: tuple[Line, ...] = (
    Line("row", 1),
    Line("row", 3),
    Line("row", 5),
    Line("column", 1),
    Line("column", 3),
)
COAT_OF_ARMS_TRACK_BOXES = 2

TARGET = 12

# How many `+` / `★` lie in the first n boxes of each track (n = 0..9), for quick counting.
BONUS_PREFIX: dict[str, tuple[int, ...]] = {
    c: tuple(t.symbols[:n].count("+") for n in range(TRACK_LENGTH + 1)) for c, t in TRACKS.items()
}
STAR_PREFIX: dict[str, tuple[int, ...]] = {
    c: tuple(t.symbols[:n].count("*") for n in range(TRACK_LENGTH + 1)) for c, t in TRACKS.items()
}
