"""Bot speed and strength figures: strong move time (p95) and solitaire turns to 12."""

from __future__ import annotations

import importlib
import random
import statistics
import time
from typing import Any

from rollwrite.solitaire import play_state


def strong_move_ms_p95(edition: str, games: int, seed: int = 1) -> float:
    """95th percentile of the strong bot's decision time over whole 2-player games."""
    engine = importlib.import_module(edition)
    bots = importlib.import_module(f"{edition}.bots")
    times = []
    for g in range(games):
        state = engine.new_game(2, seed * 1000 + g)
        players = [bots.make_bot("strong", g), bots.make_bot("greedy", g + 1)]
        rng = random.Random(g)
        while not state.is_over():
            if state.is_chance():
                state.apply(state.chance_action())
                continue
            p = rng.choice(state.to_act())
            start = time.perf_counter()
            action = players[p].choose(state.view(p), p)
            if p == 0:
                times.append(time.perf_counter() - start)
            state.apply(action)
    times.sort()
    return times[int(0.95 * (len(times) - 1))] * 1000


def solitaire_turns(level: str, seeds: int) -> float:
    """Mean turns to 12 points in the solitaire challenge over seeds 0..seeds-1."""
    return statistics.mean(play_state(s, level).turn + 1 for s in range(seeds))


def measure(quick: bool = False) -> dict[str, Any]:
    """Figures for `copenhagen bench`."""
    seeds = 10 if quick else 200
    games = 1 if quick else 6
    return {
        "strong_move_ms_p95": round(strong_move_ms_p95("rollwrite", games), 1),
        "card_strong_move_ms_p95": round(strong_move_ms_p95("boardgame", games), 1),
        "solitaire_seeds": seeds,
        "solitaire_mean_turns": {
            level: round(solitaire_turns(level, seeds), 2)
            for level in ("random", "greedy", "strong")
        },
    }
