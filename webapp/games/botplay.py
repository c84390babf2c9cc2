"""Bots at a web table: the request that hands bots the turn (a move, a new game, a rematch)
plays every pending bot action before it answers, and the pages then show those actions one
at a time from the log ("frames": the game as it stood after each bot action, for
BOT_STEP_SECONDS each), with "skip ahead" to the present. A GET never plays a bot.

A bot decides from its own seat's view only (`state.view(seat)`), and its action goes through
`Store.act` like anyone's, with the bot's seat, so the log says who played it. Works for both
editions: a bot seat is one whose `Seat.bot` holds a level, and it acts when the engine lists
its seat in `state.to_act()`.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from flask import current_app, has_app_context
from flask_babel import lazy_gettext as _l

from bots.levels import EDITIONS, make_bot
from facade.contract import EngineState
from facade.errors import IllegalAction
from webapp.platform.budgets import BOT_REQUEST_SECONDS, BOT_TURN_SECONDS
from webapp.platform.deps import BotMaker, deps
from webapp.platform.jobs import Searcher
from webapp.platform.store import Conflict, Game, Store

log = logging.getLogger(__name__)

LEVEL_LABELS = {  # what the pages call each bot level (bots.levels)
    "random": _l("random"), "greedy": _l("greedy"), "strong": _l("strong"),
    "expert": _l("expert"),
}

# The levels that search (a turn takes them tens to hundreds of milliseconds of CPU): they
# decide in the bots' process, so a web worker's other requests keep its interpreter.
SEARCHING = frozenset({"strong", "expert"})
GREEDY = "greedy"  # the level that plays when a searching bot's budget is spent
BOT_STEP_SECONDS = 0.8  # how long a page shows one bot action before the next one
MAX_FRAMES = 40  # a page further behind than this many actions shows the present at once
PLAY_LIMIT = 400  # bot actions one request plays at most (a whole game of bots is fewer)

class Elsewhere:
    """A searching bot of bots.levels that decides in the app's bots' process (`searcher`,
    webapp.platform.jobs.Searchers.bots), within the app's budget for a turn
    (BOT_TURN_SECONDS); past it, the greedy bot's move."""

    def __init__(self, searcher: Searcher, edition: str, level: str, seed: int) -> None:
        self.searcher = searcher
        self.edition, self.level, self.seed = edition, level, seed

    def choose(self, view: dict[str, Any], seat: int) -> str:
        """The bot's action line for `seat`, decided from that seat's view."""
        budget = bot_turn_seconds()
        if budget <= 0:  # the request's bots have spent their time (play_pending)
            log.warning("the bots of this request spent their %.1f s; a %s bot plays the "
                        "greedy move at once", bot_request_seconds(), self.level)
            return str(make_bot(self.edition, GREEDY, self.seed).choose(view, seat))
        try:  # the bots' own process: not this one's interpreter
            return str(self.searcher.run(choose_line, self.edition, self.level, self.seed,
                                         view, seat, timeout=budget))
        except TimeoutError:
            log.warning("a %s bot did not decide within %.1f s; it plays the greedy move",
                        self.level, budget)
            return str(make_bot(self.edition, GREEDY, self.seed).choose(view, seat))


def stock_bot(searcher: Searcher, edition: str, level: str, seed: int) -> Any:
    """The bot of bots.levels of that edition, level and seed; a searching one decides in
    the bots' process `searcher` (Elsewhere)."""
    if level in SEARCHING:
        return Elsewhere(searcher, edition, level, seed)
    return make_bot(edition, level, seed)


@dataclass(frozen=True)
class StockMaker:
    """The maker of an edition's bots of bots.levels (stock_bot), the searching levels
    deciding in the bots' process `searcher`."""

    searcher: Searcher
    edition: str

    def __call__(self, level: str, seed: int) -> Any:
        return stock_bot(self.searcher, self.edition, level, seed)


def stock_makers(searcher: Searcher) -> dict[str, BotMaker]:
    """One maker per edition: the real makers of an app (webapp/services.py), on its bots'
    process; a test gives its own."""
    return {e: StockMaker(searcher, e) for e in EDITIONS}


def makers() -> Mapping[str, BotMaker]:
    """The bot makers of the current app (webapp.platform.deps)."""
    return deps().makers


def bot_levels(store: Store, game: Game) -> dict[int, str]:
    """Seat -> bot level, for the game's bot seats."""
    return {s.seat: s.bot for s in store.seats(game) if s.bot}


def pending(state: EngineState, levels: dict[int, str]) -> list[int]:
    """Bot seats that the engine expects an action from now."""
    if state.is_over():
        return []
    return [seat for seat in state.to_act() if seat in levels]


def bot_seed(game: Game, seq: int, seat: int) -> int:
    """A bot's seed for one decision: fixed by the game, the moment and the seat, so that a
    replayed decision is the same, and unrelated to the game's own (secret) seed."""
    digest = hashlib.sha256(f"{game.code}|{seq}|{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def decide(game: Game, state: EngineState, seat: int, level: str) -> str:
    """The action line a bot of `level` plays for `seat`, decided from that seat's view; a
    roll that is due (app dice) is the engine's, as for anyone."""
    if state.is_chance() and seat == state.active:
        return str(state.chance_action())
    bot = makers()[game.edition](level, bot_seed(game, len(state.log), seat))
    return str(bot.choose(state.view(seat), seat))


# When the bots that one request plays (play_pending) must have decided: their searching
# decisions share the app's BOT_REQUEST_SECONDS.
_DEADLINE: ContextVar[float | None] = ContextVar("bots_deadline", default=None)


def _seconds(name: str, default: float) -> float:
    """The app's setting `name`, else its default of webapp/platform/budgets.py."""
    if has_app_context():
        return float(current_app.config.get(name) or default)
    return default


def bot_turn_seconds() -> float:
    """A searching bot's budget for one decision: the app's BOT_TURN_SECONDS, at most what is
    left of its request's (play_pending)."""
    budget = _seconds("BOT_TURN_SECONDS", BOT_TURN_SECONDS)
    deadline = _DEADLINE.get()
    return budget if deadline is None else min(budget, deadline - time.monotonic())


def bot_request_seconds() -> float:
    """What the searching decisions of one request's bots may take together: the app's
    BOT_REQUEST_SECONDS."""
    return _seconds("BOT_REQUEST_SECONDS", BOT_REQUEST_SECONDS)


def choose_line(edition: str, level: str, seed: int, view: dict[str, Any], seat: int) -> str:
    """A bot's decision from its seat's view, in the bots' process (module-level: picklable)."""
    return str(make_bot(edition, level, seed).choose(view, seat))


def fallback(game: Game, state: EngineState, seat: int) -> str:
    """A legal action for a bot whose own decision failed: the random bot's choice (the app's
    maker at level "random"), or the engine's first legal action for the seat when even that
    fails. The game goes on either way; the fault is in the log (`play_pending`)."""
    try:
        bot = makers()[game.edition]("random", bot_seed(game, len(state.log), seat))
        return str(bot.choose(state.view(seat), seat))
    except Exception:
        log.exception("the random stand-in of bot %s of game %s failed too", seat, game.code)
        lines = [str(a) for a in state.legal_actions(seat)]
        forward = [t for t in lines if t.split()[1:2] not in (["undo"], ["unpick"])]
        return (forward or lines)[0]  # never a take-back, which could go round for ever


def _bot_line(game: Game, state: EngineState, seat: int, level: str) -> str:
    """The bot's own decision, or the fallback's when deciding raised (logged)."""
    try:
        return decide(game, state, seat, level)
    except Exception:
        log.exception("bot %s (%s) of game %s failed to decide at %s; it plays a legal "
                      "fallback", seat, level, game.code, state.seq)
        return fallback(game, state, seat)


def play_pending(store: Store, game: Game, limit: int = PLAY_LIMIT,
                 levels: dict[int, str] | None = None) -> int | None:
    """Play every pending bot action now, until a person is to act or the game ends: what a
    request that changed the game does before it answers. Returns the position the bots
    started from (a page shows their actions one at a time from there), None when no bot
    acted. Another request that moved first (Conflict) is just as good: it plays them.

    A bot's fault never costs the move that gave it the turn (already stored): a bot that
    raises, or chooses what the engine refuses, plays a legal fallback instead, and the fault
    is logged. A fault of the database stops the bots here (logged); "Skip ahead" or the
    next move plays them."""
    levels = bot_levels(store, game) if levels is None else levels
    if not levels:
        return None
    try:
        state = store.engine_state(game)
    except Exception:
        log.exception("the bots of game %s could not load it", game.code)
        return None
    start = int(state.seq)
    deadline = _DEADLINE.set(time.monotonic() + bot_request_seconds())
    try:
        state = _play(store, game, state, levels, limit)
    finally:
        _DEADLINE.reset(deadline)
    return start if int(state.seq) > start else None


def _play(store: Store, game: Game, state: EngineState, levels: dict[int, str],
          limit: int) -> EngineState:
    """play_pending's loop: at most `limit` bot actions from `state`; the last state."""
    for _ in range(limit):
        seats = pending(state, levels)
        if not seats:
            break
        seat = seats[0]
        line = _bot_line(game, state, seat, levels[seat])
        try:
            try:
                state, _events = store.act(game, seat, line, int(state.seq))
            except IllegalAction as err:
                log.error("bot %s of game %s chose %r at %s, refused: %s; it plays a legal "
                          "fallback", seat, game.code, line, state.seq, err)
                state, _events = store.act(game, seat, fallback(game, state, seat),
                                           int(state.seq))
        except Conflict:
            break
        except Exception:
            log.exception("bot %s of game %s could not play at %s", seat, game.code, state.seq)
            break
    return state


def waiting_on_bots(store: Store, game: Game, state: EngineState | None = None,
                    levels: dict[int, str] | None = None) -> bool:
    """Whether the game waits for a bot's action."""
    st = store.engine_state(game) if state is None else state
    return bool(pending(st, bot_levels(store, game) if levels is None else levels))


# ---------------------------------------------------------------------------- frames
def frame(store: Store, game: Game, at: int | None,
          levels: dict[int, str] | None = None) -> int | None:
    """The past position a page asked for (`?at=`) when it has bot actions to step through
    after it (within MAX_FRAMES of the present); None: show the present."""
    if at is None or at >= game.seq or game.seq - at > MAX_FRAMES:
        return None
    levels = bot_levels(store, game) if levels is None else levels
    if not levels or not any(r.seat in levels for r in store.log(game, after=at)):
        return None
    return at


def frame_after(store: Store, game: Game, shown: int | None,
                levels: dict[int, str] | None = None) -> int | None:
    """Where a page showing position `shown` goes next: just after the next bot action (a
    person's moves before it come at once), or None for the present (which follows the log's
    last action, and any page more than MAX_FRAMES behind)."""
    if shown is None or not 0 <= shown < game.seq - 1 or game.seq - shown > MAX_FRAMES:
        return None
    levels = bot_levels(store, game) if levels is None else levels
    if not levels:
        return None
    rows = store.log(game, after=shown, upto=game.seq - 1)
    return next((r.seq for r in rows if r.seat in levels), None)
