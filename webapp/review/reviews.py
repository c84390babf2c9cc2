"""The review of a finished game, computed once and kept (table `reviews`): each turn's move
beside the best move the reviewer found, what the difference cost, an accuracy per player
(bots.review). It is computed by a background job (webapp/platform/jobs.py) handed over by the
request
whose move ended the game (`Store.when_over`), or by the review page when a finished game has
none yet (one that ended before reviews existed, a pasted game, a job lost in a restart). A
page never computes it: it shows "being prepared" until the row is ready.

Only one worker computes a given review: the one whose claim (the row's insert) won, made
when its job starts. A claim older than CLAIM_LIMIT (its worker died, or it gave up on a
fault that did not pass) or made by an older VERSION is taken over. A passing fault (the
database, the search process) is tried again (webapp.platform.jobs.Retry); the review is stored as
`failed` only when the reviewer refuses the game or has a bug."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import Any

from flask import Flask

from bots.review import review
from facade.gametext import GameText
from webapp.platform.deps import Review
from webapp.platform.game_text import player_names
from webapp.platform.jobs import Derivation, Jobs, Retry, Searcher, derive
from webapp.platform.store import Derived, Game, Store

log = logging.getLogger(__name__)

# Of the review's algorithm: a row of an older one is computed again (2: issue 28; 3: issue
# 37, the best move found is never valued worse than the move played; 4: issue 37, rerolls
# and colour changes judged, the card edition valued by the expert's own measure, the rating's
# bands measured on 40 games a level; 5: issue 40, the learned bot plays the Roll & Write
# play-outs, the bands measured again).
VERSION = 5
CLAIM_LIMIT = timedelta(minutes=10)  # a pending claim older than this is a dead worker's
EDITIONS = ("rollwrite", "boardgame")  # the editions bots.review reads
KINDS = ("table", "solo", "card", "replay")  # kinds of game with a review ("dice": none)


def _review(text: GameText, rollouts: int | None = None) -> dict[str, Any]:
    """bots.review.review (with its own play-out counts unless `rollouts` is given), in the
    search process."""
    return review(text, rollouts=rollouts)


@dataclass(frozen=True)
class BotReview:
    """The review of a game text by the bots (bots.review.review; `rollouts` play-outs a move,
    None for the reviewer's own counts), computed in the app's search process for jobs
    (`searcher`, webapp.platform.jobs.Searchers.jobs): a card game's takes 10-15 s of CPU."""

    searcher: Searcher

    def __call__(self, text: GameText, rollouts: int | None = None) -> dict[str, Any]:
        result: dict[str, Any] = self.searcher.run(_review, text, rollouts)
        return result


def reviewable(game: Game) -> bool:
    """Whether this kind of game has a review once it is over."""
    return game.edition in EDITIONS and game.kind in KINDS


def review_text(store: Store, game: Game) -> GameText:
    """The game as the reviewer reads it: its config (with the names its pages show) and its
    whole log."""
    config = {**game.config, "players": player_names(store, game)}
    return GameText(game.edition, config, [(r.seq, r.text) for r in store.log(game)])


def run(store: Store, code: str, rollouts: int | None = None, retry: Retry | None = None,
        *, compute: Review) -> str:
    """The job: the game's review claimed, computed by `compute` (the app's,
    webapp.platform.deps) and kept (webapp.platform.jobs.derive). A ValueError of the
    reviewer (a game it cannot read) is stored as `failed` with its reason, as is any other
    error but a passing fault (logged). Returns ready, failed, taken or later."""
    work = Derivation(
        f"review {code}",
        claim=lambda: store.claim_review(store.game(code), VERSION, CLAIM_LIMIT),
        compute=lambda: compute(review_text(store, store.game(code)), rollouts=rollouts),
        finish=lambda token, status, body: store.finish_review(store.game(code), token,
                                                                 status, body),
        limit=CLAIM_LIMIT, refused=(ValueError,))
    try:
        return derive(work, retry)
    except Exception:
        log.exception("the review of game %s failed", code)
        return "failed"


def current(store: Store, jobs: Jobs, game: Game, rollouts: int | None = None, *,
            compute: Review) -> Derived | None:
    """The game's review as it stands, after handing its computing (by `compute`) to a job
    when it has none (or only a stale claim; the job claims it when it starts): what the
    review page shows. Never waits for the computing."""
    found = store.review(game)
    if found is None or found.stale(VERSION, CLAIM_LIMIT):
        jobs.submit(f"review {game.code}", partial(run, compute=compute), store, game.code,
                    rollouts, jobs.retry)
    return found


def install(app: Flask, store: Store, jobs: Jobs, compute: Review) -> None:
    """Review every reviewable game (by `compute`) as soon as it ends: the request whose move
    ended it hands the job over after its commit (the job claims the review; the request
    waits for nothing)."""

    def ended(game: Game) -> None:
        if reviewable(game) and app.config.get("REVIEW_AFTER_GAME", True):
            jobs.submit(f"review {game.code}", partial(run, compute=compute), store,
                        game.code, app.config.get("REVIEW_ROLLOUTS"), jobs.retry)

    store.when_over.append(ended)
