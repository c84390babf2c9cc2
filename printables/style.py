"""Paper sizes, ink colours and the ink-saver patterns of the printable pads."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm

# Exact page sizes in PDF points (1/72 inch): A4 is 210 x 297 mm, Letter 8.5 x 11 in.
PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
MARGIN = 12 * mm

FONT = "Helvetica"
BOLD = "Helvetica-Bold"
ITALIC = "Helvetica-Oblique"

BLACK = Color(0, 0, 0)
WHITE = Color(1, 1, 1)
GREY = Color(0.45, 0.45, 0.45)
LIGHT = Color(0.75, 0.75, 0.75)
FAINT = Color(0.9, 0.9, 0.9)

# Full ink, a pale tint to write on, and a darker shade for symbols and text.
_RGB: dict[str, tuple[float, float, float]] = {
    "red": (0.85, 0.16, 0.18),
    "blue": (0.13, 0.42, 0.75),
    "purple": (0.50, 0.26, 0.65),
    "green": (0.20, 0.62, 0.30),
    "yellow": (0.98, 0.80, 0.10),
}

# Ink-saver: every colour keeps its initial letter and gets its own line pattern.
PATTERNS: dict[str, str] = {
    "red": "diagonal",
    "blue": "horizontal",
    "purple": "cross",
    "green": "vertical",
    "yellow": "dots",
}


@dataclass(frozen=True)
class Ink:
    """How one pad is inked: in colour or in grey with patterns (ink-saver)."""

    saver: bool

    def full(self, colour: str) -> Color:
        """The colour of a filled shape cell (a mid grey in ink-saver mode)."""
        if self.saver:
            return WHITE
        return Color(*_RGB[colour])

    def tint(self, colour: str) -> Color:
        """A pale version to write on (white in ink-saver mode)."""
        if self.saver:
            return WHITE
        r, g, b = _RGB[colour]
        return Color(1 - 0.22 * (1 - r), 1 - 0.22 * (1 - g), 1 - 0.22 * (1 - b))

    def dark(self, colour: str) -> Color:
        """A dark shade for symbols and names printed in that colour."""
        if self.saver:
            return BLACK
        r, g, b = _RGB[colour]
        f = 0.55 if colour == "yellow" else 0.8
        return Color(r * f, g * f, b * f)

    def pattern_ink(self) -> Color:
        """The grey of the ink-saver pattern lines."""
        return GREY
