"""Server push of every change of a game to the pages showing it (Server-Sent Events).

The store's log is the truth; a wake-up only says "look again". Each stream keeps a cursor:
the last sequence number it sent. Woken, it reads the game's head and sends one event per
sequence number it has not sent (`id: N`), so a page that reconnects with `?after=N` or
`Last-Event-ID: N` gets exactly what it missed: no gap, no duplicate. A change that is not a
move (a seat taken or freed, a rematch made) is an `event: table` without an id.

Wake-ups come from `Store.when_changed` (after each commit) in the process that made the
change; other processes learn of it through Redis pub/sub when `COPENHAGEN_PUSH_URL` names a
Redis server (several servers), else by reading the heads of the games they watch every
WATCH_SECONDS (the workers of one server sharing a database: no other service). A message
Redis drops costs nothing: the next wake-up, or the page's catch-up when it becomes visible,
reads the log again.

The stream itself is served twice over the same Cursor: by an async handler in the
production server (webapp/asgi.py: an idle phone holds no thread) and by a Flask view
(webapp/views/push.py: the development server and tests, a thread per stream)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from webapp.inputs import number
from webapp.store import Store

log = logging.getLogger(__name__)

# Comment lines this often keep an idle stream alive through proxies and NATs: nginx and
# most load balancers close a silent connection after 60 s; phones' carriers after ~30 s.
HEARTBEAT_SECONDS = 20.0
# Without Redis, how often a process reads the heads of the games its streams watch, for the
# changes another worker made. One query for all of them: 0.3 ms on SQLite with 500 games
# watched, so 100 ms costs well under 1 % of a core and adds at most 100 ms to the lag.
WATCH_SECONDS = 0.1
HEAD_SECONDS = 1.0  # a head read for one wake-up is shared for at most this long
RETRY_MS = 1000  # how long a browser waits before it reconnects a dropped stream
CHANNEL = "copenhagen:changed"  # the Redis channel: a message is a game's id
HEADERS = {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Accel-Buffering": "no",  # nginx: pass each event on at once
}

Wake = Callable[[], None]


def resume_point(after: Any, last_event_id: Any) -> int | None:
    """Where a stream starts: after the Last-Event-ID the browser sends when it reconnects by
    itself, else after the `?after=` of the URL (the page's own move number); None: from the
    present on."""
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
    """One stream's place in one game: the last sequence number sent and the table's mark."""

    game_id: int
    last: int | None
    mark: str | None = None

    def read(self, head: Callable[[int], tuple[int, str]]) -> str:
        """The events this stream has not sent yet (maybe none), as text; `head` gives the
        game's (sequence number, mark): Hub.head, or Store.marks of one game."""
        return self.advance(*head(self.game_id))

    def advance(self, seq: int, mark: str) -> str:
        """The events up to the game's head (`seq`, `mark`) this stream has not sent yet."""
        if self.last is None or self.last > seq:
            self.last = seq  # a new stream, or one that claims moves not made: from here on
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
    watch_seconds: float = WATCH_SECONDS
    _watchers: dict[int, set[Wake]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _started: bool = False
    _redis: Any = None
    generation: int = 0  # a stream whose generation is past ends (see `drop_all`)
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
                target = self._listen if self.redis_url else self._poll
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
        self.generation += 1
        self.wake_all()

    def changed(self, game_id: int) -> None:
        """A committed change of game `game_id` (Store.when_changed): wake this process's
        streams at once, and tell the other processes through Redis when there is one."""
        self.wake(game_id)
        if self.redis_url:
            try:
                self._client().publish(CHANNEL, str(game_id))
            except Exception as err:  # the move is stored: pages catch up when they look
                log.warning("push: cannot publish to Redis: %s", err)

    def _client(self) -> Any:
        if self._redis is None:
            import redis

            self._redis = redis.Redis.from_url(str(self.redis_url), socket_timeout=2,
                                               socket_connect_timeout=2)
        return self._redis

    def _listen(self) -> None:
        """Redis pub/sub: every server's changes wake this process's streams."""
        import redis

        pause = 0.5
        while True:
            try:
                client = redis.Redis.from_url(str(self.redis_url), socket_connect_timeout=2,
                                              health_check_interval=30)
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                pubsub.subscribe(CHANNEL)
                self.wake_all()  # anything published while we were not listening
                pause = 0.5
                for message in pubsub.listen():
                    data = message.get("data")
                    found = number(data.decode("ascii", "replace")
                                   if isinstance(data, bytes) else data, 12)
                    if found is not None:
                        self.wake(found)
            except Exception as err:  # Redis away: try again, wake everyone once back
                log.warning("push: Redis subscription lost (%s); retrying", err)
                time.sleep(pause)
                pause = min(pause * 2, 5.0)

    def _poll(self) -> None:
        """No Redis: read the heads of the watched games and wake those that changed."""
        seen: dict[int, tuple[int, str]] = {}
        while True:
            time.sleep(self.watch_seconds)
            with self._lock:
                ids = list(self._watchers)
                if not ids:  # no stream left: the next one starts this thread again
                    self._started = False
                    return
            try:
                now = self.store.marks(ids)
            except Exception as err:  # the database is away: the streams wait meanwhile
                log.warning("push: cannot read the games' heads: %s", err)
                continue
            for game_id, head in now.items():
                if game_id in seen and seen[game_id] != head:
                    self.wake(game_id)
            seen = now


def install(app: Any, store: Store) -> Hub:
    """The app's hub (app.extensions["push"]), woken by every change the store commits."""
    hub = Hub(store, app.config.get("PUSH_URL") or None)
    store.when_changed.append(hub.changed)
    app.extensions["push"] = hub
    return hub
