"""The background work of turn-based tables in each server process: one thread that, every
TICK seconds, sweeps the clocks due by now and delivers the queued notifications. Never a
timer per game: one indexed query a round; the claims (webapp/turns/clocks.py, webpush.py)
let every server run it at once, and a restart loses nothing (the rows are the state)."""

from __future__ import annotations

import logging
import threading

from flask import Flask

from webapp.turns.clocks import SWEEP_LIMIT, Clocks
from webapp.turns.webpush import Sender

log = logging.getLogger(__name__)

TICK = 30.0  # seconds between rounds (a clock counts in days; a notice waits 30 s at most)
ROUNDS = 20  # sweeps one round runs at most while rows are still due


class Worker:
    """The thread of one app."""

    def __init__(self, app: Flask, clocks: Clocks, sender: Sender, tick: float = TICK) -> None:
        self.app = app
        self.clocks = clocks
        self.sender = sender
        self.tick = tick
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="copenhagen-turns", daemon=True)

    def round(self) -> None:
        """One round: the clocks, then the notifications (each fault logged, never fatal)."""
        with self.app.app_context():
            try:
                for _ in range(ROUNDS):  # more due than one sweep takes: the next at once
                    if self.clocks.sweep().looked < SWEEP_LIMIT:
                        break
            except Exception:
                log.exception("the turn clocks' sweep failed; the next round tries again")
            try:
                self.sender.deliver()
            except Exception:
                log.exception("the push delivery failed; the next round tries again")

    def _run(self) -> None:
        while not self.stop.wait(self.tick):
            self.round()

    def start(self) -> None:
        """Start the thread."""
        self.thread.start()

    def shutdown(self) -> None:
        """Stop after the round under way."""
        self.stop.set()
