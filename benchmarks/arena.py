"""Bot against bot: win rates with 95 % confidence intervals, seats rotated every game."""

from __future__ import annotations

import importlib
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bots.levels import EDITIONS, make_bot
from bots.playout import play_out


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_one(edition: str, levels: list[str], seed: int) -> dict[str, Any]:
    """One game; seat i is played by a bot of level levels[i]."""
    engine = importlib.import_module(edition)
    state = engine.new_game(len(levels), seed)
    play_out(state, {i: make_bot(edition, level, seed * 31 + i) for i, level in enumerate(levels)})
    return {"winners": state.winners(), "scores": state.scores(), "turns": state.turn + 1}


def _play_many(args: tuple[str, list[str], int, int, list[int]]) -> list[dict[str, Any]]:
    edition, bots, players, seed, games = args
    out = []
    for g in games:
        levels = [bots[(i + g) % len(bots)] for i in range(players)]
        result = play_one(edition, levels, seed * 1_000_003 + g)
        result["levels"] = levels
        out.append(result)
    return out


def match(edition: str, bots: list[str], players: int, games: int, seed: int,
          workers: int = 2) -> dict[str, Any]:
    """Play `games` games and report wins (a shared win counts 1/k), rates and intervals."""
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition '{edition}'")
    start = time.perf_counter()
    chunks = [list(range(w, games, workers)) for w in range(workers)]
    jobs = [(edition, bots, players, seed, c) for c in chunks if c]
    if workers > 1 and len(jobs) > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = [r for part in pool.map(_play_many, jobs) for r in part]
    else:
        results = [r for job in jobs for r in _play_many(job)]
    wins = dict.fromkeys(bots, 0.0)
    seats = dict.fromkeys(bots, 0)
    score_sum = dict.fromkeys(bots, 0.0)
    turns = 0
    for r in results:
        turns += r["turns"]
        for i, level in enumerate(r["levels"]):
            seats[level] += 1
            score_sum[level] += r["scores"][i]
        for w in r["winners"]:
            wins[r["levels"][w]] += 1 / len(r["winners"])
    # with several seats of one bot in a game, a game counts once per seat it holds
    per_game = {b: seats[b] / max(1, len(results)) for b in bots}
    n = len(results)
    rate = {b: wins[b] / n if n else 0.0 for b in bots}
    return {
        "edition": edition,
        "bots": bots,
        "players": players,
        "games": n,
        "seconds": round(time.perf_counter() - start, 1),
        "wins": {b: round(w, 2) for b, w in wins.items()},
        "win_rate": {b: round(r, 4) for b, r in rate.items()},
        "ci95": {b: [round(x, 4) for x in wilson(wins[b], n)] for b in bots},
        "mean_scores": {b: round(score_sum[b] / max(1, seats[b]), 2) for b in bots},
        "seats_per_game": per_game,
        "mean_turns": round(turns / n, 2) if n else 0,
    }
