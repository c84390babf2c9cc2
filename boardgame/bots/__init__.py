"""Card-edition bots behind one interface: `make_bot(level, seed).choose(view, player)`."""

from __future__ import annotations

from boardgame.actions import Action, Build, Take
from boardgame.bots.greedy import GreedyBot
from boardgame.bots.random_bot import RandomBot
from boardgame.bots.strong import StrongBot

LEVELS = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}


def make_bot(level: str, seed: int = 0) -> RandomBot | GreedyBot | StrongBot:
    """A bot of the given level (`random`, `greedy` or `strong`)."""
    try:
        return LEVELS[level](seed)
    except KeyError:
        raise ValueError(f"unknown bot level '{level}': random, greedy or strong") from None


def hint(view: dict, player: int) -> tuple[Action, str]:
    """The strong bot's action for `player`, with a one-line reason."""
    bot = StrongBot(seed=0)
    action = bot.choose(view, player)
    if isinstance(action, Build):
        why = f"builds {action.tile} where it brings the board closest to scoring lines"
    elif isinstance(action, Take):
        why = "these cards fit the colours your hand is gathering"
    else:
        why = "the best choice for this step"
    return action, why


__all__ = ["LEVELS", "GreedyBot", "RandomBot", "StrongBot", "hint", "make_bot"]
