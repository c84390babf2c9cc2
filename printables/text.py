"""Words placed on a sheet: each with its font, size, anchor and the width it may take, so that
a test can measure every text of every language against its room (reportlab's stringWidth),
and drawing never runs past that room."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

MIN_SCALE = 0.8  # a text too long for its room is drawn smaller, down to this much


@dataclass(frozen=True)
class Text:
    """One line of text: drawn from (x, y), left-aligned (or right-aligned at x, or centred on
    x), within `room` points of width."""

    text: str
    font: str
    size: float
    x: float
    y: float
    room: float
    align: str = "left"  # left | right | centre

    @property
    def width(self) -> float:
        """The text's width at its size."""
        return stringWidth(self.text, self.font, self.size)

    def fits(self) -> bool:
        """Whether the text fits its room at its own size."""
        return self.width <= self.room + 1e-6

    def draw(self, c: Canvas) -> None:
        """Draw it; a text wider than its room is drawn smaller so it never spills over."""
        size = self.size
        if not self.fits() and self.width > 0:
            size = max(self.size * MIN_SCALE, self.size * self.room / self.width)
        c.setFont(self.font, size)
        if self.align == "right":
            c.drawRightString(self.x, self.y, self.text)
        elif self.align == "centre":
            c.drawCentredString(self.x, self.y, self.text)
        else:
            c.drawString(self.x, self.y, self.text)


def width(text: str, font: str, size: float) -> float:
    """The width of `text` in PDF points."""
    return stringWidth(text, font, size)


def wrap(text: str, font: str, size: float, room: float) -> list[str]:
    """`text` cut into lines no wider than `room` (at spaces; one long word stays whole)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if line and stringWidth(candidate, font, size) > room:
            lines.append(line)
            line = word
        else:
            line = candidate
    return [*lines, line] if line else lines
