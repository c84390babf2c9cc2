"""Server push of every change of a game to the pages showing it (Server-Sent Events).

The store's log is the truth; a wake-up only says "look again". Each stream keeps a cursor:
the last sequence number it sent. Woken, it reads the game's head and sends one event per
sequence number it has not sent (`id: N`), so a page that reconnects with `?after=N` or
`Last-Event-ID: N` gets exactly what it missed: no gap, no duplicate. A change that is not a
move (a seat taken or freed, a rematch made) is an `event: table` without an id.

Wake-ups come from `Store.when_changed` (after each commit) in the process that made the
change; other processes learn of it through Redis pub/sub when `COPENHAGEN_PUSH_URL` names a
Redis server (several servers), else through a doorbell: a datagram with the game's id sent
to every other process of this machine that uses the same database (the workers of one
server: no other service, no polling). Without Redis a slow sweep also reads the heads of the
watched games (all of them every SWEEP_SECONDS, a slice at a time), for a change the doorbell
could not carry (another machine on the same database). A message Redis or the doorbell drops
costs nothing: the next wake-up, the sweep, or the page's catch-up when it becomes visible,
reads the log again.

A stream is opened by a Flask view (webapp/push/routes.py), like any page; under the
production server the view hands it to the event loop (a StreamOrder in the request's
environ, LOOP_KEY), which serves it without a thread (webapp/asgi.py); under the development
server the view serves it itself, a thread per stream. A stream says `ready` only once its
process listens for wake-ups (`Hub.listening`)."""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import logging
import math
import os
import queue
import socket
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import redis

from webapp.platform.budgets import PUBLISH_QUEUE, REDIS_SECONDS, STREAMS_PER_CLIENT_IN_ALL
from webapp.platform.inputs import number
from webapp.platform.store import Store

log = logging.getLogger(__name__)

# Comment lines this often keep an idle stream alive through proxies and NATs: nginx and
# most load balancers close a silent connection after 60 s; phones' carriers after ~30 s.
HEARTBEAT_SECONDS = 20.0
# Without Redis, how often a process reads the heads of all the games its streams watch (a
# slice every SWEEP_TICK), for a change no doorbell rang. Store.marks costs ~0.05 ms a game
# on SQLite (26 ms for 500 games, in Python under the GIL: read all at once every 100 ms, as
# before the doorbell, it took a quarter of a core per worker and doubled the moves' p95).
SWEEP_SECONDS = 5.0
SWEEP_TICK = 0.25
# ... and how often when there is no doorbell (an in-memory database, a temporary folder
# this process cannot use): all of them, as the only way to learn of other workers' changes.
WATCH_SECONDS = 0.1
# Streams one client address may hold open to one game in one worker: a phone holds one per
# page, a household behind one address a few; more is a script (answered 429).
STREAMS_PER_CLIENT = 16
HEAD_SECONDS = 1.0  # a head read for one wake-up is shared for at most this long
RETRY_MS = 1000  # how long a browser waits before it reconnects a dropped stream
CHANNEL = "copenhagen:changed"  # the Redis channel: a message is a game's id
HEADERS = {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Accel-Buffering": "no",  # nginx: pass each event on at once
}

Wake = Callable[[], None]


@dataclass
class StreamOrder:
    """A stream the view opened and the server's loop serves: the game, where the stream
    starts, its first lines, its heartbeat, and the function that uncounts it (Hub.admit)."""

    game_id: int
    cursor: Cursor
    preamble: str
    heartbeat: float
    release: Callable[[], None]


def too_many() -> str:
    """The answer (429) to one stream too many from one client address to one game."""
    return (f"Too many open streams from your address ({STREAMS_PER_CLIENT} to one game, "
            f"{STREAMS_PER_CLIENT_IN_ALL} in all). Close some pages and try again.")


class Doorbell:
    """Wake-ups between the processes of this machine that use one database (the workers of
    one server) without another service: each listening process binds a Unix datagram socket
    named by its pid in a folder named by the database; a change sends the game's id to every
    other socket in it. A datagram is dropped when a receiver's buffer is full, which costs
    nothing (see the module's docstring); a socket whose process is gone is removed."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.name = ""  # this process's socket, once it listens
        self.sock: socket.socket | None = None
        self._out: socket.socket | None = None

    @staticmethod
    def for_database(url: str) -> Doorbell | None:
        """The doorbell of the processes using database `url`; None for a database no other
        process can share (SQLite in memory)."""
        if url.startswith("sqlite") and (url.rstrip("/").endswith(":") or ":memory:" in url
                                         or "mode=memory" in url):
            return None
        key = hashlib.sha256(url.encode()).hexdigest()[:16]
        return Doorbell(Path(tempfile.gettempdir()) / f"copenhagen-push-{key}")

    def open(self) -> bool:
        """Start receiving (in the process that holds streams); False if the folder cannot be
        used (then the caller polls)."""
        try:
            self.folder.mkdir(mode=0o700, exist_ok=True)
            if self.folder.stat().st_uid != os.getuid():
                raise PermissionError(f"{self.folder} belongs to another user")
            self.name = str(os.getpid())
            path = self.folder / self.name
            with contextlib.suppress(FileNotFoundError):
                path.unlink()  # left by a process that had this pid
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            sock.bind(str(path))
        except OSError as err:
            log.warning("push: no doorbell between workers (%s); reading heads instead", err)
            return False
        self.sock = sock
        atexit.register(self.close)
        return True

    def close(self) -> None:
        """Stop receiving: the sockets close and the socket's file goes (a process that
        exits); `listen` returns."""
        if self.name:
            with contextlib.suppress(OSError):
                (self.folder / self.name).unlink()
            with contextlib.suppress(OSError):
                self.folder.rmdir()  # the last process of this database to go
            self.name = ""
        for sock in (self.sock, self._out):
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)  # wakes a recv in the listening thread
                sock.close()
        self.sock = self._out = None

    def ring(self, game_id: int) -> None:
        """Tell every other listening process of this database that game `game_id` changed."""
        try:
            names = os.listdir(self.folder)
        except OSError:  # nobody listens yet
            return
        if self._out is None:
            self._out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            self._out.setblocking(False)
        data = str(game_id).encode()
        for name in names:
            if name == self.name:
                continue
            path = str(self.folder / name)
            try:
                self._out.sendto(data, path)
            except (ConnectionRefusedError, FileNotFoundError):
                with contextlib.suppress(OSError):  # its process is gone
                    os.unlink(path)
            except OSError:  # a full buffer (BlockingIOError) or any other: the sweep sees it
                pass

    def listen(self, wake: Callable[[int], None]) -> None:
        """Receive until closed (a thread of its own), calling `wake` with each game's id."""
        sock = self.sock
        while sock is not None:
            try:
                data = sock.recv(64)
            except OSError:  # closed
                return
            if not data and self.sock is None:
                return
            found = number(data.decode("ascii", "replace"), 12)
            if found is not None:
                wake(found)


def resume_point(after: Any, last_event_id: Any) -> int | None:
    """Where a stream starts: after the Last-Event-ID the browser sends when it reconnects by
    itself, else after the `?after=` of the URL (the page's own move number); None: neither
    names one (the view starts the stream after the number its `ready` names)."""
    for value in (last_event_id, after):
        seen = number(value, 9)
        if seen is not None:
            return seen
    return None


def preamble(seq: int) -> str:
    """The first lines of a stream: the reconnect delay, and `ready` (data: the game's move
    number), which tells the page that events pass (a proxy that buffers would hold it)."""
    return f"retry: {RETRY_MS}\nevent: ready\ndata: {seq}\n\n"


PING = ": ping\n\n"


@dataclass
class Cursor:
    """One stream's place in one game: the last sequence number sent (at first the one the
    stream starts after) and the table's mark."""

    game_id: int
    last: int
    mark: str | None = None

    def read(self, head: Callable[[int], tuple[int, str]]) -> str:
        """The events this stream has not sent yet (maybe none), as text; `head` gives the
        game's (sequence number, mark): Hub.head, or Store.marks of one game."""
        return self.advance(*head(self.game_id))

    def advance(self, seq: int, mark: str) -> str:
        """The events up to the game's head (`seq`, `mark`) this stream has not sent yet."""
        if self.last > seq:
            self.last = seq  # a stream that claims moves not made: from the head on
        out = [f"id: {n}\nevent: move\ndata: {n}\n\n" for n in range(self.last + 1, seq + 1)]
        self.last = seq
        if self.mark is not None and mark != self.mark:
            out.append(f"event: table\ndata: {seq}\n\n")
        self.mark = mark
        return "".join(out)


@dataclass
class Hub:
    """The streams of one process, by game id, and how they are woken."""

    store: Store
    redis_url: str | None = None
    doorbell: Doorbell | None = None
    watch_seconds: float = WATCH_SECONDS
    _watchers: dict[int, set[Wake]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _started: bool = False
    _ringing: bool = False  # the doorbell is open and its thread listens
    _redis: Any = None
    _clients: dict[tuple[str, int], int] = field(default_factory=dict)
    _totals: dict[str, int] = field(default_factory=dict)  # client -> its streams, all games
    generation: int = 0  # a stream whose generation is past ends (see `drop_all`)
    # set while this process listens for other processes' changes (Redis subscribed, the
    # doorbell bound, or none to listen to): a stream says `ready` only then
    listening: threading.Event = field(default_factory=threading.Event)
    _outbox: queue.Queue[int] = field(default_factory=lambda: queue.Queue(PUBLISH_QUEUE))
    _publishing: bool = False
    # game id -> (wake count, when read, head): the streams of one game woken together share
    # one read of the database (250 streams of one table woken by a move: one query, not 250)
    _heads: dict[int, tuple[int, float, tuple[int, str]]] = field(default_factory=dict)
    _wakes: dict[int, int] = field(default_factory=dict)

    def watch(self, game_id: int, wake: Wake) -> Wake:
        """Call `wake` (quickly: it sets a flag) whenever game `game_id` may have changed;
        returns the function that stops it."""
        with self._lock:
            self._watchers.setdefault(game_id, set()).add(wake)
            if not self._started:  # in the worker, never in a process that forks later
                self._started = True
                if self.redis_url:
                    target = self._listen
                else:
                    if self.doorbell is not None and not self._ringing:
                        self._ringing = self.doorbell.open()
                        if self._ringing:
                            threading.Thread(target=self.doorbell.listen, args=(self.wake,),
                                             name="push-doorbell", daemon=True).start()
                    self.listening.set()  # the doorbell is bound (or the poll reads heads)
                    target = self._poll
                threading.Thread(target=target, name="push-wakeups", daemon=True).start()

        def stop() -> None:
            with self._lock:
                found = self._watchers.get(game_id)
                if found is not None:
                    found.discard(wake)
                    if not found:
                        del self._watchers[game_id]
                        self._heads.pop(game_id, None)
                        self._wakes.pop(game_id, None)

        return stop

    def head(self, game_id: int) -> tuple[int, str]:
        """(sequence number, mark) of a game as the store has it, read once per wake-up for
        all of this process's streams of the game (and at least every HEAD_SECONDS)."""
        now = time.monotonic()
        with self._lock:
            wakes = self._wakes.get(game_id, 0)
            kept = self._heads.get(game_id)
            if kept is not None and kept[0] == wakes and now - kept[1] < HEAD_SECONDS:
                return kept[2]
        found = self.store.marks([game_id]).get(game_id, (0, ""))
        with self._lock:
            if game_id in self._watchers:
                self._heads[game_id] = (wakes, now, found)
        return found

    def wake_count(self, game_id: int) -> int:
        """How many times the streams of a game were woken (a read after a wake-up is new)."""
        with self._lock:
            return self._wakes.get(game_id, 0)

    def streams(self) -> int:
        """How many streams this process holds open."""
        with self._lock:
            return sum(len(w) for w in self._watchers.values())

    def admit(self, client: str, game_id: int) -> Callable[[], None] | None:
        """Count one more stream of `client` (its address) to game `game_id`; None when it
        holds STREAMS_PER_CLIENT already (answer 429), else the function that uncounts it."""
        key = (client, game_id)
        with self._lock:
            held = self._clients.get(key, 0)
            total = self._totals.get(client, 0)
            if held >= STREAMS_PER_CLIENT or total >= STREAMS_PER_CLIENT_IN_ALL:
                return None
            self._clients[key] = held + 1
            self._totals[client] = total + 1
        done = False

        def release() -> None:
            nonlocal done
            with self._lock:
                if done:
                    return
                done = True
                left = self._clients.get(key, 1) - 1
                if left > 0:
                    self._clients[key] = left
                else:
                    self._clients.pop(key, None)
                total = self._totals.get(client, 1) - 1
                if total > 0:
                    self._totals[client] = total
                else:
                    self._totals.pop(client, None)

        return release

    def wake(self, game_id: int) -> None:
        """Wake this process's streams of one game."""
        with self._lock:
            found = list(self._watchers.get(game_id, ()))
            if found:
                self._wakes[game_id] = self._wakes.get(game_id, 0) + 1
        for wake in found:
            try:
                wake()
            except RuntimeError:  # its event loop has closed: the stream is going
                pass

    def wake_all(self) -> None:
        """Wake every stream (after a lost connection to Redis: messages may be gone)."""
        with self._lock:
            ids = list(self._watchers)
        for game_id in ids:
            self.wake(game_id)

    def drop_all(self) -> None:
        """End every open stream of this process (a worker that stops; a test of the phones'
        reconnection): each phone reconnects and resumes from its last move."""
        with self._lock:
            self.generation += 1
        self.wake_all()

    def close(self) -> None:
        """This process stops: its doorbell's socket goes (other processes stop ringing it)."""
        if self.doorbell is not None:
            self.doorbell.close()

    def changed(self, game_id: int) -> None:
        """A committed change of game `game_id` (Store.when_changed): wake this process's
        streams at once, and tell the other processes: through Redis when there is one (a
        thread of its own publishes: a move's answer never waits on Redis), else the
        doorbell (a datagram that never blocks)."""
        self.wake(game_id)
        if self.redis_url:
            with self._lock:
                if not self._publishing:
                    self._publishing = True
                    threading.Thread(target=self._publish, name="push-publish",
                                     daemon=True).start()
            try:
                self._outbox.put_nowait(game_id)
            except queue.Full:  # Redis too slow for long: the others' catch-ups read it
                log.warning("push: %d publishes waiting; game %s's dropped", PUBLISH_QUEUE,
                            game_id)
        elif self.doorbell is not None:
            self.doorbell.ring(game_id)

    def _publish(self) -> None:
        """Publish each change to Redis, in the order made (a thread of its own)."""
        while True:
            game_id = self._outbox.get()
            try:
                self._client().publish(CHANNEL, str(game_id))
            except Exception as err:  # the move is stored: pages catch up when they look
                log.warning("push: cannot publish to Redis: %s", err)

    def _client(self) -> Any:
        if self._redis is None:
            self._redis = redis.Redis.from_url(str(self.redis_url), socket_timeout=REDIS_SECONDS,
                                               socket_connect_timeout=REDIS_SECONDS)
        return self._redis

    def _listen(self) -> None:
        """Redis pub/sub: every server's changes wake this process's streams. `listening`
        is set once Redis has confirmed the subscription, and cleared while it is lost."""
        pause = 0.5
        while True:
            try:
                client = redis.Redis.from_url(str(self.redis_url),
                                              socket_connect_timeout=REDIS_SECONDS,
                                              health_check_interval=30)
                pubsub = client.pubsub()
                pubsub.subscribe(CHANNEL)
                deadline = time.monotonic() + REDIS_SECONDS
                while True:  # the confirmation: from now on every publish reaches us
                    first = pubsub.get_message(timeout=max(0.0, deadline - time.monotonic()))
                    if first is not None and first.get("type") == "subscribe":
                        break
                    if time.monotonic() >= deadline:
                        raise TimeoutError("Redis did not confirm the subscription")
                self.listening.set()
                self.wake_all()  # anything published while we were not listening
                pause = 0.5
                for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    data = message.get("data")
                    found = number(data.decode("ascii", "replace")
                                   if isinstance(data, bytes) else data, 12)
                    if found is not None:
                        self.wake(found)
            except Exception as err:  # Redis away: try again, wake everyone once back
                self.listening.clear()
                log.warning("push: Redis subscription lost (%s); retrying", err)
                time.sleep(pause)
                pause = min(pause * 2, 5.0)

    def _poll(self) -> None:
        """No Redis: read the heads of the watched games and wake those whose head is not the
        one their streams last read (Hub.head keeps it); all of them every `watch_seconds`
        without a doorbell, else a slice every SWEEP_TICK (all of them every SWEEP_SECONDS),
        the doorbell carrying the changes made on this machine."""
        turn = 0
        while True:
            time.sleep(SWEEP_TICK if self._ringing else self.watch_seconds)
            with self._lock:
                ids = sorted(self._watchers)
                if not ids:  # no stream left: the next one starts this thread again
                    self._started = False
                    return
            if self._ringing:  # a slice: every game once in SWEEP_SECONDS
                size = max(1, math.ceil(len(ids) * SWEEP_TICK / SWEEP_SECONDS))
                turn = turn % len(ids)
                ids = (ids[turn:] + ids[:turn])[:size]
                turn += size
            try:
                now = self.store.marks(ids)
            except Exception as err:  # the database is away: the streams wait meanwhile
                log.warning("push: cannot read the games' heads: %s", err)
                continue
            with self._lock:
                # no head kept yet: the game's streams are reading it for the first time
                stale = [game_id for game_id, head in now.items()
                         if game_id in self._heads and self._heads[game_id][2] != head]
            for game_id in stale:
                self.wake(game_id)


def install(app: Any, store: Store) -> Hub:
    """The app's hub (app.extensions["push"]), woken by every change the store commits."""
    url = store.engine.url.render_as_string(hide_password=False)
    hub = Hub(store, app.config.get("PUSH_URL") or None, Doorbell.for_database(url))
    store.when_changed.append(hub.changed)
    app.extensions["push"] = hub
    return hub
