"""One log line per request: method, path, status, the table it concerned and the time taken."""

from __future__ import annotations

import logging
import time

from flask import Flask, Response, g, request

log = logging.getLogger("copenhagen.requests")


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
        table = (request.view_args or {}).get("code", "-")
        outcome = g.get("outcome", "ok" if resp.status_code < 400 else "refused")
        log.info("%s %s %s table=%s outcome=%s %.1fms", request.method, request.path,
                 resp.status_code, table, outcome, ms)
        return resp
