"""The PDF pads: page count and size, metadata, fonts, building cells and facade shapes."""

import io
from collections import Counter

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.lib.units import mm

from facade.grid import COLS, COLUMN_LETTERS, ROWS
from printables.pad import render_pad
from printables.player_sheet import CELL
from rollwrite.material import INFINITE_SIDE, SHAPES, TRACKS, X_SIDE


def reader(kind: str, pages: int = 2, paper: str = "a4", ink_saver: bool = False,
           two_player: bool = False) -> PdfReader:
    """Render a pad and open it with pypdf."""
    return PdfReader(io.BytesIO(render_pad(kind, pages, paper, ink_saver, two_player)))


def _streams(obj, pdf: PdfReader, seen: set[int]):
    """Content operations of a page or form, descending into the forms it draws."""
    ops = ContentStream(obj.get_contents() if hasattr(obj, "get_contents") else obj, pdf)
    resources = obj.get("/Resources", {})
    xobjects = resources.get("/XObject", {}) if resources else {}
    for operands, operator in ops.operations:
        yield operands, operator, obj
        if operator == b"Do":
            form = xobjects[operands[0]].get_object()
            if form.get("/Subtype") == "/Form" and id(form) not in seen:
                yield from _streams(form, pdf, seen | {id(form)})


def operations(pdf: PdfReader, page: int):
    """Every (operands, operator) drawn on one page, forms included."""
    for operands, operator, _ in _streams(pdf.pages[page], pdf, set()):
        yield operands, operator


def squares(pdf: PdfReader, page: int, side: float, tol: float = 0.05) -> int:
    """How many rectangles of `side` x `side` points are drawn on the page."""
    return sum(1 for operands, op in operations(pdf, page)
               if op == b"re" and abs(float(operands[2]) - side) < tol
               and abs(float(operands[3]) - side) < tol)


def base_fonts(pdf: PdfReader) -> set[str]:
    """Names of every font used by the pages and their forms."""
    names: set[str] = set()
    for page in pdf.pages:
        for _, _, owner in _streams(page, pdf, set()):
            res = owner.get("/Resources")
            if res and "/Font" in res:
                names |= {str(f.get_object()["/BaseFont"]) for f in res["/Font"].values()}
    return names


def image_count(pdf: PdfReader) -> int:
    """Raster images anywhere in the pages or their forms (a vector pad has none)."""
    count = 0
    for page in pdf.pages:
        for _, _, owner in _streams(page, pdf, set()):
            res = owner.get("/Resources")
            if res and "/XObject" in res:
                count += sum(1 for x in res["/XObject"].values()
                             if x.get_object().get("/Subtype") == "/Image")
    return count


A4_PT = (210 * 72 / 25.4, 297 * 72 / 25.4)
LETTER_PT = (8.5 * 72, 11 * 72)
STANDARD_FONTS = {"/Helvetica", "/Helvetica-Bold", "/Helvetica-Oblique"}


@pytest.mark.parametrize("kind", ["player-sheet", "facade-sheet"])
@pytest.mark.parametrize(("paper", "size"), [("a4", A4_PT), ("letter", LETTER_PT)])
def test_pad_has_the_asked_page_count_and_exact_paper_size(kind, paper, size):
    """Issue 5 options: N pages, A4 is 210 x 297 mm and Letter 8.5 x 11 in, exactly."""
    pdf = reader(kind, pages=7, paper=paper)
    assert len(pdf.pages) == 7
    for page in pdf.pages:
        box = page.mediabox
        assert float(box.left) == 0 and float(box.bottom) == 0
        assert abs(float(box.width) - size[0]) < 0.01
        assert abs(float(box.height) - size[1]) < 0.01


def test_paper_name_is_case_insensitive():
    """`--paper A4` means the same page as `a4`."""
    assert render_pad("player-sheet", 1, "A4") == render_pad("player-sheet", 1, "a4")


@pytest.mark.parametrize(("kind", "two", "title"), [
    ("player-sheet", False, "Copenhagen Roll & Write - player sheet"),
    ("facade-sheet", False, "Copenhagen Roll & Write - facade sheet"),
    ("facade-sheet", True, "Copenhagen Roll & Write - facade sheet (2 players)"),
])
def test_metadata_title_names_the_pad(kind, two, title):
    """Issue 5: the PDF metadata title is set."""
    assert reader(kind, pages=1, two_player=two).metadata.title == title


@pytest.mark.parametrize("kind", ["player-sheet", "facade-sheet"])
@pytest.mark.parametrize("ink_saver", [False, True])
def test_pads_use_only_standard_fonts_and_no_raster_images(kind, ink_saver):
    """Issue 5: vector drawing with the standard PDF fonts (nothing to embed)."""
    pdf = reader(kind, pages=2, ink_saver=ink_saver)
    assert base_fonts(pdf) and base_fonts(pdf) <= STANDARD_FONTS
    assert image_count(pdf) == 0


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ink_saver", [False, True])
def test_every_player_page_draws_45_building_cells_of_at_least_12_mm(paper, ink_saver):
    """RULES 1 and 3.2: the 5 x 9 building, cells big enough to write an X or O with a pen."""
    assert CELL >= 12 * mm
    pdf = reader("player-sheet", pages=3, paper=paper, ink_saver=ink_saver)
    for n in range(3):
        assert squares(pdf, n, CELL) == COLS * ROWS == 45


def test_every_player_page_names_all_45_cells_rows_and_columns():
    """RULES 1: cells a1..e9 (rows bottom to top), with column letters and row numbers."""
    pdf = reader("player-sheet", pages=2)
    names = {f"{c}{r}" for c in COLUMN_LETTERS for r in range(1, ROWS + 1)}
    for page in pdf.pages:
        words = Counter(page.extract_text().split())
        assert all(words[name] == 1 for name in names)
        assert all(words[letter] >= 1 for letter in COLUMN_LETTERS)
        assert all(words[str(r)] >= 2 for r in range(1, ROWS + 1))  # row number and score box


def test_player_sheet_names_every_ability_and_the_first_player_box():
    """RULES 3.2: tracks named by ability, first-player box, score track up to 12 and beyond."""
    text = reader("player-sheet", pages=1).pages[0].extract_text()
    for track in TRACKS.values():
        assert track.ability in text
    for words in ("First player", "Player", "Game no.", "Score", "unlocked at start", "20"):
        assert words in text


def test_facade_sheet_prints_no_tile_code_on_any_page():
    """RULES 3.3 has 25 entries (10 on the ∞ side, 15 on the X side, R4 and P4 twice); issue 37:
    each is its drawn shape (test_facade_sheet_draws_every_shape_cell), no code is printed."""
    expected = Counter(INFINITE_SIDE) + Counter(X_SIDE)
    assert sum(expected.values()) == 25
    pdf = reader("facade-sheet", pages=3)
    for page in pdf.pages:
        words = Counter(page.extract_text().split())
        assert {tile: words[tile] for tile in SHAPES if words[tile]} == {}


@pytest.mark.parametrize("ink_saver", [False, True])
def test_facade_sheet_draws_every_shape_cell(ink_saver):
    """RULES 3.3: every shape drawn as its cells (23 ids, 25 entries, 85 cells in all)."""
    from printables.facade_sheet import layout

    cells = sum(SHAPES[t].size for t in (*INFINITE_SIDE, *X_SIDE))
    pdf = reader("facade-sheet", pages=1, ink_saver=ink_saver)
    assert squares(pdf, 0, layout("a4").cell) >= cells


def test_hundred_page_pad_stays_small_because_the_sheet_is_drawn_once():
    """Issue 5 target: at most 30 KB per page; the sheet is one form reused on each page."""
    data = render_pad("player-sheet", 100, "a4", False, False)
    assert len(data) / 100 <= 30 * 1024
    pdf = reader("player-sheet", pages=2)
    draws = [ops for ops in (list(operations(pdf, n)) for n in range(2))]
    assert all(sum(1 for _, op in ops if op == b"Do") == 1 for ops in draws)


def test_player_sheet_prints_the_scoring_reminder():
    """Issue 5: the reminder gives row 1/2, column 2/4 and a full track 2 points."""
    text = " ".join(reader("player-sheet", pages=1).pages[0].extract_text().split())
    assert "a completed row scores 1 if it holds an X, 2 if only O" in text
    assert "a completed column 2 with an X, 4 if only O" in text
    assert "a full track 2." in text


@pytest.mark.parametrize("kind", ["player-sheet", "facade-sheet"])
def test_colour_chips_carry_their_mark_and_no_letter(kind, monkeypatch, tmp_path):
    """Issues 5 and 37: every colour's chip (and, saving ink, every colour cell) carries the
    colour's mark, a shape (printables/marks.py, as the web pages draw it), never a letter."""
    from reportlab.pdfgen.canvas import Canvas

    from printables import facade_sheet, glyphs, player_sheet
    from printables.style import Ink
    from rollwrite.material import COLOURS, LETTER, colour_of

    module = facade_sheet if kind == "facade-sheet" else player_sheet
    per_colour = {c: 1 for c in COLOURS}  # the colour chip of each column or track heading
    if kind == "facade-sheet":
        for tile in (*INFINITE_SIDE, *X_SIDE):
            per_colour[colour_of(tile)] += SHAPES[tile].size
    real = glyphs.colour_mark
    for saver in (True, False):
        drawn: Counter[str] = Counter()

        def record(c, colour, *rest, seen=drawn):
            seen.update([colour])
            real(c, colour, *rest)

        monkeypatch.setattr(glyphs, "colour_mark", record)
        module.draw(Canvas(str(tmp_path / "x.pdf")), "a4", Ink(saver), False)
        wanted = per_colour if saver else {c: 1 for c in COLOURS}
        assert dict(drawn) == wanted, (saver, dict(drawn))
    for ink_saver in (True, False):
        words = Counter(reader(kind, 1, ink_saver=ink_saver).pages[0].extract_text().split())
        assert all(words[LETTER[col]] == 0 for col in COLOURS), words
