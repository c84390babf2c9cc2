"""The bots' strength, behind `copenhagen bench --strength` (about 15 minutes on 2 cores, not
run by default): the expert against the strong and the greedy bot in both editions (win rates with
their 95 % intervals), Roll & Write's expert at tables of three and four against strong bots,
every level's turns to 12 points in the solitaire challenge (mean with
its 95 % interval), and the expert's move times; each figure beside the goal issue 40 sets it,
with the number of games it rests on. The games are spread over `jobs` processes.

Every game here is on seeds no bot was tuned on: the bots' constants were chosen on
`simulate` seeds 1, 11, 23, 101 and 303 and on solitaire challenges 0-199 (their comments
say so); these matches use base seed HELD_OUT_SEED and the challenges HELD_OUT_CHALLENGES on."""

from __future__ import annotations

import os
import statistics
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from math import sqrt
from typing import Any

from benchmarks.arena import match
from benchmarks.bots import move_times, p95_ms, solitaire_move_times
from bots.levels import EDITIONS
from bots.solitaire import play_state

LEVELS = ("random", "greedy", "strong", "expert")
HELD_OUT_SEED = 40_040  # the matches' base seed: games HELD_OUT_SEED * 1_000_003 + g
HELD_OUT_CHALLENGES = 1_000_000  # the solitaire challenges' first seed
# Games per match as issue 40 measured the bots (2 players, seats alternating), then quick.
MATCHES = {("expert", "strong"): 320, ("expert", "greedy"): 160}
# Roll & Write at larger tables: one expert against strong bots in every other seat (its seat
# turning with the games), games per table size. No goal: what the expert does beyond two.
TABLES = {3: 90, 4: 90}
QUICK_GAMES = 4
SEEDS, QUICK_SEEDS = 200, 6  # solitaire challenges per level
TIMED_GAMES, QUICK_TIMED_GAMES = 6, 1  # expert games per edition timed move by move
# Issue 40's goals, by figure: a win rate at least this, turns or milliseconds at most this.
GOALS: dict[str, tuple[str, float]] = {
    "rollwrite expert vs strong": (">=", 0.85),
    "rollwrite expert vs greedy": (">=", 0.97),
    "boardgame expert vs strong": (">=", 0.85),
    "solitaire expert turns": ("<=", 10.0),
    "rollwrite expert move cpu ms p95": ("<=", 300.0),
    "solitaire expert move cpu ms p95": ("<=", 300.0),
    "boardgame expert move cpu ms p95": ("<=", 800.0),
}
Z95 = 1.96


def _turns(level: str, seed: int) -> int:
    """Turns the bot of `level` takes in the challenge of `seed`."""
    return play_state(seed, level).turn + 1


def mean_ci(values: list[float]) -> dict[str, Any]:
    """The mean, its 95 % interval (normal approximation) and the count."""
    mean = statistics.mean(values)
    half = Z95 * statistics.stdev(values) / sqrt(len(values)) if len(values) > 1 else 0.0
    return {"n": len(values), "mean": round(mean, 2),
            "ci95": [round(mean - half, 2), round(mean + half, 2)]}


def solitaire_turns(level: str, seeds: int, jobs: int) -> dict[str, Any]:
    """Turns to 12 points in `seeds` held-out challenges, over `jobs` processes."""
    challenges = range(HELD_OUT_CHALLENGES, HELD_OUT_CHALLENGES + seeds)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return mean_ci([float(t) for t in pool.map(partial(_turns, level), challenges)])


def met(goal: str, value: float) -> bool:
    """Whether `value` reaches the goal named `goal`."""
    sense, bound = GOALS[goal]
    return value >= bound if sense == ">=" else value <= bound


def _row(name: str, value: float, **more: Any) -> dict[str, Any]:
    """A figure, beside its goal where issue 40 sets one."""
    if name not in GOALS:
        return {"value": value, **more}
    sense, bound = GOALS[name]
    return {"value": value, "goal": f"{sense} {bound:g}", "met": met(name, value), **more}


def measure(quick: bool = False, jobs: int | None = None) -> dict[str, Any]:
    """Figures for `copenhagen bench --strength` (`jobs`: processes, default one a core)."""
    jobs = jobs or os.cpu_count() or 1
    table: dict[str, Any] = {}
    for edition in EDITIONS:
        for (level, other), games in MATCHES.items():
            found = match(edition, [level, other], 2, QUICK_GAMES if quick else games,
                          HELD_OUT_SEED, workers=jobs)
            name = f"{edition} {level} vs {other}"
            table[name] = _row(name, found["win_rate"][level], games=found["games"],
                               ci95=found["ci95"][level], seconds=found["seconds"])
    for players, games in TABLES.items():
        others = ["strong"] * (players - 1)
        found = match("rollwrite", ["expert", *others], players,
                      QUICK_GAMES if quick else games, HELD_OUT_SEED, workers=jobs)
        name = f"rollwrite {players} players expert vs strong"
        table[name] = _row(name, found["win_rate"]["expert"], games=found["games"],
                           ci95=found["ci95"]["expert"], seconds=found["seconds"])
    seeds = QUICK_SEEDS if quick else SEEDS
    for level in LEVELS:
        found = solitaire_turns(level, seeds, jobs)
        name = f"solitaire {level} turns"
        table[name] = _row(name, found["mean"], challenges=found["n"], ci95=found["ci95"])
    timed = QUICK_TIMED_GAMES if quick else TIMED_GAMES
    cpu_ms = {edition: p95_ms(move_times(edition, "expert", timed)[1]) for edition in EDITIONS}
    cpu_ms["solitaire"] = p95_ms(solitaire_move_times("expert", timed))
    for edition, ms in cpu_ms.items():
        name = f"{edition} expert move cpu ms p95"
        table[name] = _row(name, round(ms, 1), games=timed)
    return {"strength": table, "strength_jobs": jobs,
            "strength_goals_met": sum(r.get("met", False) for r in table.values()),
            "strength_goals": len(GOALS)}
