"""The shared Roll & Write facade sheet (RULES 3.3, 3.6): the ∞ side and the X side."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from facade.scoring import COLUMN_POINTS, ROW_POINTS
from printables.geometry import Rect
from printables.glyphs import colour_cell, cross, infinity
from printables.header import title_block, title_texts
from printables.style import BLACK, BOLD, FONT, GREY, ITALIC, MARGIN, PAPERS, WHITE, Ink
from printables.text import Text, width, wrap
from printables.words import COLOUR_NAMES, Translate, translator
from rollwrite.material import (
    COAT_OF_ARMS_TRACK_BOXES,
    COLOURS,
    INFINITE_SIDE,
    SHAPES,
    TWO_PLAYER_CROSSED,
    X_SIDE,
    colour_of,
)

LABEL_H = 10 * mm  # under each shape: its id (and the box to cross out)
COLUMN_PAD = 6 * mm
MAX_CELL = 9 * mm
CHECK = 4.5 * mm
OVERVIEW_SIZE = 8
OVERVIEW_LINE = 4 * mm
ENGLISH = translator("en")


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
    overview_lines: list[tuple[str, list[str]]]  # (title, its text cut to the box's width)
    overview_indent: float

    def blocks(self) -> dict[str, Rect]:
        """The top-level blocks, which must not overlap and must stay inside the margins."""
        return {"header": self.header, "overview": self.overview, **self.sides}


def layout(paper: str, two_player: bool = False, _: Translate = ENGLISH) -> FacadeLayout:
    """Compute the facade-sheet layout for `a4` or `letter`, its overview worded by `_`
    (its lines cut to the width; the shapes get the room left)."""
    w, h = PAPERS[paper]
    content = Rect(MARGIN, MARGIN, w - 2 * MARGIN, h - 2 * MARGIN)
    header = Rect(content.x, content.top - 17 * mm, content.w, 17 * mm)
    titles = _overview_lines(two_player, _)
    indent = max(width(t, BOLD, OVERVIEW_SIZE) for t, _text in titles) + 6 * mm
    cut = [(t, wrap(text, FONT, OVERVIEW_SIZE, content.w - indent - 3 * mm))
           for t, text in titles]
    overview_h = (sum(len(lines) for _t, lines in cut) - 1) * OVERVIEW_LINE + 9 * mm
    overview = Rect(content.x, header.y - 3 * mm - overview_h, content.w, overview_h)
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
                        cell, cut, indent)


def _subtitle(two_player: bool, _: Translate) -> str:
    return _("facade sheet (2 players)") if two_player else _("facade sheet")


def draw(c: Canvas, paper: str, ink: Ink, two_player: bool, _: Translate = ENGLISH) -> None:
    """Draw one facade sheet on the canvas (in a form or directly on a page), worded by `_`."""
    lay = layout(paper, two_player, _)
    title_block(c, lay.header, _subtitle(two_player, _), False, lay.header.w - 30 * mm, _)
    _overview(c, lay)
    _colour_heads(c, lay, ink, _)
    _side_heading(c, lay.sides["inf"], "inf", _)
    _side_heading(c, lay.sides["x"], "x", _)
    for slot in lay.slots:
        _slot(c, ink, slot, lay.cell, _)


def texts(paper: str, two_player: bool, _: Translate) -> list[Text]:
    """Every text of the sheet with the room it has (tests/test_printables_layout.py)."""
    lay = layout(paper, two_player, _)
    out = title_texts(lay.header, _subtitle(two_player, _), False, lay.header.w - 30 * mm, _)
    out += _overview_texts(lay) + _colour_texts(lay, _)
    out += [_side_text(lay.sides[s], s, _) for s in ("inf", "x")]
    for slot in lay.slots:
        if slot.entry.crossed:
            out.append(_crossed_text(slot, _))
    return out


def _overview_lines(two_player: bool, _: Translate) -> list[tuple[str, str]]:
    lines = [
        (_("Scoring"), _("a completed row: %(row_x)s point with an X, %(row_o)s points if only "
                         "O;  a completed column: %(col_x)s points with an X, %(col_o)s points "
                         "if only O.") % {"row_x": ROW_POINTS[0], "row_o": ROW_POINTS[1],
                                         "col_x": COLUMN_POINTS[0], "col_o": COLUMN_POINTS[1]}),
        (_("Coat of arms"), _("draw a 1-cell tile marked O, or mark %(boxes)s boxes on one "
                              "track of your choice.") % {"boxes": COAT_OF_ARMS_TRACK_BOXES}),
        (_("Shapes"), _("turn them as you like; a mirror image is a separate entry.  X side: "
                        "cross the box out once the shape is drawn.")),
    ]
    if two_player:
        lines[2] = (_("2 players"), _("one 4-cell shape of each colour is crossed out before "
                                      "play.  X side: cross the box out once drawn."))
    return lines


def _overview_texts(lay: FacadeLayout) -> list[Text]:
    r = lay.overview
    room = r.w - lay.overview_indent - 3 * mm
    out = []
    y = r.top - 5.5 * mm
    for title, lines in lay.overview_lines:
        out.append(Text(title, BOLD, OVERVIEW_SIZE, r.x + 3 * mm, y, lay.overview_indent - 5 * mm))
        for line in lines:
            out.append(Text(line, FONT, OVERVIEW_SIZE, r.x + lay.overview_indent, y, room))
            y -= OVERVIEW_LINE
    return out


def _overview(c: Canvas, lay: FacadeLayout) -> None:
    r = lay.overview
    c.setStrokeColor(GREY)
    c.setLineWidth(0.6)
    c.roundRect(r.x, r.y, r.w, r.h, 2 * mm, stroke=1, fill=0)
    c.setFillColor(BLACK)
    for t in _overview_texts(lay):
        t.draw(c)


CHIP = 4.5 * mm


def _colour_texts(lay: FacadeLayout, _: Translate) -> list[Text]:
    """Each colour's name over its column, centred with its chip, within the column."""
    out = []
    for col, band in lay.columns.items():
        name = _(COLOUR_NAMES[col])
        total = CHIP + 1.5 * mm + width(name, BOLD, 10)
        x = band.x + (band.w - total) / 2
        out.append(Text(name, BOLD, 10, x + CHIP + 1.5 * mm, band.top - CHIP - 1 * mm + 1.2 * mm,
                        band.w - CHIP - 1.5 * mm - 2 * mm))
    return out


def _colour_heads(c: Canvas, lay: FacadeLayout, ink: Ink, _: Translate) -> None:
    for (col, band), name in zip(lay.columns.items(), _colour_texts(lay, _)):
        y = band.top - CHIP - 1 * mm
        colour_cell(c, ink, col, name.x - CHIP - 1.5 * mm, y, CHIP, marked=True)
        c.setFillColor(ink.dark(col))
        name.draw(c)


def _side_text(r: Rect, side: str, _: Translate) -> Text:
    text = (_("unlimited: every shape here can be drawn again and again") if side == "inf"
            else _("single use: cross out the box under a shape when you draw it"))
    return Text(text, ITALIC, 8.5, r.x + 15 * mm, r.top - 6 * mm, r.w - 15 * mm)


def _side_heading(c: Canvas, r: Rect, side: str, _: Translate) -> None:
    y = r.top - 6 * mm
    c.setStrokeColor(GREY)
    c.setLineWidth(0.5)
    c.line(r.x, r.top - 0.5 * mm, r.right, r.top - 0.5 * mm)
    if side == "inf":
        infinity(c, r.x + 6 * mm, y + 1.3 * mm, 11 * mm, BLACK)
    else:
        c.setFillColor(BLACK)
        c.setFont(BOLD, 16)
        c.drawCentredString(r.x + 6 * mm, y - 1.5 * mm, "X")
    c.setFillColor(BLACK)
    _side_text(r, side, _).draw(c)


def _crossed_text(slot: Slot, _: Translate) -> Text:
    lab = slot.label
    return Text(_("crossed at setup"), ITALIC, 6.5, lab.x + lab.w / 2,
                lab.top - 4.5 * mm - 4 * mm, lab.w, "centre")


def _slot(c: Canvas, ink: Ink, slot: Slot, s: float, _: Translate) -> None:
    tile = slot.entry.tile
    colour = colour_of(tile)
    shape = SHAPES[tile]
    r = slot.shape
    for x, y in shape.cells:
        colour_cell(c, ink, colour, r.x + x * s, r.y + y * s, s)
    lab = slot.label
    base = lab.top - 4.5 * mm
    if slot.entry.side == "x":  # the tile is its shape: no code under it (issue 37), its box
        bx, by = lab.x + (lab.w - CHECK) / 2, base - 1 * mm
        c.setStrokeColor(BLACK)
        c.setFillColor(WHITE)
        c.setLineWidth(0.8)
        c.rect(bx, by, CHECK, CHECK, stroke=1, fill=1)
        if slot.entry.crossed:
            cross(c, bx + 0.6 * mm, by + 0.6 * mm, CHECK - 1.2 * mm, CHECK - 1.2 * mm, BLACK, 1.6)
            cross(c, r.x - 1 * mm, r.y - 1 * mm, r.w + 2 * mm, r.h + 2 * mm, GREY, 2.2)
            c.setFillColor(GREY)
            _crossed_text(slot, _).draw(c)
