"""The random card-edition bot: a uniform choice among the legal actions."""

from __future__ import annotations

import random

from boardgame.actions import Action
from boardgame.state import GameState


class RandomBot:
    """Uniform over legal actions, decided on a world sampled from the view."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict, player: int) -> Action:
        """A uniformly random legal action for `player`."""
        state = GameState.from_view(view, player, self.rng)
        options = state.legal_actions(player)
        if not options:
            raise ValueError("no decision to take for this player now")
        return self.rng.choice(options)
