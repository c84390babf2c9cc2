"""The Roll & Write player sheet (RULES 3.2): name line, first player, score, tracks, building."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from facade.grid import COLS, COLUMN_LETTERS, ROWS
from facade.scoring import COLUMN_POINTS, ROW_POINTS
from printables.geometry import Rect
from printables.glyphs import colour_cell, plus, shield, star
from printables.header import title_block
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
from rollwrite.material import (
    ABILITY_HELP,
    BONUSES_PER_COLOUR_PER_TURN,
    COAT_OF_ARMS_LINES,
    COAT_OF_ARMS_TRACK_BOXES,
    COLOURS,
    LETTER,
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

    def blocks(self) -> dict[str, Rect]:
        """The top-level blocks, which must not overlap and must stay inside the margins."""
        return {"header": self.header, "score": self.score, "building": self.building_block,
                "tracks": self.tracks, "reminder": self.reminder}


def layout(paper: str, two_player: bool = False) -> PlayerLayout:
    """Compute the player-sheet layout for `a4` or `letter` (two players: one more reminder)."""
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
    reminder_h = (len(_reminder_lines(two_player)) - 1) * LINE + 9 * mm
    reminder = Rect(content.x, block.y - 3 * mm - reminder_h, content.w, reminder_h)
    return PlayerLayout(Rect(0, 0, w, h), content, header, score, grid, block, tracks, reminder,
                        CELL, score_box, track_box)


def draw(c: Canvas, paper: str, ink: Ink, two_player: bool) -> None:
    """Draw one player sheet on the canvas (in a form or directly on a page)."""
    lay = layout(paper, two_player)
    _header(c, lay)
    _score(c, lay)
    _building(c, lay, ink)
    _tracks(c, lay, ink)
    _reminder(c, lay, two_player)


def _header(c: Canvas, lay: PlayerLayout) -> None:
    r = lay.header
    title_block(c, r, "player sheet", player_line=True)
    c.setStrokeColor(BLACK)
    box = 11 * mm
    bx = r.right - box
    c.setLineWidth(1.4)
    c.rect(bx, r.top - box, box, box, stroke=1, fill=0)
    c.setFont(BOLD, 10)
    c.drawRightString(bx - 2 * mm, r.top - 5 * mm, "First player")
    c.setFont(ITALIC, 7)
    c.setFillColor(GREY)
    c.drawRightString(bx - 2 * mm, r.top - 8.5 * mm, "mark X if you start")


def _score(c: Canvas, lay: PlayerLayout) -> None:
    r, s = lay.score, lay.score_box
    y = r.top - s
    c.setFillColor(BLACK)
    c.setFont(BOLD, 10)
    c.drawString(r.x, y + s / 2 - 1.5 * mm, "Score")
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
    c.setFont(ITALIC, 7)
    c.setFillColor(GREY)
    c.drawString(x0, r.y + 0.5 * mm, "tick one box for every point you score, left to right")
    c.drawRightString(r.right, r.y + 0.5 * mm,
                      f"{TARGET}+ points: the game ends after this round")


def _building(c: Canvas, lay: PlayerLayout, ink: Ink) -> None:
    g, s = lay.building, lay.cell
    c.setFillColor(BLACK)
    c.setFont(BOLD, 10)
    c.drawString(lay.building_block.x, lay.building_block.top - 4 * mm, "Building")
    c.setFont(ITALIC, 7)
    c.setFillColor(GREY)
    c.drawString(lay.building_block.x + 16 * mm, lay.building_block.top - 4 * mm,
                 "draw each tile: one cell X, the others O")
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


def _tracks(c: Canvas, lay: PlayerLayout, ink: Ink) -> None:
    r, b = lay.tracks, lay.track_box
    c.setFillColor(BLACK)
    c.setFont(BOLD, 10)
    c.drawString(r.x, r.top - 4 * mm, "Ability tracks")
    c.setFont(ITALIC, 7)
    c.setFillColor(GREY)
    c.drawString(r.x + 26 * mm, r.top - 4 * mm, "fill left to right, no gaps")
    top = r.top - 7 * mm
    step = (top - r.y) / len(COLOURS)
    for i, colour in enumerate(COLOURS):
        _track(c, ink, colour, r.x, top - i * step, r.w, b)


def _track(c: Canvas, ink: Ink, colour: str, x: float, top: float, width: float, b: float) -> None:
    track = TRACKS[colour]
    chip = 4.5 * mm
    hy = top - chip
    colour_cell(c, ink, colour, x, hy, chip, LETTER[colour])
    c.setFillColor(ink.dark(colour))
    c.setFont(BOLD, 9.5)
    name = colour.capitalize()
    c.drawString(x + chip + 1.5 * mm, hy + 1.2 * mm, name)
    sx = x + chip + 1.5 * mm + c.stringWidth(name, BOLD, 9.5) + 4 * mm
    star(c, sx, hy + chip / 2, 1.9 * mm, ink.dark(colour))
    c.setFont(BOLD, 8.5)
    c.setFillColor(BLACK)
    c.drawString(sx + 3 * mm, hy + 1.2 * mm, track.ability)
    if colour == "red":
        _starting_stars(c, ink, x + width, hy, chip)
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
    c.setFont(FONT, 6)
    c.drawString(end + 1.5 * mm, by + b / 2 - 4.2 * mm, "points")
    c.setFont(ITALIC, 6.5)
    c.setFillColor(GREY)
    c.drawString(x, by - 8.3 * mm, f"{track.ability}: {ABILITY_HELP[colour]}")


def _starting_stars(c: Canvas, ink: Ink, right: float, y: float, h: float) -> None:
    r = h / 2
    for k in range(STARTING_RED_STARS):
        cx = right - r - k * (h + 1.5 * mm)
        c.setStrokeColor(BLACK)
        c.setFillColor(WHITE)
        c.setLineWidth(0.7)
        c.circle(cx, y + r, r, stroke=1, fill=1)
        star(c, cx, y + r, r * 0.8, ink.dark("red"))
    c.setFillColor(BLACK)
    c.setFont(FONT, 7)
    c.drawRightString(right - STARTING_RED_STARS * (h + 1.5 * mm), y + 1.4 * mm,
                      "unlocked at start:")


def _reminder_lines(two_player: bool) -> list[tuple[str, str]]:
    lines = [
        ("Scoring", f"a completed row scores {ROW_POINTS[0]} if it holds an X, {ROW_POINTS[1]} "
                    f"if only O;  a completed column {COLUMN_POINTS[0]} with an X, "
                    f"{COLUMN_POINTS[1]} if only O;  a full track {TRACK_COMPLETE_POINTS}."),
        ("Drawing", "every tile needs one cell on row 1 or directly above a filled cell; "
                    "mark one cell X and the others O."),
        ("Coat of arms", "complete its row or column, cross it out, then at once draw a 1-cell "
                         f"tile marked O or mark {COAT_OF_ARMS_TRACK_BOXES} boxes on one track."),
        ("Bonus and star", f"a + counts as one more die of its colour (at most "
                           f"{BONUSES_PER_COLOUR_PER_TURN} per colour and turn); "
                           "unlocked from your next turn; cross out when used."),
        ("Other turns", "mark the next box of the track of one die the active player left unused "
                        "(white: any track)."),
    ]
    if two_player:
        lines.append(("2 players", "at setup you may mark the first two boxes of one track; "
                                   "on the other's turn mark two unused dice."))
    return lines


def _reminder(c: Canvas, lay: PlayerLayout, two_player: bool) -> None:
    r = lay.reminder
    c.setStrokeColor(GREY)
    c.setLineWidth(0.6)
    c.roundRect(r.x, r.y, r.w, r.h, 2 * mm, stroke=1, fill=0)
    y = r.top - 5 * mm
    for title, text in _reminder_lines(two_player):
        c.setFillColor(BLACK)
        c.setFont(BOLD, 7.5)
        c.drawString(r.x + 3 * mm, y, title)
        c.setFont(FONT, 7.5)
        c.drawString(r.x + 26 * mm, y, text)
        y -= LINE
