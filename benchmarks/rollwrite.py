"""Roll & Write speed: listing legal placements, and random self-play games per second."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from benchmarks.timing import games_per_s
from facade.grid import is_legal
from rollwrite.material import SHAPES
from rollwrite.shape_index import placement_index
from rollwrite.simulate import random_game


def mid_game_sheets(count: int = 20, cells: int = 20, seed: int = 2026) -> list[int]:
    """Fixed buildings of about `cells` filled cells, grown by legal random placements."""
    rng = random.Random(seed)
    t = placement_index()
    out = []
    while len(out) < count:
        filled = 0
        while filled.bit_count() < cells:
            options = [p for p in t.placements if is_legal(p.mask, filled)]
            p = rng.choice(options)
            if (filled | p.mask).bit_count() <= cells + 2:
                filled |= p.mask
        out.append(filled)
    return out


def legal_placements_us(repeats: int = 300) -> float:
    """Median µs to list every legal placement of all 23 shapes on one sheet."""
    t = placement_index()
    sheets = mid_game_sheets()
    samples = []
    for _ in range(repeats):
        for filled in sheets:
            start = time.perf_counter()
            t.legal_indices(filled)
            samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1e6


def measure(quick: bool = False) -> dict[str, Any]:
    """Figures for `copenhagen bench`."""
    assert len(SHAPES) == 23
    return {
        "rw_legal_placements_us": round(legal_placements_us(30 if quick else 300), 2),
        "rw_games_per_s": round(
            games_per_s(lambda seed: random_game(4, seed, check=False),
                        batches=2 if quick else 5, per_batch=5 if quick else 20), 1),
    }
