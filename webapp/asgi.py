"""The production server's app (ASGI, run by `copenhagen serve` in uvicorn workers): every
request goes to the Flask app in a small pool of threads (`Pages`), which answers it whole;
a push stream (`/push/<CODE>`, in any spelling the app accepts) is opened by the Flask view
like any page (the host check, security headers, request log, limits), which hands it back
to the event loop: the loop then serves it, so an idle phone holds no thread (a few
kilobytes: `copenhagen bench --push`). A body is read on the loop, within a deadline and a
per-client limit, before a thread takes the request (webapp/platform/budgets.py)."""

from __future__ import annotations

import asyncio
import contextvars
import functools
import io
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, cast

from a2wsgi.wsgi import build_environ  # a2wsgi's environ builder (pinned in pyproject.toml)
from flask import Flask

from webapp.platform.bodies import DRAIN_LIMIT
from webapp.platform.budgets import BODIES_PER_CLIENT, BODY_SECONDS, LISTEN_WAIT_SECONDS
from webapp.platform.server_keys import LOOP_KEY, ORDER_KEY, REFUSE_KEY
from webapp.push.hub import PING, Hub, StreamOrder

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]
Answer = tuple[int, list[tuple[bytes, bytes]], list[bytes]]

STREAM_TYPE = b"text/event-stream"


class StreamingRefused(RuntimeError):
    """The app answered with a stream the bridge would have to collect whole: a thread held
    for as long as the stream lasts (issue 36). Streams are served on the loop only."""


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


async def stream(hub: Hub, order: StreamOrder, headers: list[tuple[bytes, bytes]],
                 receive: Receive, send: Send) -> None:
    """A game's push stream on the loop, as the Flask view opened it (`order`, `headers`):
    `ready` once this worker listens for wake-ups, then one event per move, a ping every
    heartbeat, until the phone goes or the worker drops its streams. A cancellation (the
    worker stops) ends it and goes on up."""
    loop = asyncio.get_running_loop()
    woke = asyncio.Event()

    def wake() -> None:  # from any thread
        loop.call_soon_threadsafe(woke.set)

    stop = hub.watch(order.game_id, wake)
    gone = asyncio.ensure_future(_gone(receive))
    generation = hub.generation
    cursor = order.cursor
    try:
        if not hub.listening.is_set():  # ready means listening (Redis subscribed, doorbell)
            await asyncio.to_thread(hub.listening.wait, LISTEN_WAIT_SECONDS)
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": order.preamble.encode(),
                    "more_body": True})
        awake = True  # read the head first: a move made since the page was drawn
        while not gone.done() and hub.generation == generation:
            if awake:  # a heartbeat reads nothing: only a wake-up says the game changed
                woke.clear()  # before reading: a change during the read wakes the next wait
                chunk = cursor.advance(*await _head(hub, order.game_id))
                if chunk:
                    await send({"type": "http.response.body", "body": chunk.encode(),
                                "more_body": True})
            waiter = asyncio.ensure_future(woke.wait())
            try:
                done, _ = await asyncio.wait({waiter, gone}, timeout=order.heartbeat,
                                             return_when=asyncio.FIRST_COMPLETED)
            finally:
                waiter.cancel()
            awake = bool(done)
            if not done:
                await send({"type": "http.response.body", "body": PING.encode(),
                            "more_body": True})
    except OSError:
        pass  # the connection broke while sending: the phone reconnects
    finally:
        stop()
        order.release()
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


class Pages:
    """The Flask app's pages and moves, each run in one of a pool of threads and answered
    whole. A request crosses from the loop to a thread once and back once: its body (a form
    of at most MAX_CONTENT_LENGTH, declared or chunked) is read on the loop before, within
    BODY_SECONDS and at most BODIES_PER_CLIENT at a time per client, and its answer sent on
    the loop after. (a2wsgi's WSGIMiddleware, used before, had the thread wait on the loop
    for the body and for each message it sent: ten crossings for a move instead of two, and
    a phone slow to send its form held a thread.) A body refused (too large, too slow, too
    many) reaches the app as a refusal to answer (REFUSE_KEY), unread; a push stream the app
    opens is served on the loop (`stream`); any other streaming answer is an error."""

    def __init__(self, app: WSGIApp, threads: int, body_limit: int, proxies: int = 0,
                 hub: Hub | None = None, body_seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="pages")
        self.body_limit = body_limit
        self.proxies = proxies
        self.hub = hub
        self.body_seconds = body_seconds
        self._bodies: dict[str, int] = {}  # client address -> bodies being read (loop only)

    async def _read(self, receive: Receive, limit: int) -> bytes | int | None:
        """The body, up to `limit` bytes; its length so far (an int) once it passes the
        limit; None when the phone hung up first."""
        data = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            data += message.get("body", b"")
            if limit and len(data) > limit:
                return len(data)
            if not message.get("more_body", False):
                return bytes(data)

    async def _body(self, scope: Scope, receive: Receive) -> tuple[Any, dict[str, Any]] | None:
        """(the body as a file, environ entries to set), None when the phone hung up before
        it sent it all: a form cut short is not a smaller form."""
        length = _header(scope, b"content-length")
        chunked = "chunked" in (_header(scope, b"transfer-encoding") or "").lower()
        size = int(length) if length and length.isdigit() else 0
        if size == 0 and not chunked:
            return io.BytesIO(b""), {}
        if self.body_limit and size > self.body_limit:  # refused unread, drained after
            return io.BytesIO(b""), {"CONTENT_LENGTH": str(size), REFUSE_KEY: 413}
        client = client_address(scope, self.proxies)
        held = self._bodies.get(client, 0)
        if held >= BODIES_PER_CLIENT:
            return io.BytesIO(b""), {"CONTENT_LENGTH": "0", REFUSE_KEY: 429}
        self._bodies[client] = held + 1
        try:
            async with asyncio.timeout(self.body_seconds):
                data = await self._read(receive, self.body_limit)
        except TimeoutError:
            return io.BytesIO(b""), {"CONTENT_LENGTH": "0", REFUSE_KEY: 408}
        finally:
            left = self._bodies[client] - 1
            if left:
                self._bodies[client] = left
            else:
                del self._bodies[client]
        if data is None:
            return None
        if isinstance(data, int):
            return io.BytesIO(b""), {"CONTENT_LENGTH": str(data), REFUSE_KEY: 413}
        return io.BytesIO(data), {"CONTENT_LENGTH": str(len(data))}

    def _run(self, environ: dict[str, Any]) -> Answer:
        """Call the app in a thread and collect its whole answer (never a stream's)."""
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
            if head and ORDER_KEY not in environ and any(
                    k.lower() == "content-type" and v.startswith(STREAM_TYPE.decode())
                    for k, v in head[1]):
                raise StreamingRefused(f"{environ.get('PATH_INFO')}: a streaming answer "
                                       "would hold a page thread")
            chunks.extend(chunk for chunk in result if chunk)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        status, headers = head
        return (int(status.split(" ", 1)[0]),
                [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers],
                chunks)

    async def _drain(self, receive: Receive, size: int) -> None:
        """Read and drop a refused body of at most DRAIN_LIMIT within the body deadline, so
        the connection serves the next request (webapp/platform/bodies.py); a larger one, or one too
        slow, the server cuts off."""
        if size > DRAIN_LIMIT:
            return
        try:
            async with asyncio.timeout(self.body_seconds):
                await self._read(receive, 0)
        except TimeoutError:
            pass

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = await self._body(scope, receive)
        if found is None:
            return  # nobody to answer
        body, extra = found
        environ = cast(dict[str, Any], build_environ(scope, body))  # type: ignore[arg-type]
        environ.pop("HTTP_TRANSFER_ENCODING", None)  # the body is whole, its length known
        environ.update(extra)
        environ[LOOP_KEY] = True  # push streams are served here, on the loop
        run = functools.partial(contextvars.copy_context().run, self._run, environ)
        status, headers, chunks = await asyncio.get_running_loop().run_in_executor(
            self.pool, run)
        order = environ.get(ORDER_KEY)
        if isinstance(order, StreamOrder):
            if status == 200 and scope["method"] == "GET" and self.hub is not None:
                headers = [(k, v) for k, v in headers if k != b"content-length"]
                await stream(self.hub, order, headers, receive, send)
                return
            order.release()
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": b"".join(chunks)})
        if extra.get(REFUSE_KEY) == 413:
            await self._drain(receive, int(extra["CONTENT_LENGTH"]))


def asgi_app(app: Flask, threads: int = 4) -> ASGIApp:
    """The ASGI app around a Flask app: every request in `threads`, push streams on the
    loop."""
    pages = Pages(app, threads, int(app.config.get("MAX_CONTENT_LENGTH") or 0),
                  int(app.config.get("PROXIES") or 0), app.extensions["push"],
                  float(app.config.get("BODY_SECONDS") or BODY_SECONDS))

    async def serve(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await _lifespan(receive, send, app)
            return
        await pages(scope, receive, send)

    return serve
