"""The clocks of turn-based tables: after every committed change of a game (the store's
`when_changed`) its clock row follows who must act now, starting a full clock for each
person who has just become due and queueing "your move" and "game over" notices; the sweep
(background work, webapp/turns/worker.py) reads the rows due by now on one index, claims each
(a compare-and-set on `due_at`, so several servers share the work and a claim of a worker
that died lapses), sends the reminder at a quarter of the clock left, and when a clock runs
out has the greedy bot play that seat's move and marks the seat. Time comes from the app's
clock (webapp.platform.deps `now`), which tests set."""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from facade.errors import IllegalAction
from webapp.games import botplay
from webapp.platform.store import Conflict, Game, Store
from webapp.turns.records import Change, Clock, Notice, TurnRecords

log = logging.getLogger(__name__)

CLOCK_DAYS = (1, 2, 3, 7)  # the clocks a host may pick (or none)
DAY_S = 24 * 3600
REMIND_SHARE = 0.25  # the reminder goes when this share of the clock is left
LEASE = timedelta(minutes=5)  # a claimed row is looked at again after this, if still due
TIMEOUT_LEVEL = "greedy"  # the bot that plays the move of a seat whose clock ran out
TIMEOUT_STEPS = 60  # actions of one seat's move at most (a turn is a handful)
MISSED_FOR_BOT = 2  # after this many, the others may hand the seat to a bot for good
SWEEP_LIMIT = 500  # rows one sweep takes at most (the next takes the rest)


def due_moment(deadline: datetime | None, reminded: bool, clock_s: int | None) -> datetime | None:
    """When the sweep must look next: the reminder (a quarter of the clock before the
    deadline) unless sent, else the deadline; None without a deadline."""
    if deadline is None or clock_s is None:
        return None
    if not reminded:
        return deadline - timedelta(seconds=clock_s * REMIND_SHARE)
    return deadline


@dataclass
class Swept:
    """What one sweep did."""

    looked: int = 0
    reminded: int = 0
    timed_out: int = 0


class Clocks:
    """The clocks of one app's turn-based tables."""

    def __init__(self, store: Store, records: TurnRecords, now: Callable[[], datetime],
                 context: Callable[[], AbstractContextManager[Any]]) -> None:
        self.store = store
        self.records = records
        self.now = now
        self.context = context  # the app's context: its bots play a run-out clock's move

    # ------------------------------------------------------------------ after each change
    def follow(self, game_id: int) -> None:
        """The store's `when_changed` listener: bring the game's clock row to its present
        (nothing for a game that is not turn-based, one primary-key read)."""
        clock = self.records.clock(game_id)
        if clock is None:
            return
        game = self.store.game(clock.code)
        if game.seq <= clock.seq:
            return
        self._advance(clock, game)

    def follow_again(self, game_id: int) -> None:
        """Bring the row to the game's present even at the move it has (a seat became a
        bot's: it waits for nobody now)."""
        clock = self.records.clock(game_id)
        if clock is not None:
            self._advance(clock, self.store.game(clock.code), again=True)

    def _advance(self, clock: Clock, game: Game, again: bool = False) -> None:
        """Write the row at the game's present (`again`: even at the move it has)."""
        state = self.store.engine_state(game)
        bots = {s.seat for s in self.store.seats(game) if s.bot}
        over = state.is_over()
        waiting = [] if over else sorted(s for s in state.to_act() if s not in bots)
        fresh = [s for s in waiting if s not in clock.waiting]
        now = self.now()
        players = {t.seat: t.player_id for t in self.records.seats(game.id) if t.player_id}
        deadline, reminded = clock.deadline, clock.reminded
        if not waiting or clock.clock_s is None:
            deadline, reminded = None, False
        elif fresh or deadline is None:
            start = self.records.away_until(
                [players[s] for s in waiting if s in players], now) or now
            deadline, reminded = start + timedelta(seconds=clock.clock_s), False
        notices = [Notice(players[s], "turn", self.body(game, s)) for s in fresh
                   if s in players]
        if over and not clock.over:
            notices += [Notice(p, "over", self.body(game, s)) for s, p in players.items()]
        self.records.advance(clock, Change(int(state.seq), waiting, deadline, reminded,
                                           due_moment(deadline, reminded, clock.clock_s), over),
                             notices, now, again)

    def body(self, game: Game, seat: int) -> dict[str, Any]:
        """What a notification says, without any hidden information: the table, the seat,
        the others' names (worded in the device's language when sent)."""
        names = [s.name or f"#{s.seat + 1}" for s in self.store.seats(game)]
        return {"code": game.code, "edition": game.edition, "seat": seat,
                "others": [n for i, n in enumerate(names) if i != seat][:3]}

    # ------------------------------------------------------------------ the sweep
    def sweep(self, limit: int = SWEEP_LIMIT) -> Swept:
        """Every clock row due by now: claimed (all at once), then the reminders queued
        together and the rows with nothing left to wait for settled (a few queries for all
        of them), and each run-out clock's move played."""
        with self.context():  # whoever sweeps (the worker, a command, a test): the app's bots
            return self._sweep(limit)

    def _sweep(self, limit: int) -> Swept:
        now = self.now()
        claimed = now + LEASE
        token, due = self.records.claim_due(now, claimed, limit)
        done = Swept(looked=len(due))
        if not due:
            return done
        live = [c for c in due if not c.over and c.deadline is not None
                and c.clock_s is not None]
        fresh = [c for c in live if c.deadline is not None and c.deadline > now
                 and not c.reminded]
        tables = self.records.table_of(claimed, token) if fresh else {}
        self.records.reminded(claimed, token, self._reminders(fresh, tables, now), now)
        done.reminded = len(fresh)
        for clock in live:
            if clock.deadline is not None and clock.deadline <= now:
                try:
                    self.time_out(clock)
                    done.timed_out += 1
                except Exception:  # the claim lapses after LEASE: it is tried again then
                    log.exception("the clock of game %s could not be handled", clock.game_id)
        return done

    @staticmethod
    def _reminders(clocks: list[Clock], tables: dict[int, list[tuple[str | None, str | None]]],
                   now: datetime) -> list[Notice]:
        """The reminders of these rows (a quarter of their clock left) to the waiting
        seats' players."""
        notices = []
        for c in clocks:
            seats = tables.get(c.game_id, [])
            names = [name or f"#{i + 1}" for i, (name, _p) in enumerate(seats)]
            left_h = max(1, round(((c.deadline or now) - now).total_seconds() / 3600))
            for s in c.waiting:
                if s < len(seats) and seats[s][1]:
                    notices.append(Notice(str(seats[s][1]), "remind", {
                        "code": c.code, "seat": s, "left_h": left_h,
                        "others": [n for i, n in enumerate(names) if i != s][:3]}))
        return notices

    def time_out(self, clock: Clock) -> None:
        """A clock ran out: the greedy bot plays the move of every seat still due, each
        seat is marked, then the bots at the table play theirs."""
        self.records.restart(clock.game_id)  # whoever is due next gets a full clock
        for seat in clock.waiting:
            played = self.play_for(clock.code, seat)
            if played:
                self.records.missed(clock.game_id, seat, played)
        botplay.play_pending(self.store, self.store.game(clock.code))
        fresh = self.records.clock(clock.game_id)
        if fresh is not None:  # the row's present, whatever the moves' listeners wrote
            self._advance(fresh, self.store.game(clock.code), again=True)
        # the misses are written after the moves woke the pages: wake them again (a page
        # that refreshed in between said nothing of the bot's move; its mark shows the miss)
        self.store.changed(clock.game_id)

    def play_for(self, code: str, seat: int) -> int:
        """The greedy bot plays `seat`'s move (every action the seat owes now); how many
        actions it played."""
        played = 0
        for _ in range(TIMEOUT_STEPS):
            game = self.store.game(code)
            state = self.store.engine_state(game)
            if state.is_over() or seat not in state.to_act():
                break
            try:
                line = botplay.decide(game, state, seat, TIMEOUT_LEVEL)
            except Exception:
                log.exception("the stand-in of seat %s of game %s failed", seat, code)
                line = botplay.fallback(game, state, seat)
            try:
                try:
                    self.store.act(game, seat, line, int(state.seq))
                except IllegalAction:
                    self.store.act(game, seat, botplay.fallback(game, state, seat),
                                   int(state.seq))
            except Conflict:
                continue  # the player moved at the last moment: look again
            played += 1
        return played
