"""Games in the database: create, seat, load (replay of the log, cached) and append actions.

Any process can serve any request: a cached state is only used after checking the log's head
in the database, and an action is acknowledged only once its row is committed. Two writers at
the same sequence number collide on the primary key (game_id, seq); exactly one wins.

Derived data (a game's review, a seed's par) is claimed the same way: the worker whose row
insert wins computes it; a claim older than its time limit (its worker died) or made by an
older version of the algorithm is taken over by a compare-and-set on the claim's token.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import (
    Connection,
    Engine,
    Table,
    bindparam,
    case,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError

from facade.contract import EngineState, StoredState
from facade.errors import IllegalAction
from facade.events import Event
from facade.limits import MAX_GAME_ACTIONS
from webapp.platform.db import actions, games, pars, reviews, seats

if TYPE_CHECKING:  # the engines' types only: the store replays whatever its factories make
    from webapp.games.engines import AnyState

S = TypeVar("S")

log = logging.getLogger(__name__)

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud at a table
CODE_LENGTH = 6
TOKEN_BYTES = 24  # 192 bits: a seat token cannot be guessed


# The statements of a move's path, built once (a statement built per call costs more than
# SQLite takes to run it): a page's one read, and a move's append and new head.
_LOAD = (select(games, seats.c.seat.label("s_seat"), seats.c.name.label("s_name"),
                seats.c.token.label("s_token"), seats.c.bot.label("s_bot"))
         .outerjoin(seats, seats.c.game_id == games.c.id)
         .where(games.c.code == bindparam("code")).order_by(seats.c.seat))
_APPEND = insert(actions)
_HEAD = (update(games).where(games.c.id == bindparam("game"))
         .values(seq=bindparam("head"), status=bindparam("state"), updated_at=func.now()))


class Conflict(Exception):
    """Someone else's action reached the game first at the sequence this one was made for."""


class NotFound(Exception):
    """No game with that code."""


class _RematchMade(Exception):
    """Inside a transaction: the parent game got its rematch from another request."""


# code -> (host token, {seat: (name, token)}): the tokens a new game is created with
Reserve = Callable[[str], tuple[str, dict[int, tuple[str, str]]]]


@dataclass(frozen=True)
class Game:
    """One row of `games`."""

    id: int
    code: str
    kind: str
    edition: str
    config: dict[str, Any]
    host_token: str  # its hash (token_hash): the token itself is only in the host's cookie
    seq: int
    status: str
    parent_id: int | None
    next_code: str | None
    owner: str | None = None
    host_key: str | None = None  # the host token itself: only on the game create_game made


@dataclass(frozen=True)
class Seat:
    """One row of `seats`."""

    seat: int
    name: str | None
    token: str | None  # its hash (token_hash), None for a free seat or a bot's
    bot: str | None

    @property
    def taken(self) -> bool:
        """Whether a person (or a bot) holds the seat."""
        return self.token is not None or self.bot is not None


@dataclass(frozen=True)
class Logged:
    """One row of `actions`."""

    seq: int
    seat: int | None
    by_host: bool
    text: str
    events: list[dict[str, Any]]


@dataclass(frozen=True)
class Derived:
    """One row of derived data (`reviews`, `pars`): its state and, once ready, its content."""

    version: int
    status: str  # pending, ready, failed
    claimed_at: datetime
    finished_at: datetime | None
    body: dict[str, Any] | None

    def stale(self, version: int, limit: timedelta, now: datetime | None = None) -> bool:
        """Whether a worker may claim it again: made by an older algorithm, or pending for
        longer than `limit` (its worker died, or its server restarted)."""
        now = now or utcnow()
        return self.version < version or (self.status == "pending"
                                          and now - self.claimed_at > limit)


def utcnow() -> datetime:
    """The time now, in UTC (the claims' clock; every server's is taken to be right)."""
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """A stored moment in UTC (SQLite gives it back without its zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _derived(row: Any, body: dict[str, Any] | None) -> Derived:
    """A row of `reviews` or `pars` with the content given."""
    return Derived(row.version, row.status, _aware(row.claimed_at),
                   None if row.finished_at is None else _aware(row.finished_at), body)


def new_code() -> str:
    """A table code: 6 characters that are easy to read aloud and type."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """An unguessable seat or host token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the database keeps of a seat or host token: its SHA-256 (hex), so that a copy of
    the database gives no seat. A token has 192 random bits: no salt or slow hash is needed."""
    return hashlib.sha256(token.encode()).hexdigest()


def normalise_code(text: str) -> str:
    """What a person typed as a code, in the stored form ('abc 23f' -> 'ABC23F')."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


Engines = dict[str, Callable[[dict[str, Any]], "AnyState"]]  # edition -> factory(config)


class Store:
    """The game store of one app: database access plus a per-process cache of states."""

    def __init__(self, engine: Engine, factories: Engines, cache_size: int = 256) -> None:
        self.engine = engine
        self.factories = factories
        self.cache_size = cache_size
        self.max_actions = MAX_GAME_ACTIONS  # moves a game may have (a test may give fewer)
        self._cache: OrderedDict[int, AnyState] = OrderedDict()
        self._lock = threading.Lock()
        # called with the game after the commit of the action that ended it (the one place a
        # game becomes over); a listener must return at once (it hands work to a thread)
        self.when_over: list[Callable[[Game], None]] = []
        # called with a game's id after each commit that changes what its pages show (a move,
        # a seat taken or freed, a rematch made): the push streams' wake-up (webapp/push/hub.py)
        self.when_changed: list[Callable[[int], None]] = []
        # what a feature's pages show of a game beyond its rows here (the turn clocks' missed
        # moves): (connection, game ids) -> game id -> text, part of the games' marks
        self.mark_parts: list[Callable[[Connection, list[int]], dict[int, str]]] = []

    # ------------------------------------------------------------------ games
    def create_game(
        self, kind: str, edition: str, config: dict[str, Any], seat_count: int,
        bots: dict[int, str] | None = None, parent_id: int | None = None,
        owner: str | None = None, reserve: Reserve | None = None,
    ) -> Game:
        """A new game with empty seats (bots seated at once, under the config's names); its
        code is unique. `reserve(code)` gives the host token and the seats taken at once
        (seat -> (name, token)), for a rematch whose tokens derive from its code.

        With `parent_id` the game is the rematch of that game, recorded as its `next_code` in
        the same transaction: a game has one rematch (a unique key), and Conflict tells a
        second request that another one was made first."""
        players = config.get("players") or []
        self.factories[edition](config)  # refuses a bad config before anything is stored
        for _ in range(20):
            code = new_code()
            host, claimed = reserve(code) if reserve else (new_token(), {})
            try:
                with self.engine.begin() as conn:
                    key = conn.execute(
                        insert(games).values(
                            code=code, kind=kind, edition=edition, config=config,
                            host_token=token_hash(host), seq=0, status="open", parent_id=parent_id,
                            owner=owner,
                        )
                    ).inserted_primary_key
                    assert key is not None  # an insert of one row has its key
                    gid = key[0]
                    if seat_count:
                        conn.execute(
                            insert(seats),
                            [
                                {"game_id": gid, "seat": s, "bot": (bots or {}).get(s),
                                 "name": (str(players[s]) if (bots or {}).get(s)
                                          and s < len(players) else None)
                                 or claimed.get(s, (None, None))[0],
                                 "token": _hashed(claimed.get(s, (None, None))[1])}
                                for s in range(seat_count)
                            ],
                        )
                    if parent_id is not None and not conn.execute(
                        update(games)
                        .where(games.c.id == parent_id, games.c.next_code.is_(None))
                        .values(next_code=code)
                    ).rowcount:
                        raise _RematchMade
                if parent_id is not None:
                    self._changed(parent_id)
                return replace(self.game(code), host_key=host)
            except _RematchMade:
                raise Conflict("rematch") from None
            except IntegrityError:
                if self._code_taken(code):
                    continue  # that code is taken: draw another
                if parent_id is not None and self._has_rematch(parent_id):
                    raise Conflict("rematch") from None
                raise
        raise RuntimeError("could not find a free table code")

    def _has_rematch(self, game_id: int) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(
                select(games.c.id).where(games.c.parent_id == game_id)
            ).first() is not None

    def _code_taken(self, code: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(games.c.id).where(games.c.code == code)).first() is not None

    def game(self, code: str) -> Game:
        """The game with that code, or NotFound."""
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.code == normalise_code(code))).first()
        if row is None:
            raise NotFound(code)
        return _game(row)

    def load(self, code: str) -> tuple[Game, list[Seat]]:
        """The game with that code and its seats, in one query (a page's one read of the
        store: webapp/games/visit.py), or NotFound."""
        with self.engine.connect() as conn:
            rows = conn.execute(_LOAD, {"code": normalise_code(code)}).all()
        if not rows:
            raise NotFound(code)
        return _game(rows[0]), [Seat(r.s_seat, r.s_name, r.s_token, r.s_bot) for r in rows
                                if r.s_seat is not None]

    def head(self, code: str) -> tuple[int, str]:
        """(sequence number, status) of a game: what a polling phone compares."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(games.c.seq, games.c.status).where(games.c.code == normalise_code(code))
            ).first()
        if row is None:
            raise NotFound(code)
        return row.seq, row.status

    def marks(self, ids: list[int]) -> dict[int, tuple[int, str]]:
        """(sequence number, mark) of each game: the mark changes whenever what the game's
        pages show changes without a move (a seat taken or freed, a rematch made, what a
        feature adds by `mark_parts`); no secret is in it. What the push streams compare
        (webapp/push/hub.py)."""
        out: dict[int, tuple[int, str]] = {}
        taken = case((seats.c.token.is_(None), 0), else_=1)
        with self.engine.connect() as conn:
            for start in range(0, len(ids), 500):  # SQLite's limit on bound parameters
                chunk = ids[start:start + 500]
                heads = conn.execute(select(games.c.id, games.c.seq, games.c.next_code)
                                     .where(games.c.id.in_(chunk))).all()
                rows = conn.execute(
                    select(seats.c.game_id, seats.c.seat, seats.c.name, taken.label("taken"))
                    .where(seats.c.game_id.in_(chunk)).order_by(seats.c.game_id, seats.c.seat)
                ).all()
                table: dict[int, list[tuple[int, str | None, int]]] = {}
                for r in rows:
                    table.setdefault(r.game_id, []).append((r.seat, r.name, r.taken))
                parts = [part(conn, chunk) for part in self.mark_parts]
                for h in heads:
                    out[h.id] = (h.seq, _mark(h.next_code, table.get(h.id, []),
                                              [p.get(h.id, "") for p in parts]))
        return out

    def mark(self, game: Game, game_seats: list[Seat]) -> str:
        """The mark of one game already read with its seats, as `marks` gives it: what a
        page compares when it asks whether the table changed without a move (one read per
        feature's part, none without one)."""
        if not self.mark_parts:
            found: list[str] = []
        else:
            with self.engine.connect() as conn:
                found = [part(conn, [game.id]).get(game.id, "") for part in self.mark_parts]
        return _mark(game.next_code, [(s.seat, s.name, int(s.token is not None))
                                      for s in game_seats], found)

    def owned(self, owner: str, kind: str, limit: int = 200) -> list[tuple[Game, Any]]:
        """The games of `kind` a browser started, newest move first, with that moment."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games).where(games.c.owner == owner, games.c.kind == kind)
                .order_by(games.c.updated_at.desc(), games.c.id.desc()).limit(limit)
            ).all()
        return [(_game(r), r.updated_at) for r in rows]

    def create_replay(self, kind: str, edition: str, config: dict[str, Any],
                      lines: list[str], over: bool) -> Game:
        """A read-only game made from a replayed text: its config and its whole log, stored
        compactly (the action lines without their events: a replay replays them anyway)."""
        game = self.create_game(kind, edition, config, 0)
        with self.engine.begin() as conn:
            if lines:
                conn.execute(insert(actions), [
                    {"game_id": game.id, "seq": n, "seat": None, "by_host": 0, "text": line,
                     "events": []} for n, line in enumerate(lines, start=1)])
            conn.execute(update(games).where(games.c.id == game.id)
                         .values(seq=len(lines), status="over" if over else "open"))
        return self.game(game.code)

    def ping(self) -> None:
        """One round trip to the database (raises when it does not answer)."""
        with self.engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    # ------------------------------------------------------------------ seats
    def seats(self, game: Game) -> list[Seat]:
        """The seats of a game in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seats).where(seats.c.game_id == game.id).order_by(seats.c.seat)
            ).all()
        return [Seat(r.seat, r.name, r.token, r.bot) for r in rows]

    def claim_seat(self, game: Game, seat: int, name: str, token: str | None = None) -> str | None:
        """Take a free seat under a name: its token (a new one, unless the caller brings one,
        as the rematch does), or None if someone was faster."""
        token = token or new_token()
        with self.engine.begin() as conn:
            done = conn.execute(
                update(seats)
                .where(
                    seats.c.game_id == game.id, seats.c.seat == seat,
                    seats.c.token.is_(None), seats.c.bot.is_(None),
                )
                .values(name=name, token=token_hash(token))
            ).rowcount
        if done:
            self._changed(game.id)
        return token if done else None

    def free_seat(self, game: Game, seat: int) -> None:
        """The host frees a seat: its token stops working, another phone may take it."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.game_id == game.id, seats.c.seat == seat)
                .values(token=None)
            )
        self._changed(game.id)

    @staticmethod
    def holder(seat_rows: list[Seat], token: str | None) -> int | None:
        """The seat a token holds among seats already loaded (`load`), if any: no query."""
        if not token:
            return None
        digest = token_hash(token)
        return next((s.seat for s in seat_rows
                     if s.token is not None and secrets.compare_digest(s.token, digest)), None)

    def seat_of(self, game: Game, token: str | None) -> int | None:
        """The seat a token holds in this game, if any."""
        if not token:
            return None
        with self.engine.connect() as conn:
            row = conn.execute(
                select(seats.c.seat).where(seats.c.game_id == game.id,
                                           seats.c.token == token_hash(token))
            ).first()
        return None if row is None else row.seat

    # ------------------------------------------------------------------ state
    def log(self, game: Game, after: int = 0, upto: int | None = None) -> list[Logged]:
        """The action log, from sequence number `after + 1` on (up to `upto`, if given)."""
        query = select(actions).where(actions.c.game_id == game.id, actions.c.seq > after)
        if upto is not None:
            query = query.where(actions.c.seq <= upto)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(actions.c.seq)).all()
        return [Logged(r.seq, r.seat, bool(r.by_host), r.text, r.events) for r in rows]

    def state(self, game: Game, fresh: bool = False) -> AnyState:
        """The game's state: the replay of its log (a private copy the caller may change), of
        its edition's own type (`state_as` and `engine_state` say which).

        The log is append-only and `game.seq` was read with the game, so a cached state at
        that position (or past it: a move this process stored since) needs no read of the
        store at all; `fresh` reads the log's tail anyway (a write that lost a race)."""
        with self._lock:
            cached = self._cache.get(game.id)
        if cached is None:
            cached = self.factories[game.edition](game.config)
        else:
            cached = cached.clone()
            if not fresh and _seq(cached) >= game.seq:
                return cached
        for row in self.log(game, after=_seq(cached)):
            if row.seq != _seq(cached) + 1:
                raise RuntimeError(f"game {game.code}: gap in the log at {row.seq}")
            cached.apply(row.text)
        self._remember(game.id, cached)
        return cached.clone()

    def state_as(self, game: Game, kind: type[S], at: int | None = None) -> S:
        """The game's state (after its first `at` actions, when given) as `kind`, its
        edition's state type: what an edition's pages ask for. TypeError for a game of
        another edition (a page's code names the kind of game before it gets here)."""
        state = self.state(game) if at is None else self.state_at(game, at)
        if not isinstance(state, kind):
            raise TypeError(f"game {game.code} ({game.edition}) has no {kind.__name__}")
        return state

    def engine_state(self, game: Game) -> EngineState:
        """The game's state as the engine contract (facade/contract.py) sees it: what the
        one play pipeline and the bots work with, for either edition; TypeError for a game
        that is not one (the dice-only table)."""
        state = self.state(game)
        if not isinstance(state, EngineState):
            raise TypeError(f"game {game.code} ({game.edition}) is played by no engine")
        return state

    def state_at(self, game: Game, seq: int) -> AnyState:
        """The game as it stood after its first `seq` actions: a replay of that prefix of the
        log, read only (a page showing the bots' moves one at a time); ValueError when the
        log has no such position."""
        state = self.factories[game.edition](game.config)
        for row in self.log(game, upto=seq) if seq > 0 else []:
            if row.seq != _seq(state) + 1:
                raise RuntimeError(f"game {game.code}: gap in the log at {row.seq}")
            state.apply(row.text)
        if _seq(state) != seq:
            raise ValueError(f"game {game.code} has no position {seq}")
        return state

    def _remember(self, game_id: int, state: AnyState) -> None:
        with self._lock:
            old = self._cache.get(game_id)
            if old is None or _seq(old) <= _seq(state):
                self._cache[game_id] = state.clone()
            self._cache.move_to_end(game_id)
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)

    def act(
        self, game: Game, seat: int | None, text: str, seen_seq: int | None,
        by_host: bool = False, retries: int = 3,
    ) -> tuple[Any, list[Event]]:
        """Apply one action in the notation and append it to the log.

        `seen_seq` is the sequence number the sender's page showed. A page that is behind is
        still accepted when none of the actions it missed came from the same seat (passive
        players pick at the same time); otherwise, and when another writer takes the same
        sequence number first, the answer is Conflict. IllegalAction leaves the game as it was.
        """
        for attempt in range(retries):
            state = self.state(game, fresh=attempt > 0)
            if _seq(state) >= self.max_actions:  # an undo loop, not a game: the log is bounded
                raise IllegalAction(
                    f"this game has reached {self.max_actions} moves, more than any game needs; "
                    "start a new one", "too_many_actions", max=self.max_actions)
            if seen_seq is not None and seen_seq != _seq(state):
                if seen_seq > _seq(state) or seat is None:
                    raise Conflict(text)
                missed = self.log(game, after=seen_seq)
                if any(r.seat == seat for r in missed):
                    raise Conflict(text)
            events = state.apply(text)
            line = state.log[-1]
            try:
                with self.engine.begin() as conn:
                    conn.execute(_APPEND, {
                        "game_id": game.id, "seq": _seq(state), "seat": seat,
                        "by_host": int(by_host), "text": line,
                        "events": [e.to_dict() for e in events]})
                    conn.execute(_HEAD, {"game": game.id, "head": _seq(state),
                                         "state": "over" if state.is_over() else "open"})
            except IntegrityError:
                continue  # someone took this sequence number first: look again
            self._remember(game.id, state)
            self._changed(game.id)
            if state.is_over():
                self._over(replace(game, seq=_seq(state), status="over"))
            return state, events
        raise Conflict(text)

    def changed(self, game_id: int) -> None:
        """Tell the listeners that what game `game_id`'s pages show changed without a move
        of this store (a feature's own rows, committed: its `mark_parts` show it)."""
        self._changed(game_id)

    def _changed(self, game_id: int) -> None:
        """Tell the listeners that game `game_id` changed (the change is committed)."""
        for listener in self.when_changed:
            try:
                listener(game_id)
            except Exception:  # committed already: a listener's bug must not undo the page
                log.exception("after a change of game %s", game_id)

    def _over(self, game: Game) -> None:
        """Tell the listeners that `game` has just ended (its last action is committed)."""
        for listener in self.when_over:
            try:
                listener(game)
            except Exception:  # the move is played: a listener's bug must not undo the page
                log.exception("after game %s ended", game.code)

    # ------------------------------------------------------------------ derived data
    def claim_review(self, game: Game, version: int, limit: timedelta) -> str | None:
        """Claim the computing of the game's review: the claim's token, or None when another
        worker holds a live claim or the review of this version exists."""
        return self._claim(reviews, {"game_id": game.id}, version, limit)

    def finish_review(self, game: Game, token: str, status: str,
                      body: dict[str, Any]) -> bool:
        """Store a claimed review (`ready`) or why it failed (`failed`); False when the claim
        was taken over meanwhile (the other worker's result counts)."""
        return self._finish(reviews, {"game_id": game.id}, token,
                            {"status": status, "body": body})

    def review(self, game: Game) -> Derived | None:
        """The game's review row, if any."""
        row = self._row(reviews, {"game_id": game.id})
        if row is None:
            return None
        return _derived(row, row.body)

    def claim_par(self, seed: str, level: str, version: int, limit: timedelta) -> str | None:
        """Claim the computing of the par of `seed` (the `level` bot's result): as
        `claim_review`."""
        return self._claim(pars, {"seed": seed, "level": level}, version, limit)

    def finish_par(self, seed: str, level: str, token: str, status: str,
                   result: dict[str, Any] | None = None) -> bool:
        """Store a claimed par ({"turns", "score", "reached_12"}) or its failure."""
        found = result or {}
        return self._finish(pars, {"seed": seed, "level": level}, token, {
            "status": status, "turns": found.get("turns"), "score": found.get("score"),
            "reached_12": found.get("reached_12")})

    def par(self, seed: str, level: str) -> Derived | None:
        """The par row of a seed, if any; its body holds turns, score and reached_12."""
        row = self._row(pars, {"seed": seed, "level": level})
        if row is None:
            return None
        body = ({"turns": row.turns, "score": row.score, "reached_12": bool(row.reached_12)}
                if row.status == "ready" else None)
        return _derived(row, body)

    def _row(self, table: Table, key: dict[str, Any]) -> Any:
        with self.engine.connect() as conn:
            return conn.execute(
                select(table).where(*(table.c[k] == v for k, v in key.items()))).first()

    def _claim(self, table: Table, key: dict[str, Any], version: int,
               limit: timedelta) -> str | None:
        """Insert the pending row (the first worker wins), else take over a stale one by a
        compare-and-set on its worker token; the new token, or None."""
        token, now = secrets.token_hex(16), utcnow()
        claim = {"version": version, "status": "pending", "worker": token, "claimed_at": now,
                 "finished_at": None}
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(table).values(**key, **claim))
            return token
        except IntegrityError:
            pass  # a row is there: someone claimed it (or finished it) before
        row = self._row(table, key)
        if row is None:
            return None
        if not _derived(row, None).stale(version, limit, now):
            return None
        with self.engine.begin() as conn:
            taken = conn.execute(
                update(table).where(*(table.c[k] == v for k, v in key.items()),
                                    table.c.worker == row.worker).values(**claim)).rowcount
        return token if taken else None

    def _finish(self, table: Table, key: dict[str, Any], token: str,
                values: dict[str, Any]) -> bool:
        with self.engine.begin() as conn:
            return bool(conn.execute(
                update(table).where(*(table.c[k] == v for k, v in key.items()),
                                    table.c.worker == token)
                .values(**values, finished_at=utcnow())).rowcount)


def _hashed(token: str | None) -> str | None:
    """token_hash of a token, None for none."""
    return None if token is None else token_hash(token)


def _mark(next_code: str | None, table: list[tuple[int, str | None, int]],
          parts: list[str]) -> str:
    """A game's mark (Store.marks) from its rematch, its seats (seat, name, 1 if a person's
    token holds it) in seat order and its features' parts."""
    return "|".join([next_code or "", *(f"{seat}:{name or ''}:{taken}"
                                        for seat, name, taken in table), *parts])


def _game(row: Any) -> Game:
    return Game(
        row.id, row.code, row.kind, row.edition, dict(row.config), row.host_token, row.seq,
        row.status, row.parent_id, row.next_code, row.owner,
    )


__all__ = ["Conflict", "Derived", "Game", "IllegalAction", "Logged", "NotFound", "Seat", "Store"]


def _seq(state: StoredState) -> int:
    """Actions applied so far: the state's sequence number."""
    return int(state.seq)
