"""The colour-blind mark of each colour, a shape that is no letter of any language: the pads'
colour chips draw it (printables/glyphs.py) and the web pages draw the same outlines on dice,
cards and tracks (webapp/words/piece_marks.py). Red a triangle, blue a disc, purple an hourglass
(not a diamond: the card edition's coats of arms are diamonds), green a square, yellow a
crescent, white (the wild face) a six-spoked asterisk."""

from __future__ import annotations

import math
from functools import cache

Point = tuple[float, float]
Polygon = tuple[Point, ...]

# In a unit box, x to the right and y downwards (as on a screen; the pads flip it).
_STEPS = 40


def _circle(cx: float, cy: float, r: float, steps: int = _STEPS) -> Polygon:
    return tuple((cx + r * math.cos(2 * math.pi * i / steps),
                  cy + r * math.sin(2 * math.pi * i / steps)) for i in range(steps))


def _crescent() -> Polygon:
    """The outer circle's arc outside the bite, then the bite's arc inside the outer circle."""
    outer, bite = (0.5, 0.5, 0.42), (0.66, 0.38, 0.34)

    def inside(p: Point, c: tuple[float, float, float]) -> bool:
        return math.hypot(p[0] - c[0], p[1] - c[1]) < c[2]

    steps = 120
    rim = [p for p in _circle(*outer, steps=steps) if not inside(p, bite)]
    # start the rim just after the bite so the outline runs without a jump
    start = next(i for i in range(len(rim))
                 if math.dist(rim[i - 1], rim[i]) > 2.5 * math.pi * outer[2] / steps)
    rim = rim[start:] + rim[:start]
    hollow = [p for p in reversed(_circle(*bite, steps=steps)) if inside(p, outer)]
    start = next(i for i in range(len(hollow))
                 if math.dist(hollow[i - 1], hollow[i]) > 2.5 * math.pi * bite[2] / steps)
    hollow = hollow[start:] + hollow[:start]
    return (*rim, *hollow)


def _bar(angle: float, length: float = 0.84, width: float = 0.17) -> Polygon:
    """A bar through the centre at `angle` (radians), as a rectangle."""
    dx, dy = math.cos(angle) * length / 2, math.sin(angle) * length / 2
    nx, ny = -math.sin(angle) * width / 2, math.cos(angle) * width / 2
    c = 0.5
    return ((c - dx + nx, c - dy + ny), (c + dx + nx, c + dy + ny),
            (c + dx - nx, c + dy - ny), (c - dx - nx, c - dy - ny))


@cache
def mark(colour: str) -> tuple[Polygon, ...]:
    """The mark of a colour as polygons in a unit box (y downwards), filled non-zero."""
    shapes: dict[str, tuple[Polygon, ...]] = {
        "red": (((0.5, 0.08), (0.94, 0.86), (0.06, 0.86)),),
        "blue": (_circle(0.5, 0.5, 0.4),),
        "purple": (((0.1, 0.08), (0.9, 0.08), (0.5, 0.5)), ((0.5, 0.5), (0.9, 0.92), (0.1, 0.92))),
        "green": (((0.14, 0.14), (0.86, 0.14), (0.86, 0.86), (0.14, 0.86)),),
        "yellow": (_crescent(),),
        "white": tuple(_bar(math.pi / 2 + k * math.pi / 3) for k in range(3)),
    }
    return shapes[colour]


MARK_NAMES = {
    "red": "triangle", "blue": "disc", "purple": "hourglass", "green": "square",
    "yellow": "crescent", "white": "asterisk",
}
