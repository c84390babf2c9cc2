"""The Roll & Write player sheet (RULES 3.2): name line, first player, score, tracks, building."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from facade.grid import COLS, COLUMN_LETTERS, ROWS
from facade.scoring import COLUMN_POINTS, ROW_POINTS
from printables.geometry import Rect
from printables.glyphs import colour_cell, plus, shield, star
from printables.header import title_block, title_texts
from printables.style import (
    BLACK,
    BOLD,
    FAINT,
    FONT,
    GREY,
    ITALIC,
    LIGHT,
    MARGIN,
    PAPERS,
    WHITE,
    Ink,
)
from printables.text import Text, width, wrap
from printables.words import ABILITY_HELP, COLOUR_NAMES, Translate, translator
from rollwrite.material import (
    BONUSES_PER_COLOUR_PER_TURN,
    COAT_OF_ARMS_LINES,
    COAT_OF_ARMS_TRACK_BOXES,
    COLOURS,
    STARTING_RED_STARS,
    TARGET,
    TRACK_COMPLETE_POINTS,
    TRACK_LENGTH,
    TRACKS,
)

SCORE_BOXES = TARGET + 8  # 1..20: room to tick points past the target
CELL = 16 * mm  # building cell: room for a pen-drawn X or O
SHIELD = 8 * mm
LINE = 4.3 * mm  # reminder line spacing
FIRST_BOX = 11 * mm  # the first-player box
REMINDER_SIZE = 7.5
ENGLISH = translator("en")


@dataclass(frozen=True)
class PlayerLayout:
    """Where every block of the player sheet goes on one paper size."""

    page: Rect
    content: Rect
    header: Rect
    score: Rect
    building: Rect  # the 5 x 9 grid of cells only
    building_block: Rect  # grid with row numbers, column letters and coats of arms
    tracks: Rect
    reminder: Rect
    cell: float
    score_box: float
    track_box: float
    reminder_lines: list[tuple[str, list[str]]]  # (title, its text cut to the box's width)
    reminder_indent: float  # where the reminder's texts start, from its left edge

    def blocks(self) -> dict[str, Rect]:
        """The top-level blocks, which must not overlap and must stay inside the margins."""
        return {"header": self.header, "score": self.score, "building": self.building_block,
                "tracks": self.tracks, "reminder": self.reminder}


def layout(paper: str, two_player: bool = False, _: Translate = ENGLISH) -> PlayerLayout:
    """Compute the player-sheet layout for `a4` or `letter` (two players: one more reminder),
    its reminder worded by `_` (the lines cut to the width)."""
    w, h = PAPERS[paper]
    content = Rect(MARGIN, MARGIN, w - 2 * MARGIN, h - 2 * MARGIN)
    top = content.top
    header = Rect(content.x, top - 17 * mm, content.w, 17 * mm)
    score_box = min(8.5 * mm, (content.w - 16 * mm) / SCORE_BOXES)
    score = Rect(content.x, header.y - 16 * mm, content.w, 14 * mm)
    label_w = 6 * mm
    grid_h = ROWS * CELL
    block_h = 6 * mm + SHIELD + 2 * mm + grid_h + 6 * mm
    block = Rect(content.x, score.y - 3 * mm - block_h, label_w + COLS * CELL + SHIELD + 3 * mm,
                 block_h)
    grid = Rect(content.x + label_w, block.y + 6 * mm, COLS * CELL, grid_h)
    tracks_x = block.right + 5 * mm
    tracks = Rect(tracks_x, block.y, content.right - tracks_x, block_h)
    track_box = min(9.5 * mm, (tracks.w - 9 * mm) / TRACK_LENGTH)
    titles = _reminder_lines(two_player, _)
    indent = max(width(t, BOLD, REMINDER_SIZE) for t, _text in titles) + 6 * mm
    room = content.w - indent - 3 * mm
    cut = [(t, wrap(text, FONT, REMINDER_SIZE, room)) for t, text in titles]
    reminder_h = (sum(len(lines) for _t, lines in cut) - 1) * LINE + 9 * mm
    reminder = Rect(content.x, block.y - 3 * mm - reminder_h, content.w, reminder_h)
    return PlayerLayout(Rect(0, 0, w, h), content, header, score, grid, block, tracks, reminder,
                        CELL, score_box, track_box, cut, indent)


def draw(c: Canvas, paper: str, ink: Ink, two_player: bool, _: Translate = ENGLISH) -> None:
    """Draw one player sheet on the canvas (in a form or directly on a page), worded by `_`."""
    lay = layout(paper, two_player, _)
    _header(c, lay, _)
    _score(c, lay, _)
    _building(c, lay, ink, _)
    _tracks(c, lay, ink, _)
    _reminder(c, lay)


def texts(paper: str, two_player: bool, _: Translate) -> list[Text]:
    """Every text of the sheet with the room it has (tests/test_printables_layout.py)."""
    lay = layout(paper, two_player, _)
    out = _header_texts(lay, _) + _score_texts(lay, _) + _building_texts(lay, _)
    out += _tracks_texts(lay, _)
    for colour in COLOURS:
        out += _track_texts(colour, lay, _)
    return out + _reminder_texts(lay)


def _header_texts(lay: PlayerLayout, _: Translate) -> list[Text]:
    r = lay.header
    right = r.right - FIRST_BOX - 2 * mm
    first = Text(_("First player"), BOLD, 10, right, r.top - 5 * mm, 45 * mm, "right")
    hint = Text(_("mark X if you start"), ITALIC, 7, right, r.top - 8.5 * mm, 45 * mm, "right")
    room = right - 45 * mm - 3 * mm - r.x
    return title_texts(r, _("player sheet"), True, room, _) + [first, hint]


def _header(c: Canvas, lay: PlayerLayout, _: Translate) -> None:
    r = lay.header
    right = r.right - FIRST_BOX - 2 * mm
    title_block(c, r, _("player sheet"), True, right - 45 * mm - 3 * mm - r.x, _)
    c.setStrokeColor(BLACK)
    bx = r.right - FIRST_BOX
    c.setLineWidth(1.4)
    c.rect(bx, r.top - FIRST_BOX, FIRST_BOX, FIRST_BOX, stroke=1, fill=0)
    first, hint = _header_texts(lay, _)[-2:]
    c.setFillColor(BLACK)
    first.draw(c)
    c.setFillColor(GREY)
    hint.draw(c)


def _score_texts(lay: PlayerLayout, _: Translate) -> list[Text]:
    r, s = lay.score, lay.score_box
    x0 = r.right - SCORE_BOXES * s
    half = (r.right - x0) / 2 - 2 * mm
    return [
        Text(_("Score"), BOLD, 10, r.x, r.top - s / 2 - 1.5 * mm, x0 - r.x - 2 * mm),
        Text(_("tick one box for every point you score, left to right"), ITALIC, 7, x0,
             r.y + 0.5 * mm, half),
        Text(_("%(target)s+ points: the game ends after this round") % {"target": TARGET},
             ITALIC, 7, r.right, r.y + 0.5 * mm, half, "right"),
    ]


def _score(c: Canvas, lay: PlayerLayout, _: Translate) -> None:
    r, s = lay.score, lay.score_box
    y = r.top - s
    label, left, right = _score_texts(lay, _)
    c.setFillColor(BLACK)
    label.draw(c)
    x0 = r.right - SCORE_BOXES * s
    for i in range(SCORE_BOXES):
        x = x0 + i * s
        points = i + 1
        c.setStrokeColor(BLACK)
        c.setLineWidth(1.8 if points == TARGET else 0.6)
        c.setFillColor(FAINT if points > TARGET else WHITE)
        c.rect(x, y, s, s, stroke=1, fill=1)
        c.setFillColor(GREY)
        c.setFont(FONT, 6)
        c.drawString(x + 0.8 * mm, y + s - 2.4 * mm, str(points))
    c.setFillColor(GREY)
    left.draw(c)
    right.draw(c)


def _heading_texts(r: Rect, title: str, hint: str) -> list[Text]:
    """A block's bold title and the grey hint after it, both on the block's top line."""
    head = Text(title, BOLD, 10, r.x, r.top - 4 * mm, r.w)
    x = r.x + head.width + 3 * mm
    return [head, Text(hint, ITALIC, 7, x, r.top - 4 * mm, r.right - x)]


def _building_texts(lay: PlayerLayout, _: Translate) -> list[Text]:
    return _heading_texts(lay.building_block, _("Building"),
                          _("draw each tile: one cell X, the others O"))


def _building(c: Canvas, lay: PlayerLayout, ink: Ink, _: Translate) -> None:
    g, s = lay.building, lay.cell
    head, hint = _building_texts(lay, _)
    c.setFillColor(BLACK)
    head.draw(c)
    c.setFillColor(GREY)
    hint.draw(c)
    c.setLineWidth(0.8)
    c.setStrokeColor(BLACK)
    for row in range(ROWS):
        for col in range(COLS):
            x, y = g.x + col * s, g.y + row * s
            c.setFillColor(WHITE)
            c.rect(x, y, s, s, stroke=1, fill=1)
            c.setFillColor(LIGHT)
            c.setFont(FONT, 5.5)
            c.drawString(x + 0.8 * mm, y + s - 2.3 * mm, f"{COLUMN_LETTERS[col]}{row + 1}")
    c.setLineWidth(2.2)
    c.rect(g.x, g.y, g.w, g.h, stroke=1, fill=0)
    c.setLineWidth(3)
    c.line(g.x - 2 * mm, g.y, g.right + 2 * mm, g.y)  # the ground under row 1
    c.setFillColor(BLACK)
    c.setFont(BOLD, 11)
    for row in range(ROWS):
        c.drawCentredString(g.x - 3 * mm, g.y + row * s + s / 2 - 1.4 * mm, str(row + 1))
    for col in range(COLS):
        c.drawCentredString(g.x + col * s + s / 2, g.y - 5 * mm, COLUMN_LETTERS[col])
    fill = WHITE if ink.saver else ink.tint("yellow")
    for line in COAT_OF_ARMS_LINES:
        if line.kind == "row":
            x, y = g.right + 2 * mm, g.y + line.index * s + (s - SHIELD) / 2
        else:
            x, y = g.x + line.index * s + (s - SHIELD) / 2, g.top + 2 * mm
        shield(c, x, y, SHIELD, SHIELD, BLACK, fill)


def _tracks_texts(lay: PlayerLayout, _: Translate) -> list[Text]:
    return _heading_texts(lay.tracks, _("Ability tracks"), _("fill left to right, no gaps"))


def _tracks(c: Canvas, lay: PlayerLayout, ink: Ink, _: Translate) -> None:
    head, hint = _tracks_texts(lay, _)
    c.setFillColor(BLACK)
    head.draw(c)
    c.setFillColor(GREY)
    hint.draw(c)
    for colour in COLOURS:
        _track(c, ink, colour, lay, _)


CHIP = 4.5 * mm


def _track_place(colour: str, lay: PlayerLayout) -> tuple[float, float, float]:
    """x, the y of the heading line and the width of a colour's track."""
    r = lay.tracks
    top = r.top - 7 * mm
    step = (top - r.y) / len(COLOURS)
    return r.x, top - COLOURS.index(colour) * step - CHIP, r.w


def _track_texts(colour: str, lay: PlayerLayout, _: Translate) -> list[Text]:
    """A track's name, its ★ ability (ending before the starting stars on the red track),
    the `points` under its end and the help line under it."""
    x, hy, room = _track_place(colour, lay)
    b = lay.track_box
    track = TRACKS[colour]
    name = Text(_(COLOUR_NAMES[colour]), BOLD, 9.5, x + CHIP + 1.5 * mm, hy + 1.2 * mm, room)
    sx = name.x + name.width + 4 * mm
    right = x + room
    out = [name]
    if colour == "red":
        start = Text(_("unlocked at start:"), FONT, 7,
                     right - STARTING_RED_STARS * (CHIP + 1.5 * mm), hy + 1.4 * mm, 40 * mm,
                     "right")
        right = start.x - start.width - 2 * mm
        out.append(start)
    out.append(Text(_(track.ability), BOLD, 8.5, sx + 3 * mm, hy + 1.2 * mm,
                    right - sx - 3 * mm))
    by = hy - 1.5 * mm - b
    end = x + len(track.symbols) * b
    out.append(Text(_("points"), FONT, 6, end + 1.5 * mm, by + b / 2 - 4.2 * mm,
                    x + room - end - 1.5 * mm))
    out.append(Text(f"{_(track.ability)}: {_(ABILITY_HELP[colour])}", ITALIC, 6.5, x,
                    by - 8.3 * mm, room))
    return out


def _track(c: Canvas, ink: Ink, colour: str, lay: PlayerLayout, _: Translate) -> None:
    x, hy, width = _track_place(colour, lay)
    b = lay.track_box
    track = TRACKS[colour]
    chip = CHIP
    words = _track_texts(colour, lay, _)
    name, ability, points, help_line = words[0], words[-3], words[-2], words[-1]
    colour_cell(c, ink, colour, x, hy, chip, marked=True)
    c.setFillColor(ink.dark(colour))
    name.draw(c)
    sx = name.x + name.width + 4 * mm
    star(c, sx, hy + chip / 2, 1.9 * mm, ink.dark(colour))
    c.setFillColor(BLACK)
    ability.draw(c)
    if colour == "red":
        _starting_stars(c, ink, x + width, hy, chip)
        c.setFillColor(BLACK)
        words[1].draw(c)
    by = hy - 1.5 * mm - b
    for i, symbol in enumerate(track.symbols):
        bx = x + i * b
        c.setFillColor(ink.tint(colour))
        c.setStrokeColor(BLACK)
        c.setLineWidth(0.7)
        c.rect(bx, by, b, b, stroke=1, fill=1)
        cx, cy = bx + b / 2, by - 3 * mm
        if symbol == "+":
            plus(c, cx, cy, 1.7 * mm, ink.dark(colour))
        elif symbol == "*":
            star(c, cx, cy, 2.2 * mm, ink.dark(colour))
    end = x + len(track.symbols) * b
    c.setFillColor(BLACK)
    c.setFont(BOLD, 9)
    c.drawString(end + 1.5 * mm, by + b / 2 - 1.5 * mm, f"= {TRACK_COMPLETE_POINTS}")
    points.draw(c)
    c.setFillColor(GREY)
    help_line.draw(c)


def _starting_stars(c: Canvas, ink: Ink, right: float, y: float, h: float) -> None:
    r = h / 2
    for k in range(STARTING_RED_STARS):
        cx = right - r - k * (h + 1.5 * mm)
        c.setStrokeColor(BLACK)
        c.setFillColor(WHITE)
        c.setLineWidth(0.7)
        c.circle(cx, y + r, r, stroke=1, fill=1)
        star(c, cx, y + r, r * 0.8, ink.dark("red"))


def _reminder_lines(two_player: bool, _: Translate) -> list[tuple[str, str]]:
    lines = [
        (_("Scoring"), _("a completed row scores %(row_x)s if it holds an X, %(row_o)s if only "
                         "O;  a completed column %(col_x)s with an X, %(col_o)s if only O;  a "
                         "full track %(track)s.") % {
            "row_x": ROW_POINTS[0], "row_o": ROW_POINTS[1], "col_x": COLUMN_POINTS[0],
            "col_o": COLUMN_POINTS[1], "track": TRACK_COMPLETE_POINTS}),
        (_("Drawing"), _("every tile needs one cell on row 1 or directly above a filled cell; "
                         "mark one cell X and the others O.")),
        (_("Coat of arms"), _("complete its row or column, cross it out, then at once draw a "
                              "1-cell tile marked O or mark %(boxes)s boxes on one track.")
         % {"boxes": COAT_OF_ARMS_TRACK_BOXES}),
        (_("Bonus and star"), _("a + counts as one more die of its colour (at most %(most)s "
                                "per colour and turn); unlocked from your next turn; cross out "
                                "when used.") % {"most": BONUSES_PER_COLOUR_PER_TURN}),
        (_("Other turns"), _("mark the next box of the track of one die the active player left "
                             "unused (white: any track).")),
    ]
    if two_player:
        lines.append((_("2 players"), _("at setup you may mark the first two boxes of one "
                                        "track; on the other's turn mark two unused dice.")))
    return lines


def _reminder_texts(lay: PlayerLayout) -> list[Text]:
    r = lay.reminder
    room = r.w - lay.reminder_indent - 3 * mm
    out = []
    y = r.top - 5 * mm
    for title, lines in lay.reminder_lines:
        out.append(Text(title, BOLD, REMINDER_SIZE, r.x + 3 * mm, y,
                        lay.reminder_indent - 5 * mm))
        for line in lines:
            out.append(Text(line, FONT, REMINDER_SIZE, r.x + lay.reminder_indent, y, room))
            y -= LINE
    return out


def _reminder(c: Canvas, lay: PlayerLayout) -> None:
    r = lay.reminder
    c.setStrokeColor(GREY)
    c.setLineWidth(0.6)
    c.roundRect(r.x, r.y, r.w, r.h, 2 * mm, stroke=1, fill=0)
    c.setFillColor(BLACK)
    for t in _reminder_texts(lay):
        t.draw(c)
