"""The production server's app (ASGI, run by `copenhagen serve` in uvicorn workers): the push
streams `/push/<CODE>` are answered here on the event loop, so an idle phone holds no thread
(a few kilobytes: `copenhagen bench --push`); every other request goes to the Flask app in a
small pool of threads (`Pages`, with a2wsgi's environ and body reader), as under gunicorn's
gthread workers before."""

from __future__ import annotations

import asyncio
import contextvars
import functools
import io
import re
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, cast
from urllib.parse import parse_qs

from a2wsgi.wsgi import Body, build_environ
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
WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

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


Answer = tuple[int, list[tuple[bytes, bytes]], list[bytes]]


class Pages:
    """The Flask app's pages and moves, each run in one of a pool of threads and answered
    whole. A request crosses from the loop to a thread once and back once: its body (a form
    of at most MAX_CONTENT_LENGTH) is read on the loop before, and its answer sent on the loop
    after. (a2wsgi's WSGIMiddleware, used before, had the thread wait on the loop for the
    body and for each of the three messages it sent: ten crossings for a move instead of two,
    each waiting for the GIL under load, and a phone slow to send its form held a thread.) No
    answer here streams: the push streams are served above."""

    def __init__(self, app: WSGIApp, threads: int, body_limit: int) -> None:
        self.app = app
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="pages")
        self.body_limit = body_limit  # bodies declared longer are read only as the app asks

    async def _body(self, scope: Scope, receive: Receive) -> Any:
        """The request's body as a file: read here when its length is declared and within
        the limit; otherwise read by the app as it asks (a body refused for its size is
        drained by webapp/bodies.py). None when the phone hung up before sending it all: a
        form cut short is not a smaller form (a move's last field could still parse)."""
        length = _header(scope, b"content-length")
        size = int(length) if length and length.isdigit() else 0
        if size == 0:
            return io.BytesIO(b"")
        if self.body_limit and size > self.body_limit:
            return Body(asyncio.get_running_loop(), receive)  # type: ignore[arg-type]
        data = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            data += message.get("body", b"")
            if not message.get("more_body", False):
                return io.BytesIO(bytes(data))

    def _run(self, environ: dict[str, Any]) -> Answer:
        """Call the app in a thread and collect its whole answer."""
        head: list[Any] = []
        chunks: list[bytes] = []

        def start_response(status: str, headers: list[tuple[str, str]],
                           exc_info: Any = None) -> Callable[[bytes], None]:
            if exc_info and head:
                raise exc_info[1].with_traceback(exc_info[2])
            head[:] = [status, headers]
            return chunks.append

        result = self.app(environ, start_response)
        try:
            chunks.extend(chunk for chunk in result if chunk)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        status, headers = head
        return (int(status.split(" ", 1)[0]),
                [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers],
                chunks)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        body = await self._body(scope, receive)
        if body is None:
            return  # nobody to answer
        environ = cast(dict[str, Any], build_environ(scope, body))  # type: ignore[arg-type]
        run = functools.partial(contextvars.copy_context().run, self._run, environ)
        status, headers, chunks = await asyncio.get_running_loop().run_in_executor(
            self.pool, run)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": b"".join(chunks)})


def asgi_app(app: Flask, threads: int = 4) -> ASGIApp:
    """The ASGI app around a Flask app: push streams on the loop, the rest in `threads`."""
    pages = Pages(app, threads, int(app.config.get("MAX_CONTENT_LENGTH") or 0))

    async def serve(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await _lifespan(receive, send, app)
            return
        if scope["type"] == "http" and scope["method"] == "GET":
            found = PUSH_PATH.match(scope["path"])
            if found:
                await stream(app, found.group(1), scope, receive, send)
                return
        await pages(scope, receive, send)

    return serve
