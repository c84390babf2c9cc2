"""Bot speed and strength figures: strong move time (p95) and solitaire turns to 12."""

from __future__ import annotations

import importlib
import statistics
import time
from typing import Any

from bots.levels import Bot, make_bot
from bots.playout import play_out
from bots.solitaire import play_state


class Timed:
    """A bot that notes how long each of its decisions takes."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot, self.times = bot, times

    def choose(self, view: dict[str, Any], player: int) -> Any:  # noqa: ANN401
        """The wrapped bot's choice, timed."""
        start = time.perf_counter()
        action = self.bot.choose(view, player)
        self.times.append(time.perf_counter() - start)
        return action


def strong_move_ms_p95(edition: str, games: int, seed: int = 1) -> float:
    """95th percentile of the strong bot's decision time over whole 2-player games."""
    engine = importlib.import_module(edition)
    times: list[float] = []
    for g in range(games):
        state = engine.new_game(2, seed * 1000 + g)
        strong = Timed(make_bot(edition, "strong", g), times)
        play_out(state, {0: strong, 1: make_bot(edition, "greedy", g + 1)})
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
