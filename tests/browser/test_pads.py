"""Print pads (/print/) in a real browser on a phone: choose the options (each change swaps the
form and its preview through htmx), download the PDF and check it (its pages, their size, a
first page with ink on it), and see that the preview is that first page; without JavaScript
the same through "Update preview" and the download link."""

from __future__ import annotations

import io
import math
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageFilter
from pypdf import PdfReader

from printables.style import PAPERS
from tests.browser.screens import fits_phone, shot, small_targets
from webapp.printing.routes import draw_first_page

pytestmark = pytest.mark.browser

DPI = 40  # what the page's preview uses (webapp.printing.routes.PREVIEW_DPI)
DARK = 128  # a pixel darker than this (0-255) is ink
LETTER_PT = (612, 792)  # US Letter in PDF points (8.5 × 11 in)


def _render_first_page(pdf: Path, folder: Path) -> Image.Image:
    """Page 1 drawn by poppler (`pdftoppm -png -r 40`): another renderer than the preview's
    PDFium, to check the PDF and the preview against."""
    assert shutil.which("pdftoppm"), "pdftoppm missing: run `bash scripts/system-packages.sh`"
    subprocess.run(["pdftoppm", "-png", "-r", str(DPI), "-f", "1", "-l", "1", "-singlefile",
                    str(pdf), str(folder / "page1")], check=True, timeout=60)
    return Image.open(folder / "page1.png").convert("RGB")


def _pixels(image: Image.Image) -> list[tuple[int, int, int]]:
    """Every pixel of an RGB picture as (r, g, b)."""
    raw = image.tobytes()
    return [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]


def _blurred_difference(one: Image.Image, other: Image.Image) -> float:
    """The mean difference (0-255) of two pictures in grey, blurred by 2 pixels: two
    renderers' anti-aliasing differs (3.2 to 3.7 for the same page; 29 between two pads)."""
    a, b = (i.convert("L").filter(ImageFilter.BoxBlur(2)) for i in (one, other))
    histogram = ImageChops.difference(a, b).histogram()
    return sum(v * n for v, n in enumerate(histogram)) / sum(histogram)


def _dark_share(image: Image.Image) -> float:
    """The share of pixels with ink on them (some: not a blank page; not most: not a black
    one)."""
    grey = image.convert("L").tobytes()
    return sum(1 for v in grey if v < DARK) / len(grey)


def _choose(page: Any, selector: str) -> None:
    """Tick a radio button or a box; htmx swaps the form for one with that option."""
    with page.expect_response(lambda r: "/print/?" in r.url and r.status == 200):
        page.check(selector)
    page.wait_for_selector(f"{selector}:checked")


def _preview(page: Any) -> tuple[str, Image.Image]:
    """The preview picture the page shows: its address and the picture, once it has loaded."""
    img = page.locator(".pad-preview img")
    page.wait_for_function(
        "() => { const i = document.querySelector('.pad-preview img');"
        " return i && i.complete && i.naturalWidth > 0; }")
    src = img.get_attribute("src")
    resp = page.request.get(src)
    assert resp.status == 200 and resp.headers["content-type"] == "image/png"
    return src, Image.open(io.BytesIO(resp.body())).convert("RGB")


def test_a_facade_pad_on_letter_with_the_ink_saver_downloads_and_is_what_the_preview_shows(
        phone: Any, shots: Path, tmp_path: Path) -> None:
    phone.goto("/print/")
    phone.wait_for_function("() => window.htmx !== undefined")
    _choose(phone, "#kind-facade-sheet")
    _choose(phone, "#paper-letter")
    _choose(phone, "#ink_saver")
    with phone.expect_response(lambda r: "/print/?" in r.url and "pages=3" in r.url):
        phone.fill("#pages", "3")
        phone.dispatch_event("#pages", "change")
    phone.wait_for_selector(".pad-preview img[src*='pages=3']")
    fits_phone(phone)
    assert not small_targets(phone), small_targets(phone)
    src, preview = _preview(phone)
    shot(phone, shots, "pads-chosen")
    for part in ("kind=facade-sheet", "pages=3", "paper=letter", "ink_saver=1"):
        assert part in src, src
    width, height = (math.ceil(v * DPI / 72) for v in PAPERS["letter"])
    assert preview.size == (width, height) == (340, 440)
    shown = phone.evaluate("() => { const i = document.querySelector('.pad-preview img');"
                           " return [i.naturalWidth, i.naturalHeight]; }")
    assert tuple(shown) == preview.size
    name = "copenhagen-facade-sheet-letter-3-pages-ink-saver.pdf"
    assert phone.inner_text(".pad-file a") == name
    assert "--ink-saver" in (phone.text_content(".pad-cli code") or "")

    with phone.expect_download() as info:
        phone.click(".pad-actions button[type=submit]:not(.secondary)")
    download = info.value
    assert download.suggested_filename == name
    pdf = tmp_path / name
    download.save_as(pdf)
    assert pdf.read_bytes().startswith(b"%PDF-")

    reader = PdfReader(pdf)
    assert len(reader.pages) == 3
    for sheet in reader.pages:
        box = sheet.mediabox
        assert (round(float(box.width)), round(float(box.height))) == LETTER_PT
    first = _render_first_page(pdf, tmp_path)
    assert first.size == preview.size
    assert 0.005 < _dark_share(first) < 0.5  # ink on the page, and not a black page
    drawn = Image.open(io.BytesIO(draw_first_page(pdf.read_bytes()))).convert("RGB")
    assert drawn.tobytes() == preview.tobytes()  # the preview is the PDF's first page
    assert _blurred_difference(first, preview) < 5  # and poppler draws it alike
    grey = sum(1 for r, g, b in _pixels(first) if r == g == b)
    assert grey == first.width * first.height  # the ink saver prints grey only


def test_without_javascript_the_preview_updates_and_the_link_downloads(
        new_phone: Any, shots: Path, tmp_path: Path) -> None:
    page = new_phone(javascript=False)
    page.goto("/print/")
    page.check("#kind-player-sheet")
    page.check("#paper-a4")
    page.fill("#pages", "2")
    with page.expect_navigation():
        page.click(".pad-actions button.secondary")  # "Update preview"
    assert "pages=2" in page.url and "paper=a4" in page.url
    shot(page, shots, "pads-nojs")
    src, preview = _preview(page)
    assert "kind=player-sheet" in src and "pages=2" in src
    assert 0.005 < _dark_share(preview) < 0.5
    with page.expect_download() as info:
        page.click(".pad-file a")
    pdf = tmp_path / "pad.pdf"
    info.value.save_as(pdf)
    reader = PdfReader(pdf)
    assert len(reader.pages) == 2
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4
    colours = sum(1 for r, g, b in _pixels(preview) if max(r, g, b) - min(r, g, b) > 60)
    assert colours > 50  # without the ink saver the player sheet is in colour
