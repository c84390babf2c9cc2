"""One log line per request: method, path, status, the table it concerned and the time taken,
timed from the moment the request reached the app (a WSGI wrapper notes it before anything
else runs: reading the body, the CSRF check, the rate limit), so a request that stalls
anywhere in the app is logged with the time it really took; the response carries it too
(`Server-Timing: app;dur=<ms>`)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, Response, g, request

from webapp.platform.store import normalise_code

log = logging.getLogger("copenhagen.requests")
START_KEY = "copenhagen.started"  # perf_counter() when the request reached the app (environ)


def outcome_of(status: int) -> str:
    """What a status means for the log, when the handler named no outcome itself: `ok`, a
    `refused` request (the client's doing), `limited` (429), `unavailable` (503: the database
    or a dependency is down, the client did nothing wrong) or `error` (any other 5xx)."""
    if status < 400:
        return "ok"
    if status == 429:
        return "limited"
    if status == 503:
        return "unavailable"
    if status >= 500:
        return "error"
    return "refused"


class RequestTimer:
    """WSGI middleware: notes when a request reached the app, before Flask reads a byte."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any],
                 start_response: Callable[..., Any]) -> Iterable[bytes]:
        environ[START_KEY] = time.perf_counter()
        return self.app(environ, start_response)


def init_request_log(app: Flask) -> None:
    """Log every request on the `copenhagen.requests` logger (stderr under gunicorn)."""
    if not log.handlers and not app.testing:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
        log.propagate = False

    @app.after_request
    def _line(resp: Response) -> Response:
        started = request.environ.get(START_KEY, time.perf_counter())
        ms = (time.perf_counter() - started) * 1000
        # `code` is a game's code on every page but the language switch (/lang/<code>)
        code = "" if request.blueprint == "home" else str((request.view_args or {}).get("code", ""))
        table = normalise_code(code) or code or "-"
        outcome = g.get("outcome") or outcome_of(resp.status_code)
        log.info("%s %s %s table=%s outcome=%s %.1fms", request.method, request.path,
                 resp.status_code, table, outcome, ms)
        # the same time for the client (`copenhagen bench` tells the app's time from waiting)
        resp.headers["Server-Timing"] = f"app;dur={ms:.1f}"
        return resp

    app.wsgi_app = RequestTimer(app.wsgi_app)  # type: ignore[method-assign]
