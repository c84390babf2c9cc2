"""`copenhagen serve`: the web app under gunicorn, the production server."""

from __future__ import annotations

import argparse
import os
from typing import Any

from gunicorn.app.base import BaseApplication


class _Server(BaseApplication):
    """gunicorn running `webapp.create_app()` in each worker."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        from webapp import create_app

        return create_app()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `copenhagen serve`."""
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_WORKERS", "2")))
    parser.add_argument("--threads", type=int, default=4,
                        help="threads per worker (phones poll while others move)")


def run(args: argparse.Namespace) -> int:
    """Start gunicorn; returns when it stops."""
    if args.workers < 1 or args.threads < 1:
        raise SystemExit("copenhagen serve: --workers and --threads must be at least 1")
    from webapp import create_app

    create_app()  # create the schema and the instance's key once, before the workers fork
    _Server({
        "bind": f"{args.host}:{args.port}",
        "workers": args.workers,
        "threads": args.threads,
        "worker_class": "gthread",
        "timeout": 60,
        "graceful_timeout": 10,
        "accesslog": None,  # the app logs one line per request itself (webapp/requestlog.py)
        "preload_app": False,
    }).run()
    return 0
