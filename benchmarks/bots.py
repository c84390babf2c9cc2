"""Bot speed: the strong bots' move times (p95), part of every `copenhagen bench`; the timing
helpers the strength run (`benchmarks/strength.py`, `bench --strength`) uses too."""

from __future__ import annotations

import importlib
import time
from typing import Any

from bots.levels import Bot, make_bot
from bots.playout import play_out
from rollwrite.solitaire import new_challenge


class Timed:
    """A bot that notes how long each of its decisions takes."""

    def __init__(self, bot: Bot, times: list[float], cpu: list[float] | None = None) -> None:
        self.bot, self.times, self.cpu = bot, times, cpu if cpu is not None else []

    def choose(self, view: dict[str, Any], player: int) -> Any:
        """The wrapped bot's choice, timed (wall clock, and this process's CPU time)."""
        start, start_cpu = time.perf_counter(), time.process_time()
        action = self.bot.choose(view, player)
        self.times.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - start_cpu)
        return action


def p95_ms(times: list[float]) -> float:
    """The 95th percentile of durations in seconds, in milliseconds."""
    times = sorted(times)
    return times[int(0.95 * (len(times) - 1))] * 1000 if times else 0.0


def move_times(edition: str, level: str, games: int, seed: int = 1
               ) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU durations of every decision of a bot of `level` over whole 2-player
    games against greedy."""
    engine = importlib.import_module(edition)
    times: list[float] = []
    cpu: list[float] = []
    for g in range(games):
        state = engine.new_game(2, seed * 1000 + g)
        bot = Timed(make_bot(edition, level, g), times, cpu)
        play_out(state, {0: bot, 1: make_bot(edition, "greedy", g + 1)})
    return times, cpu


def solitaire_move_times(level: str, challenges: int) -> list[float]:
    """CPU durations of every decision of a bot of `level` over the solitaire challenges of
    seeds 0..challenges-1 (the expert's heaviest: its play-outs run on to 12 points)."""
    cpu: list[float] = []
    for seed in range(challenges):
        play_out(new_challenge(seed), {0: Timed(make_bot("rollwrite", level, 0), [], cpu)})
    return cpu


def strong_move_ms_p95(edition: str, games: int, seed: int = 1) -> float:
    """95th percentile of the strong bot's decision time over whole 2-player games."""
    return p95_ms(move_times(edition, "strong", games, seed)[0])


def measure(quick: bool = False) -> dict[str, Any]:
    """Figures for `copenhagen bench`: the strong bot's move time (p95) in each edition."""
    games = 1 if quick else 6
    return {
        "strong_move_ms_p95": round(strong_move_ms_p95("rollwrite", games), 1),
        "card_strong_move_ms_p95": round(strong_move_ms_p95("boardgame", games), 1),
    }
