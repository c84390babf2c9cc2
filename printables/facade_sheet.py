"""The shared Roll & Write facade sheet (RULES 3.3, 3.6): the ∞ side and the X side."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from facade.scoring import COLUMN_POINTS, ROW_POINTS
from printables.geometry import Rect
from printables.glyphs import colour_cell, cross, infinity
from printables.header import title_block
from printables.style import BLACK, BOLD, FONT, GREY, ITALIC, MARGIN, PAPERS, WHITE, Ink
from rollwrite.material import (
    COAT_OF_ARMS_TRACK_BOXES,
    COLOURS,
    INFINITE_SIDE,
    LETTER,
    SHAPES,
    TWO_PLAYER_CROSSED,
    X_SIDE,
    colour_of,
)

LABEL_H = 10 * mm  # under each shape: its id (and the box to cross out)
COLUMN_PAD = 6 * mm
MAX_CELL = 9 * mm
CHECK = 4.5 * mm


@dataclass(frozen=True)
class Entry:
    """One printed shape: its side (`inf` or `x`), id, X-side index and two-player cross."""

    side: str
    tile: str
    index: int  # position on its side
    crossed: bool


@dataclass(frozen=True)
class Slot:
    """Where one entry is drawn: the box of its cells' bounding area and of its label."""

    entry: Entry
    shape: Rect
    label: Rect


def entries(two_player: bool) -> list[Entry]:
    """Every entry of both sides in sheet order; in two-player games some X entries crossed."""
    out = [Entry("inf", t, i, False) for i, t in enumerate(INFINITE_SIDE)]
    crossed = set(TWO_PLAYER_CROSSED) if two_player else set()
    out += [Entry("x", t, i, i in crossed) for i, t in enumerate(X_SIDE)]
    return out


def _by_colour(items: list[Entry]) -> dict[str, list[Entry]]:
    return {col: [e for e in items if colour_of(e.tile) == col] for col in COLOURS}


@dataclass(frozen=True)
class FacadeLayout:
    """Every block and shape slot of the facade sheet on one paper size."""

    page: Rect
    content: Rect
    header: Rect
    overview: Rect
    columns: dict[str, Rect]  # colour -> column band (x, w) over both sides
    sides: dict[str, Rect]  # "inf" / "x" -> the side's block, heading included
    slots: list[Slot]
    cell: float

    def blocks(self) -> dict[str, Rect]:
        """The top-level blocks, which must not overlap and must stay inside the margins."""
        return {"header": self.header, "overview": self.overview, **self.sides}


def layout(paper: str, two_player: bool = False) -> FacadeLayout:
    """Compute the facade-sheet layout for `a4` or `letter`."""
    w, h = PAPERS[paper]
    content = Rect(MARGIN, MARGIN, w - 2 * MARGIN, h - 2 * MARGIN)
    header = Rect(content.x, content.top - 17 * mm, content.w, 17 * mm)
    overview = Rect(content.x, header.y - 3 * mm - 20 * mm, content.w, 20 * mm)
    all_entries = entries(two_player)
    sides = {s: [e for e in all_entries if e.side == s] for s in ("inf", "x")}
    groups = {s: _by_colour(items) for s, items in sides.items()}
    units = {col: max(SHAPES[e.tile].width for e in all_entries if colour_of(e.tile) == col)
             for col in COLOURS}
    rows = {s: max(len(v) for v in g.values()) for s, g in groups.items()}
    row_units = {s: [max(SHAPES[v[r].tile].height for v in g.values() if r < len(v))
                     for r in range(rows[s])] for s, g in groups.items()}
    heading = 10 * mm
    colour_head = 7 * mm
    free_h = overview.y - 3 * mm - content.y - 2 * heading - colour_head - 4 * mm
    n_rows = sum(rows.values())
    cell_h = (free_h - n_rows * (LABEL_H + 3 * mm)) / sum(sum(u) for u in row_units.values())
    cell_w = (content.w - len(COLOURS) * COLUMN_PAD) / sum(units.values())
    cell = min(MAX_CELL, cell_h, cell_w)
    spare = content.w - sum(units[col] * cell + COLUMN_PAD for col in COLOURS)
    columns: dict[str, Rect] = {}
    x = content.x
    for col in COLOURS:
        cw = units[col] * cell + COLUMN_PAD + spare / len(COLOURS)
        columns[col] = Rect(x, content.y, cw, overview.y - 3 * mm - content.y)
        x += cw
    slots: list[Slot] = []
    side_rects: dict[str, Rect] = {}
    y = overview.y - 3 * mm - colour_head
    for side in ("inf", "x"):
        side_top = y
        y -= heading
        for r, units_high in enumerate(row_units[side]):
            area = units_high * cell
            y -= area + 1.5 * mm
            for col in COLOURS:
                items = groups[side][col]
                if r >= len(items):
                    continue
                shape = SHAPES[items[r].tile]
                band = columns[col]
                sw, sh = shape.width * cell, shape.height * cell
                rect = Rect(band.x + (band.w - sw) / 2, y + (area - sh) / 2, sw, sh)
                label = Rect(band.x + 2 * mm, y - LABEL_H, band.w - 4 * mm, LABEL_H)
                slots.append(Slot(items[r], rect, label))
            y -= LABEL_H + 1.5 * mm
        side_rects[side] = Rect(content.x, y, content.w, side_top - y)
        y -= 2 * mm
    return FacadeLayout(Rect(0, 0, w, h), content, header, overview, columns, side_rects, slots,
                        cell)


def draw(c: Canvas, paper: str, ink: Ink, two_player: bool) -> None:
    """Draw one facade sheet on the canvas (in a form or directly on a page)."""
    lay = layout(paper, two_player)
    sub = "facade sheet (2 players)" if two_player else "facade sheet"
    title_block(c, lay.header, sub, player_line=False)
    _overview(c, lay, two_player)
    _colour_heads(c, lay, ink)
    _side_heading(c, lay.sides["inf"], "inf")
    _side_heading(c, lay.sides["x"], "x")
    for slot in lay.slots:
        _slot(c, ink, slot, lay.cell)


def _overview(c: Canvas, lay: FacadeLayout, two_player: bool) -> None:
    r = lay.overview
    c.setStrokeColor(GREY)
    c.setLineWidth(0.6)
    c.roundRect(r.x, r.y, r.w, r.h, 2 * mm, stroke=1, fill=0)
    lines = [
        ("Scoring", f"a completed row: {ROW_POINTS[0]} point with an X, {ROW_POINTS[1]} "
                    f"points if only O;  a completed column: {COLUMN_POINTS[0]} points with an X, "
                    f"{COLUMN_POINTS[1]} points if only O."),
        ("Coat of arms", "draw a 1-cell tile marked O, or mark "
                         f"{COAT_OF_ARMS_TRACK_BOXES} boxes on one track of your choice."),
        ("Shapes", "turn them as you like; a mirror image is a separate entry.  "
                   "X side: cross the box out once the shape is drawn."),
    ]
    if two_player:
        lines[2] = ("2 players", "one 4-cell shape of each colour is crossed out before play.  "
                                 "X side: cross the box out once drawn.")
    y = r.top - 5.5 * mm
    for title, text in lines:
        c.setFillColor(BLACK)
        c.setFont(BOLD, 8)
        c.drawString(r.x + 3 * mm, y, title)
        c.setFont(FONT, 8)
        c.drawString(r.x + 28 * mm, y, text)
        y -= 5 * mm


def _colour_heads(c: Canvas, lay: FacadeLayout, ink: Ink) -> None:
    chip = 4.5 * mm
    for col, band in lay.columns.items():
        name = col.capitalize()
        width = chip + 1.5 * mm + c.stringWidth(name, BOLD, 10)
        x = band.x + (band.w - width) / 2
        y = band.top - chip - 1 * mm
        colour_cell(c, ink, col, x, y, chip, LETTER[col])
        c.setFillColor(ink.dark(col))
        c.setFont(BOLD, 10)
        c.drawString(x + chip + 1.5 * mm, y + 1.2 * mm, name)


def _side_heading(c: Canvas, r: Rect, side: str) -> None:
    y = r.top - 6 * mm
    c.setStrokeColor(GREY)
    c.setLineWidth(0.5)
    c.line(r.x, r.top - 0.5 * mm, r.right, r.top - 0.5 * mm)
    if side == "inf":
        infinity(c, r.x + 6 * mm, y + 1.3 * mm, 11 * mm, BLACK)
        text = "unlimited: every shape here can be drawn again and again"
    else:
        c.setFillColor(BLACK)
        c.setFont(BOLD, 16)
        c.drawCentredString(r.x + 6 * mm, y - 1.5 * mm, "X")
        text = "single use: cross out the box beside a shape when you draw it"
    c.setFillColor(BLACK)
    c.setFont(ITALIC, 8.5)
    c.drawString(r.x + 15 * mm, y, text)


def _slot(c: Canvas, ink: Ink, slot: Slot, s: float) -> None:
    tile = slot.entry.tile
    colour = colour_of(tile)
    shape = SHAPES[tile]
    r = slot.shape
    for x, y in shape.cells:
        colour_cell(c, ink, colour, r.x + x * s, r.y + y * s, s, LETTER[colour])
    lab = slot.label
    c.setFont(BOLD, 10)
    tw = c.stringWidth(tile, BOLD, 10)
    base = lab.top - 4.5 * mm
    if slot.entry.side == "x":
        total = tw + 2 * mm + CHECK
        x0 = lab.x + (lab.w - total) / 2
        c.setFillColor(BLACK)
        c.drawString(x0, base, tile)
        bx, by = x0 + tw + 2 * mm, base - 1 * mm
        c.setStrokeColor(BLACK)
        c.setFillColor(WHITE)
        c.setLineWidth(0.8)
        c.rect(bx, by, CHECK, CHECK, stroke=1, fill=1)
        if slot.entry.crossed:
            cross(c, bx + 0.6 * mm, by + 0.6 * mm, CHECK - 1.2 * mm, CHECK - 1.2 * mm, BLACK, 1.6)
            cross(c, r.x - 1 * mm, r.y - 1 * mm, r.w + 2 * mm, r.h + 2 * mm, GREY, 2.2)
            c.setFont(ITALIC, 6.5)
            c.setFillColor(GREY)
            c.drawCentredString(lab.x + lab.w / 2, base - 4 * mm, "crossed at setup")
    else:
        c.setFillColor(BLACK)
        c.drawCentredString(lab.x + lab.w / 2, base, tile)
