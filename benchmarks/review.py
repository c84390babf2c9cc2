"""How long a game's review takes (bots.review.review, luck included), per kind of game: CPU
seconds of whole reviews of bot games (`copenhagen bench --only review`), medians. The goal
(issue 28): a 2-player Roll & Write game and a solitaire ready within 10 s of the game's end on
the 2-core machine, a card game within 20 s; the review runs in one search process, so its CPU
time is its time on a quiet machine."""

from __future__ import annotations

import time
from statistics import median
from typing import Any

from benchmarks.review_bands import _game_text
from bots.review import review
from facade.gametext import read_text

KINDS = {  # kind -> the bot levels that play its games
    "rollwrite": ["strong", "greedy"],
    "solitaire": ["greedy"],
    "card": ["strong", "greedy"],
}


def review_cpu_seconds(kind: str, games: int, seed: int = 77) -> list[float]:
    """CPU seconds of the review of each of `games` bot games of this kind."""
    out = []
    for g in range(games):
        text = read_text(_game_text(kind, KINDS[kind], seed + g))
        start = time.process_time()
        review(text)
        out.append(time.process_time() - start)
    return out


def measure(quick: bool = False) -> dict[str, Any]:
    """Median CPU seconds of a review, per kind (3 games each; 1 with --quick)."""
    games = 1 if quick else 3
    result: dict[str, Any] = {}
    for kind in KINDS:
        times = review_cpu_seconds(kind, games)
        result[f"review_{kind}_cpu_s_median"] = round(median(times), 2)
        result[f"review_{kind}_cpu_s_max"] = round(max(times), 2)
    return result
