"""Pages and moves under the production server (webapp/asgi.py `Pages`): a request's body is
read on the event loop before a thread takes it, the answer goes back whole in two messages,
so a request crosses between the loop and its thread once each way, and a phone sending its
body slowly holds no thread."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from flask import Flask, request

from tests.web import own_loop
from webapp.asgi import Pages

Message = dict[str, Any]


def _scope(method: str, path: str, body_length: int | None = None) -> dict[str, Any]:
    headers = [(b"host", b"localhost")]
    if body_length is not None:
        headers += [(b"content-type", b"application/x-www-form-urlencoded"),
                    (b"content-length", str(body_length).encode())]
    return {"type": "http", "method": method, "path": path, "query_string": b"",
            "http_version": "1.1", "scheme": "http", "root_path": "",
            "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 50000),
            "headers": headers}


def _echo_app() -> tuple[Flask, list[str]]:
    app = Flask(__name__)
    threads: list[str] = []

    @app.post("/echo")
    def echo() -> str:
        threads.append(threading.current_thread().name)
        return "|".join(f"{k}={v}" for k, v in sorted(request.form.items()))

    @app.get("/ok")
    def ok() -> str:
        threads.append(threading.current_thread().name)
        return "ok"

    return app, threads


def _receiver(pieces: list[bytes], gate: asyncio.Event | None = None,
              asked: asyncio.Event | None = None) -> Any:
    """An ASGI receive that hands out the body in `pieces`, the first after `gate` opens;
    `asked` is set when the body is first asked for."""
    left = list(pieces)

    async def receive() -> Message:
        if asked is not None:
            asked.set()
        if gate is not None:
            await gate.wait()
        piece = left.pop(0)
        return {"type": "http.request", "body": piece, "more_body": bool(left)}

    return receive


def _sender(box: list[Message]) -> Any:
    async def send(message: Message) -> None:
        box.append(message)
    return send


def test_a_form_sent_in_pieces_reaches_the_app_whole_and_goes_back_in_two_messages():
    app, threads = _echo_app()
    pages = Pages(app, threads=2, body_limit=1024)
    body = b"action=1%20roll&seq=7&name=Ann"
    pieces = [body[:5], body[5:12], body[12:]]
    sent: list[Message] = []
    own_loop.run(pages(_scope("POST", "/echo", len(body)), _receiver(pieces), _sender(sent)))
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"]
    assert sent[0]["status"] == 200
    assert (b"content-type", b"text/html; charset=utf-8") in sent[0]["headers"]
    assert sent[1]["body"] == b"action=1 roll|name=Ann|seq=7"
    assert not sent[1].get("more_body")
    assert threads and threads[0].startswith("pages")  # the app ran in the pool, not the loop


def test_a_phone_sending_its_body_slowly_holds_no_thread():
    """With one thread, a request whose body has not come yet does not keep the next request
    waiting: the body is awaited on the loop, not in the thread."""
    app, _threads = _echo_app()
    pages = Pages(app, threads=1, body_limit=1024)

    async def main() -> tuple[list[Message], list[Message]]:
        gate, asked = asyncio.Event(), asyncio.Event()
        slow: list[Message] = []
        quick: list[Message] = []
        slow_task = asyncio.ensure_future(pages(
            _scope("POST", "/echo", 7), _receiver([b"a=1&b", b"=2"], gate, asked), _sender(slow)))
        await asyncio.wait_for(asked.wait(), timeout=5)  # the slow one waits for its body
        await asyncio.wait_for(pages(_scope("GET", "/ok"), _receiver([b""]), _sender(quick)),
                               timeout=5)
        assert not slow  # still waiting for its body
        gate.set()
        await asyncio.wait_for(slow_task, timeout=5)
        return slow, quick

    slow, quick = own_loop.run(main())
    assert quick[1]["body"] == b"ok"
    assert slow[1]["body"] == b"a=1|b=2"


def test_a_form_cut_short_by_a_phone_that_hung_up_never_reaches_the_app():
    """A move's form cut after `action=1 pick 1` of `action=1 pick 12` would still parse."""
    app, threads = _echo_app()
    pages = Pages(app, threads=1, body_limit=1024)
    body = b"seq=3&action=1%20pick%2012"
    cut = body[:-1]
    sent: list[Message] = []
    pieces = iter([{"type": "http.request", "body": cut, "more_body": True},
                   {"type": "http.disconnect"}])

    async def receive() -> Message:
        return next(pieces)

    own_loop.run(pages(_scope("POST", "/echo", len(body)), receive, _sender(sent)))
    assert sent == [] and threads == []


def test_a_body_over_the_limit_is_refused_by_the_app_and_read_as_it_asks(app):
    """A declared length over MAX_CONTENT_LENGTH is not read ahead: the app refuses it (413)
    and drains it (webapp/platform/bodies.py) through the body reader the thread pulls from."""
    pages = Pages(app, threads=1, body_limit=app.config["MAX_CONTENT_LENGTH"])
    size = app.config["MAX_CONTENT_LENGTH"] + 1_000
    pieces = [b"x" * 10_000] * (size // 10_000) + [b"x" * (size % 10_000)]
    taken: list[int] = []
    receive = _receiver(pieces)

    async def counting() -> Message:
        message = await receive()
        taken.append(len(message["body"]))
        return message

    sent: list[Message] = []
    own_loop.run(pages(_scope("POST", "/r", size), counting, _sender(sent)))
    assert sent[0]["status"] == 413
    assert sum(taken) == size  # drained: the connection can serve the next request


def test_an_app_that_fails_before_answering_fails_the_request():
    """The server answers 500 for an app that raised: the error is not swallowed here."""
    def broken(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        raise RuntimeError("boom")

    pages = Pages(broken, threads=1, body_limit=1024)
    with pytest.raises(RuntimeError, match="boom"):
        own_loop.run(pages(_scope("GET", "/"), _receiver([b""]), _sender([])))


def test_the_bridge_refuses_to_collect_a_streaming_answer():
    """A stream collected whole would hold its thread for as long as it lasts (issue 36): the
    bridge raises instead (the server answers 500); push streams go to the loop."""
    app = Flask(__name__)

    @app.get("/events")
    def events() -> Any:
        def forever() -> Any:
            while True:
                yield "data: 1\n\n"
        return app.response_class(forever(), mimetype="text/event-stream")

    pages = Pages(app, threads=1, body_limit=1024)
    with pytest.raises(RuntimeError, match="streaming answer"):
        own_loop.run(asyncio.wait_for(
            pages(_scope("GET", "/events"), _receiver([b""]), _sender([])), timeout=10))


def _chunked(path: str) -> dict[str, Any]:
    scope = _scope("POST", path)
    scope["headers"] += [(b"content-type", b"application/x-www-form-urlencoded"),
                         (b"transfer-encoding", b"chunked")]
    return scope


def test_a_chunked_form_is_read_whole_and_one_over_the_limit_is_refused_unread(app):
    echo, _threads = _echo_app()
    sent: list[Message] = []
    own_loop.run(Pages(echo, threads=1, body_limit=16)(
        _chunked("/echo"), _receiver([b"a=1", b"&b=2"]), _sender(sent)))
    assert sent[1]["body"] == b"a=1|b=2"
    limit = app.config["MAX_CONTENT_LENGTH"]
    refused: list[Message] = []
    own_loop.run(Pages(app, threads=1, body_limit=limit)(
        _chunked("/r"), _receiver([b"text=" + b"x" * limit, b"x" * 10]), _sender(refused)))
    assert refused[0]["status"] == 413
    assert b"far too large" in refused[1]["body"]


def test_a_body_held_back_past_its_deadline_is_answered_408_unread(app):
    pages = Pages(app, threads=1, body_limit=1024, body_seconds=0.05)
    never = asyncio.Event()

    async def main() -> list[Message]:
        sent: list[Message] = []
        await asyncio.wait_for(pages(_scope("POST", "/r", 10),
                                     _receiver([b"text=", b"b"], never), _sender(sent)), 5)
        return sent

    sent = own_loop.run(main())
    assert sent[0]["status"] == 408
    assert b"took too long" in sent[1]["body"]
