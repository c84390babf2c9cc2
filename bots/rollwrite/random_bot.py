"""The random Roll & Write bot: a uniform choice among the legal actions."""

from __future__ import annotations

import random

from rollwrite.actions import Action, Undo
from rollwrite.state import GameState


class RandomBot:
    """Uniform over legal actions (never `undo`, which would only lengthen the game)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict, player: int) -> Action:
        """A uniformly random legal action for `player`."""
        state = GameState.from_view(view, self.rng.randrange(1 << 30))
        options = [a for a in state.legal_actions(player) if not isinstance(a, Undo)]
        if not options:
            raise ValueError("no decision to take for this player now")
        return self.rng.choice(options)
