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
