"""The SQL of turn-based tables: a game's clock row, its seats' players and missed moves,
vacations, and the notifications queued for the push worker (tables in webapp/platform/db.py).

Every change that races another server is a compare-and-set: a clock row follows the game's
move number (`seq`) and is written only by the request that saw a newer one; a due row is
claimed by moving its `due_at` forward from the value the sweep read."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, and_, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from webapp.platform.db import (
    actions,
    games,
    push_outbox,
    push_subscriptions,
    seats,
    turn_games,
    turn_seats,
    vacations,
)


def aware(moment: datetime | None) -> datetime | None:
    """A stored moment in UTC (SQLite gives it back without its zone)."""
    if moment is None:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Clock:
    """One row of `turn_games` with its game's code."""

    game_id: int
    code: str
    clock_s: int | None
    seq: int
    waiting: list[int]
    deadline: datetime | None
    reminded: bool
    due_at: datetime | None
    over: bool


@dataclass(frozen=True)
class TurnSeat:
    """One row of `turn_seats`."""

    seat: int
    player_id: str | None
    waiting: bool
    missed: int


@dataclass(frozen=True)
class Change:
    """What a clock row becomes at move `seq` (written only over an older `seq`)."""

    seq: int
    waiting: list[int]
    deadline: datetime | None
    reminded: bool
    due_at: datetime | None
    over: bool


@dataclass(frozen=True)
class Notice:
    """A notification for a player's devices: `kind` is turn, remind or over."""

    player_id: str
    kind: str
    body: dict[str, Any]


@dataclass(frozen=True)
class MyGame:
    """One game of a player, as My games lists it."""

    code: str
    kind: str
    edition: str
    seat: int
    your_turn: bool
    deadline: datetime | None
    over: bool
    players: list[str]


def _claimed(until: datetime, token: str) -> tuple[Any, Any]:
    """The rows one sweep claimed (on the index of `due_at`)."""
    return turn_games.c.due_at == until, turn_games.c.claim == token


def _clock(row: Any) -> Clock:
    return Clock(row.game_id, row.code, row.clock_s, row.seq, list(row.waiting or []),
                 aware(row.deadline), bool(row.reminded), aware(row.due_at), bool(row.over))


LEVELS = {"turn": ("all", "turn"), "remind": ("all", "turn"), "over": ("all",)}


class TurnRecords:
    """The turn-based tables of one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # ------------------------------------------------------------------ tables
    def create(self, game_id: int, clock_s: int | None, seat_count: int,
               players: dict[int, str]) -> None:
        """The clock row of a new turn-based game and its seats (`players`: seat -> the
        player holding it)."""
        with self.engine.begin() as conn:
            conn.execute(insert(turn_games).values(
                game_id=game_id, clock_s=clock_s, seq=-1, waiting=[], deadline=None,
                reminded=False, due_at=None, over=False))
            conn.execute(insert(turn_seats), [
                {"game_id": game_id, "seat": s, "player_id": players.get(s), "waiting": False,
                 "missed": 0, "bot_actions": 0} for s in range(seat_count)])

    def clock(self, game_id: int) -> Clock | None:
        """The clock row of a game, None for a game that is not turn-based."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(turn_games, games.c.code).join(games, games.c.id == turn_games.c.game_id)
                .where(turn_games.c.game_id == game_id)).first()
        return None if row is None else _clock(row)

    def seats(self, game_id: int) -> list[TurnSeat]:
        """The seats of a turn-based game in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(turn_seats).where(turn_seats.c.game_id == game_id)
                                .order_by(turn_seats.c.seat)).all()
        return [TurnSeat(r.seat, r.player_id, bool(r.waiting), r.missed) for r in rows]

    def set_player(self, game_id: int, seat: int, player_id: str) -> None:
        """The player who took a seat."""
        with self.engine.begin() as conn:
            conn.execute(update(turn_seats).where(turn_seats.c.game_id == game_id,
                                                  turn_seats.c.seat == seat)
                         .values(player_id=player_id))

    def to_bot(self, game_id: int, seat: int, level: str) -> None:
        """A seat handed to a bot for good: the bot plays it from now on."""
        with self.engine.begin() as conn:
            conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat)
                         .values(bot=level, token=None))
            conn.execute(update(turn_seats).where(turn_seats.c.game_id == game_id,
                                                  turn_seats.c.seat == seat)
                         .values(waiting=False))

    def has_moved(self, game_id: int, seat: int) -> bool:
        """Whether a seat's person has played an action of the game (more actions than the
        bot played for it)."""
        with self.engine.connect() as conn:
            played = conn.execute(select(func.count()).select_from(actions).where(
                actions.c.game_id == game_id, actions.c.seat == seat)).scalar() or 0
            by_bot = conn.execute(select(turn_seats.c.bot_actions).where(
                turn_seats.c.game_id == game_id, turn_seats.c.seat == seat)).scalar() or 0
        return played > by_bot

    @staticmethod
    def marks(conn: Connection, ids: list[int]) -> dict[int, str]:
        """The part of each game's mark (Store.mark_parts) that its pages show of the clocks:
        the moves a bot played for each seat, which change without a move of the player."""
        rows = conn.execute(select(turn_seats.c.game_id, turn_seats.c.seat,
                                   turn_seats.c.missed, turn_seats.c.bot_actions)
                            .where(turn_seats.c.game_id.in_(ids))
                            .order_by(turn_seats.c.game_id, turn_seats.c.seat)).all()
        out: dict[int, list[str]] = {}
        for r in rows:
            out.setdefault(r.game_id, []).append(f"{r.seat}:{r.missed}:{r.bot_actions}")
        return {game_id: ",".join(seats) for game_id, seats in out.items()}

    def missed(self, game_id: int, seat: int, played: int) -> None:
        """One more move (of `played` actions) the bot played for a seat whose clock ran
        out."""
        with self.engine.begin() as conn:
            conn.execute(update(turn_seats).where(turn_seats.c.game_id == game_id,
                                                  turn_seats.c.seat == seat)
                         .values(missed=turn_seats.c.missed + 1,
                                 bot_actions=turn_seats.c.bot_actions + played))

    def advance(self, old: Clock, change: Change, notices: Iterable[Notice],
                now: datetime, again: bool = False) -> bool:
        """Write the clock row at move `change.seq` over an older one, its seats' `waiting`,
        and queue `notices` for the devices that want them, in one transaction; False when
        another request wrote this move or a newer one first (it queued the notices);
        `again`: over the same move too (a clock that ran out)."""
        newer = (turn_games.c.seq <= change.seq) if again else (turn_games.c.seq < change.seq)
        with self.engine.begin() as conn:
            done = conn.execute(
                update(turn_games).where(turn_games.c.game_id == old.game_id, newer)
                .values(seq=change.seq, waiting=change.waiting, deadline=change.deadline,
                        reminded=change.reminded, due_at=change.due_at, over=change.over)
            ).rowcount
            if not done:
                return False
            conn.execute(update(turn_seats).where(turn_seats.c.game_id == old.game_id)
                         .values(waiting=turn_seats.c.seat.in_(change.waiting or [-1])))
            self._queue(conn, notices, now)
        return True

    @staticmethod
    def _queue(conn: Any, notices: Iterable[Notice], now: datetime) -> None:
        """One outbox row per notice and device that wants it (two queries in all)."""
        wanted = list(notices)
        if not wanted:
            return
        devices: dict[str, list[tuple[int, str]]] = {}
        players = sorted({n.player_id for n in wanted})
        for start in range(0, len(players), 500):
            for sub in conn.execute(select(push_subscriptions.c.id,
                                           push_subscriptions.c.player_id,
                                           push_subscriptions.c.level).where(
                    push_subscriptions.c.player_id.in_(players[start:start + 500]))):
                devices.setdefault(sub.player_id, []).append((sub.id, sub.level))
        rows = [{"subscription_id": sub, "attempts": 0, "due_at": now,
                 "payload": {"kind": n.kind, **n.body}}
                for n in wanted for sub, level in devices.get(n.player_id, [])
                if level in LEVELS[n.kind]]
        if rows:
            conn.execute(insert(push_outbox), rows)

    # ------------------------------------------------------------------ the sweep
    @staticmethod
    def due_query(now: datetime, limit: int) -> Any:
        """The sweep's one query: the clock rows due by `now`, on the index of `due_at`."""
        return (select(turn_games.c.game_id, turn_games.c.due_at)
                .where(turn_games.c.due_at <= now).order_by(turn_games.c.due_at).limit(limit))

    def claim_due(self, now: datetime, until: datetime, limit: int) -> tuple[str, list[Clock]]:
        """Claim the clock rows due by `now` (at most `limit`, the oldest first) in one
        statement: their `due_at` moves to `until` and `claim` takes this sweep's token where
        the row is still due, so of several workers each gets its own rows (a row another
        one claimed meanwhile is no longer due). The token and the rows claimed."""
        token = secrets.token_hex(16)
        due = self.due_query(now, limit).with_only_columns(turn_games.c.game_id)
        with self.engine.begin() as conn:
            conn.execute(update(turn_games)
                         .where(turn_games.c.game_id.in_(due.scalar_subquery()),
                                turn_games.c.due_at <= now)
                         .values(due_at=until, claim=token))
            rows = conn.execute(
                select(turn_games, games.c.code).join(games, games.c.id == turn_games.c.game_id)
                .where(*_claimed(until, token)).order_by(turn_games.c.game_id)).all()
        return token, [_clock(r) for r in rows]

    def table_of(self, until: datetime, token: str
                 ) -> dict[int, list[tuple[str | None, str | None]]]:
        """For the rows a sweep claimed, the games where a waiting seat's player has a device
        subscribed: game -> its seats' (name, that player or None) in order (two queries on
        the claim; a reminder nobody would receive costs nothing)."""
        out: dict[int, list[tuple[str | None, str | None]]] = {}
        who = (select(turn_seats.c.game_id, turn_seats.c.seat, turn_seats.c.player_id)
               .join(turn_games, turn_games.c.game_id == turn_seats.c.game_id)
               .where(*_claimed(until, token), turn_seats.c.waiting,
                      turn_seats.c.player_id.in_(
                          select(push_subscriptions.c.player_id).scalar_subquery())))
        with self.engine.connect() as conn:
            players = {(r[0], r[1]): r[2] for r in conn.execute(who).all()}
            if not players:
                return out
            names = conn.execute(
                select(seats.c.game_id, seats.c.seat, seats.c.name)
                .where(seats.c.game_id.in_(who.with_only_columns(turn_seats.c.game_id)
                                           .scalar_subquery()))
                .order_by(seats.c.game_id, seats.c.seat)).all()
        for game_id, seat, name in names:
            out.setdefault(game_id, []).append((name, players.get((game_id, seat))))
        return out

    def reminded(self, until: datetime, token: str, notices: Iterable[Notice],
                 now: datetime) -> None:
        """For the rows a sweep claimed: the reminders queued, and the next moment of each
        row whose clock still runs its deadline (of the others, none: over, or no clock)."""
        with self.engine.begin() as conn:
            self._queue(conn, notices, now)
            conn.execute(update(turn_games).where(*_claimed(until, token), ~turn_games.c.over,
                                                  turn_games.c.clock_s.is_not(None),
                                                  turn_games.c.deadline > now)
                         .values(reminded=True, due_at=turn_games.c.deadline))
            conn.execute(update(turn_games).where(
                *_claimed(until, token),
                or_(turn_games.c.over, turn_games.c.clock_s.is_(None),
                    turn_games.c.deadline.is_(None)))
                .values(reminded=False, due_at=None))

    def restart(self, game_id: int) -> None:
        """Forget who was waiting (after the bot played a run-out clock's move): whoever
        waits after it gets a full clock."""
        with self.engine.begin() as conn:
            conn.execute(update(turn_games).where(turn_games.c.game_id == game_id)
                         .values(waiting=[]))

    # ------------------------------------------------------------------ vacations
    def vacation(self, player_id: str) -> tuple[str, int, datetime | None]:
        """(month, days used in it, until) of a player's vacations."""
        with self.engine.connect() as conn:
            row = conn.execute(select(vacations).where(vacations.c.player_id == player_id)
                               ).first()
        return ("", 0, None) if row is None else (row.month, row.used, aware(row.until))

    def set_vacation(self, player_id: str, month: str, used: int, until: datetime) -> None:
        """Record a vacation (the days used this month, until when)."""
        values = {"month": month, "used": used, "until": until}
        with self.engine.begin() as conn:
            if not conn.execute(update(vacations).where(vacations.c.player_id == player_id)
                                .values(**values)).rowcount:
                try:
                    with conn.begin_nested():
                        conn.execute(insert(vacations).values(player_id=player_id, **values))
                except IntegrityError:
                    conn.execute(update(vacations).where(vacations.c.player_id == player_id)
                                 .values(**values))

    def away_until(self, player_ids: list[str], now: datetime) -> datetime | None:
        """The latest end of a vacation among these players still away at `now`."""
        if not player_ids:
            return None
        with self.engine.connect() as conn:
            found = conn.execute(select(func.max(vacations.c.until)).where(
                vacations.c.player_id.in_(player_ids), vacations.c.until > now)).scalar()
        return aware(found)

    def extend(self, player_id: str, by_s: int, now: datetime) -> None:
        """A vacation's days added to the clocks of the open games where the player waits."""
        with self.engine.begin() as conn:
            ids = [r.game_id for r in conn.execute(
                select(turn_seats.c.game_id).where(turn_seats.c.player_id == player_id,
                                                   turn_seats.c.waiting))]
            for gid in ids:
                row = conn.execute(select(turn_games).where(turn_games.c.game_id == gid)
                                   ).first()
                if row is None or row.over or row.deadline is None:
                    continue
                deadline = (aware(row.deadline) or now) + timedelta(seconds=by_s)
                due = aware(row.due_at)
                later = None if due is None else due + timedelta(seconds=by_s)
                conn.execute(update(turn_games).where(turn_games.c.game_id == gid)
                             .values(deadline=deadline, due_at=later))

    # ------------------------------------------------------------------ my games
    @staticmethod
    def mine_query(player_id: str) -> Any:
        """A player's games, on the index of turn_seats (player_id, game_id)."""
        return (select(turn_seats.c.game_id, turn_seats.c.seat, turn_seats.c.waiting,
                       turn_games.c.deadline, turn_games.c.over, games.c.code, games.c.kind,
                       games.c.edition)
                .join(turn_games, turn_games.c.game_id == turn_seats.c.game_id)
                .join(games, games.c.id == turn_seats.c.game_id)
                .where(turn_seats.c.player_id == player_id))

    def mine(self, player_id: str, limit: int = 200) -> list[MyGame]:
        """A player's turn-based games: those waiting for them first (the nearest clock
        first), then the others open, then the finished ones."""
        with self.engine.connect() as conn:
            rows = conn.execute(self.mine_query(player_id).limit(limit)).all()
            ids = [r.game_id for r in rows]
            names: dict[int, list[str]] = {}
            for start in range(0, len(ids), 500):
                for s in conn.execute(select(seats.c.game_id, seats.c.seat, seats.c.name)
                                      .where(seats.c.game_id.in_(ids[start:start + 500]))
                                      .order_by(seats.c.game_id, seats.c.seat)):
                    names.setdefault(s.game_id, []).append(s.name or f"#{s.seat + 1}")
        out = [MyGame(r.code, r.kind, r.edition, r.seat, bool(r.waiting) and not r.over,
                      aware(r.deadline), bool(r.over), names.get(r.game_id, [])) for r in rows]
        far = datetime.max.replace(tzinfo=UTC)
        out.sort(key=lambda m: (m.over, not m.your_turn, m.deadline or far, m.code))
        return out

    def waiting_count(self, player_id: str) -> int:
        """How many games wait for the player's move."""
        with self.engine.connect() as conn:
            return int(conn.execute(
                select(func.count()).select_from(turn_seats)
                .join(turn_games, turn_games.c.game_id == turn_seats.c.game_id)
                .where(and_(turn_seats.c.player_id == player_id, turn_seats.c.waiting,
                            ~turn_games.c.over))).scalar() or 0)
