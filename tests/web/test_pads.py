"""Print pads page: every option of `copenhagen print`, the very same PDF as a download, a PNG
preview of its first page, and a clear 400 for options that cannot be printed."""

from __future__ import annotations

import argparse
import io
import re
import struct
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from commandline.main import main as copenhagen
from printables.cli import add_arguments
from printables.pad import KINDS, MAX_PAGES, render_pad
from printables.style import PAPERS
from webapp.printing import routes as pads

ROOT = Path(__file__).resolve().parents[2]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    """Each test renders for itself: no PDF or preview left over from another test."""
    pads.pad_pdf.cache_clear()
    pads.preview_png.cache_clear()
    yield
    pads.pad_pdf.cache_clear()
    pads.preview_png.cache_clear()


def _query(kind: str, pages: int, paper: str, ink_saver: bool, two_player: bool) -> str:
    flags = "".join(f"&{n}=1" for n, on in (("ink_saver", ink_saver),
                                             ("two_player", two_player)) if on)
    return f"kind={kind}&pages={pages}&paper={paper}{flags}"


def _cli_pdf(tmp_path: Path, kind: str, pages: int, paper: str, ink_saver: bool,
             two_player: bool) -> bytes:
    """What `copenhagen print` writes for these options."""
    out = tmp_path / "cli.pdf"
    argv = ["print", kind, "--pages", str(pages), "--paper", paper, "-o", str(out)]
    argv += ["--ink-saver"] * ink_saver + ["--two-player"] * two_player
    assert copenhagen(argv) == 0
    return out.read_bytes()


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


# --- the way in and the form ---------------------------------------------------------------

def test_home_page_links_to_print_pads(client):
    html = client.get("/").get_data(as_text=True)
    link = re.search(r'<a class="way" href="([^"]+)">\s*<strong>Print pads', html)
    assert link and link.group(1) == "/print/"


def test_form_has_a_control_for_every_option_of_copenhagen_print(client):
    resp = client.get("/print/")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200
    assert re.search(r'<form class="pad-form" method="get" action="/print/pad.pdf"', html)
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    for action in parser._actions:  # every option the command line has, but the output file
        if action.dest in ("help", "output"):
            continue
        name = "pad_lang" if action.dest == "lang" else action.dest  # `lang` is the page's
        assert f'name="{name}"' in html, f"no form control for --{action.dest}"
    for kind in KINDS:
        assert f'name="kind" value="{kind}"' in html
    for paper in PAPERS:
        assert f'name="paper" value="{paper}"' in html
    assert f'max="{MAX_PAGES}"' in html and 'min="1"' in html


def test_form_starts_with_the_command_line_defaults(client):
    html = client.get("/print/").get_data(as_text=True)
    assert re.search(r'value="player-sheet"\s+checked', html)
    assert re.search(r'value="a4"\s+checked', html)
    assert re.search(r'name="pages" value="1"', html)
    assert not re.search(r'name="(ink_saver|two_player)" value="1"\s+checked', html)


def test_form_is_filled_in_from_the_query(client):
    resp = client.get("/print/?kind=facade-sheet&pages=7&paper=letter&ink_saver=on"
                      "&two_player=1")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200
    assert re.search(r'value="facade-sheet"\s+checked', html)
    assert re.search(r'value="letter"\s+checked', html)
    assert 'name="pages" value="7"' in html
    assert re.search(r'name="ink_saver" value="1"\s+checked', html)
    assert re.search(r'name="two_player" value="1"\s+checked', html)
    assert ("copenhagen print facade-sheet --pages 7 --paper letter --ink-saver --two-player"
            in html)


def test_form_is_a_plain_get_form_that_works_without_javascript(client):
    html = client.get("/print/").get_data(as_text=True)
    form = re.search(r"<form[^>]*>", html).group(0)
    assert 'method="get"' in form and 'method="post"' not in html
    assert 'formaction="/print/"' in html  # "Update preview" without htmx: a plain GET


# --- the PDF ---------------------------------------------------------------------------------

CASES = [
    ("player-sheet", 1, "a4", False, False),
    ("player-sheet", 4, "letter", True, False),
    ("facade-sheet", 2, "a4", False, True),  # RULES 3.6: shapes crossed out for two players
    ("facade-sheet", 3, "letter", True, True),
]


@pytest.mark.parametrize(("kind", "pages", "paper", "ink_saver", "two_player"), CASES)
def test_pdf_is_byte_for_byte_what_copenhagen_print_writes(client, tmp_path, kind, pages,
                                                            paper, ink_saver, two_player):
    resp = client.get("/print/pad.pdf?" + _query(kind, pages, paper, ink_saver, two_player))
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    assert resp.data == _cli_pdf(tmp_path, kind, pages, paper, ink_saver, two_player)
    assert resp.data == render_pad(kind, pages, paper, ink_saver, two_player)


def test_pdf_matches_copenhagen_print_run_as_its_own_process(client, tmp_path):
    out = tmp_path / "own.pdf"
    subprocess.run([sys.executable, "-m", "commandline.main", "print", "facade-sheet",
                    "--pages", "2", "--paper", "letter", "--two-player", "-o", str(out)],
                   check=True, cwd=ROOT, capture_output=True, timeout=120)
    resp = client.get("/print/pad.pdf?kind=facade-sheet&pages=2&paper=letter&two_player=1")
    assert resp.data == out.read_bytes()  # ReportLab's invariant mode: no date, no random ID


@pytest.mark.parametrize(("kind", "pages", "paper", "ink_saver", "two_player"), CASES)
def test_pdf_has_the_requested_pages_on_the_requested_paper(client, kind, pages, paper,
                                                             ink_saver, two_player):
    resp = client.get("/print/pad.pdf?" + _query(kind, pages, paper, ink_saver, two_player))
    reader = PdfReader(io.BytesIO(resp.data))
    assert resp.data.startswith(b"%PDF-")
    assert len(reader.pages) == pages
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(PAPERS[paper], abs=0.01)
    assert ("2 players" in reader.metadata.title) == two_player


def test_pdf_of_the_largest_pad_has_max_pages(client):
    resp = client.get(f"/print/pad.pdf?kind=player-sheet&pages={MAX_PAGES}")
    assert resp.status_code == 200
    assert len(PdfReader(io.BytesIO(resp.data)).pages) == MAX_PAGES


def test_pdf_comes_as_a_download_named_for_what_it_holds(client):
    resp = client.get("/print/pad.pdf?kind=facade-sheet&pages=12&paper=letter&ink_saver=1"
                      "&two_player=1")
    assert resp.headers["Content-Disposition"] == (
        'attachment; filename="copenhagen-facade-sheet-letter-12-pages-ink-saver-2-players.pdf"')
    resp = client.get("/print/pad.pdf?kind=player-sheet&pages=1&paper=a4")
    assert resp.headers["Content-Disposition"] == (
        'attachment; filename="copenhagen-player-sheet-a4-1-page.pdf"')


def test_missing_options_take_the_command_line_defaults(client):
    resp = client.get("/print/pad.pdf")
    assert resp.status_code == 200
    assert resp.data == render_pad("player-sheet", 1, "a4", False, False)


def test_options_are_read_like_the_command_line_reads_them(client):
    """Paper in any case and spaces around a number are fine, as `copenhagen print` allows."""
    resp = client.get("/print/pad.pdf?kind=player-sheet&pages=+3+&paper=LETTER&ink_saver=on")
    assert resp.status_code == 200
    assert resp.data == render_pad("player-sheet", 3, "letter", True, False)


# --- options that cannot be printed ----------------------------------------------------------

BAD = [
    ("pages=0", "A pad needs at least 1 sheet, so 0 will not do."),
    ("pages=1000", f"A pad has at most {MAX_PAGES} sheets, so 1000 will not do"),
    (f"pages={MAX_PAGES + 1}", f"so {MAX_PAGES + 1} will not do"),
    ("pages=abc", "“abc” is not a number of sheets: give a whole number from 1 to"),
    ("pages=", "“” is not a number of sheets"),
    ("pages=2.5", "“2.5” is not a number of sheets"),
    ("pages=-3", "“-3” is not a number of sheets"),
    ("pages=" + "9" * 40, "is not a number of sheets"),
    ("paper=a5", "There is no paper size “a5” here: choose A4 or US Letter."),
    ("kind=score-sheet", "There is no pad called “score-sheet”: choose the player sheet or"),
    ("ink_saver=maybe", "The ink saver is either ticked or not; “maybe” is neither."),
    ("two_player=3", "The two-player box is either ticked or not; “3” is neither."),
]


@pytest.mark.parametrize(("query", "message"), BAD)
def test_bad_option_gets_the_form_back_with_a_reason_and_no_pdf(client, query, message):
    resp = client.get("/print/pad.pdf?" + query)
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400 and resp.mimetype == "text/html"
    assert "Content-Disposition" not in resp.headers and not resp.data.startswith(b"%PDF")
    assert message in html
    assert '<form class="pad-form"' in html and 'role="alert"' in html
    assert "/print/preview.png" not in html  # no preview of what cannot be printed


@pytest.mark.parametrize(("query", "message"), BAD)
def test_bad_option_in_the_form_page_is_a_400_with_the_reason(client, query, message):
    resp = client.get("/print/?" + query)
    assert resp.status_code == 400 and message in resp.get_data(as_text=True)


def test_bad_pages_are_shown_back_as_typed(client):
    html = client.get("/print/?pages=abc").get_data(as_text=True)
    assert re.search(r'name="pages" value="abc"[^>]*aria-invalid="true"', html)


def test_every_bad_option_is_named_at_once(client):
    html = client.get("/print/pad.pdf?kind=x&pages=0&paper=a5").get_data(as_text=True)
    assert html.count("<li>") >= 3
    for word in ("“x”", "at least 1 sheet", "“a5”"):
        assert word in html


def test_bad_value_is_escaped_and_cut_short(client):
    resp = client.get("/print/pad.pdf?paper=<script>alert(1)</script>" + "x" * 100)
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400
    box = re.search(r'<div class="error".*?</div>', html, re.S).group(0)
    assert "<script>alert" not in html and "&lt;script&gt;alert" in box
    assert "x" * 30 not in box and "…" in box


def test_print_pages_take_no_post(client):
    for url in ("/print/", "/print/pad.pdf", "/print/preview.png"):
        resp = client.post(url)  # refused by CSRF or as 405: never a PDF
        assert resp.status_code in (400, 405) and not resp.data.startswith(b"%PDF")


# --- htmx --------------------------------------------------------------------------------------

def test_htmx_change_gets_only_the_form_block(client):
    resp = client.get("/print/?kind=facade-sheet&pages=2", headers={"HX-Request": "true"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200
    assert '<div id="pads"' in html
    assert "<html" not in html and "/print/preview.png?kind=facade-sheet&amp;pages=2" in html


def test_htmx_change_to_a_bad_option_gets_the_block_with_the_reason(client):
    resp = client.get("/print/?pages=0", headers={"HX-Request": "true"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400 and "<html" not in html
    assert "at least 1 sheet" in html and '<div id="pads"' in html


# --- the preview -------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_preview_is_a_small_png_of_the_first_page(client, paper):
    resp = client.get(f"/print/preview.png?kind=player-sheet&pages=3&paper={paper}")
    assert resp.status_code == 200 and resp.mimetype == "image/png"
    width, height = _png_size(resp.data)
    expected = pads.preview_size(paper)
    assert (width, height) == expected
    assert 300 <= width <= 360 and 400 <= height <= 480  # ~40 dpi: a thumbnail, not a print
    assert 2_000 < len(resp.data) < 200_000
    assert "max-age" in resp.headers["Cache-Control"]


def test_preview_for_sharper_screens_is_twice_the_size(client):
    """The page offers `scale=2` in srcset: phones have 2-3 device pixels per CSS pixel."""
    html = client.get("/print/?kind=facade-sheet").get_data(as_text=True)
    srcset = re.search(r'srcset="([^"]+) 2x"', html).group(1).replace("&amp;", "&")
    assert "scale=2" in srcset and "kind=facade-sheet" in srcset
    one = client.get("/print/preview.png?kind=facade-sheet")
    two = client.get(srcset)
    assert two.status_code == 200 and two.mimetype == "image/png"
    w, h = pads.preview_size("a4")
    assert _png_size(two.data) == (2 * w, 2 * h) == pads.preview_size("a4", 2)
    assert two.headers["ETag"] != one.headers["ETag"]


@pytest.mark.parametrize("scale", ["3", "0", "x", "1.5", "²", "9" * 400])
def test_preview_of_another_scale_is_a_400_with_the_reason(client, scale):
    resp = client.get(f"/print/preview.png?scale={scale}")
    assert resp.status_code == 400 and "two sizes, 1 and 2" in resp.get_data(as_text=True)
    assert "ETag" not in resp.headers


def test_preview_width_and_height_are_written_in_the_page(client):
    html = client.get("/print/?paper=letter").get_data(as_text=True)
    w, h = pads.preview_size("letter")
    assert f'width="{w}"' in html and f'height="{h}"' in html


def _saturated(png: bytes) -> int:
    """How many pixels are clearly coloured (not black, white or grey)."""
    saturation = Image.open(io.BytesIO(png)).convert("RGB").convert("HSV").getchannel("S")
    return sum(saturation.histogram()[80:])  # grey, black and white have saturation 0


def test_preview_is_drawn_from_the_pdf_of_the_same_options(client):
    colour = client.get("/print/preview.png?kind=facade-sheet").data
    grey = client.get("/print/preview.png?kind=facade-sheet&ink_saver=1").data
    player = client.get("/print/preview.png?kind=player-sheet").data
    assert _saturated(colour) > 500 and _saturated(grey) == 0  # ink saver: grey ink only
    assert len({colour, grey, player}) == 3


def test_preview_is_kept_for_the_same_options(client, monkeypatch):
    client.get("/print/preview.png?kind=player-sheet&pages=2")
    calls = []
    draw = pads.draw_first_page
    monkeypatch.setattr(pads, "draw_first_page",
                        lambda pdf, dpi: calls.append(pdf) or draw(pdf, dpi))
    again = client.get("/print/preview.png?kind=player-sheet&pages=2&paper=a4")
    assert again.status_code == 200 and _png_size(again.data) and calls == []
    other = client.get("/print/preview.png?kind=player-sheet&pages=3")
    assert other.status_code == 200 and len(calls) == 1  # other options: drawn afresh


def test_preview_is_drawn_in_the_process_without_any_program(client, monkeypatch):
    """PDFium in the pypdfium2 wheel draws it: no program is started (issue 26)."""
    def no_programs(*args, **kwargs):
        raise AssertionError(f"a program was started: {args}")
    monkeypatch.setattr(subprocess, "Popen", no_programs)
    monkeypatch.setenv("PATH", "")
    resp = client.get("/print/preview.png?kind=facade-sheet&pages=7&paper=letter")
    assert resp.status_code == 200 and _png_size(resp.data) == pads.preview_size("letter")


def test_preview_of_a_long_pad_is_its_first_page(client):
    """Only the first sheet is made for the preview; it is the full pad's first page, which
    says "sheet 1 of 500"."""
    options = pads.PadOptions("player-sheet", MAX_PAGES, "a4", False, True, "fr")
    first = render_pad(*options, first=1)
    assert len(PdfReader(io.BytesIO(first)).pages) == 1
    assert f"1 sur {MAX_PAGES}" in PdfReader(io.BytesIO(first)).pages[0].extract_text()
    assert pads.preview_png(options) == pads.draw_first_page(render_pad(*options))


def test_preview_has_a_strong_etag_and_is_kept_a_year(client):
    url = "/print/preview.png?kind=facade-sheet&pages=4&ink_saver=1"
    resp = client.get(url)
    etag = resp.headers["ETag"]
    assert re.fullmatch(r'"[0-9a-f]{32}"', etag)  # strong: no W/
    assert resp.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert client.get(url).headers["ETag"] == etag  # the same options, the same tag
    for other in ("kind=facade-sheet&pages=5&ink_saver=1", "kind=facade-sheet&pages=4",
                  "kind=facade-sheet&pages=4&ink_saver=1&pad_lang=de",
                  "kind=facade-sheet&pages=4&ink_saver=1&paper=letter"):
        assert client.get("/print/preview.png?" + other).headers["ETag"] != etag


def test_preview_answers_304_to_the_tag_it_gave_without_drawing(client, monkeypatch):
    url = "/print/preview.png?kind=player-sheet&two_player=1"
    etag = client.get(url).headers["ETag"]
    pads.preview_png.cache_clear()
    monkeypatch.setattr(pads, "draw_first_page", lambda *a: pytest.fail("drawn for a 304"))
    resp = client.get(url, headers={"If-None-Match": etag})
    assert resp.status_code == 304 and resp.data == b""
    assert resp.headers["ETag"] == etag and "immutable" in resp.headers["Cache-Control"]
    monkeypatch.undo()
    stale = client.get(url, headers={"If-None-Match": '"0123456789abcdef0123456789abcdef"'})
    assert stale.status_code == 200 and _png_size(stale.data)


def test_preview_tag_changes_with_the_code(client, monkeypatch):
    """A release that draws pads differently gives the same options a new tag."""
    url = "/print/preview.png?kind=player-sheet"
    etag = client.get(url).headers["ETag"]
    monkeypatch.setattr(pads, "code_version", lambda: "another-release")
    assert client.get(url).headers["ETag"] != etag
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 200


def test_refused_preview_is_not_kept(client):
    resp = client.get("/print/preview.png?pages=0")
    assert resp.status_code == 400 and "ETag" not in resp.headers
    assert "immutable" not in resp.headers.get("Cache-Control", "")


@pytest.mark.parametrize(("query", "message"), BAD)
def test_preview_of_bad_options_is_a_400_with_the_reason(client, query, message):
    resp = client.get("/print/preview.png?" + query)
    assert resp.status_code == 400 and resp.mimetype == "text/html"
    assert message in resp.get_data(as_text=True)


def test_htmx_swaps_a_400_into_the_target_that_receives_the_swap_event(client):
    """htmx leaves 4xx answers unswapped unless told: static/app.js swaps a 4xx answer that
    carries the id of its target (one rule for every page; no inline handler: the CSP)."""
    html = client.get("/print/").get_data(as_text=True)
    assert 'hx-target="#pads"' in html and "hx-on" not in html
    app_js = (Path(__file__).resolve().parents[2] / "static" / "app.js").read_text()
    assert "'id=\"' + target.id + '\"'" in app_js
    refused = client.get("/print/?pages=0", headers={"HX-Request": "true"})
    assert refused.status_code == 400 and 'id="pads"' in refused.get_data(as_text=True)


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_pad_is_in_the_pages_language_unless_another_is_chosen(client, lang):
    """The print page starts on the page's language; `pad_lang` chooses another one."""
    html = client.get(f"/print/?lang={lang}").get_data(as_text=True)
    assert f'id="pad_lang-{lang}" name="pad_lang" value="{lang}" checked' in html
    resp = client.get(f"/print/pad.pdf?lang={lang}")
    assert resp.data == render_pad("player-sheet", 1, "a4", False, False, lang)
    other = "de" if lang != "de" else "fr"
    resp = client.get(f"/print/pad.pdf?lang={lang}&pad_lang={other}")
    assert resp.data == render_pad("player-sheet", 1, "a4", False, False, other)
    assert f"-{other}.pdf" in resp.headers["Content-Disposition"]
    bad = client.get(f"/print/?lang={lang}&pad_lang=xx")
    assert bad.status_code == 400 and "xx" in bad.get_data(as_text=True)
