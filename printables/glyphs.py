"""Vector symbols (star, infinity, shield, tick box), colour cells with ink-saver patterns and
the colours' marks."""

from __future__ import annotations

import math

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from printables.marks import mark
from printables.style import PATTERNS, WHITE, Ink


def star(c: Canvas, cx: float, cy: float, r: float, fill: Color,
         stroke: Color | None = None) -> None:
    """A five-pointed star (the ability symbol) centred on (cx, cy), outer radius r."""
    p = c.beginPath()
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.42
        a = math.pi / 2 + i * math.pi / 5
        x, y = cx + rad * math.cos(a), cy + rad * math.sin(a)
        p.moveTo(x, y) if i == 0 else p.lineTo(x, y)
    p.close()
    c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
        c.setLineWidth(0.4)
    c.drawPath(p, stroke=int(stroke is not None), fill=1)


def plus(c: Canvas, cx: float, cy: float, r: float, ink: Color) -> None:
    """A bold plus sign (the bonus symbol)."""
    c.setStrokeColor(ink)
    c.setLineWidth(r * 0.45)
    c.setLineCap(0)
    c.line(cx - r, cy, cx + r, cy)
    c.line(cx, cy - r, cx, cy + r)


def infinity(c: Canvas, cx: float, cy: float, w: float, ink: Color) -> None:
    """The infinity sign of the unlimited side, w wide."""
    h = w * 0.28
    q = w / 4
    p = c.beginPath()
    p.moveTo(cx, cy)
    p.curveTo(cx + q * 0.6, cy + h * 1.2, cx + 2 * q, cy + h * 1.2, cx + 2 * q, cy)
    p.curveTo(cx + 2 * q, cy - h * 1.2, cx + q * 0.6, cy - h * 1.2, cx, cy)
    p.curveTo(cx - q * 0.6, cy + h * 1.2, cx - 2 * q, cy + h * 1.2, cx - 2 * q, cy)
    p.curveTo(cx - 2 * q, cy - h * 1.2, cx - q * 0.6, cy - h * 1.2, cx, cy)
    c.setStrokeColor(ink)
    c.setLineWidth(w * 0.09)
    c.drawPath(p, stroke=1, fill=0)


def shield(c: Canvas, x: float, y: float, w: float, h: float, ink: Color, fill: Color) -> None:
    """A coat-of-arms shield in the box (x, y, w, h), with a small crown line inside."""
    p = c.beginPath()
    p.moveTo(x, y + h)
    p.lineTo(x + w, y + h)
    p.lineTo(x + w, y + h * 0.45)
    p.curveTo(x + w, y + h * 0.15, x + w * 0.6, y + h * 0.05, x + w / 2, y)
    p.curveTo(x + w * 0.4, y + h * 0.05, x, y + h * 0.15, x, y + h * 0.45)
    p.close()
    c.setStrokeColor(ink)
    c.setFillColor(fill)
    c.setLineWidth(0.9)
    c.drawPath(p, stroke=1, fill=1)
    c.setLineWidth(0.6)
    c.line(x + w / 2, y + h * 0.2, x + w / 2, y + h * 0.85)
    c.line(x + w * 0.2, y + h * 0.62, x + w * 0.8, y + h * 0.62)


def cross(c: Canvas, x: float, y: float, w: float, h: float, ink: Color, width: float) -> None:
    """An X across the box (x, y, w, h): something crossed out before play."""
    c.setStrokeColor(ink)
    c.setLineWidth(width)
    c.setLineCap(1)
    c.line(x, y, x + w, y + h)
    c.line(x, y + h, x + w, y)
    c.setLineCap(0)


def pattern(c: Canvas, colour: str, x: float, y: float, w: float, h: float, ink: Color) -> None:
    """Fill the box with the ink-saver pattern of a colour (clipped to the box)."""
    kind = PATTERNS[colour]
    step = max(min(w, h) / 4.5, 2.2)
    c.saveState()
    clip = c.beginPath()
    clip.rect(x, y, w, h)
    c.clipPath(clip, stroke=0, fill=0)
    c.setStrokeColor(ink)
    c.setFillColor(ink)
    c.setLineWidth(0.5)
    if kind == "dots":
        r = step * 0.16
        j = 0
        yy = y + step / 2
        while yy < y + h:
            xx = x + step / 2 + (step / 2 if j % 2 else 0)
            while xx < x + w:
                c.circle(xx, yy, r, stroke=0, fill=1)
                xx += step
            yy += step
            j += 1
    if kind in ("horizontal",):
        yy = y + step / 2
        while yy < y + h:
            c.line(x, yy, x + w, yy)
            yy += step
    if kind == "vertical":
        xx = x + step / 2
        while xx < x + w:
            c.line(xx, y, xx, y + h)
            xx += step
    if kind in ("diagonal", "cross"):
        d = -h
        while d < w:
            c.line(x + d, y, x + d + h, y + h)
            d += step
    if kind == "cross":
        d = 0.0
        while d < w + h:
            c.line(x + d, y, x + d - h, y + h)
            d += step
    c.restoreState()


def colour_mark(c: Canvas, colour: str, x: float, y: float, s: float, fill: Color) -> None:
    """The colour's mark (printables/marks.py, as the web pages draw it) in the box (x, y, s, s):
    a shape, never a letter."""
    p = c.beginPath()
    for polygon in mark(colour):
        for i, (mx, my) in enumerate(polygon):
            px, py = x + mx * s, y + (1 - my) * s  # the marks' y runs downwards
            p.moveTo(px, py) if i == 0 else p.lineTo(px, py)
        p.close()
    c.setFillColor(fill)
    c.drawPath(p, stroke=0, fill=1, fillMode=FILL_NON_ZERO)


def colour_cell(c: Canvas, ink: Ink, colour: str, x: float, y: float, s: float,
                marked: bool = False) -> None:
    """One square cell of a colour: solid in colour mode; its pattern when saving ink; with
    `marked` (a colour chip) its colour's mark too, and every cell marked when saving ink."""
    c.setFillColor(ink.full(colour))
    c.setStrokeColor(ink.dark(colour))
    c.setLineWidth(0.8)
    c.rect(x, y, s, s, stroke=0, fill=1)
    if ink.saver:
        pattern(c, colour, x, y, s, s, ink.pattern_ink())
    if ink.saver or marked:
        size = s * 0.6
        if ink.saver:
            c.setFillColor(WHITE)
            c.rect(x + s / 2 - size * 0.5, y + s / 2 - size * 0.5, size, size, stroke=0, fill=1)
        ink_of_mark = ink.dark(colour) if ink.saver or colour == "yellow" else WHITE
        colour_mark(c, colour, x + s / 2 - size * 0.42, y + s / 2 - size * 0.42, size * 0.84,
                    ink_of_mark)
    c.rect(x, y, s, s, stroke=1, fill=0)
