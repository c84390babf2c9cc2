"""Shared timing helper of the benchmarks: medians over batches of whole games."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def games_per_s(play: Callable[[int], object], batches: int, per_batch: int) -> float:
    """Median over batches of games per second, `play(seed)` playing one game."""
    rates = []
    for b in range(batches):
        start = time.perf_counter()
        for g in range(per_batch):
            play(10_000 * b + g)
        rates.append(per_batch / (time.perf_counter() - start))
    return statistics.median(rates)
