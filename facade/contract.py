"""The engine contract: what every edition's game state offers, named once. Both editions'
`GameState` satisfy `EngineState` (a type checker checks it: tests/test_contract.py), and the
web app, the bots and the game store are written against it, never against one edition.

The shape follows OpenSpiel's state: the legal actions of a seat, apply, chance (is it due,
and the chance action itself), whose turn it is and in which phase, the end and its winners,
and what one seat may know (`player_view` for pages, `view` for bots, which also carries the
seat's own hidden cards but never the seed)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, Self, runtime_checkable

from facade.events import Event
from facade.view import ViewHead


@runtime_checkable
class StoredState(Protocol):
    """What the game store needs of a state: the log it replays and where it stands."""

    @property
    def seq(self) -> int:
        """Actions applied so far."""
        ...

    @property
    def log(self) -> list[str]:
        """Every applied action, one line of the edition's notation each."""
        ...

    def apply(self, action: Any) -> list[Event]:
        """Apply one action (or its line); IllegalAction leaves the state unchanged."""
        ...

    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    def clone(self) -> Self:
        """An independent copy."""
        ...


@runtime_checkable
class EngineState(StoredState, Protocol):
    """One position of a game of either edition."""

    config: dict[str, Any]

    @property
    def players(self) -> int:
        """How many seats the game has."""
        ...

    def legal_actions(self, player: int | None = None) -> Sequence[Any]:
        """The actions `player` (anyone, for None) may take now."""
        ...

    @property
    def active(self) -> int:
        """The seat whose turn it is (who rolls, or takes cards); once the game is over, the
        seat whose turn ended it. Other seats may act too in some phases: see `to_act`."""
        ...

    @property
    def phase(self) -> str:
        """The name of the phase the turn stands in (each edition's `Phase`, a str enum)."""
        ...

    def is_chance(self) -> bool:
        """Whether chance (the dice) moves next."""
        ...

    def chance_action(self, rng: random.Random | None = None) -> Any:
        """The chance action due now (a roll of the dice: from the game's seed, or from `rng`
        where real dice are rolled); IllegalAction when `is_chance()` is False (the card
        edition deals from its seeded deck inside `apply`: it is never due there)."""
        ...

    def to_act(self) -> list[int]:
        """The seats that may act now."""
        ...

    def scores(self) -> list[int]:
        """Each seat's points."""
        ...

    def winners(self) -> list[int]:
        """The winning seats once the game is over."""
        ...

    def player_view(self, player: int | None) -> ViewHead:
        """What a page shows to `player` (None: a watcher): public information and that
        seat's own hidden information only. The contract promises the head both editions
        share (facade.view.ViewHead); each edition's state gives its whole view's type
        (rollwrite.view.DiceView, boardgame.view.CardView)."""
        ...

    def view(self, player: int) -> dict[str, Any]:
        """What a bot in seat `player` may know (never the seed, never another's hand)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data."""
        ...
