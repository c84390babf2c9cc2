"""How good a Roll & Write sheet is for its owner: points now plus what the grid promises."""

from __future__ import annotations

from functools import lru_cache

from bots.potential import grid_value as facade_grid_value
from rollwrite.material import COAT_OF_ARMS_LINES, COLOURS, TRACK_LENGTH, TRACKS
from rollwrite.sheet import Sheet

ARMS_LINES = frozenset((ln.kind, ln.index) for ln in COAT_OF_ARMS_LINES)


@lru_cache(maxsize=1 << 17)  # the searching bot asks the same grids again and again
def grid_value(filled: int, bricks: int) -> float:
    """The building's promise on a Roll & Write sheet (coats of arms on rows 2, 4, 6, b, d)."""
    return facade_grid_value(filled, bricks, ARMS_LINES)


def track_value(sheet: Sheet) -> float:
    """Track progress, unlocked bonuses and stars, completed tracks (scored elsewhere)."""
    value = 0.0
    for c in COLOURS:
        marks = sheet.marks[c]
        value += 0.06 * marks + (0.25 if marks >= TRACK_LENGTH - 2 else 0.0)
        symbols = TRACKS[c].symbols[:marks]
        value += 0.35 * max(0, symbols.count("+") - sheet.bonuses_used[c])
        value += 0.45 * max(0, symbols.count("*") - sheet.stars_used[c])
    return value


def sheet_value(sheet: Sheet) -> float:
    """The whole sheet: grid, tracks and track points (building points are in grid_value)."""
    track_points = sheet.score - sheet.building.points()
    return grid_value(sheet.building.filled, sheet.building.bricks) + track_points + track_value(
        sheet
    )


def best_brick(filled: int, bricks: int, mask: int, cells: tuple[int, ...]) -> tuple[int, float]:
    """Where the X of a tile hurts least, and the grid value with it there."""
    after = filled | mask
    best, best_v = cells[0], -1e9
    for cell in cells:
        v = grid_value(after, bricks | cell)
        if v > best_v:
            best, best_v = cell, v
    return best, best_v
