"""Printable pads: seconds to render a 100-page player pad, and its size per page."""

from __future__ import annotations

import statistics
import time
from typing import Any

from printables.pad import render_pad

PAGES = 100


def pad_seconds(repeats: int) -> tuple[float, int]:
    """Median seconds to render the 100-page A4 colour player pad, and its size in bytes."""
    samples = []
    size = 0
    for _ in range(repeats):
        start = time.perf_counter()
        data = render_pad("player-sheet", PAGES, "a4", False, False)
        samples.append(time.perf_counter() - start)
        size = len(data)
    return statistics.median(samples), size


def measure(quick: bool = False) -> dict[str, Any]:
    """Figures for `copenhagen bench`: pdf_100_pages_s and pdf_kb_per_page."""
    seconds, size = pad_seconds(3 if quick else 7)
    return {
        "pdf_100_pages_s": round(seconds, 4),
        "pdf_kb_per_page": round(size / 1024 / PAGES, 3),
    }
