"""First pages rendered with pdftoppm: nothing clipped at the edges, grey ink-saver, colour pads."""

import shutil
import subprocess

import pytest

from printables.pad import render_pad
from printables.style import PAPERS

DPI = 30


def _render(tmp_path, kind, paper, ink_saver, two_player):
    """The first page as rows of (r, g, b) pixels, read from pdftoppm's PPM output."""
    assert shutil.which("pdftoppm"), "pdftoppm missing: run `bash scripts/system-packages.sh`"
    pdf = tmp_path / "pad.pdf"
    pdf.write_bytes(render_pad(kind, 2, paper, ink_saver, two_player))
    subprocess.run(["pdftoppm", "-r", str(DPI), "-f", "1", "-l", "1", str(pdf),
                    str(tmp_path / "page")], check=True)
    data = (tmp_path / "page-1.ppm").read_bytes()
    parts = data.split(maxsplit=4)
    assert parts[0] == b"P6" and parts[3] == b"255"
    width, height, raw = int(parts[1]), int(parts[2]), parts[4]
    assert len(raw) == width * height * 3
    return [[tuple(raw[(y * width + x) * 3:(y * width + x) * 3 + 3]) for x in range(width)]
            for y in range(height)]


VARIANTS = [(kind, paper, ink, two)
            for kind in ("player-sheet", "facade-sheet") for paper in PAPERS
            for ink in (False, True) for two in (False, True)]


@pytest.mark.parametrize(("kind", "paper", "ink_saver", "two_player"), VARIANTS)
def test_first_page_renders_with_empty_edges_and_the_right_inks(tmp_path, kind, paper,
                                                                ink_saver, two_player):
    """Issue 5: every variant renders; nothing reaches the outer 5 mm (no clipped parts);
    ink-saver pages are pure grey, colour pages show the five colours (RULES 3.2, 3.3)."""
    px = _render(tmp_path, kind, paper, ink_saver, two_player)
    h, w = len(px), len(px[0])
    edge = round(5 / 25.4 * DPI)
    border = [p for y in range(h) for x in range(w)
              if min(x, y, w - 1 - x, h - 1 - y) < edge for p in [px[y][x]]]
    assert all(min(p) >= 250 for p in border)
    inked = [p for row in px for p in row if min(p) < 200]
    assert len(inked) > 0.03 * w * h  # a real sheet, not a blank page
    top = [p for row in px[edge:4 * edge] for p in row if min(p) < 128]
    assert top  # the title is at the top
    saturated = [p for row in px for p in row if max(p) - min(p) > 60]
    if ink_saver:
        assert all(p[0] == p[1] == p[2] for row in px for p in row)
    else:
        reds = [p for p in saturated if p[0] > 150 and p[1] < 100 and p[2] < 100]
        blues = [p for p in saturated if p[2] > 150 and p[0] < 100]
        assert reds and blues


def test_page_100_of_a_100_page_pad_is_the_full_sheet(tmp_path):
    """The sheet is one form reused on every page: page 100 must render like page 1 (footer
    'sheet N of 100' aside), so the benchmark's 100 pages are 100 real sheets."""
    pdf = tmp_path / "pad.pdf"
    pdf.write_bytes(render_pad("player-sheet", 100, "a4"))
    pages = []
    for n in (1, 100):
        subprocess.run(["pdftoppm", "-r", str(DPI), "-f", str(n), "-l", str(n), str(pdf),
                        str(tmp_path / f"p{n}")], check=True)
        pages.append(next(tmp_path.glob(f"p{n}-*.ppm")).read_bytes())
    first, last = pages
    assert len(first) == len(last)
    width, height = (int(v) for v in first.split(maxsplit=3)[1:3])
    footer_rows = round(12 / 25.4 * DPI)  # the bottom margin holds the page number
    body = (height - footer_rows) * width * 3
    start = len(first) - width * height * 3
    assert first[start:start + body] == last[start:start + body]
    assert first != last  # the page number differs
    assert first[start:start + body].count(0) > 1000  # and the body is a drawn sheet
