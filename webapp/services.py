"""The real services of an app (webapp/platform/deps.py), made by create_app for whatever its
`deps` leaves out: the features' own functions, which the platform may not import."""

from __future__ import annotations

from dataclasses import replace

from webapp.games.botplay import MAKERS
from webapp.games.seats import new_seed
from webapp.platform.deps import Deps
from webapp.review.reviews import bot_review
from webapp.solo.pars import bot_par
from webapp.solo.records import today


def real() -> Deps:
    """Every service the real one: the bots of bots.levels, the reviewer and the par's strong
    bot in the search process, today's UTC date, a secret random seed, the time now."""
    return Deps(makers=dict(MAKERS), review=bot_review, par=bot_par, today=today,
                new_seed=new_seed)


def complete(given: Deps | None) -> Deps:
    """`given` with the real service in place of every one it leaves out."""
    return replace(real(), **(given.given() if given else {}))
