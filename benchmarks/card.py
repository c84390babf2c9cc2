"""Card-edition speed: random self-play games per second (4 players, one core)."""

from __future__ import annotations

from typing import Any

from benchmarks.timing import games_per_s
from boardgame.simulate import random_game


def measure(quick: bool = False) -> dict[str, Any]:
    """Figures for `copenhagen bench`."""
    return {
        "card_games_per_s": round(
            games_per_s(lambda seed: random_game(4, seed, check=False),
                        batches=2 if quick else 5, per_batch=5 if quick else 20), 1
        )
    }
