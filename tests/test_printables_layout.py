"""Sheet layouts: blocks inside the margins and apart, tracks and shapes drawn from the material."""

from collections import Counter

import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from facade.scoring import Line
from printables import facade_sheet, player_sheet
from printables.style import MARGIN, Ink
from printables.words import translator
from rollwrite.material import (
    COAT_OF_ARMS_LINES,
    COLOURS,
    INFINITE_SIDE,
    SHAPES,
    STARTING_RED_STARS,
    TRACKS,
    TWO_PLAYER_CROSSED,
    X_SIDE,
    colour_of,
)


def _apart_and_inside(blocks, content):
    names = list(blocks)
    for i, a in enumerate(names):
        assert blocks[a].inside(content), a
        for b in names[i + 1:]:
            assert not blocks[a].overlaps(blocks[b]), (a, b)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("two_player", [False, True])
def test_player_sheet_blocks_stay_inside_the_margins_without_overlapping(paper, two_player):
    """RULES 3.2: header, score, building, tracks and reminder all fit on A4 and Letter."""
    lay = player_sheet.layout(paper, two_player)
    assert lay.content.x == MARGIN and lay.content.y == MARGIN
    _apart_and_inside(lay.blocks(), lay.content)
    assert lay.building.inside(lay.building_block)
    assert lay.track_box >= 8 * mm and lay.score_box >= 7 * mm


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("two_player", [False, True])
def test_facade_sheet_blocks_and_shapes_fit_without_overlapping(paper, two_player):
    """RULES 3.3: every shape and its label lie in its colour's column, none overlap."""
    lay = facade_sheet.layout(paper, two_player)
    _apart_and_inside(lay.blocks(), lay.content)
    assert lay.cell >= 5 * mm
    boxes = []
    for slot in lay.slots:
        band = lay.columns[colour_of(slot.entry.tile)]
        side = lay.sides[slot.entry.side]
        for rect in (slot.shape, slot.label):
            assert rect.inside(side)
            assert band.x <= rect.x and rect.right <= band.right
            boxes.append(rect)
    for i, a in enumerate(boxes):
        assert not any(a.overlaps(b) for b in boxes[i + 1:])


def test_facade_entries_are_the_two_sides_of_the_material():
    """RULES 3.3: ∞ side and X side exactly as in rollwrite.material, each shape at its size."""
    lay = facade_sheet.layout("a4")
    inf = [s.entry.tile for s in lay.slots if s.entry.side == "inf"]
    xs = [s.entry.tile for s in lay.slots if s.entry.side == "x"]
    assert Counter(inf) == Counter(INFINITE_SIDE) and Counter(xs) == Counter(X_SIDE)
    for slot in lay.slots:
        shape = SHAPES[slot.entry.tile]
        assert abs(slot.shape.w - shape.width * lay.cell) < 1e-6
        assert abs(slot.shape.h - shape.height * lay.cell) < 1e-6


def test_two_player_facade_crosses_one_four_cell_shape_of_each_colour():
    """RULES 3.6 and 5.3: R4, B4R, P4, G4R and Y4R crossed at setup; nothing crossed otherwise."""
    crossed = [e for e in facade_sheet.entries(True) if e.crossed]
    assert [e.index for e in crossed] == list(TWO_PLAYER_CROSSED)
    assert sorted(colour_of(e.tile) for e in crossed) == sorted(COLOURS)
    assert all(SHAPES[e.tile].size == 4 and e.side == "x" for e in crossed)
    assert not any(e.crossed for e in facade_sheet.entries(False))


class _Recorder:
    """Stands in for a glyph function and remembers where it was drawn."""

    def __init__(self):
        self.calls = []

    def __call__(self, c, *args, **kwargs):
        self.calls.append(args)


def _record(monkeypatch, name):
    rec = _Recorder()
    monkeypatch.setattr(player_sheet, name, rec)
    return rec


def test_bonus_and_star_symbols_sit_under_the_right_track_boxes(monkeypatch, tmp_path):
    """RULES 3.2: `+` and ★ under the boxes of the track table, plus the 2 starting red stars."""
    plus = _record(monkeypatch, "plus")
    star = _record(monkeypatch, "star")
    shield = _record(monkeypatch, "shield")
    c = Canvas(str(tmp_path / "x.pdf"))
    player_sheet.draw(c, "a4", Ink(False), False)
    lay = player_sheet.layout("a4")
    b = lay.track_box

    def box_of(x):
        i = (x - lay.tracks.x) / b - 0.5
        assert abs(i - round(i)) < 1e-6  # centred under a box
        return round(i)

    plus_boxes = sorted(box_of(a[0]) for a in plus.calls)
    expected_plus = sorted(i for t in TRACKS.values() for i in t.bonus_boxes)
    assert plus_boxes == expected_plus
    track_star_calls = [a for a in star.calls if a[2] > 2 * mm]  # the symbols under boxes
    expected_stars = sorted(i for t in TRACKS.values() for i in t.star_boxes)
    assert sorted(box_of(a[0]) for a in track_star_calls) == expected_stars
    headers = len(TRACKS)
    starting = len(star.calls) - len(track_star_calls) - headers
    assert starting == STARTING_RED_STARS
    assert len(shield.calls) == len(COAT_OF_ARMS_LINES)


def test_coats_of_arms_sit_beside_rows_2_4_6_and_above_columns_b_d(monkeypatch, tmp_path):
    """RULES 3.2: shields right of rows 2, 4, 6 and on top of columns b and d."""
    shield = _record(monkeypatch, "shield")
    player_sheet.draw(Canvas(str(tmp_path / "x.pdf")), "letter", Ink(True), False)
    g, s = player_sheet.layout("letter").building, player_sheet.CELL
    found = set()
    for x, y, w, h, *_ in shield.calls:
        cx, cy = x + w / 2, y + h / 2
        if cx > g.right:
            found.add(Line("row", int((cy - g.y) // s)))
        else:
            assert cy > g.top
            found.add(Line("column", int((cx - g.x) // s)))
    assert found == set(COAT_OF_ARMS_LINES)
    assert found == {Line("row", 1), Line("row", 3), Line("row", 5),
                     Line("column", 1), Line("column", 3)}


# RULES 3.3 as printed (rows top to bottom), copied here so the sheet is checked against the
# rules text and not against rollwrite.material; chirality matters (R5, B4L/R, Y4L/R, Y5).
RULES_SHAPES = {
    "R2": "#/#", "R3": ".#/##", "R4": "##/##", "R5": ".##/###",
    "B2": "#/#", "B3": ".#/##", "B4L": ".#/.#/##", "B4R": "#./#./##", "B5": ".#./.#./###",
    "P2": "#/#", "P3": "#/#/#", "P4": "#/#/#/#", "P5": "#####",
    "G2": "#/#", "G3": "#/#/#", "G4L": ".#/##/.#", "G4R": "#./##/#.", "G5": ".#./###/.#.",
    "Y2": "#/#", "Y3": ".#/##", "Y4L": ".#/##/#.", "Y4R": "#./##/.#", "Y5": "..#/###/#..",
}


def _rows_of(cells: list[tuple[float, float]], s: float) -> str:
    """The drawn cells (lower-left corners in points, y up) as rows top to bottom."""
    xs = sorted({round(x / s) for x, _ in cells})
    ys = sorted({round(y / s) for _, y in cells})
    grid = {(round(x / s), round(y / s)) for x, y in cells}
    cols = range(xs[0], xs[-1] + 1)
    return "/".join("".join("#" if (cx, cy) in grid else "." for cx in cols)
                    for cy in range(ys[-1], ys[0] - 1, -1))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ink_saver", [False, True])
def test_every_facade_shape_is_drawn_exactly_as_printed_in_the_rules(monkeypatch, tmp_path,
                                                                      paper, ink_saver):
    """RULES 3.3: the cells drawn for each entry read back as the rules' rows, mirror included."""
    rec = _Recorder()
    monkeypatch.setattr(facade_sheet, "colour_cell", rec)
    facade_sheet.draw(Canvas(str(tmp_path / "x.pdf")), paper, Ink(ink_saver), False)
    lay = facade_sheet.layout(paper)
    s = lay.cell
    seen = []
    for slot in lay.slots:
        r = slot.shape
        cells = [(x, y) for _, colour, x, y, size in rec.calls
                 if abs(size - s) < 1e-6 and r.x - 1e-6 <= x < r.right - 1e-6
                 and r.y - 1e-6 <= y < r.top - 1e-6]
        assert all(colour == colour_of(slot.entry.tile)
                   for _, colour, x, y, size in rec.calls if (x, y) in cells)
        assert _rows_of(cells, s) == RULES_SHAPES[slot.entry.tile], slot.entry.tile
        seen.append(slot.entry.tile)
    assert sorted(seen) == sorted((*INFINITE_SIDE, *X_SIDE))
    assert sum(1 for a in rec.calls if abs(a[4] - s) < 1e-6) == sum(SHAPES[t].size for t in seen)


def test_two_player_crosses_are_drawn_on_exactly_the_setup_shapes(monkeypatch, tmp_path):
    """RULES 5.3: an X over the box and the cells of R4, P4, B4R, G4R and Y4R, and nowhere else."""
    rec = _Recorder()
    monkeypatch.setattr(facade_sheet, "cross", rec)
    facade_sheet.draw(Canvas(str(tmp_path / "x.pdf")), "a4", Ink(False), True)
    lay = facade_sheet.layout("a4", True)
    hit = Counter()
    for x, y, w, h, *_ in rec.calls:
        cx, cy = x + w / 2, y + h / 2
        for slot in lay.slots:
            for rect in (slot.shape, slot.label):
                if rect.x <= cx <= rect.right and rect.y <= cy <= rect.top:
                    hit[(slot.entry.side, slot.entry.index)] += 1
    assert sum(hit.values()) == len(rec.calls) == 2 * len(TWO_PLAYER_CROSSED)
    assert hit == Counter({("x", i): 2 for i in TWO_PLAYER_CROSSED})
    assert sorted(X_SIDE[i] for i in TWO_PLAYER_CROSSED) == ["B4R", "G4R", "P4", "R4", "Y4R"]
    rec.calls.clear()
    facade_sheet.draw(Canvas(str(tmp_path / "y.pdf")), "a4", Ink(False), False)
    assert rec.calls == []


# ------------------------------------------------------------------ the words, in three languages
LANG_TEXTS_SAME_AS_ENGLISH = {"COPENHAGEN", "Score", "points"}  # the same word in French


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("two_player", [False, True])
@pytest.mark.parametrize("sheet", [player_sheet, facade_sheet])
def test_every_text_fits_its_room_in_every_language(sheet, two_player, paper, lang):
    """Each word on a pad, measured with reportlab's stringWidth at its own size, fits the room
    the layout gives it (before the next text, the box's edge or the column's)."""
    texts = sheet.texts(paper, two_player, translator(lang))
    assert len(texts) > 10
    too_long = [(t.text, round(t.width - t.room)) for t in texts if not t.fits()]
    assert too_long == []
    lay = sheet.layout(paper, two_player, translator(lang))
    _apart_and_inside(lay.blocks(), lay.content)


@pytest.mark.parametrize("lang", ["fr", "de"])
@pytest.mark.parametrize("sheet", [player_sheet, facade_sheet])
def test_every_text_comes_from_the_catalog(sheet, lang):
    english = {t.text for t in sheet.texts("a4", True, translator("en"))}
    translated = {t.text for t in sheet.texts("a4", True, translator(lang))}
    assert (english & translated) - LANG_TEXTS_SAME_AS_ENGLISH == set()


def test_the_marked_ability_help_is_the_materials():
    from printables.words import ABILITY_HELP as PRINTED
    from rollwrite.material import ABILITY_HELP

    assert PRINTED == ABILITY_HELP


def test_an_unknown_language_is_refused_with_the_choices():
    from printables.errors import PadOptionError
    from printables.words import check_lang

    with pytest.raises(PadOptionError, match="choose en or fr or de"):
        check_lang("es")


class _Ink(Canvas):
    """A canvas that remembers every string it draws and every box it strokes."""

    def __init__(self, path):
        super().__init__(path)
        self.strings, self.boxes = [], []

    def drawString(self, x, y, text, *args, **kwargs):  # noqa: N802 (reportlab's name)
        self.strings.append((x, y, text))
        return super().drawString(x, y, text, *args, **kwargs)

    def drawCentredString(self, x, y, text, *args, **kwargs):  # noqa: N802 (reportlab's name)
        self.strings.append((x, y, text))
        return super().drawCentredString(x, y, text, *args, **kwargs)

    def rect(self, x, y, w, h, *args, **kwargs):
        self.boxes.append((x, y, w, h))
        return super().rect(x, y, w, h, *args, **kwargs)


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("two_player", [False, True])
def test_the_facade_pad_prints_no_tile_code_and_a_box_under_each_x_shape(tmp_path, lang,
                                                                          two_player):
    """Issue 37: a tile on the pad is its shape in its colour; no code (R4, B4L...) is printed
    anywhere, in any language; each X-side tile keeps its box to cross, inside its label's
    room and centred under its shape, and no ∞-side tile has one."""
    c = _Ink(str(tmp_path / "x.pdf"))
    facade_sheet.draw(c, "a4", Ink(False), two_player, translator(lang))
    printed = " ".join(text for _x, _y, text in c.strings)
    codes = [t for t in SHAPES if any(t == word.strip(".,:;()") for word in printed.split())]
    assert codes == [], codes
    lay = facade_sheet.layout("a4", two_player, translator(lang))
    check = facade_sheet.CHECK
    for slot in lay.slots:
        lab, shape = slot.label, slot.shape
        mine = [b for b in c.boxes if abs(b[2] - check) < 1e-6 and abs(b[3] - check) < 1e-6
                and lab.x <= b[0] and b[0] + b[2] <= lab.right
                and lab.y <= b[1] and b[1] + b[3] <= lab.top]
        assert len(mine) == (1 if slot.entry.side == "x" else 0), slot.entry
        for x, _y, w, _h in mine:
            assert abs((x + w / 2) - (shape.x + shape.w / 2)) < 0.5 * mm, slot.entry.tile
