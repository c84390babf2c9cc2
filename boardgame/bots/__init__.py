"""Card-edition bots behind one interface: `make_bot(level, seed).choose(view, player)`."""

from __future__ import annotations

from boardgame.bots.greedy import GreedyBot
from boardgame.bots.hint import hint
from boardgame.bots.random_bot import RandomBot
from boardgame.bots.strong import StrongBot

LEVELS = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}


def make_bot(level: str, seed: int = 0) -> RandomBot | GreedyBot | StrongBot:
    """A bot of the given level (`random`, `greedy` or `strong`)."""
    try:
        return LEVELS[level](seed)
    except KeyError:
        raise ValueError(f"unknown bot level '{level}': random, greedy or strong") from None


__all__ = ["LEVELS", "GreedyBot", "RandomBot", "StrongBot", "hint", "make_bot"]
