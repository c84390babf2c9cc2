"""The bots' strength runs, behind `copenhagen bench --strength` (minutes, not run by default):
the expert's move times in both editions and in the solitaire challenge, and the mean turns to
12 points of every bot level over many solitaire seeds."""

from __future__ import annotations

import os
import statistics
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

from benchmarks.bots import move_times, p95_ms, solitaire_move_times
from bots.solitaire import play_state

LEVELS = ("random", "greedy", "strong", "expert")
SEEDS, QUICK_SEEDS = 200, 10  # solitaire challenges per level
GAMES, QUICK_GAMES = 6, 1  # expert games per edition (against greedy, 2 players)
# How long it takes: commandline/main.py, ASKED_FOR_BENCHMARKS["strength"] (the option's help).


def _turns(level: str, seed: int) -> int:
    """Turns the bot of `level` takes in the challenge of `seed`."""
    return play_state(seed, level).turn + 1


def solitaire_turns(level: str, seeds: int) -> float:
    """Mean turns to 12 points in the solitaire challenge over seeds 0..seeds-1, the seeds
    shared among this machine's cores (the expert takes seconds a challenge)."""
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return statistics.mean(pool.map(partial(_turns, level), range(seeds)))


def measure(quick: bool = False) -> dict[str, Any]:
    """Figures for `copenhagen bench --strength`."""
    seeds = QUICK_SEEDS if quick else SEEDS
    games = QUICK_GAMES if quick else GAMES
    out: dict[str, Any] = {}
    for edition, prefix in (("rollwrite", ""), ("boardgame", "card_")):
        wall, cpu = move_times(edition, "expert", games)
        out[f"{prefix}expert_move_ms_p95"] = round(p95_ms(wall), 1)
        out[f"{prefix}expert_move_cpu_ms_p95"] = round(p95_ms(cpu), 1)  # the same on a busy machine
    out["solitaire_expert_move_cpu_ms_p95"] = round(
        p95_ms(solitaire_move_times("expert", games)), 1)
    out["solitaire_seeds"] = seeds
    out["solitaire_mean_turns"] = {level: round(solitaire_turns(level, seeds), 2)
                                   for level in LEVELS}
    return out
