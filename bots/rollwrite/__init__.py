"""Roll & Write bots by level, built by `bots.levels.make_bot("rollwrite", level, seed)`."""

from __future__ import annotations

from bots.rollwrite.greedy import GreedyBot
from bots.rollwrite.random_bot import RandomBot
from bots.rollwrite.strong import StrongBot

LEVELS = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}

__all__ = ["LEVELS", "GreedyBot", "RandomBot", "StrongBot"]
