"""Push streams through a kill -9 (part of `copenhagen bench --reliability`): two servers on
one database, woken through Redis pub/sub when a Redis server answers (else each reads the
heads of its watched games), tables in play on both, and for each table one stream on each
server from its first move. Halfway, the first server is killed with SIGKILL and started
again; its streams reconnect to the other server with Last-Event-ID, as a browser does. At
the end each stream must have received every sequence number of its game once:
`push_gaps` (numbers a stream never got) and `push_duplicates` (numbers it got twice) are 0,
and no acknowledged move is lost (`lost`, judged as benchmarks/reliability.py does)."""

from __future__ import annotations

import contextlib
import http.client
import random
import secrets
import socket
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.reliability import Deadline, Ledger, judge, table_worker
from benchmarks.servers import AppServer
from webapp.games.engines import FACTORIES
from webapp.platform.db import make_engine
from webapp.platform.store import Store

REDIS_URL = "redis://127.0.0.1:6379/0"  # pub/sub channels are shared by every database number


def redis_answers(url: str = REDIS_URL) -> bool:
    """Whether a Redis server answers at `url`."""
    try:
        import redis

        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
        return True
    except Exception:
        return False


@dataclass
class Watcher:
    """One phone's stream of one game, moved to the next server whenever it breaks."""

    ports: list[int]
    code: str
    turn: int
    got: list[int] = field(default_factory=list)
    reconnects: int = 0
    stop: threading.Event = field(default_factory=threading.Event)
    conn: http.client.HTTPConnection | None = None

    def close(self) -> None:
        """Stop now: the stream's socket is shut, so a read waiting for the next heartbeat
        returns at once instead of after up to 20 s."""
        self.stop.set()
        conn = self.conn
        if conn is not None and conn.sock is not None:
            with contextlib.suppress(OSError):
                conn.sock.shutdown(socket.SHUT_RDWR)

    def run(self) -> None:
        while not self.stop.is_set():
            port = self.ports[self.turn % len(self.ports)]
            headers = {"Accept": "text/event-stream"}
            if self.got:
                headers["Last-Event-ID"] = str(self.got[-1])
            try:
                conn = self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                conn.request("GET", f"/push/{self.code}?after=0", headers=headers)
                resp = conn.getresponse()
                if resp.status != 200:
                    raise ConnectionError(f"{resp.status}")
                while not self.stop.is_set():
                    line = resp.readline()  # a heartbeat comes every 20 s at the latest
                    if not line:
                        raise ConnectionError("closed")
                    if line.startswith(b"id: "):
                        self.got.append(int(line[4:].strip()))
            except (OSError, ConnectionError, http.client.HTTPException):
                if self.stop.is_set():
                    break
                self.reconnects += 1
                self.turn += 1  # to the other server, as a phone behind a balancer
                time.sleep(0.2)


def push_after_kill(folder: Path, url: str | None = None, seconds: float = 8.0,
                    tables: int = 3, seed: int = 5, moves: int | None = None,
                    guard: float = 600.0) -> dict[str, Any]:
    """The check described above; its figures. Halfway is `seconds / 2` of play before the
    kill and as long after it; with `moves`, it is counted in moves instead (half of them
    acknowledged before the kill, half after it; `guard` seconds at most in all), so that a
    slow or loaded machine plays as many as a fast one."""
    url = url or f"sqlite:///{folder / 'push-faults.sqlite3'}"
    with_redis = redis_answers()
    env = {"COPENHAGEN_PUSH_URL": REDIS_URL} if with_redis else {}
    secret = secrets.token_hex(16)
    apps = [AppServer(url, folder / f"push{i}.log", secret=secret, env=env).start()
            for i in range(2)]
    ports = [a.port for a in apps]
    ledger = Ledger()
    watchers: dict[str, list[Watcher]] = {}
    threads: list[threading.Thread] = []
    codes: list[str] = []
    killed_at = [0]  # moves acknowledged when the server came back

    def attach() -> None:
        with ledger.lock:
            fresh = [c for c in codes if c not in watchers]
        for code in fresh:
            watchers[code] = [Watcher(ports, code, turn) for turn in range(len(ports))]
            for w in watchers[code]:
                threads.append(threading.Thread(target=w.run, daemon=True))
                threads[-1].start()

    def play_until(at: float, count: int | None) -> None:
        """Attach streams to new tables until `at` passes or `count` moves are acknowledged."""
        while time.monotonic() < at:
            attach()
            with ledger.lock:
                if count is not None and len(ledger.acknowledged) >= count:
                    return
            time.sleep(0.05)

    def fault(until: Deadline) -> None:
        guard_at = time.monotonic() + guard
        if moves:
            play_until(guard_at, moves // 2)
        else:
            play_until(time.monotonic() + seconds / 2, None)
        until.at = float("inf")
        apps[0].kill9()
        time.sleep(0.5)
        apps[0].start()
        with ledger.lock:
            killed_at[0] = len(ledger.acknowledged)
        if moves:
            play_until(guard_at, killed_at[0] + moves - moves // 2)
            until.at = time.monotonic()
        else:
            until.at = time.monotonic() + seconds / 2
        while not until.passed():
            attach()
            time.sleep(0.05)

    rng = random.Random(seed)
    until = Deadline(time.monotonic() + (guard if moves else seconds))
    players = [threading.Thread(target=table_worker, args=(ports, until,
                                                            random.Random(rng.random()),
                                                            ledger, codes))
               for _ in range(tables)]
    try:
        for t in players:
            t.start()
        fault(until)
        for t in players:
            t.join()
        time.sleep(2.0)  # the last events reach the streams
    finally:
        for ws in watchers.values():
            for w in ws:
                w.close()
        for t in threads:
            t.join(5)
        for a in apps:
            a.stop()
    verdict = judge(url, ledger, codes)
    engine = make_engine(url)
    try:
        store = Store(engine, FACTORIES, cache_size=0)
        heads = {code: store.game(code).seq for code in watchers}
    finally:
        engine.dispose()
    gaps = duplicates = 0
    for code, ws in watchers.items():
        for w in ws:
            gaps += len(set(range(1, heads[code] + 1)) - set(w.got))
            duplicates += len(w.got) - len(set(w.got))
    return {
        "push_gaps": gaps,
        "push_duplicates": duplicates,
        "push_streams": sum(len(ws) for ws in watchers.values()),
        "push_reconnects": sum(w.reconnects for ws in watchers.values() for w in ws),
        "push_events": sum(len(w.got) for ws in watchers.values() for w in ws),
        "push_wakeups": "redis" if with_redis else "database heads",
        "acknowledged": len(ledger.acknowledged),
        "acknowledged_after_kill": len(ledger.acknowledged) - killed_at[0],
        "lost": verdict["lost"],
        "server_errors": ledger.answers.server_errors(),
        "requests": ledger.answers.requests,
    }
