"""The push stream of a game, `/push/<CODE>` (Server-Sent Events, webapp/push/hub.py), in every
spelling of a code the app accepts: opened here like any page (the host check, security
headers, the request log, limits). Under the production server (`copenhagen serve`,
webapp/asgi.py) this view only opens it and hands it to the server's event loop, which
serves it without a thread; under the development server it serves it itself, a thread per
stream."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

from flask import Blueprint, Response, current_app, request

from webapp.platform.budgets import LISTEN_WAIT_SECONDS
from webapp.platform.context import store as _store
from webapp.platform.server_keys import LOOP_KEY, ORDER_KEY
from webapp.push.hub import (
    HEADERS,
    PING,
    Cursor,
    Hub,
    StreamOrder,
    preamble,
    resume_point,
    too_many,
)

bp = Blueprint("push", __name__)


@bp.get("/push/<code>")
def events(code: str) -> Response:
    """Every change of the game from `?after=N` (or the browser's Last-Event-ID) on: one
    `move` event per sequence number, a `table` event for a seat or a rematch, a comment line
    every heartbeat. Reads only; 404 for a code no game has, 429 for one stream too many of
    one address."""
    store = _store()
    game = store.game(code)
    hub: Hub = current_app.extensions["push"]
    release = hub.admit(request.remote_addr or "", game.id)
    if release is None:
        return Response(too_many(), 429,
                        {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"})
    heartbeat = float(current_app.config["PUSH_HEARTBEAT_SECONDS"])
    # without a resume point, from the move number `ready` names: a move made between this
    # read of the game and the stream's first read is sent too, not taken as its start
    start = resume_point(request.args.get("after"), request.headers.get("Last-Event-ID"))
    cursor = Cursor(game.id, game.seq if start is None else start)
    if request.environ.get(LOOP_KEY):  # the server's loop serves it (webapp/asgi.py)
        request.environ[ORDER_KEY] = StreamOrder(game.id, cursor, preamble(game.seq),
                                                 heartbeat, release)
        return Response(b"", 200, HEADERS)
    resp = Response(_served_here(hub, game.id, game.seq, cursor, heartbeat, release),
                    headers=HEADERS)
    resp.call_on_close(release)  # also when the stream never started
    return resp


def _served_here(hub: Hub, game_id: int, seq: int, cursor: Cursor, heartbeat: float,
                 release: Callable[[], None]) -> Iterator[str]:
    """The stream in this thread (the development server), as webapp/asgi.py serves it."""
    woke = threading.Event()
    stop = hub.watch(game_id, woke.set)
    generation = hub.generation
    try:
        hub.listening.wait(LISTEN_WAIT_SECONDS)  # ready means listening
        yield preamble(seq)
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
