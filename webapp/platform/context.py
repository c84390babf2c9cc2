"""What every blueprint reads of the app and the request: the game store, the host's cookie,
seat cookies, QR codes of links, and small per-app memories (the hints' bot searches)."""

from __future__ import annotations

import io
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

import segno
from flask import current_app, request
from werkzeug.wrappers import Response

from webapp.platform.store import Game, Store, token_hash

COOKIE_DAYS = 7  # a seat or host cookie outlives a game night
MEMORY_SIZE = 256  # entries a per-app memory keeps (the oldest go first)
_memory_lock = threading.Lock()


def store() -> Store:
    """The game store of this app."""
    return current_app.extensions["store"]


def is_host(game: Game) -> bool:
    """Whether this browser holds the game's host token."""
    token = request.cookies.get(f"host_{game.code}")
    return token is not None and secrets.compare_digest(token_hash(token), game.host_token)


def seat_token(code: str) -> str | None:
    """The seat token this browser holds for the game `code` (its `seat_<CODE>` cookie)."""
    return request.cookies.get(f"seat_{code}")


def give_seat(resp: Response, code: str, token: str) -> None:
    """Hand this browser the seat `token` of the game `code` (every edition's seat cookie)."""
    set_cookie(resp, f"seat_{code}", token)


def give_host(resp: Response, code: str, token: str | None) -> None:
    """Hand this browser the host token of the game `code` (the token itself: the database
    keeps only its hash, so it comes from the game `Store.create_game` just made)."""
    if token:
        set_cookie(resp, f"host_{code}", token)


def set_cookie(resp: Response, name: str, value: str, days: int = COOKIE_DAYS) -> None:
    """A seat, host or browser cookie: `days` long, HttpOnly, same-site, Secure behind HTTPS."""
    resp.set_cookie(
        name, value, max_age=days * 24 * 3600, httponly=True, samesite="Lax",
        secure=request.is_secure, path="/",
    )


def qr_response(link: str, scale: int, title: str | None = None) -> Response:
    """The QR code of a link as SVG, cached a day by the browser (a code's link never changes)."""
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=scale, border=2, xmldecl=False,
                                     title=title)
    resp = Response(out.getvalue(), mimetype="image/svg+xml")
    resp.headers["Cache-Control"] = "public, max-age=86400"
    return resp


def remembered(name: str, key: Hashable, compute: Callable[[], Any],
               size: int = MEMORY_SIZE) -> Any:
    """`compute()` once per `key` in this app's memory called `name`, which keeps the `size`
    entries used last (game ids repeat across databases, so a memory belongs to one app,
    never to the process)."""
    memory: OrderedDict[Hashable, Any] = current_app.extensions.setdefault(
        f"memory_{name}", OrderedDict())
    with _memory_lock:
        if key in memory:
            memory.move_to_end(key)
            return memory[key]
    value = compute()  # outside the lock: a bot search takes a moment
    with _memory_lock:
        memory[key] = value
        while len(memory) > size:
            memory.popitem(last=False)
    return value
