"""Polyomino shapes, their rotations and mirror images, and every placement mask on the grid."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from facade.grid import COLS, ROWS, index

Cell = tuple[int, int]  # (x, y): x to the right, y upwards


@dataclass(frozen=True)
class Shape:
    """A set of cells, normalised to touch x=0 and y=0, with an optional brick cell."""

    cells: frozenset[Cell]
    brick: Cell | None = None

    @classmethod
    def from_rows(cls, rows: str | list[str]) -> Shape:
        """Read rows top to bottom: `#`, `B` (brick) or `W` is a cell, `.` is not."""
        lines = rows.split("/") if isinstance(rows, str) else rows
        lines = [r.strip() for r in lines]
        cells: set[Cell] = set()
        brick = None
        height = len(lines)
        for r, line in enumerate(lines):
            for x, ch in enumerate(line):
                if ch in "#BW":
                    cells.add((x, height - 1 - r))
                    if ch == "B":
                        brick = (x, height - 1 - r)
        return cls(frozenset(cells), brick).normalised()

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.cells)

    @property
    def width(self) -> int:
        """Columns spanned."""
        return max(x for x, _ in self.cells) + 1

    @property
    def height(self) -> int:
        """Rows spanned."""
        return max(y for _, y in self.cells) + 1

    def normalised(self) -> Shape:
        """The same shape moved so its lowest x and y are 0."""
        mx = min(x for x, _ in self.cells)
        my = min(y for _, y in self.cells)
        cells = frozenset((x - mx, y - my) for x, y in self.cells)
        brick = None if self.brick is None else (self.brick[0] - mx, self.brick[1] - my)
        return Shape(cells, brick)

    def rotated(self) -> Shape:
        """A quarter turn clockwise."""
        cells = frozenset((y, -x) for x, y in self.cells)
        brick = None if self.brick is None else (self.brick[1], -self.brick[0])
        return Shape(cells, brick).normalised()

    def mirrored(self) -> Shape:
        """The mirror image (left and right swapped)."""
        cells = frozenset((-x, y) for x, y in self.cells)
        brick = None if self.brick is None else (-self.brick[0], self.brick[1])
        return Shape(cells, brick).normalised()

    def orientations(self, mirror: bool = False) -> tuple[Shape, ...]:
        """Distinct images under rotation (and mirroring if allowed), this one first."""
        seen: list[Shape] = []
        starts = [self, self.mirrored()] if mirror else [self]
        for start in starts:
            s = start
            for _ in range(4):
                if s not in seen:
                    seen.append(s)
                s = s.rotated()
        return tuple(seen)

    def rows(self) -> list[str]:
        """Rows top to bottom, `#` for a cell (`B` for the brick, `W` for other cells of a tile
        with a brick)."""
        out = []
        for y in reversed(range(self.height)):
            line = ""
            for x in range(self.width):
                if (x, y) not in self.cells:
                    line += "."
                elif self.brick is None:
                    line += "#"
                else:
                    line += "B" if (x, y) == self.brick else "W"
            out.append(line)
        return out


@dataclass(frozen=True)
class Placement:
    """One position of one orientation of a shape on the grid, as bit masks."""

    mask: int
    brick: int  # bit of the brick cell, 0 if the shape has none
    orientation: int


def _mask(shape: Shape, dx: int, dy: int) -> int:
    return sum(1 << index(x + dx, y + dy) for x, y in shape.cells)


@cache
def placements(shape: Shape, mirror: bool = False) -> tuple[Placement, ...]:
    """Every placement of the shape inside the grid, computed once per shape."""
    out = []
    for o, img in enumerate(shape.orientations(mirror)):
        for dy in range(ROWS - img.height + 1):
            for dx in range(COLS - img.width + 1):
                brick = 0 if img.brick is None else 1 << index(img.brick[0] + dx, img.brick[1] + dy)
                out.append(Placement(_mask(img, dx, dy), brick, o))
    return tuple(out)


@cache
def image_index(shape: Shape, mirror: bool) -> dict[int, tuple[int, ...]]:
    """Cell mask -> the brick bits it can carry, over all placements (for the notation)."""
    table: dict[int, list[int]] = {}
    for p in placements(shape, mirror):
        table.setdefault(p.mask, []).append(p.brick)
    return {m: tuple(sorted(set(b))) for m, b in table.items()}
