"""The cached fast paths of move generation list exactly what the plain rules list."""

from __future__ import annotations

import random

from boardgame import movegen as card_movegen
from boardgame.game import new_game as new_card_game
from boardgame.material import COLOUR_COUNT
from boardgame.phases import ACT, BUILD


def _card_states(games: int, seed: int) -> list:
    """States of random 2-4 player card games, with abilities and hands shuffled about."""
    out = []
    for g in range(games):
        rng = random.Random(seed + g)
        state = new_card_game(2 + g % 3, seed + g)
        while not state.is_over():
            if state.phase in (ACT, BUILD):
                twin = state.clone()
                p = twin.active
                for ab in ("discount", "change"):
                    if rng.random() < 0.5:
                        twin.abilities[p][ab] = rng.choice(("active", "used"))
                twin.hands[p] = [rng.randrange(0, 5) for _ in range(COLOUR_COUNT)]
                out.append(twin)
            state.apply(rng.choice(state.legal_actions()))
    return out


def test_card_build_options_match_the_plain_rule() -> None:
    for state in _card_states(24, 500):
        for _ in range(2):  # the second time from the caches
            assert card_movegen.build_options(state) == card_movegen.build_options_plain(state)

