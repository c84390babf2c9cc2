"""The par of a solitaire challenge: the strong bot's result on the same seed (its turns to
12 points, its score), computed once per seed by a background job (webapp/jobs.py) as soon as
a challenge of that seed is created, and kept in the table `pars`. The result page reads it
and never computes it: until it is ready the page says it is being computed. The job claims
the par when it starts and tries again after a passing fault (webapp.jobs.Retry), as the
reviews do (webapp/reviews.py)."""

from __future__ import annotations

import logging
from datetime import timedelta
from functools import partial
from typing import Any

from webapp.deps import Par
from webapp.jobs import Jobs, Retry, elsewhere, passing
from webapp.store import Derived, Store

log = logging.getLogger(__name__)

LEVEL = "strong"  # the bot whose result on the same seed is the par to beat
VERSION = 1  # of the par's bot: a par an older one found is computed again
CLAIM_LIMIT = timedelta(minutes=5)  # a pending claim older than this is a dead worker's


def _par(seed: str) -> dict[str, Any]:
    """The par, in the search process."""
    from bots.solitaire import play  # the search is heavy: loaded where it runs

    out = play(seed, LEVEL)
    return {"turns": out["turns"], "score": out["score"], "reached_12": out["reached_12"]}


def bot_par(seed: str) -> dict[str, Any]:
    """The strong bot's result on the challenge of `seed`: turns, score, reached 12, played
    in the search process (webapp.jobs.elsewhere)."""
    return elsewhere(_par, seed)


def run(store: Store, seed: str, retry: Retry | None = None, *, compute: Par) -> str:
    """The job: claim the par of `seed`, compute it (by `compute`: the app's, webapp.deps),
    store it, each step again after a passing fault (`retry`) without losing what was done;
    ready, failed (a bug, logged), taken (another worker has it) or later (the fault did not
    pass: the claim expires)."""
    claim: list[str] = []
    done: list[dict[str, Any]] = []

    def attempt() -> str:
        if not claim:
            token = store.claim_par(seed, LEVEL, VERSION, CLAIM_LIMIT)
            if token is None:
                return "taken"
            claim.append(token)
        if not done:
            done.append(compute(seed))
        return "ready" if store.finish_par(seed, LEVEL, claim[0], "ready", done[0]) else "taken"

    try:
        return (retry or Retry())(f"par {seed}", attempt)
    except Exception as err:
        if passing(err):
            log.error("the par of %s met a fault that did not pass (%s); its claim expires "
                      "in %s", seed, type(err).__name__, CLAIM_LIMIT)
            return "later"
        if claim:
            store.finish_par(seed, LEVEL, claim[0], "failed")
        raise  # logged by the pool


def ahead(store: Store, jobs: Jobs, seed: str, *, compute: Par) -> None:
    """Hand the par of `seed` (by `compute`) to a job, when a challenge of that seed starts:
    it is ready long before the game's result page asks for it (the job claims it when it
    starts; the request that created the game waits for nothing)."""
    jobs.submit(f"par {seed}", partial(run, compute=compute), store, seed, jobs.retry)


def current(store: Store, jobs: Jobs, seed: str, *, compute: Par) -> Derived | None:
    """The par of `seed` as it stands, after handing its computing (by `compute`) to a job
    when there is none (or only a stale claim): what the result page shows. Never waits."""
    found = store.par(seed, LEVEL)
    if found is None or found.stale(VERSION, CLAIM_LIMIT):
        jobs.submit(f"par {seed}", partial(run, compute=compute), store, seed, jobs.retry)
    return found
