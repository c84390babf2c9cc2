"""`copenhagen serve`: the web app under gunicorn, the production server: uvicorn workers
(asyncio) running webapp/asgi.py, so that the phones' open push streams hold no thread while
pages and moves run in each worker's pool of `--threads` threads."""

# The web app is imported inside the functions that need it, as in commandline/main.py
# (the command line starts in 0.45 s instead of 1.75 s).

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from typing import Any

import h11
from gunicorn.app.base import BaseApplication
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn_worker import UvicornWorker

from webapp.platform.budgets import HEADER_SECONDS

SWITCH_INTERVAL_S = 0.001  # how long a thread may hold the GIL while another waits for it


def header_seconds() -> float:
    """The deadline of a request's head: COPENHAGEN_HEADER_SECONDS, else HEADER_SECONDS."""
    try:
        given = float(os.environ.get("COPENHAGEN_HEADER_SECONDS", ""))
    except ValueError:
        return HEADER_SECONDS
    return given if given > 0 else HEADER_SECONDS


class TimedHead(H11Protocol):
    """uvicorn's HTTP/1.1 connection with a deadline on each request's head: a client that
    has not sent a whole head within `header_seconds()` of connecting (or of its last
    answer), or still sends a body refused unread that long after its answer, is
    disconnected. uvicorn alone waits for ever once the first byte has come (its
    keep-alive timer stops there), so a client sending a head a byte at a time would hold
    the connection (no thread: only a socket, but without end)."""

    _head_timer: asyncio.TimerHandle | None = None

    def _time_head(self) -> None:
        self._stop_head_timer()
        self._head_timer = self.loop.call_later(header_seconds(), self._head_late)

    def _stop_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_late(self) -> None:
        self._head_timer = None
        waiting = self.conn.their_state is h11.IDLE  # no whole head yet
        # or answered (a body refused unread: 408, 413, 429) while the body still trickles
        refused = self.conn.their_state is h11.SEND_BODY and self.conn.our_state in (
            h11.DONE, h11.MUST_CLOSE)
        if (waiting or refused) and not self.transport.is_closing():
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._time_head()

    def handle_events(self) -> None:
        super().handle_events()
        if self.conn.their_state is not h11.IDLE and self.conn.our_state is h11.SEND_RESPONSE:
            self._stop_head_timer()  # a whole head came: its request runs (not yet answered)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._time_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head_timer()
        super().connection_lost(exc)


class Worker(UvicornWorker):
    """gunicorn's uvicorn worker, set for this app: the client's address and scheme are taken
    from a proxy only as COPENHAGEN_PROXIES says (the Flask app does it), no Server header,
    a deadline on each request's head (TimedHead), and open push streams are given 5 s to
    end when the worker stops (phones reconnect)."""

    CONFIG_KWARGS = {"loop": "asyncio", "http": TimedHead, "lifespan": "on",
                     "proxy_headers": False, "server_header": False,
                     "timeout_graceful_shutdown": 5}


class _Server(BaseApplication):
    """gunicorn running `webapp.create_app(settings)`, served by webapp.asgi, in each
    worker."""

    def __init__(self, options: dict[str, Any], settings: dict[str, Any], threads: int) -> None:
        self.options = options
        self.settings = settings
        self.threads = threads
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        """The app of one worker, its start-up objects set aside from the garbage collector."""
        from webapp import create_app
        from webapp.asgi import asgi_app
        from webapp.platform.startup import settle_startup_objects

        # The worker's event loop (every answer and every push stream passes through it) and
        # its request threads share the GIL: a thread that waits for it after I/O waits up to
        # the switch interval while another renders a page, and an answer crosses threads
        # twice (loop -> pool -> loop). 1 ms instead of 5 cut the moves' p95 by about a third
        # under 2,000 open streams (`copenhagen bench --push`).
        sys.setswitchinterval(SWITCH_INTERVAL_S)
        app = asgi_app(create_app(self.settings), self.threads)
        settle_startup_objects()
        return app


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `copenhagen serve`."""
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_WORKERS", "2")))
    parser.add_argument("--threads", type=int, default=4,
                        help="threads per worker for pages and moves (the push streams hold "
                             "none)")
    parser.add_argument("--trusted-hosts", default=None,
                        help="host names the app answers to, comma-separated (default: "
                             "COPENHAGEN_TRUSTED_HOSTS, else this machine's own names and "
                             "addresses; '*' answers to any)")


def trusted_hosts(given: str | None) -> list[str] | None:
    """The host names the server answers to: as given (or in COPENHAGEN_TRUSTED_HOSTS), else
    this machine's own; None for '*' (any host, as behind a proxy that checks them)."""
    from webapp.platform.security import machine_hosts
    from webapp.platform.security import trusted_hosts as parse

    text = given if given is not None else os.environ.get("COPENHAGEN_TRUSTED_HOSTS")
    if text is not None and text.strip() == "*":
        return None
    return parse(text) or machine_hosts()


def limit_warning(workers: int, storage: str) -> str | None:
    """The warning for rate limits counted per worker process: with several workers, each
    counts on its own and a client gets the creation budget once per worker."""
    if workers > 1 and storage.startswith("memory://"):
        return (f"copenhagen serve: warning: {workers} workers count the creation limit each on "
                f"their own (memory://), so a client gets it {workers} times; set "
                "COPENHAGEN_RATELIMIT_STORAGE_URI=redis://127.0.0.1:6379 to share one count")
    return None


def run(args: argparse.Namespace) -> int:
    """Start gunicorn; returns when it stops."""
    if args.workers < 1 or args.threads < 1:
        raise SystemExit("copenhagen serve: --workers and --threads must be at least 1")
    from webapp import create_app
    from webapp.platform.db import SchemaBehind

    # Never migrate here: every worker would, at once. `copenhagen migrate` is its own step.
    settings = {"TRUSTED_HOSTS": trusted_hosts(args.trusted_hosts), "MIGRATE_ON_START": False}
    try:
        app = create_app(settings)  # the schema checked and the instance's key made once
    except SchemaBehind as err:
        raise SystemExit(f"copenhagen serve: {err}") from err
    warning = limit_warning(args.workers, str(app.config["RATELIMIT_STORAGE_URI"]))
    if warning:
        print(warning, file=sys.stderr)
    hosts = app.config["TRUSTED_HOSTS"]
    print(f"copenhagen serve: answering to {', '.join(hosts) if hosts else 'any host name'}",
          file=sys.stderr)
    _Server({
        "bind": f"{args.host}:{args.port}",
        "workers": args.workers,
        "worker_class": f"{__name__}.Worker",
        "timeout": 60,
        "graceful_timeout": 10,
        # the app logs one line per request itself (webapp/platform/requestlog.py)
        "accesslog": None,
        "preload_app": False,
    }, settings, args.threads).run()
    return 0
