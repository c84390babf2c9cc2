"""What an app gets of turn-based tables: the records, the clocks following every change of
a game, the push sender with the installation's VAPID key, the pages, and (outside tests)
the background worker."""

from __future__ import annotations

import atexit
import os

from flask import Flask, current_app
from py_vapid import Vapid

from webapp.platform.deps import Deps
from webapp.platform.store import Store
from webapp.turns.clocks import Clocks
from webapp.turns.push_records import PushRecords
from webapp.turns.records import TurnRecords
from webapp.turns.webpush import Sender, installation_key
from webapp.turns.worker import TICK, Worker

KEY = "turns"


class Turns:
    """The turn-based tables of one app."""

    def __init__(self, app: Flask, store: Store, given: Deps) -> None:
        self.store = store
        self.records = TurnRecords(store.engine)
        self.clocks = Clocks(store, self.records, given.now, app.app_context)
        self.subscriptions = PushRecords(store.engine)
        hosts = app.config.get("WEBPUSH_HOSTS") or os.environ.get("COPENHAGEN_WEBPUSH_HOSTS", "")
        self.extra_hosts = tuple(h.strip().lower() for h in str(hosts).split(",") if h.strip())
        self.subject = str(app.config.get("WEBPUSH_SUBJECT")
                           or os.environ.get("COPENHAGEN_WEBPUSH_SUBJECT", ""))
        self.sender = Sender(self.subscriptions, self.vapid, lambda: self.subject, self.extra_hosts,
                             given.now,
                             lambda: str(app.config["BABEL_TRANSLATION_DIRECTORIES"]))
        self.worker = Worker(app, self.clocks, self.sender,
                             float(app.config.get("TURNS_TICK", TICK)))
        self._vapid: Vapid | None = None

    def vapid(self) -> Vapid:
        """The installation's VAPID key pair (made by the first server that needs it), read
        once per app. Kept on the instance: a `functools.cache` on the method held every
        Turns, and with it its app, store and engine, for the life of the process (a test
        worker kept each of its hundreds of apps)."""
        if self._vapid is None:
            self._vapid = installation_key(self.subscriptions)
        return self._vapid


def install(app: Flask, store: Store, given: Deps) -> Turns:
    """Follow every change of a game with its clock; start the worker unless testing (a
    test runs its rounds itself, with its own clock)."""
    turns = Turns(app, store, given)
    app.extensions[KEY] = turns
    store.when_changed.append(turns.clocks.follow)
    store.mark_parts.append(turns.records.marks)  # a bot's move for a seat shows at once
    turns.vapid()  # made at the first start, if `copenhagen migrate` has not made it
    if app.config.get("TURNS_WORKER", not app.testing):
        turns.worker.start()
        atexit.register(turns.worker.shutdown)
    return turns


def turns() -> Turns:
    """The turn-based tables of the current app."""
    found: Turns = current_app.extensions[KEY]
    return found
