"""The services an app's requests and background jobs call that a test replaces (the bots,
the reviewer, the par's search, the date), built by `create_app(config, deps)` and kept on
the app, never in module globals a test would have to patch."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol

from flask import Flask, current_app

if TYPE_CHECKING:
    from facade.gametext import GameText

KEY = "copenhagen"  # the app.extensions entry that holds the app's Deps

BotMaker = Callable[[str, int], Any]  # (level, seed) -> a bot with choose(view, seat)
Par = Callable[[str], dict[str, Any]]  # a challenge's dice seed -> its par (webapp/solo/pars.py)


class Review(Protocol):
    """What reviews a finished game (webapp/review/reviews.py): its game text, play-outs a move
    (None: the reviewer's own counts) -> the review's body."""

    def __call__(self, text: GameText, rollouts: int | None = None) -> dict[str, Any]: ...


def _makers() -> dict[str, BotMaker]:
    from webapp.games.botplay import MAKERS

    return dict(MAKERS)


def _review(text: GameText, rollouts: int | None = None) -> dict[str, Any]:
    from webapp.review.reviews import bot_review

    return bot_review(text, rollouts)


def _par(seed: str) -> dict[str, Any]:
    from webapp.solo.pars import bot_par

    return bot_par(seed)


def _new_seed() -> str:
    from webapp.games.seats import new_seed

    return new_seed()


def _now() -> datetime:
    return datetime.now(UTC)


def _today() -> str:
    from webapp.solo.records import today

    return today()


@dataclass(frozen=True)
class Deps:
    """One app's services; the defaults are the real ones (the bots of bots.levels, the
    reviewer and the par's strong bot in the search process, today's UTC date, the time now)."""

    makers: Mapping[str, BotMaker] = field(default_factory=_makers)  # edition -> bot maker
    review: Review = _review  # a finished game's review (run by a background job)
    par: Par = _par  # the par of a challenge's dice seed (a background job)
    today: Callable[[], str] = _today  # the daily challenge's seed: `2026-11-24`
    new_seed: Callable[[], str] = _new_seed  # a new table's dice seed (secret, random)
    now: Callable[[], datetime] = _now  # the turn-based tables' clock (webapp/turns/)


def install(app: Flask, given: Deps | None) -> Deps:
    """Keep `given` (or the real services) on the app."""
    found = given or Deps()
    app.extensions[KEY] = found
    return found


def deps() -> Deps:
    """The services of the current app."""
    found: Deps = current_app.extensions[KEY]
    return found
