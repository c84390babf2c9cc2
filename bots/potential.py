"""How promising a building is: complete lines plus a share of what open lines may score.

Both editions' bots use it; each passes the lines that carry a coat of arms on its sheet."""

from __future__ import annotations

from functools import lru_cache

from facade.grid import COLS, FULL, supported
from facade.scoring import ALL_LINES, COLUMN_POINTS, ROW_POINTS

LineKey = tuple[str, int]
ROOFED_PENALTY = 0.35  # an empty cell under a filled one is hard to fill: tiles need support


@lru_cache(maxsize=64)
def _lines(
    arms_lines: frozenset[LineKey], arms: float
) -> tuple[tuple[int, tuple[float, ...], tuple[float, ...]], ...]:
    """Per line: its cells, and its value by how many are filled, with a brick in it and
    windows only: the points once complete, else (share filled)² of points and coat of arms."""
    out = []
    for line in ALL_LINES:
        n = line.mask.bit_count()
        bonus = arms if (line.kind, line.index) in arms_lines else 0.0
        by_marks = []
        for points in ROW_POINTS if line.kind == "row" else COLUMN_POINTS:
            by_marks.append(
                tuple(points if have == n else (have / n) ** 2 * (points * 0.85 + bonus)
                      for have in range(n + 1))
            )
        out.append((line.mask, by_marks[0], by_marks[1]))
    return tuple(out)


def grid_value(
    filled: int, bricks: int, arms_lines: frozenset[LineKey] = frozenset(), arms: float = 1.2
) -> float:
    """Points of complete lines, plus (share filled)² of each open line's points and coat of
    arms, less a penalty per roofed-over empty cell."""
    value = 0.0
    for mask, with_brick, windows_only in _lines(arms_lines, arms):
        have = (filled & mask).bit_count()
        if have:
            value += (with_brick if mask & bricks else windows_only)[have]
    roofed = ~filled & (filled >> COLS) & FULL & ~supported(filled)  # the cell above is filled
    return value - ROOFED_PENALTY * roofed.bit_count()
