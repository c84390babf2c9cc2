"""What a tile's shape is, read off its cells: the kind of polyomino (a line, an L, a T...), the
way it faces when turned upright and where its brick lies, from the engines' own shapes; the
words for them are in webapp/words/piece_words.py."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from boardgame.material import TILES
from facade.shapes import Cell, Shape
from rollwrite.material import SHAPES

# The kinds of polyomino the two editions' tiles are made of, each drawn once upright (rows top
# to bottom) in the position its words describe; the kind is found by turning and flipping.
KIND_ROWS: dict[str, str] = {
    "single": "#",
    "line2": "#/#",
    "line3": "#/#/#",
    "corner3": "#./##",
    "line4": "#/#/#/#",
    "square4": "##/##",
    "l4": "#./#./##",  # bar up, foot at the bottom
    "t4": "###/.#.",  # bar on top, stem down
    "zigzag4": ".#/##/#.",  # upright zigzag, its top to the right
    "line5": "#/#/#/#/#",
    "p5": "##/##/.#",  # block of four on top, one square below on the right
    "t5": "###/.#./.#.",  # bar on top, long stem
    "cross5": ".#./###/.#.",
    "zigzag5": "..#/###/#..",  # a bar of three, one square above its right end, one below its left
}
# Kinds that differ from their mirror image: a tile is "right" when it turns into the kind as
# drawn here, "left" when it turns into its mirror image.
CHIRAL = ("l4", "zigzag4", "p5", "zigzag5")


@dataclass(frozen=True)
class ShapeKind:
    """A tile's shape in the terms its words use."""

    kind: str  # a key of KIND_ROWS, or "other"
    size: int
    side: str  # "left" / "right" for a chiral kind ("" otherwise): which mirror image it is
    stem: str  # for a T as printed: where its stem points ("up", "down", "left", "right")
    brick: str  # "" (no brick), "end", "stem" (a T's tip), "middle" or "corner": the brick's place


def _cells(shape: Shape) -> frozenset[Cell]:
    return shape.normalised().cells


def _rotations(shape: Shape) -> list[Shape]:
    out = [shape.normalised()]
    for _ in range(3):
        out.append(out[-1].rotated())
    return out


def _kind(shape: Shape) -> tuple[str, str]:
    """The kind and, for a chiral one, "right" when a rotation of the shape is the kind as
    drawn in KIND_ROWS, "left" when only its mirror image is."""
    mine = {_cells(s) for s in _rotations(shape)}
    for kind, rows in KIND_ROWS.items():
        drawn = Shape.from_rows(rows)
        if _cells(drawn) in mine:
            return kind, ("right" if kind in CHIRAL else "")
        if any(_cells(s) in mine for s in _rotations(drawn.mirrored())):
            return kind, "left"
    return "other", ""


def _stem(shape: Shape) -> tuple[str, list[Cell]]:
    """Where the stem of a T points as printed (away from the bar, its edge line of three),
    and the bar's cells."""
    cells = _cells(shape)
    top, right = shape.height - 1, shape.width - 1
    edges = (
        ("down", [c for c in cells if c[1] == top]),
        ("up", [c for c in cells if c[1] == 0]),
        ("right", [c for c in cells if c[0] == 0]),
        ("left", [c for c in cells if c[0] == right]),
    )
    return next((way, line) for way, line in edges if len(line) == 3)


def _brick(shape: Shape, kind: str) -> str:
    """Where the brick is: on a square with one neighbour (an end), in a square tile's corner,
    or with two or more neighbours (the middle)."""
    if shape.brick is None:
        return ""
    if kind == "square4":
        return "corner"
    bx, by = shape.brick
    near = sum((bx + dx, by + dy) in shape.cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    if near > 1:
        return "middle"
    if kind in ("t4", "t5"):  # the tip of the stem, or an end of the bar
        return "end" if shape.brick in _stem(shape)[1] else "stem"
    return "end"


def describe(shape: Shape) -> ShapeKind:
    """Any shape in kinds and sides, as printed (the same kind and side however it is turned)."""
    kind, side = _kind(shape)
    stem = _stem(shape)[0] if kind in ("t4", "t5") else ""
    return ShapeKind(kind, shape.size, side, stem, _brick(shape, kind))


@cache
def shape_kind(tile: str) -> ShapeKind:
    """The shape of a tile of either edition (`B4L`, `red-3`, `white-1`) in kinds and sides."""
    return describe(SHAPES.get(tile) or TILES[tile])


def all_tiles() -> tuple[str, ...]:
    """Every tile id of both editions: Roll & Write's facade sheet, then the card edition's."""
    return (*SHAPES, *TILES)
