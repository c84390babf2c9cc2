"""The title line shared by both sheets: game name, sheet name, name and game-number lines."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printables.geometry import Rect
from printables.style import BLACK, BOLD, FONT

TITLE = "COPENHAGEN"


def title_block(c: Canvas, r: Rect, subtitle: str, player_line: bool) -> None:
    """Title at the top left of `r`; a name line (players) and a game-number line below."""
    c.setFillColor(BLACK)
    c.setFont(BOLD, 17)
    c.drawString(r.x, r.top - 6 * mm, TITLE)
    x = r.x + c.stringWidth(TITLE, BOLD, 17) + 3 * mm
    c.setFont(FONT, 11)
    c.drawString(x, r.top - 6 * mm, f"Roll & Write  -  {subtitle}")
    base = r.y + 1.5 * mm
    c.setFont(FONT, 10)
    c.setStrokeColor(BLACK)
    c.setLineWidth(0.6)
    gx = r.x
    if player_line:
        c.drawString(r.x, base, "Player")
        c.line(r.x + 13 * mm, base - 0.8 * mm, r.x + 95 * mm, base - 0.8 * mm)
        gx = r.x + 100 * mm
    c.drawString(gx, base, "Game no.")
    c.line(gx + 17 * mm, base - 0.8 * mm, gx + 40 * mm, base - 0.8 * mm)
