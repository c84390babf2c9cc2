"""One log line per request: method, path, status, the table it concerned and the time taken."""

from __future__ import annotations

import logging
import time

from flask import Flask, Response, g, request

from webapp.store import normalise_code

log = logging.getLogger("copenhagen.requests")


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


def init_request_log(app: Flask) -> None:
    """Log every request on the `copenhagen.requests` logger (stderr under gunicorn)."""
    if not log.handlers and not app.testing:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
        log.propagate = False

    @app.before_request
    def _start() -> None:
        g.started = time.perf_counter()

    @app.after_request
    def _line(resp: Response) -> Response:
        ms = (time.perf_counter() - g.get("started", time.perf_counter())) * 1000
        # `code` is a game's code on every page but the language switch (/lang/<code>)
        code = "" if request.blueprint == "home" else str((request.view_args or {}).get("code", ""))
        table = normalise_code(code) or code or "-"
        outcome = g.get("outcome") or outcome_of(resp.status_code)
        log.info("%s %s %s table=%s outcome=%s %.1fms", request.method, request.path,
                 resp.status_code, table, outcome, ms)
        return resp
