"""Card-edition bots by level, built by `bots.levels.make_bot("boardgame", level, seed)`."""

from __future__ import annotations

from bots.card.greedy import GreedyBot
from bots.card.random_bot import RandomBot
from bots.card.strong import StrongBot

LEVELS = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}

__all__ = ["LEVELS", "GreedyBot", "RandomBot", "StrongBot"]
