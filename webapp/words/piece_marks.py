"""The colour-blind marks of printables/marks.py as SVG path data, for the pages' dice, cards,
chips and tracks (templates/_pieces.html draws them; the pads draw the same outlines)."""

from __future__ import annotations

from functools import cache

from printables.marks import MARK_NAMES, mark

VIEWBOX = 100  # the marks' unit box scaled to a 0..100 viewBox


@cache
def mark_path(colour: str) -> str:
    """The mark of a colour as the `d` of one SVG path (in a 0 0 100 100 viewBox)."""
    parts = []
    for polygon in mark(colour):
        points = " L".join(f"{x * VIEWBOX:.1f} {y * VIEWBOX:.1f}" for x, y in polygon)
        parts.append(f"M{points}Z")
    return "".join(parts)


MARK_PATHS: dict[str, str] = {colour: mark_path(colour) for colour in MARK_NAMES}
