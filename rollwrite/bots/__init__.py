"""Roll & Write bots by level, built by `bots.levels.make_bot("rollwrite", level, seed)`."""

from __future__ import annotations

from rollwrite.bots.greedy import GreedyBot
from rollwrite.bots.hint import hint
from rollwrite.bots.random_bot import RandomBot
from rollwrite.bots.strong import StrongBot

LEVELS = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}

__all__ = ["LEVELS", "GreedyBot", "RandomBot", "StrongBot", "hint"]
