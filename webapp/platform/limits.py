"""Rate limits (Flask-Limiter): creating tables and games is limited per client, so one client
cannot fill the database, and so are hints, so one client cannot keep the bots' process busy.
Storage is per process by default; set RATELIMIT_STORAGE_URI (for example a Redis URL) so
several servers share one count."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

limiter = Limiter(key_func=get_remote_address, default_limits=[])

CREATE_SCOPE = "create"  # the one budget every creating route draws on


def _create_limit() -> str:
    return str(current_app.config["CREATE_LIMIT"])


# One shared limit object: every view it decorates counts against the same per-client budget
# (a client cannot get 20 tables plus 20 dice tables plus 20 solo games a minute).
_create_budget = limiter.shared_limit(_create_limit, scope=CREATE_SCOPE, methods=["POST"])


def create_limited(view: Callable[..., Any]) -> Callable[..., Any]:
    """Limit a view that creates a table or game (only its POSTs count), on the one creation
    budget all such views share (CREATE_LIMIT per client address)."""
    return _create_budget(view)


HINT_SCOPE = "hint"  # the hints of every edition share one budget per client


def _hint_limit() -> str:
    return str(current_app.config["HINT_LIMIT"])


_hint_budget = limiter.shared_limit(_hint_limit, scope=HINT_SCOPE)


def hint_limited(view: Callable[..., Any]) -> Callable[..., Any]:
    """Limit a hint view: HINT_LIMIT per client address, all editions together (a hint is a
    search in the bots' process: a flood of them would keep it busy for everyone)."""
    return _hint_budget(view)
