"""Rate limits (Flask-Limiter): creating tables and games is limited per client, so one client
cannot fill the database. Storage is per process by default; set RATELIMIT_STORAGE_URI (for
example a Redis URL) so several servers share one count."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

limiter = Limiter(key_func=get_remote_address, default_limits=[])


def _create_limit() -> str:
    return str(current_app.config["CREATE_LIMIT"])


def create_limited(view: Callable[..., Any]) -> Callable[..., Any]:
    """Limit a view that creates a table or game (only its POSTs count)."""
    return limiter.limit(_create_limit, methods=["POST"], scope="create")(view)
