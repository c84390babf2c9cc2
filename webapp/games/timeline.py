"""A Roll & Write game replayed once, with a copy of its state every few actions: any position
of a replay or of a challenge's turns chart is a copy and a few actions away."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from facade.gametext import GameText
from rollwrite.state import GameState

EDITION = "rollwrite"  # the edition whose games are replayed

SNAPSHOT_EVERY = 25  # actions between the states a timeline keeps: any step is <= 24 away
TIMELINES = 16  # replayed games a process keeps (a 700-action game keeps 29 states)


@dataclass
class Timeline:
    """A game replayed once: every step's notation, turn and events, and a copy of the state
    every SNAPSHOT_EVERY actions, so that any position is a copy and a few actions away (a
    page of a long replay no longer replays the whole log)."""

    turns: list[int]  # turn number at each position 0..last
    notation: list[str]  # per action, as the engine logged it
    events: list[list[dict[str, Any]]]  # per action, what it caused
    snapshots: list[GameState]  # the state at positions 0, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY...

    @property
    def last(self) -> int:
        """Actions in the game."""
        return len(self.notation)

    def state_at(self, at: int) -> GameState:
        """The state after `at` actions: the nearest kept copy, then the actions after it."""
        k = at // SNAPSHOT_EVERY
        state = self.snapshots[k].clone()
        for line in self.notation[k * SNAPSHOT_EVERY:at]:
            state.apply(line)
        return state


def timeline(text: GameText, factory: Callable[[dict[str, Any]], object]) -> Timeline:
    """Replay a game's text once on `factory(config)` (the app's Roll & Write engine: its
    factory is typed for every edition, hence the check), keeping what every position of the
    replay needs."""
    state = factory(text.config)
    if not isinstance(state, GameState):
        raise TypeError(f"replays are of {EDITION} games, not {type(state).__name__}")
    out = Timeline([state.turn + 1], [], [], [state.clone()])
    for n, (_line, action) in enumerate(text.actions, start=1):
        events = state.apply(action)
        out.turns.append(state.turn + 1)
        out.notation.append(state.log[-1])
        out.events.append([e.to_dict() for e in events])
        if n % SNAPSHOT_EVERY == 0:
            out.snapshots.append(state.clone())
    return out
