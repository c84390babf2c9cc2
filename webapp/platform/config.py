"""Settings of the web app: defaults, then environment variables, then what create_app is given."""

from __future__ import annotations

import contextlib
import os
from typing import Any

from webapp.platform.budgets import (
    BODY_SECONDS,
    BOT_REQUEST_SECONDS,
    BOT_TURN_SECONDS,
    HINT_LIMIT,
    HINT_SECONDS,
)

# htmx is served from its CDN, pinned to one version and checked by the browser against this
# subresource-integrity hash; `scripts/setup.sh` fetches the same version from the npm
# registry into static/vendor/, and tests check that copy hashes to HTMX_SRI. When the CDN
# cannot be reached, static/htmx-loader.js loads that copy instead (same hash).
HTMX_VERSION = "2.0.11"
HTMX_CDN_URL = f"https://cdn.jsdelivr.net/npm/htmx.org@{HTMX_VERSION}/dist/htmx.min.js"
HTMX_SRI = "sha384-2OatzQy1H+Zd/IIrjr1TcuDGqLXeHhbooAyJY1KdQMKnr4LZ22k31GBLdYKHmVjg"
HTMX_LOCAL_PATH = "vendor/htmx.min.js"  # under static/: the fallback copy

LANGUAGES = ("en", "fr", "de")


def defaults() -> dict[str, Any]:
    """The settings a fresh app starts from."""
    return {
        "SECRET_KEY": None,  # from the environment, or generated per instance (_secret_key)
        "DATABASE_URL": None,  # None: SQLite file in the instance folder
        "HTMX_URL": HTMX_CDN_URL,
        "HTMX_SRI": HTMX_SRI,
        "MAX_CONTENT_LENGTH": 64 * 1024,  # no form here needs more; larger bodies get 413
        "WTF_CSRF_TIME_LIMIT": None,  # a game night is long; the token lives with the session
        "BABEL_DEFAULT_LOCALE": "en",
        "POLL_SECONDS": 1.5,  # how often a phone asks whether its table changed (no push)
        "PUSH_URL": None,  # redis://...: the channel that wakes other servers' streams
        "PUSH_HEARTBEAT_SECONDS": 20.0,  # webapp/push/hub.py HEARTBEAT_SECONDS
        # a request's body arrives within this (webapp/platform/budgets.py)
        "BODY_SECONDS": BODY_SECONDS,
        "BOT_TURN_SECONDS": BOT_TURN_SECONDS,  # a searching bot's budget, then greedy plays
        "BOT_REQUEST_SECONDS": BOT_REQUEST_SECONDS,  # the bots of one request, all together
        "HINT_SECONDS": HINT_SECONDS,  # a hint's search, then "No hint just now"
        "HINT_LIMIT": HINT_LIMIT,  # hints per client address (Flask-Limiter)
        "STATE_CACHE_SIZE": 256,  # games whose replayed state a process keeps
        "JOB_WORKERS": 1,  # background threads per process (reviews, pars: webapp/platform/jobs.py)
        "REVIEW_AFTER_GAME": True,  # a game's end hands its review to a job at once
        "REVIEW_ROLLOUTS": None,  # play-outs a move of a review: None, the reviewer's own counts
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_HTTPONLY": True,
        "CREATE_LIMIT": "20 per minute;200 per day",  # new tables/games per client address
        "RATELIMIT_STORAGE_URI": "memory://",
        "RATELIMIT_HEADERS_ENABLED": True,
        # a fault of the limits' storage lets the request through, logged, instead of a 500:
        # limits 5.8's in-memory storage raises "threads can only be started once" when two
        # requests start its expiry timer at once (a POST /rollwrite/new answered 500 in one of
        # eight loaded runs of the reliability check, 2026-11-29)
        "RATELIMIT_SWALLOW_ERRORS": True,
        "PRODUCTION": False,  # COPENHAGEN_ENV=production: a secret key must be given
        "PROXIES": 0,  # proxies in front whose X-Forwarded-For/-Proto headers are trusted
        # host names the app answers to (a list, or a comma-separated text); None: any host.
        # Required in production; `copenhagen serve` defaults to this machine's own names.
        "TRUSTED_HOSTS": None,
        # Bring the schema up to date at start: None, only on a SQLite file outside
        # production (`flask run`); `copenhagen serve` never does (it refuses an old schema and
        # names `copenhagen migrate`, the step that migrates, once, before the servers start).
        "MIGRATE_ON_START": None,
    }


def from_environment() -> dict[str, Any]:
    """Settings given as environment variables, each with the COPENHAGEN_ prefix only (an
    unprefixed DATABASE_URL or SECRET_KEY of another program on the machine is not ours)."""
    out: dict[str, Any] = {}
    for key in ("SECRET_KEY", "DATABASE_URL", "HTMX_URL", "HTMX_SRI", "RATELIMIT_STORAGE_URI",
                "CREATE_LIMIT", "TRUSTED_HOSTS", "PUSH_URL"):
        value = os.environ.get(f"COPENHAGEN_{key}")
        if value is not None:
            out[key] = value
    if os.environ.get("COPENHAGEN_ENV") == "production":
        out["PRODUCTION"] = True
    with contextlib.suppress(KeyError, ValueError):
        seconds = float(os.environ["COPENHAGEN_BODY_SECONDS"])
        if seconds > 0:
            out["BODY_SECONDS"] = seconds
    proxies = os.environ.get("COPENHAGEN_PROXIES", "")
    if proxies.isdigit():
        out["PROXIES"] = int(proxies)
    return out
