"""The services an app's requests and background jobs call that a test replaces (the bots,
the reviewer, the par's search, the date, the search processes), built by
`create_app(config, deps)` and kept on the app, never in module globals a test would have to
patch."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NoReturn, Protocol

from flask import Flask, current_app

if TYPE_CHECKING:
    from facade.gametext import GameText
    from webapp.platform.jobs import Searchers

KEY = "copenhagen"  # the app.extensions entry that holds the app's Deps

BotMaker = Callable[[str, int], Any]  # (level, seed) -> a bot with choose(view, seat)
Par = Callable[[str], dict[str, Any]]  # a challenge's dice seed -> its par (webapp/solo/pars.py)


class Review(Protocol):
    """What reviews a finished game (webapp/review/reviews.py): its game text, play-outs a move
    (None: the reviewer's own counts) -> the review's body."""

    def __call__(self, text: GameText, rollouts: int | None = None) -> dict[str, Any]: ...


def _unset(*_args: Any, **_kwargs: Any) -> NoReturn:
    """A service the app was not given: create_app puts the real one in its place
    (webapp/services.py), so this runs only on a Deps no app installed."""
    raise LookupError("a service of a Deps that no app installed (create_app fills them in)")


_NO_MAKERS: Mapping[str, BotMaker] = MappingProxyType({})  # none given: create_app's


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Deps:
    """One app's services. A field left out (`_unset`, no makers) is filled by create_app with
    the real one (webapp/services.py: the bots of bots.levels, the reviewer and the par's
    strong bot in the search process, today's UTC date, a random seed); `now` is the clock."""

    def given(self) -> dict[str, Any]:
        """The fields set, by name (the others are for create_app to fill)."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if all(getattr(self, f.name) is not unset
                       for unset in (_unset, _NO_MAKERS, None))}

    makers: Mapping[str, BotMaker] = field(default_factory=lambda: _NO_MAKERS)  # edition -> maker
    review: Review = _unset  # a finished game's review (run by a background job)
    par: Par = _unset  # the par of a challenge's dice seed (a background job)
    today: Callable[[], str] = _unset  # the daily challenge's seed: `2026-11-24`
    new_seed: Callable[[], str] = _unset  # a new table's dice seed (secret, random)
    now: Callable[[], datetime] = _now  # the turn-based tables' clock (webapp/turns/)
    # the search processes (bots' turns, hints, jobs); None: create_app makes them from its
    # settings (webapp.platform.jobs.make_searchers); a test shares one set across its apps
    searchers: Searchers | None = None


def install(app: Flask, found: Deps) -> Deps:
    """Keep `found` (every service set) on the app."""
    app.extensions[KEY] = found
    return found


def deps() -> Deps:
    """The services of the current app."""
    found: Deps = current_app.extensions[KEY]
    return found
