"""The home page (the ways in), the language switch and the health check."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    current_app,
    redirect,
    render_template,
    request,
    send_from_directory,
    url_for,
)
from werkzeug.wrappers import Response  # what redirect() gives; flask's extends it

from webapp.platform.config import LANGUAGES
from webapp.platform.i18n import LANG_COOKIE
from webapp.solo.records import unfinished as solo_unfinished
from webapp.solo.routes import browser_id

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    """The ways in: table companion, dice only, play solo, print pads."""
    unfinished: list[dict[str, Any]] = []
    if "solo.index" in current_app.view_functions:

        unfinished = solo_unfinished(current_app.extensions["store"], browser_id(), limit=5)
    return render_template("home.html", unfinished=unfinished)


def is_local_path(target: str) -> bool:
    """Whether a `next` address stays on this site: one leading slash, no backslash (browsers
    read `/\\evil.com` as `//evil.com`), no control characters, and no scheme or host."""
    if not target.startswith("/") or target.startswith("//") or "\\" in target:
        return False
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in target):
        return False  # browsers drop tabs and newlines: "/\t/evil.com" would become "//evil.com"
    parts = urlsplit(target)
    return not parts.scheme and not parts.netloc


@bp.get("/lang/<code>")
def set_language(code: str) -> Response:
    """Remember a language choice and go back to the page it was made on."""
    target = request.args.get("next", "")
    resp = redirect(target if is_local_path(target) else url_for("home.index"))
    if code in LANGUAGES:
        resp.set_cookie(LANG_COOKIE, code, max_age=365 * 24 * 3600, samesite="Lax")
    return resp


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, served from the root so that its scope is the whole app."""
    resp = send_from_directory(current_app.static_folder or "", "sw.js",
                               mimetype="text/javascript", max_age=0)
    resp.headers["Cache-Control"] = "no-cache"
    return resp


@bp.get("/favicon.ico")
def favicon() -> Response:
    """Browsers ask for this address on their own: the app's icon."""
    return send_from_directory(current_app.static_folder or "", "icon-192.png",
                               mimetype="image/png", max_age=86400)


@bp.get("/healthz")
def healthz() -> tuple[dict[str, str], int]:
    """Up, and the database answers."""
    try:
        current_app.extensions["store"].ping()
    except Exception as err:
        return {"status": "down", "database": type(err).__name__}, 503
    return {"status": "ok"}, 200
