"""Bots at a web table: the server plays a bot's turn one action at a time, when a page polls,
so that the people watching can follow; "skip ahead" plays every pending bot action at once.

A bot decides from its own seat's view only (`state.view(seat)`), and its action goes through
`Store.act` like anyone's, with the bot's seat, so the log says who played it. Works for both
editions: a bot seat is one whose `Seat.bot` holds a level, and it acts when the engine lists
its seat in `state.to_act()`.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from typing import Any

from bots.levels import EDITIONS, make_bot
from facade.contract import EngineState
from facade.errors import IllegalAction
from webapp.store import Conflict, Game, Store

log = logging.getLogger(__name__)

BotMaker = Callable[[str, int], Any]  # (level, seed) -> bot with choose(view, seat)


# One maker per edition, all from bots.levels.make_bot (a test puts a spy in its place).
MAKERS: dict[str, BotMaker] = {e: partial(make_bot, e) for e in EDITIONS}

_last_step: dict[int, float] = {}  # game id -> time.monotonic() of the last action seen
_guard = threading.Lock()


def note_action(game: Game) -> None:
    """Remember that a game just moved (a person acted): the next bot waits its interval."""
    with _guard:
        _last_step[game.id] = time.monotonic()


def since_last(game: Game, store: Store | None = None) -> float:
    """Seconds since the game last moved, as far as this process knows (it keeps the exact
    moment of each move it made) and, given the store, as the log's last row says (for moves
    made by another server process; SQLite keeps whole seconds there)."""
    with _guard:
        last = _last_step.get(game.id)
    mine = float("inf") if last is None else time.monotonic() - last
    return mine if store is None else min(mine, _logged_elapsed(store, game))


def _logged_elapsed(store: Store, game: Game) -> float:
    """Seconds since the newest action row of the game was written (inf: none yet)."""
    when = store.last_moved(game)
    if when is None:
        return float("inf")
    return max(0.0, (datetime.now(UTC) - when).total_seconds())


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


def decide(game: Game, state: Any, seat: int, level: str) -> str:  # noqa: ANN401 - dice too
    """The action line a bot of `level` plays for `seat`, decided from that seat's view; a
    roll that is due (app dice) is the engine's, as for anyone."""
    if state.is_chance() and seat == getattr(state, "active", None):
        return str(state.chance_action())
    bot = MAKERS[game.edition](level, bot_seed(game, len(state.log), seat))
    action = bot.choose(state.view(seat), seat)
    return str(action)


def step(store: Store, game: Game) -> bool:
    """Play one pending bot action; False when no bot is to act (or another request was
    faster, which is just as good)."""
    state = store.state(game)
    seats = pending(state, bot_levels(store, game))
    if not seats:
        return False
    seat = seats[0]
    try:
        line = decide(game, state, seat, bot_levels(store, game)[seat])
        store.act(game, seat, line, len(state.log))
    except Conflict:
        return False
    except (ValueError, IllegalAction) as err:  # a bot bug must not break the page
        log.error("bot %s of game %s failed at %s: %s", seat, game.code, len(state.log), err)
        return False
    note_action(game)
    return True


def advance(store: Store, game: Game, max_steps: int = 1, min_interval: float = 0.8) -> int:
    """Play up to `max_steps` pending bot actions, but only when at least `min_interval`
    seconds passed since the game last moved (`min_interval=0`: at once, as "skip ahead").
    Returns how many actions were played."""
    played = 0
    while played < max_steps:
        if min_interval > 0 and since_last(game, store) < min_interval:
            break
        if not step(store, game):
            break
        played += 1
    return played


def skip_ahead(store: Store, game: Game, limit: int = 400) -> int:
    """Play every pending bot action now (until a person is to act or the game ends)."""
    return advance(store, game, max_steps=limit, min_interval=0)


def waiting_on_bots(store: Store, game: Game, state: Any | None = None) -> bool:
    """Whether the game waits for a bot's action."""
    st = store.state(game) if state is None else state
    return bool(pending(st, bot_levels(store, game)))
