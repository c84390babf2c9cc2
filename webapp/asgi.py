"""The production server's app (ASGI, run by `copenhagen serve` in uvicorn workers): the push
streams `/push/<CODE>` are answered here on the event loop, so an idle phone holds no thread
(a few kilobytes: `copenhagen bench --push`); every other request goes to the Flask app in a
small pool of threads (a2wsgi), as under gunicorn's gthread workers before."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qs

from a2wsgi import WSGIMiddleware
from flask import Flask
from werkzeug.sansio.utils import host_is_trusted

from webapp.push import (
    HEADERS,
    PING,
    Cursor,
    Hub,
    preamble,
    resume_point,
    too_many,
)
from webapp.store import NotFound

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

PUSH_PATH = re.compile(r"^/push/([A-Za-z0-9]{1,16})$")  # a code is six characters


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


def client_address(scope: Scope, proxies: int) -> str:
    """The phone's address, as the Flask app sees it: behind `proxies` trusted proxies, the
    one they name in X-Forwarded-For (werkzeug's ProxyFix), else the connection's."""
    if proxies:
        values = [v.strip() for v in (_header(scope, b"x-forwarded-for") or "").split(",")]
        if len(values) >= proxies and values[-proxies]:
            return values[-proxies]
    client = scope.get("client")
    return str(client[0]) if client else ""


async def _plain(send: Send, status: int, text: str) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"cache-control", b"no-store")]})
    await send({"type": "http.response.body", "body": text.encode()})


async def _gone(receive: Receive) -> None:
    """Returns when the phone has closed the connection."""
    while (await receive())["type"] != "http.disconnect":
        pass


_reads: dict[tuple[int, int], asyncio.Future[tuple[int, str]]] = {}


async def _head(hub: Hub, game_id: int) -> tuple[int, str]:
    """The game's head for a stream just woken: one read in a thread for all the streams of
    the game this loop holds that were woken by the same wake-up (Hub.head keeps it a moment
    for those that come later)."""
    key = (game_id, hub.wake_count(game_id))
    found = _reads.get(key)
    if found is None:
        found = asyncio.ensure_future(asyncio.to_thread(hub.head, game_id))
        _reads[key] = found
        found.add_done_callback(lambda _f: _reads.pop(key, None))
    return await asyncio.shield(found)


async def stream(app: Flask, code: str, scope: Scope, receive: Receive, send: Send) -> None:
    """A game's push stream, as webapp/views/push.py serves it, without a thread while idle."""
    hosts = app.config.get("TRUSTED_HOSTS")
    if hosts and not host_is_trusted(_header(scope, b"host"), hosts):  # as Flask checks pages
        await _plain(send, 400, "Unknown host")
        return
    store, hub = app.extensions["store"], app.extensions["push"]
    try:
        game = await asyncio.to_thread(store.game, code)
    except NotFound:
        await _plain(send, 404, "No game has this code.")
        return
    release = hub.admit(client_address(scope, int(app.config.get("PROXIES") or 0)), game.id)
    if release is None:
        await _plain(send, 429, too_many())
        return
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    cursor = Cursor(game.id, resume_point((query.get("after") or [None])[0],
                                          _header(scope, b"last-event-id")))
    heartbeat = float(app.config["PUSH_HEARTBEAT_SECONDS"])
    loop = asyncio.get_running_loop()
    woke = asyncio.Event()
    stop = hub.watch(game.id, lambda: loop.call_soon_threadsafe(woke.set))
    gone = asyncio.ensure_future(_gone(receive))
    generation = hub.generation
    try:
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]})
        await send({"type": "http.response.body", "body": preamble(game.seq).encode(),
                    "more_body": True})
        awake = True  # read the head first: a move made since the page was drawn
        while not gone.done() and hub.generation == generation:
            if awake:  # a heartbeat reads nothing: only a wake-up says the game changed
                woke.clear()  # before reading: a change during the read wakes the next wait
                chunk = cursor.advance(*await _head(hub, game.id))
                if chunk:
                    await send({"type": "http.response.body", "body": chunk.encode(),
                                "more_body": True})
            waiter = asyncio.ensure_future(woke.wait())
            done, _ = await asyncio.wait({waiter, gone}, timeout=heartbeat,
                                         return_when=asyncio.FIRST_COMPLETED)
            if waiter not in done:
                waiter.cancel()
            awake = bool(done)
            if not done:
                await send({"type": "http.response.body", "body": PING.encode(),
                            "more_body": True})
    except OSError:
        pass  # the connection broke while sending: the phone reconnects
    except asyncio.CancelledError:
        return  # the worker stops (its graceful time is over): the phone reconnects elsewhere
    finally:
        stop()
        release()
        gone.cancel()


async def _lifespan(receive: Receive, send: Send, app: Flask) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            app.extensions["push"].drop_all()
            app.extensions["push"].close()
            await send({"type": "lifespan.shutdown.complete"})
            return


def asgi_app(app: Flask, threads: int = 4) -> ASGIApp:
    """The ASGI app around a Flask app: push streams on the loop, the rest in `threads`."""
    pages = WSGIMiddleware(app, workers=threads)  # type: ignore[arg-type]

    async def serve(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await _lifespan(receive, send, app)
            return
        if scope["type"] == "http" and scope["method"] == "GET":
            found = PUSH_PATH.match(scope["path"])
            if found:
                await stream(app, found.group(1), scope, receive, send)
                return
        await pages(scope, receive, send)  # type: ignore[arg-type]

    return serve
