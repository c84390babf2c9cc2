"""The push stream of a game, `/push/<CODE>` (Server-Sent Events, webapp/push.py), served by
Flask: one thread per open stream, for the development server and the tests. The production
server (`copenhagen serve`, webapp/asgi.py) answers this path itself without a thread."""

from __future__ import annotations

import threading
from collections.abc import Iterator

from flask import Blueprint, Response, current_app, request

from webapp.context import store as _store
from webapp.push import HEADERS, PING, Cursor, preamble, resume_point, too_many

bp = Blueprint("push", __name__)


@bp.get("/push/<code>")
def events(code: str) -> Response:
    """Every change of the game from `?after=N` (or the browser's Last-Event-ID) on: one
    `move` event per sequence number, a `table` event for a seat or a rematch, a comment line
    every heartbeat. Reads only; 404 for a code no game has, 429 for one stream too many of
    one address to one game."""
    store = _store()
    game = store.game(code)
    hub = current_app.extensions["push"]
    release = hub.admit(request.remote_addr or "", game.id)
    if release is None:
        return Response(too_many(), 429,
                        {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"})
    heartbeat = float(current_app.config["PUSH_HEARTBEAT_SECONDS"])
    cursor = Cursor(game.id, resume_point(request.args.get("after"),
                                          request.headers.get("Last-Event-ID")))

    def stream() -> Iterator[str]:
        woke = threading.Event()
        stop = hub.watch(game.id, woke.set)
        generation = hub.generation
        try:
            yield preamble(game.seq)
            awake = True  # read the head first: a move made since the page was drawn
            while hub.generation == generation:
                if awake:  # a heartbeat reads nothing: only a wake-up says the game changed
                    woke.clear()  # before reading: a change during the read wakes the next wait
                    chunk = cursor.read(hub.head)
                    if chunk:
                        yield chunk
                awake = woke.wait(heartbeat)
                if not awake:
                    yield PING
        finally:
            stop()
            release()

    resp = Response(stream(), headers=HEADERS)
    resp.call_on_close(release)  # also when the stream never started
    return resp
