"""Completed rows and columns and their points (RULES 1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from facade.grid import COL_MASKS, COLUMN_LETTERS, ROW_MASKS

ROW_POINTS = (1, 2)  # with a brick, windows only
COLUMN_POINTS = (2, 4)


@dataclass(frozen=True)
class Line:
    """A row (index 0 = row 1) or a column (index 0 = column a)."""

    kind: str  # "row" or "column"
    index: int

    @property
    def mask(self) -> int:
        """The cells of the line."""
        return ROW_MASKS[self.index] if self.kind == "row" else COL_MASKS[self.index]

    @property
    def name(self) -> str:
        """`row 3` or `column b`."""
        if self.kind == "row":
            return f"row {self.index + 1}"
        return f"column {COLUMN_LETTERS[self.index]}"

    @property
    def short(self) -> str:
        """`3` for row 3, `b` for column b."""
        return str(self.index + 1) if self.kind == "row" else COLUMN_LETTERS[self.index]

    def points(self, bricks: int) -> int:
        """Points of this line once complete: doubled when it holds windows only."""
        table = ROW_POINTS if self.kind == "row" else COLUMN_POINTS
        return table[1] if self.mask & bricks == 0 else table[0]


ALL_LINES: tuple[Line, ...] = tuple(Line("row", r) for r in range(len(ROW_MASKS))) + tuple(
    Line("column", c) for c in range(len(COL_MASKS))
)


_LINE_MASKS: tuple[tuple[Line, int], ...] = tuple((ln, ln.mask) for ln in ALL_LINES)


def complete_lines(filled: int) -> list[Line]:
    """Every complete row and column."""
    return [ln for ln, mask in _LINE_MASKS if mask & filled == mask]


def newly_completed(before: int, after: int) -> list[Line]:
    """Lines complete in `after` that were not complete in `before`, rows first."""
    new = after & ~before  # a newly complete line holds a new cell
    return [ln for ln, mask in _LINE_MASKS if mask & new and mask & after == mask]


def lines_points(lines: Sequence[Line], bricks: int) -> int:
    """Points of complete `lines` on a building with `bricks`."""
    return sum(ln.points(bricks) for ln in lines)


def points_gained(filled: int, bricks: int, mask: int) -> int:
    """Points the lines that drawing `mask` on `filled` completes score (`bricks`: the
    building's, the new ones included)."""
    return lines_points(newly_completed(filled, filled | mask), bricks)


@lru_cache(maxsize=4096)  # recounts repeat: a sheet's building changes once or twice a turn
def building_points(filled: int, bricks: int) -> int:
    """Points of every complete line of a building, recounted from scratch."""
    return lines_points(complete_lines(filled), bricks)

