"""How good a Roll & Write sheet is for its owner: points now plus what the grid promises."""

from __future__ import annotations

from facade.grid import FULL, supported
from facade.scoring import ALL_LINES
from rollwrite.material import COAT_OF_ARMS_LINES, COLOURS, TRACK_LENGTH, TRACKS
from rollwrite.sheet import Sheet

_ARMS = {(ln.kind, ln.index) for ln in COAT_OF_ARMS_LINES}
# (mask, cells, windows-only points, with-brick points, has coat of arms) per line
LINES = [
    (ln.mask, ln.mask.bit_count(), ln.points(0), ln.points(ln.mask), (ln.kind, ln.index) in _ARMS)
    for ln in ALL_LINES
]
ARMS_VALUE = 1.2  # a coat of arms is worth about a point: an O cell or two boxes


def grid_value(filled: int, bricks: int) -> float:
    """Points of complete lines plus a share of what incomplete lines may still score."""
    value = 0.0
    for mask, n, clean, dirty, arms in LINES:
        have = (filled & mask).bit_count()
        brick = bool(bricks & mask)
        if have == n:
            value += dirty if brick else clean
            continue
        share = (have / n) ** 2
        value += share * ((dirty if brick else clean) * 0.85 + (ARMS_VALUE if arms else 0.0))
    # empty cells already roofed over are hard to fill: every tile needs support
    roofed = ~filled & (filled >> 5) & FULL & ~supported(filled)
    value -= 0.35 * roofed.bit_count()
    return value


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
