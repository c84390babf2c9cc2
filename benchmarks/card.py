"""Card-edition speed: random self-play games per second (4 players, one core)."""

from __future__ import annotations

import statistics
import time
from typing import Any

from boardgame.simulate import random_game


def games_per_s(players: int = 4, batches: int = 5, per_batch: int = 20) -> float:
    """Median over batches of random self-play games per second, without checks."""
    rates = []
    for b in range(batches):
        start = time.perf_counter()
        for g in range(per_batch):
            random_game(players, 10_000 * b + g, check=False)
        rates.append(per_batch / (time.perf_counter() - start))
    return statistics.median(rates)


def measure(quick: bool = False) -> dict[str, Any]:
    """Figures for `copenhagen bench`."""
    return {
        "card_games_per_s": round(
            games_per_s(batches=2 if quick else 5, per_batch=5 if quick else 20), 1
        )
    }
