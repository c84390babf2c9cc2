"""How promising a building is: complete lines plus a share of what open lines may score.

Both editions' bots use it; each passes the lines that carry a coat of arms on its sheet."""

from __future__ import annotations

from facade.grid import FULL, supported
from facade.scoring import ALL_LINES

LineKey = tuple[str, int]
ROOFED_PENALTY = 0.35  # an empty cell under a filled one is hard to fill: tiles need support


def grid_value(
    filled: int, bricks: int, arms_lines: frozenset[LineKey] = frozenset(), arms: float = 1.2
) -> float:
    """Points of complete lines, plus (share filled)² of each open line's points and coat of
    arms, less a penalty per roofed-over empty cell."""
    value = 0.0
    for line in ALL_LINES:
        mask = line.mask
        n = mask.bit_count()
        have = (filled & mask).bit_count()
        points = line.points(bricks)
        if have == n:
            value += points
            continue
        bonus = arms if (line.kind, line.index) in arms_lines else 0.0
        value += (have / n) ** 2 * (points * 0.85 + bonus)
    roofed = ~filled & (filled >> 5) & FULL & ~supported(filled)
    return value - ROOFED_PENALTY * roofed.bit_count()
