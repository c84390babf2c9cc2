"""A guided game: a fixed game config and the actions played in order, some by the learner (a
`Step` with its one-sentence explanation), the others by the script (the other seat, the dice
after a reroll). The engine judges every action; the script only says which one comes next."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from facade.events import Event
from webapp.games.engines import FACTORIES


@dataclass(frozen=True)
class Step:
    """An action the learner plays, the sentence that says what and why, and its rules page
    section (`#anchor` of /rules/<edition>)."""

    action: str
    says: Any  # a lazy string: said in the page's language
    section: str


@dataclass(frozen=True)
class Auto:
    """An action the script plays by itself (the other player, the app's dice)."""

    action: str


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: scripts are constants
class Script:
    """One guided game: its edition, its config (players and seed) and its moves in order."""

    name: str  # the address: /learn/<name>
    edition: str  # the engine: a key of webapp.games.engines.FACTORIES
    rules: str  # the rules page: /rules/<rules>
    config: dict[str, Any]
    moves: tuple[Step | Auto, ...]
    me: int = 0  # the learner's seat
    steps: tuple[Step, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", tuple(m for m in self.moves if isinstance(m, Step)))

    def new_state(self) -> Any:
        """The game before its first move."""
        return FACTORIES[self.edition](self.config)


@dataclass
class Position:
    """A guided game just before the learner's step `index`: the state and what happened
    since the learner's previous step (their own move and the script's moves, as events)."""

    index: int
    state: Any
    events: list[Event]


def position(script: Script, index: int) -> Position:
    """The game as it stands when step `index` is to be played (index == len(steps): after
    the last step and the script's moves that follow it). A copy: callers may change it."""
    state, events = _position(script, index)
    return Position(index, state.clone(), list(events))


@lru_cache(maxsize=64)
def _position(script: Script, index: int) -> tuple[Any, tuple[Event, ...]]:
    """Replay the moves up to step `index` (kept: every page view of a step needs it)."""
    if not 0 <= index <= len(script.steps):
        raise IndexError(index)
    state = script.new_state()
    seen = 0
    events: list[Event] = []
    for move in script.moves:
        if isinstance(move, Step):
            if seen == index:
                break
            seen += 1
            events = []
        events.extend(state.apply(move.action))
    return state, tuple(events)
