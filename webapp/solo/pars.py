"""The par of a solitaire challenge: the strong bot's result on the same seed (its turns to
12 points, its score), computed once per seed by a background job (webapp/platform/jobs.py) as
soon as
a challenge of that seed is created, and kept in the table `pars`. The bot plays the game's
own dice: a keyed challenge's (webapp/solo/dice.py), whose par is kept under KEYED_LEVEL,
or for a game from before the key the open dice of its public seed, whose par rows are the
ones stored then (under LEVEL). The result page reads it
and never computes it: until it is ready the page says it is being computed. The job claims
the par when it starts and tries again after a passing fault (webapp.platform.jobs.Retry), as the
reviews do (webapp/review/reviews.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import Any

from bots.solitaire import play
from webapp.platform.deps import Par
from webapp.platform.jobs import Derivation, Jobs, Retry, Searcher, derive
from webapp.platform.store import Derived, Game, Store
from webapp.solo.dice import KEYED, source
from webapp.solo.records import challenge_of

LEVEL = "strong"  # the bot whose result on the same seed is the par to beat
KEYED_LEVEL = "strong/keyed"  # the same bot on the keyed dice (the rows' `level` key)
VERSION = 1  # of the par's bot: a par an older one found is computed again
CLAIM_LIMIT = timedelta(minutes=5)  # a pending claim older than this is a dead worker's


def _par(seed: str) -> dict[str, Any]:
    """The par, in the search process."""
    out = play(seed, LEVEL)
    return {"turns": out["turns"], "score": out["score"], "reached_12": out["reached_12"]}


@dataclass(frozen=True)
class BotPar:
    """The strong bot's result on the challenge whose dice seed is `seed`: turns, score,
    reached 12, played in the app's search process for jobs (`searcher`,
    webapp.platform.jobs.Searchers.jobs)."""

    searcher: Searcher

    def __call__(self, seed: str) -> dict[str, Any]:
        result: dict[str, Any] = self.searcher.run(_par, seed)
        return result


def of_game(game: Game) -> tuple[str, str, str]:
    """A challenge game's par as (its public seed, the dice seed the bot plays, the level its
    row is kept under): the keyed dice, or the open dice of a game from before the key."""
    challenge = challenge_of(game) or {}
    seed = str(challenge.get("seed"))
    if source(challenge) == KEYED:
        return seed, str(game.config["seed"]), KEYED_LEVEL
    return seed, seed, LEVEL


def run(store: Store, seed: str, retry: Retry | None = None, *, compute: Par,
        dice: str | None = None, level: str = LEVEL) -> str:
    """The job: the par of `seed` (its row under `level`) claimed, computed on the dice seed
    `dice` (default: `seed`, the open dice) by `compute` (the app's, webapp.platform.deps)
    and kept (webapp.platform.jobs.derive): ready, failed (a bug, logged by the pool), taken
    or later."""
    return derive(Derivation(
        f"par {seed}",
        claim=lambda: store.claim_par(seed, level, VERSION, CLAIM_LIMIT),
        compute=lambda: compute(dice or seed),
        finish=lambda token, status, body: store.finish_par(seed, level, token, status, body),
        limit=CLAIM_LIMIT), retry)


def ahead(store: Store, jobs: Jobs, seed: str, *, compute: Par, dice: str | None = None,
          level: str = LEVEL) -> None:
    """Hand the par of `seed` (by `compute`, on the dice seed `dice`, kept under `level`) to a
    job, when a challenge of that seed starts: it is ready long before the game's result page
    asks for it (the job claims it when it starts; the request that created the game waits
    for nothing). The job's name holds the public seed only."""
    jobs.submit(f"par {seed}", partial(run, compute=compute, dice=dice, level=level), store,
                seed, jobs.retry)


def current(store: Store, jobs: Jobs, seed: str, *, compute: Par, dice: str | None = None,
            level: str = LEVEL) -> Derived | None:
    """The par of `seed` (kept under `level`) as it stands, after handing its computing (by
    `compute`, on the dice seed `dice`) to a job when there is none (or only a stale claim):
    what the result page shows. Never waits."""
    found = store.par(seed, level)
    if found is None or found.stale(VERSION, CLAIM_LIMIT):
        jobs.submit(f"par {seed}", partial(run, compute=compute, dice=dice, level=level),
                    store, seed, jobs.retry)
    return found
