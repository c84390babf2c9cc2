"""Card-edition bots by level, built by `bots.levels.make_bot("boardgame", level, seed)`."""

from __future__ import annotations

from boardgame.bots.greedy import GreedyBot
from boardgame.bots.hint import hint
from boardgame.bots.random_bot import RandomBot
from boardgame.bots.strong import StrongBot

LEVELS = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}

__all__ = ["LEVELS", "GreedyBot", "RandomBot", "StrongBot", "hint"]
