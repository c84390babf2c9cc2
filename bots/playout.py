"""The one bot play-out loop: chance and bots act, through each seat's view, until the game ends."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from bots.levels import Bot
from facade.contract import EngineState
from facade.events import Event

MAX_ACTIONS = 100_000  # far beyond any real game: a guard against a bot that loops


class Step(NamedTuple):
    """One applied action: the seat that took it (None for chance), the action, its events."""

    seat: int | None
    action: Any
    events: list[Event]


def play_out(
    state: EngineState,
    seats: Mapping[int, Bot],
    rng: random.Random | None = None,
    on_step: Callable[[Step], None] | None = None,
    max_actions: int = MAX_ACTIONS,
) -> int:
    """Apply chance actions and the bots' choices until the game is over, or until only seats
    without a bot may act (a person's turn); returns how many actions were applied.

    `seats` maps a seat to its bot; each bot sees only `state.view(seat)`. Where several seats
    may act, the first listed by `state.to_act()` that has a bot goes first. Dice come from
    `state.chance_action()`, or from `rng` when given (a game whose dice are not seeded).
    `on_step` is called after every applied action.
    """
    applied = 0
    while not state.is_over():
        if applied >= max_actions:
            raise RuntimeError(
                f"the game did not end within {max_actions} actions: a bot seems to go round "
                "in circles"
            )
        seat: int | None = None
        if state.is_chance():
            action = state.chance_action() if rng is None else state.chance_action(rng)
        else:
            seat = next((p for p in state.to_act() if p in seats), None)
            if seat is None:
                return applied
            action = seats[seat].choose(state.view(seat), seat)
        events = state.apply(action)
        applied += 1
        if on_step is not None:
            on_step(Step(seat, action, events))
    return applied
