"""The real services of an app (webapp/platform/deps.py), made by create_app for whatever its
`deps` leaves out: the features' own functions, which the platform may not import."""

from __future__ import annotations

from dataclasses import replace

from webapp.games.botplay import stock_makers
from webapp.games.seats import new_seed
from webapp.platform.deps import Deps
from webapp.platform.jobs import Searchers
from webapp.review.reviews import BotReview
from webapp.solo.pars import BotPar
from webapp.solo.records import today


def real(searchers: Searchers) -> Deps:
    """Every service the real one, on the app's search processes: the bots of bots.levels
    (the searching levels in `searchers.bots`), the reviewer and the par's strong bot in
    `searchers.jobs`, today's UTC date, a secret random seed, the time now."""
    return Deps(makers=stock_makers(searchers.bots), review=BotReview(searchers.jobs),
                par=BotPar(searchers.jobs), today=today, new_seed=new_seed,
                searchers=searchers)


def complete(given: Deps | None, searchers: Searchers) -> Deps:
    """`given` with the real service in place of every one it leaves out (`searchers`: the
    app's search processes, given or made from its settings)."""
    return replace(real(searchers), **(given.given() if given else {}))
