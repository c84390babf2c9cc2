"""The one bot play-out loop: chance and bots act, through each seat's view, until the game ends."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, Protocol

from bots.levels import Bot
from facade.events import Event

MAX_ACTIONS = 100_000  # far beyond any real game: a guard against a bot that loops


class Playable(Protocol):
    """What the loop needs of a game state (both editions' states have it)."""

    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    def is_chance(self) -> bool:
        """Whether dice must be rolled now."""
        ...

    def chance_action(self, rng: random.Random | None = None) -> Any:
        """The dice roll due now (asked only while `is_chance()`; cards never are)."""
        ...

    def to_act(self) -> list[int]:
        """Seats that may act now."""
        ...

    def view(self, player: int) -> dict[str, Any]:
        """What `player` may see."""
        ...

    def apply(self, action: Any) -> list[Event]:
        """Apply one action."""
        ...


class Step(NamedTuple):
    """One applied action: the seat that took it (None for chance), the action, its events."""

    seat: int | None
    action: Any
    events: list[Event]


def play_out(
    state: Playable,
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
