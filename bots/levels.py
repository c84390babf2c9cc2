"""Which bot plays which edition at which level: one `make_bot` for both editions."""

from __future__ import annotations

from typing import Any, Protocol

from bots.card import LEVELS as CARD_BASE_LEVELS
from bots.card_search import ExpertBot as CardExpertBot
from bots.rollwrite import LEVELS as DICE_BASE_LEVELS
from bots.rollwrite_expert import ExpertBot as DiceExpertBot

# The searching bots join each edition's own (`bots.rollwrite`, `bots.card`): `expert` is the
# top level of each edition.
DICE_LEVELS: dict[str, Any] = {**DICE_BASE_LEVELS, "expert": DiceExpertBot}
CARD_LEVELS: dict[str, Any] = {**CARD_BASE_LEVELS, "expert": CardExpertBot}

EDITIONS = ("rollwrite", "boardgame")
LEVELS_BY_EDITION: dict[str, dict[str, Any]] = {
    "rollwrite": DICE_LEVELS,
    "boardgame": CARD_LEVELS,
}
LEVEL_NAMES: tuple[str, ...] = tuple(DICE_LEVELS)  # both editions have the same levels


class Bot(Protocol):
    """A player that decides from what its seat may see (`state.view(seat)`)."""

    def choose(self, view: dict[str, Any], player: int) -> Any:
        """The action this bot takes in seat `player`."""
        ...


def _either(names: tuple[str, ...]) -> str:
    """`a, b or c`: the choices of an error message."""
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


def check_level(level: str) -> str:
    """`level` itself when it is a bot level; ValueError naming the levels there are if not."""
    if level not in LEVEL_NAMES:
        raise ValueError(f"unknown bot level '{level}': {_either(LEVEL_NAMES)}")
    return level


def make_bot(edition: str, level: str, seed: int = 0) -> Bot:
    """A bot of `level` (`random`, `greedy`, `strong` or `expert`) for `edition` (`rollwrite` or
    `boardgame`), its own random choices seeded with `seed`."""
    if edition not in LEVELS_BY_EDITION:
        raise ValueError(f"unknown edition '{edition}': {_either(EDITIONS)}")
    return LEVELS_BY_EDITION[edition][check_level(level)](seed)
