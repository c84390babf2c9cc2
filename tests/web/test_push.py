"""The push stream of a game (/push/<CODE>, webapp/push/hub.py): one event per sequence number,
resumed from `?after=N` or Last-Event-ID with no gap and no duplicate, a `table` event for a
seat or a rematch, heartbeats, the headers proxies need; the table page names its stream."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from tests.web import own_loop
from tests.web.test_shared_limits import redis_url  # noqa: F401 - the fixture
from webapp.asgi import asgi_app, client_address
from webapp.games.engines import FACTORIES
from webapp.platform.db import make_engine
from webapp.platform.store import Game, Store
from webapp.push import hub as push
from webapp.push.hub import Cursor, Doorbell, resume_point

CONFIG = {"players": ["Ann", "Bo"], "seed": "push-test",
          "options": {"dice": "seeded", "mirror": False}}
EVENT_RE = re.compile(r"(?:id: (\d+)\n)?event: (\w+)\ndata: (\d+)\n\n")


def _game(app: Flask) -> Game:
    return app.extensions["store"].create_game("table", "rollwrite", CONFIG, 2)


def _move(app: Flask, game: Game, count: int = 1) -> int:
    store = app.extensions["store"]
    for _ in range(count):
        state = store.state(game)
        action = state.legal_actions(state.to_act()[0])[0]
        store.act(game, action.player, str(action), state.seq)
    return int(store.state(game).seq)


class Reader:
    """A stream read by a thread into a list of (id, event) until closed."""

    def __init__(self, app: Flask, url: str, **headers: str) -> None:
        self.app = app
        self.resp = app.test_client().get(url, headers=headers, buffered=False)
        self.text = ""
        self.lock = threading.Condition()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for chunk in self.resp.response:
                with self.lock:
                    self.text += chunk.decode() if isinstance(chunk, bytes) else chunk
                    self.lock.notify_all()
        except (ValueError, RuntimeError):
            pass

    def events(self) -> list[tuple[int | None, str]]:
        return [(int(i) if i else None, kind) for i, kind, _d in EVENT_RE.findall(self.text)]

    def wait_for(self, test: Any, timeout: float = 5.0) -> list[tuple[int | None, str]]:
        with self.lock:
            assert self.lock.wait_for(lambda: test(self.events()), timeout), self.text
            return self.events()

    def close(self) -> None:
        """End the stream as a server that goes away does (every stream of the app)."""
        self.app.extensions["push"].drop_all()
        self.thread.join(5)
        assert not self.thread.is_alive()
        self.resp.close()


@pytest.fixture
def quick(app: Flask) -> Iterator[Flask]:
    app.config["PUSH_HEARTBEAT_SECONDS"] = 0.2
    yield app


def _ids(events: list[tuple[int | None, str]]) -> list[int]:
    return [i for i, kind in events if kind == "move" and i is not None]


@pytest.mark.both_databases
def test_a_stream_resumes_after_the_move_it_names_with_no_gap_and_no_duplicate(quick):
    game = _game(quick)
    _move(quick, game, 3)
    first = Reader(quick, f"/push/{game.code}?after=1")
    assert first.resp.status_code == 200
    assert first.resp.headers["X-Accel-Buffering"] == "no"
    assert first.resp.headers["Content-Type"].startswith("text/event-stream")
    assert _ids(first.wait_for(lambda e: len(_ids(e)) >= 2)) == [2, 3]
    head = _move(quick, game, 2)
    assert _ids(first.wait_for(lambda e: len(_ids(e)) >= 4)) == [2, 3, 4, 5]
    first.close()
    # the browser reconnects by itself with Last-Event-ID (and the page's old ?after=)
    _move(quick, game, 1)
    again = Reader(quick, f"/push/{game.code}?after=1", **{"Last-Event-ID": str(head)})
    assert _ids(again.wait_for(lambda e: len(_ids(e)) >= 1)) == [head + 1]
    assert again.text.startswith("retry: ")
    again.close()


@pytest.mark.both_databases
def test_a_seat_taken_or_a_rematch_is_a_table_event_without_an_id(quick):
    store = quick.extensions["store"]
    game = _game(quick)
    reader = Reader(quick, f"/push/{game.code}")
    with reader.lock:  # a heartbeat: the stream has read the table once
        assert reader.lock.wait_for(lambda: ": ping" in reader.text, 5), reader.text
    store.claim_seat(game, 1, "Bo")
    events = reader.wait_for(lambda e: any(k == "table" for _i, k in e))
    assert [i for i, k in events if k == "table"] == [None]
    assert not _ids(events)  # a join is no move
    reader.close()


def test_heartbeats_keep_an_idle_stream_alive(quick):
    game = _game(quick)
    reader = Reader(quick, f"/push/{game.code}")
    with reader.lock:
        assert reader.lock.wait_for(lambda: reader.text.count(": ping") >= 2, 5), reader.text
    reader.close()


def test_a_stream_of_no_game_is_404_and_odd_resume_points_change_nothing(quick, client):
    assert client.get("/push/NOSUCH").status_code == 404
    assert resume_point("12", None) == 12
    assert resume_point("12", "15") == 15  # the browser's own reconnect is newer
    assert resume_point("-1", "x" * 5000) is None
    assert resume_point("١٢", None) is None
    game = _game(quick)
    last = _move(quick, game, 2)
    store = quick.extensions["store"]
    cursor = Cursor(game.id, 10**6)  # a page that claims moves never made: from the head on

    def head(game_id: int) -> tuple[int, str]:
        return store.marks([game_id])[game_id]

    assert cursor.read(head) == ""
    _move(quick, game, 1)
    assert cursor.read(head) == f"id: {last + 1}\nevent: move\ndata: {last + 1}\n\n"


def test_a_stream_without_a_resume_point_starts_at_the_move_its_ready_names(quick):
    """A stream opened with neither `?after=` nor Last-Event-ID (a program's) is told `ready`
    with the game's move number, then every move after it: one made between the view's
    reading of the game and the stream's first read too. It used to start from that first
    read and skip such a move (seen once in a whole-suite run, on the event loop's stream)."""
    game = _game(quick)
    resp = quick.test_client().get(f"/push/{game.code}", buffered=False)
    body = (chunk.decode() for chunk in resp.response)
    _move(quick, game)  # after the view read the game, before the stream reads it
    assert "event: ready\ndata: 0\n" in next(body)
    assert next(body) == "id: 1\nevent: move\ndata: 1\n\n"
    resp.close()


def test_the_table_page_names_its_stream_and_its_move_number(quick, phone):
    resp = phone.post("/rollwrite/new", {"name": "Ann", "seats": "2", "dice": "app"})
    code = resp.headers["Location"].rsplit("/", 1)[1]
    html = phone.get(f"/rollwrite/{code}").get_data(as_text=True)
    assert f'data-push="/push/{code}"' in html
    assert 'data-seq="0"' in html
    assert "every 1.5s, push" in html
    assert "push.js" in html
    assert 'data-push-down="Reconnecting… moves may arrive a little late."' in html
    # what a phone shows while its stream is down, in the page's language
    fr = phone.get(f"/rollwrite/{code}?lang=fr").get_data(as_text=True)
    assert 'data-push-down="Reconnexion… les coups peuvent arriver' in fr
    de = phone.get(f"/rollwrite/{code}?lang=de").get_data(as_text=True)
    assert 'data-push-down="Verbindung wird wiederhergestellt…' in de


CHILD = """
import sys
from pathlib import Path
from webapp.push.hub import Doorbell

bell = Doorbell(Path(sys.argv[1]))
assert bell.open()
print("ready", flush=True)


def wake(game_id: int) -> None:
    print(game_id, flush=True)
    if game_id == 0:
        raise SystemExit(0)


bell.listen(wake)
"""


def test_the_doorbell_wakes_the_other_processes_of_a_database_and_forgets_dead_ones(tmp_path):
    folder = tmp_path / "bell"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(folder)], stdout=subprocess.PIPE,
                             text=True, cwd=Path(__file__).resolve().parents[2])
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        dead = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)  # a worker killed with -9
        dead.bind(str(folder / "1"))
        dead.close()
        bell = Doorbell(folder)  # this process rings without listening
        bell.ring(42)
        assert child.stdout.readline().strip() == "42"
        assert sorted(os.listdir(folder)) == [str(child.pid)]  # the dead one's socket went
        bell.ring(0)
        assert child.wait(10) == 0
    finally:
        if child.poll() is None:
            child.kill()
    assert Doorbell.for_database("sqlite://") is None  # in memory: no other process shares it
    assert Doorbell.for_database("sqlite:///:memory:") is None
    one, two = (Doorbell.for_database(f"sqlite:///{tmp_path}/{n}.sqlite3") for n in "ab")
    assert one is not None and two is not None and one.folder != two.folder


def _scope(code: str, client: str, **headers: str) -> dict[str, Any]:
    return {"type": "http", "method": "GET", "path": f"/push/{code}", "query_string": b"",
            "http_version": "1.1", "scheme": "http", "root_path": "",
            "server": ("127.0.0.1", 8000),
            "headers": [(b"host", b"localhost")]
            + [(k.lower().encode(), v.encode()) for k, v in headers.items()],
            "client": (client, 50000)}


def test_the_asgi_stream_pings_without_reading_and_refuses_one_stream_too_many(
        quick, monkeypatch):
    monkeypatch.setattr(push, "STREAMS_PER_CLIENT", 2)
    game = _game(quick)
    hub = quick.extensions["push"]
    monkeypatch.setattr(hub, "_poll", lambda: None)  # no sweep: only the streams read heads
    reads: list[int] = []
    head = hub.head
    monkeypatch.setattr(hub, "head", lambda game_id: reads.append(game_id) or head(game_id))
    serve = asgi_app(quick)

    async def main() -> None:
        gone = asyncio.Event()
        boxes: list[list[dict[str, Any]]] = [[] for _ in range(4)]

        async def receive() -> dict[str, Any]:
            await gone.wait()
            return {"type": "http.disconnect"}

        def sender(box: list[dict[str, Any]]) -> Any:
            async def send(message: dict[str, Any]) -> None:
                box.append(message)
            return send

        def text(box: list[dict[str, Any]]) -> str:
            return "".join(m.get("body", b"").decode() for m in box)

        async def until(test: Any) -> None:
            for _ in range(500):
                if test():
                    return
                await asyncio.sleep(0.01)
            raise AssertionError([text(b) for b in boxes])

        held = [asyncio.ensure_future(serve(_scope(game.code, "10.0.0.7"), receive,
                                             sender(boxes[i]))) for i in range(2)]
        # a stream reads the game's head right after `ready`, before its first ping: once
        # each has pinged, both have read it (once or twice: the hub may share one read)
        await until(lambda: all(": ping" in text(boxes[i]) for i in range(2)))
        opened = len(reads)
        assert 1 <= opened <= 2 and set(reads) == {game.id}, reads
        pinged = text(boxes[0]).count(": ping")
        await until(lambda: text(boxes[0]).count(": ping") >= pinged + 3)
        assert len(reads) == opened  # the pings read nothing
        # a third stream of the same address to the same game: refused, with a reason
        await serve(_scope(game.code, "10.0.0.7"), receive, sender(boxes[2]))
        assert boxes[2][0]["status"] == 429
        assert "Too many open streams from your address" in text(boxes[2])
        # another address is counted on its own
        other = asyncio.ensure_future(serve(_scope(game.code, "10.0.0.8"), receive,
                                            sender(boxes[3])))
        await until(lambda: "event: ready" in text(boxes[3]))
        assert boxes[3][0]["status"] == 200
        before = len(reads)
        await asyncio.to_thread(_move, quick, game)  # a move wakes every stream
        await until(lambda: all("id: 1\n" in text(boxes[i]) for i in (0, 1, 3)))
        assert len(reads) - before <= 3  # each woken stream looks once (mostly one read)
        gone.set()
        await asyncio.gather(*held, other)
        assert hub.streams() == 0 and hub.admit("10.0.0.7", game.id) is not None

    own_loop.run(main())


def test_the_client_address_is_the_one_the_trusted_proxies_name():
    scope = _scope("ABCDEF", "127.0.0.1", **{"X-Forwarded-For": "203.0.113.9, 10.0.0.2"})
    assert client_address(scope, 0) == "127.0.0.1"  # no proxy trusted: the connection's
    assert client_address(scope, 1) == "10.0.0.2"
    assert client_address(scope, 2) == "203.0.113.9"
    assert client_address(scope, 3) == "127.0.0.1"  # fewer addresses than proxies: not forged


@pytest.mark.both_databases
def test_a_change_no_wake_up_announced_reaches_the_stream_by_the_sweep(quick, monkeypatch):
    """A change made where no doorbell or Redis reaches (another machine on the same
    database): the slow sweep of the watched games' heads finds it."""
    monkeypatch.setattr(push, "SWEEP_SECONDS", 0.2)
    monkeypatch.setattr(push, "SWEEP_TICK", 0.05)
    game = _game(quick)
    reader = Reader(quick, f"/push/{game.code}?after=0")
    with reader.lock:  # a heartbeat: the stream has read the game's head once
        assert reader.lock.wait_for(lambda: ": ping" in reader.text, 5), reader.text
    store = quick.extensions["store"]
    engine = make_engine(store.engine.url.render_as_string(hide_password=False))
    try:
        elsewhere = Store(engine, FACTORIES, cache_size=0)  # no hub listens to its changes
        state = elsewhere.state(game)
        action = state.legal_actions(state.to_act()[0])[0]
        elsewhere.act(game, action.player, str(action), state.seq)
        assert _ids(reader.wait_for(lambda e: len(_ids(e)) >= 1)) == [1]
    finally:
        engine.dispose()
    reader.close()


def test_a_stream_cancelled_at_shutdown_ends_and_passes_the_cancellation_on(quick):
    """The worker stops: uvicorn cancels the streams still open; each lets go of its game
    and raises CancelledError on (it used to return as if the phone had left)."""
    game = _game(quick)
    hub = quick.extensions["push"]
    serve = asgi_app(quick)

    async def main() -> None:
        sent: list[dict[str, Any]] = []
        never = asyncio.Event()

        async def receive() -> dict[str, Any]:
            await never.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        task = asyncio.ensure_future(serve(_scope(game.code, "10.0.0.9"), receive, send))
        for _ in range(500):
            if any(b"event: ready" in m.get("body", b"") for m in sent):
                break
            await asyncio.sleep(0.01)
        assert hub.streams() == 1
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert hub.streams() == 0

    own_loop.run(main())


def test_odd_spellings_of_a_code_reach_the_loops_stream_or_are_refused(quick):
    game = _game(quick)
    serve = asgi_app(quick)
    code = game.code

    async def first(path: str) -> dict[str, Any]:
        sent: list[dict[str, Any]] = []
        gone = asyncio.Event()

        async def receive() -> dict[str, Any]:
            await gone.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)
            if message.get("more_body") or message["type"] == "http.response.body":
                gone.set()

        scope = _scope(code, "10.0.0.10")
        scope["path"] = path
        await asyncio.wait_for(serve(scope, receive, send), 10)
        return sent[0]

    for path in (f"/push/{code[:3]}-{code[3:]}", f"/push/{code.lower()}"):
        start = own_loop.run(first(path))
        assert start["status"] == 200, path
        names = dict(start["headers"])
        assert names[b"content-type"].startswith(b"text/event-stream")
        assert b"content-security-policy" in names and b"server-timing" in names
    assert own_loop.run(first(f"/push/{code}/"))["status"] == 404


def test_a_closed_doorbell_closes_its_socket_and_its_listening_thread_ends(tmp_path):
    bell = Doorbell(tmp_path / "bell")
    assert bell.open()
    sock = bell.sock
    assert sock is not None
    woken: list[int] = []
    thread = threading.Thread(target=bell.listen, args=(woken.append,), daemon=True)
    thread.start()
    Doorbell(tmp_path / "bell").ring(7)
    bell.close()
    thread.join(5)
    assert not thread.is_alive()  # it used to wait on its socket for ever
    assert sock.fileno() == -1 and bell.sock is None
    assert not (tmp_path / "bell").exists()


def test_a_move_never_waits_for_redis_to_answer_its_publish(
        app: Flask, redis_url: str):  # noqa: F811 - the fixture
    """The publish goes from a thread of its own: a Redis slow to answer does not hold the
    move's request (it held it up to 2 s). A relay to Redis holds back Redis's answers from
    the moment the PUBLISH passes."""
    host, port = redis_url.split("//", 1)[1].split("/", 1)[0].split(":")
    listener = socket.create_server(("127.0.0.1", 0))
    got_publish, answer = threading.Event(), threading.Event()

    def pump(src: socket.socket, dst: socket.socket, upstream: bool) -> None:
        try:
            while data := src.recv(65536):
                if upstream and b"PUBLISH" in data.upper():
                    got_publish.set()
                if not upstream and got_publish.is_set():
                    answer.wait(10)
                dst.sendall(data)
        except OSError:
            pass

    def relay() -> None:
        while True:
            try:
                near, _addr = listener.accept()
            except OSError:
                return
            far = socket.create_connection((host, int(port)))
            threading.Thread(target=pump, args=(far, near, False), daemon=True).start()
            threading.Thread(target=pump, args=(near, far, True), daemon=True).start()

    threading.Thread(target=relay, daemon=True).start()
    hub = push.Hub(app.extensions["store"], f"redis://127.0.0.1:{listener.getsockname()[1]}/0")
    returned = threading.Event()

    def move_made() -> None:
        hub.changed(1)
        returned.set()

    threading.Thread(target=move_made, daemon=True).start()
    try:
        assert got_publish.wait(10)
        assert returned.is_set()  # the change was announced before Redis answered
    finally:
        answer.set()
        listener.close()
