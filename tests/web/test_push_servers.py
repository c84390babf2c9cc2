"""Push across real servers (`copenhagen serve`): a move made on one server reaches a stream
open on another through Redis pub/sub (COPENHAGEN_PUSH_URL), and a kill -9 of a server that
holds streams loses no move and no event: its phones reconnect to the other server and get
every sequence number once (benchmarks/push_faults.py, also run by `bench --reliability`)."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
import time
from pathlib import Path

import pytest
import redis

from benchmarks.push_faults import push_after_kill
from benchmarks.servers import AppServer
from benchmarks.web import Phone, Tally
from tests.web.test_shared_limits import redis_url  # noqa: F401 - the fixture
from webapp.push.hub import CHANNEL

pytestmark = pytest.mark.slow  # starts real servers

MOVES = 60  # acknowledged moves of the kill -9 check: half before the kill, half after it
SEEN_WITHIN_S = 2.0  # far below the 20 s heartbeat: only a wake-up through Redis is this fast


def _events(port: int, code: str, got: list[tuple[int, float]], stop: threading.Event,
            ready: threading.Event) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", f"/push/{code}", headers={"Accept": "text/event-stream"})
    resp = conn.getresponse()
    assert resp.status == 200
    while not stop.is_set():
        line = resp.readline()
        if not line:
            return
        if line.startswith(b"event: ready"):  # the stream is open and watching the game
            ready.set()
        if line.startswith(b"id: "):
            got.append((int(line[4:]), time.monotonic()))


class SlowRedis:
    """A TCP relay to Redis that holds each new connection's first bytes for DELAY seconds:
    a server subscribing through it listens only that much later (a loaded machine)."""

    DELAY = 1.0

    def __init__(self, target: str) -> None:
        host, port = target.split("//", 1)[1].split("/", 1)[0].split(":")
        self.target = (host, int(port))
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"redis://127.0.0.1:{self.listener.getsockname()[1]}/0"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                near, _addr = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._relay, args=(near,), daemon=True).start()

    def _relay(self, near: socket.socket) -> None:
        far = socket.create_connection(self.target)
        time.sleep(self.DELAY)  # the connection is held, not its answer: it waits to be read
        threading.Thread(target=self._pump, args=(far, near), daemon=True).start()
        self._pump(near, far)

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (src, dst):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.listener.close()


def test_a_move_on_one_server_reaches_a_stream_on_another_through_redis(
        redis_url: str, tmp_path: Path):  # noqa: F811 - the fixture
    """The second server reaches Redis slowly (SlowRedis): its stream says `ready` only once
    Redis counts its subscription, and the first move made then reaches it at once (the old
    order said `ready` first: that move waited for the subscription's catch-up)."""
    url = f"sqlite:///{tmp_path / 'two.sqlite3'}"
    slow = SlowRedis(redis_url)
    apps = [AppServer(url, tmp_path / f"s{i}.log", secret="shared-secret",
                      env={"COPENHAGEN_PUSH_URL": push_url}).start()
            for i, push_url in enumerate((redis_url, slow.url))]
    try:
        tally = Tally()
        host = Phone(apps[0].port, tally, 1000)
        code = host.create_table(2)
        guest = Phone(apps[0].port, tally, 1000)
        guest.join(code, 1)
        phones = [host, guest]
        for phone in phones:
            phone.page_token(f"/rollwrite/{code}")
        got: list[tuple[int, float]] = []
        stop, ready = threading.Event(), threading.Event()
        reader = threading.Thread(target=_events, args=(apps[1].port, code, got, stop, ready),
                                  daemon=True)
        reader.start()
        assert ready.wait(30), apps[1].tail()  # the stream is open on the second server
        subscribed = redis.Redis.from_url(redis_url).pubsub_numsub(CHANNEL)[0][1]
        assert subscribed >= 1, "ready before the second server listened to Redis"
        for n in range(1, 4):
            for phone in phones:  # the phone that has a move to make makes it
                status, data, _ms, _r = phone.request("GET", f"/rollwrite/{code}/api")
                info = json.loads(data)
                legal = [a for a in info["legal"] if a.split()[1] not in ("undo", "unpick")]
                if legal:
                    break
            status, _d, _ms, _r = phone.request("POST", f"/rollwrite/{code}/act", {
                "csrf_token": phone.token, "seq": str(info["seq"]), "action": legal[0]})
            assert status == 200
            moved = time.monotonic()
            deadline = moved + SEEN_WITHIN_S
            while time.monotonic() < deadline and len(got) < n:
                time.sleep(0.01)
            assert [seq for seq, _t in got] == list(range(1, n + 1)), (got, apps[1].tail())
            assert got[-1][1] - moved < SEEN_WITHIN_S
        stop.set()
    finally:
        for app in apps:
            app.stop()
        slow.close()


def test_kill9_of_a_server_holding_streams_loses_no_move_and_no_event(
        redis_url: str, tmp_path: Path):  # noqa: F811 - the fixture
    # Counted in moves, not timed: 4 s of play gave 443 moves in a serial run but 5 in a loaded
    # one (2026-11-29), where the tables had barely begun when the time was up.
    result = push_after_kill(tmp_path, moves=MOVES, tables=3)
    assert result["push_wakeups"] == "redis"
    assert result["lost"] == 0 and result["server_errors"] == 0, result
    assert result["acknowledged"] >= MOVES, result
    assert result["acknowledged_after_kill"] >= MOVES // 2, result  # play went on after it
    assert result["push_reconnects"] >= 1, result  # the killed server's streams moved over
    assert result["push_gaps"] == 0 and result["push_duplicates"] == 0, result
    assert result["push_events"] >= result["acknowledged"], result
