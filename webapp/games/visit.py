"""One request's look at a game: the game and its seats loaded in one query, the seat this
browser holds, whether it hosts, and the state replayed at most once (from the process's
cache when it is current, with no query at all), passed along instead of going back to the
store for each."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, TypeVar

from facade.contract import EngineState
from webapp.platform.context import is_host, seat_token
from webapp.platform.store import Game, NotFound, Seat, Store

if TYPE_CHECKING:
    from webapp.games.engines import AnyState

S = TypeVar("S")


@dataclass
class Visit:
    """A game as one request sees it; `load` is the request's one read of the store."""

    store: Store
    game: Game
    seats: list[Seat]
    _states: dict[int | None, AnyState] = field(default_factory=dict, repr=False)

    @classmethod
    def load(cls, store: Store, code: str, kinds: tuple[str, ...]) -> Visit:
        """The game of `code` with its seats; NotFound when none of `kinds` has it (a code of
        another kind of game is as unknown here as a code of none)."""
        game, seats = store.load(code)
        if game.kind not in kinds:
            raise NotFound(code)
        return cls(store, game, seats)

    @cached_property
    def seat(self) -> int | None:
        """The seat this browser's `seat_<CODE>` cookie holds, if any (no query)."""
        return Store.holder(self.seats, seat_token(self.game.code))

    @cached_property
    def host(self) -> bool:
        """Whether this browser holds the game's host token."""
        return is_host(self.game)

    @property
    def bots(self) -> dict[int, str]:
        """Seat -> level of the game's bot seats."""
        return {s.seat: s.bot for s in self.seats if s.bot}

    def state(self, at: int | None = None) -> AnyState:
        """The game's state now (or after its first `at` actions), replayed once per request:
        the same object each time, so a caller must not change it."""
        if at not in self._states:
            self._states[at] = (self.store.state(self.game) if at is None
                                else self.store.state_at(self.game, at))
        return self._states[at]

    def state_as(self, kind: type[S], at: int | None = None) -> S:
        """`state` as the edition's state type (TypeError for a game of another edition)."""
        state = self.state(at)
        if not isinstance(state, kind):
            raise TypeError(f"game {self.game.code} ({self.game.edition}) has no "
                            f"{kind.__name__}")
        return state

    def engine_state(self) -> EngineState:
        """`state` as the engine contract sees it (what the play pipeline and bots use)."""
        state = self.state()
        if not isinstance(state, EngineState):
            raise TypeError(f"game {self.game.code} ({self.game.edition}) is played by no "
                            "engine")
        return state

    def moved(self, state: AnyState) -> None:
        """The request changed the game: `state` is its present from now on (for the bots and
        the answer), the game's row follows its move number."""
        self._states = {None: state}
        status = "over" if state.is_over() else self.game.status
        self.game = replace(self.game, seq=state.seq, status=status)
