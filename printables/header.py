"""The title line shared by both sheets: game name, sheet name, name and game-number lines."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printables.geometry import Rect
from printables.style import BLACK, BOLD, FONT
from printables.text import Text, width
from printables.words import Translate

TITLE = "COPENHAGEN"
NAME_LINE = 95 * mm  # where the name line ends, from the left edge
NUMBER_LINE = 23 * mm  # the length of the game-number line


def title_texts(r: Rect, subtitle: str, player_line: bool, room: float,
                _: Translate) -> list[Text]:
    """The header's words: the title, the sheet's name (within `room` of the title's start),
    the labels of the name and game-number lines."""
    x = r.x + width(TITLE, BOLD, 17) + 3 * mm
    base = r.y + 1.5 * mm
    texts = [Text(TITLE, BOLD, 17, r.x, r.top - 6 * mm, room),
             Text(f"Roll & Write  -  {subtitle}", FONT, 11, x, r.top - 6 * mm,
                  room - (x - r.x))]
    gx = r.x
    if player_line:
        texts.append(Text(_("Player"), FONT, 10, r.x, base, 30 * mm))
        gx = r.x + NAME_LINE + 5 * mm
    texts.append(Text(_("Game no."), FONT, 10, gx, base, r.right - gx - NUMBER_LINE - 2 * mm))
    return texts


def title_block(c: Canvas, r: Rect, subtitle: str, player_line: bool, room: float,
                _: Translate) -> None:
    """Title at the top left of `r`; a name line (players) and a game-number line below."""
    c.setFillColor(BLACK)
    c.setStrokeColor(BLACK)
    c.setLineWidth(0.6)
    texts = title_texts(r, subtitle, player_line, room, _)
    for t in texts:
        t.draw(c)
    base = r.y + 1.5 * mm
    *_rest, number = texts
    if player_line:
        label = texts[2]
        c.line(label.x + min(label.width, label.room) + 2 * mm, base - 0.8 * mm,
               r.x + NAME_LINE, base - 0.8 * mm)
    start = number.x + min(number.width, number.room) + 2 * mm
    c.line(start, base - 0.8 * mm, start + NUMBER_LINE, base - 0.8 * mm)
