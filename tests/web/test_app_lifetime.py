"""Apps in one process stay apart and go when let go: each keeps its own security policy, and
nothing of the code keeps an app (its store, engine and services) alive after it is shut down
(a process running many apps, like a test worker, or a server re-created by its tests)."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

from flask import Flask

from webapp import create_app


def _app(tmp_path: Path, name: str, htmx_url: str) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / name}",
                       "SECRET_KEY": "lifetime", "HTMX_URL": htmx_url})


def _close(app: Flask) -> None:
    app.extensions["jobs"].shutdown()
    app.extensions["store"].engine.dispose()


def test_two_apps_of_one_process_keep_their_own_content_security_policy(tmp_path):
    """The policy names the host htmx comes from: an app with the CDN's address allows it, an
    app served from its own copy does not, whichever app was made last."""
    cdn = _app(tmp_path, "cdn.sqlite3", "https://cdn.example.net/htmx.min.js")
    local = _app(tmp_path, "local.sqlite3", "/static/vendor/htmx.min.js")
    try:
        cdn_policy = cdn.test_client().get("/").headers["Content-Security-Policy"]
        local_policy = local.test_client().get("/").headers["Content-Security-Policy"]
    finally:
        _close(cdn)
        _close(local)
    assert "cdn.example.net" in cdn_policy
    assert "cdn.example.net" not in local_policy


def test_an_app_shut_down_and_let_go_is_freed(tmp_path):
    """After its jobs and engine are closed and its last reference dropped, the app is
    collected: no cache, registry or module global of the product holds it (a method cache
    once kept every app's push settings, and with them the app, for the process's life)."""
    app = _app(tmp_path, "gone.sqlite3", "/static/vendor/htmx.min.js")
    assert app.test_client().get("/").status_code == 200
    gone = weakref.ref(app)
    _close(app)
    del app
    gc.collect()
    assert gone() is None
