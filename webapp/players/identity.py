"""Who plays, without an account: a player is a name and a random secret in a cookie (only
its hash is stored, one per device), made at the first solitaire or solo game. The browser id
games were remembered by before (`games.owner`) becomes the player's id, so the games and
records of that browser stay theirs; the same id is the owner of every game they start, so
records follow the player onto every device holding one of their secrets."""

from __future__ import annotations

import re
import secrets

from flask import current_app, g, request
from werkzeug.wrappers import Response

from webapp.platform.context import set_cookie
from webapp.platform.player_store import Boards, Player

PLAYER_COOKIE = "player"  # the device's secret (a random 43-character token)
BROWSER_COOKIE = "browser"  # the browser id from before players (games.owner)
COOKIE_DAYS = 400
_SECRET_RE = re.compile(r"^[A-Za-z0-9_-]{43}$")
_BROWSER_RE = re.compile(r"^[0-9a-f]{32}$")
DEVICE_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I
DEVICE_CODE_LENGTH = 20  # 100 bits: long enough that guessing one is hopeless


def boards() -> Boards:
    """This app's players and leaderboards."""
    found = current_app.extensions.get("boards")
    if found is None:
        found = current_app.extensions["boards"] = Boards(
            current_app.extensions["store"].engine)
    return found


def current_player() -> Player | None:
    """The player this request's cookie names (a malformed or unknown secret is nobody)."""
    if "player" not in g:
        secret = request.cookies.get(PLAYER_COOKIE, "")
        g.player = boards().player_by_secret(secret) if _SECRET_RE.match(secret) else None
    return g.player


def legacy_browser_id() -> str | None:
    """The browser id cookie from before players, if well formed."""
    value = request.cookies.get(BROWSER_COOKIE, "")
    return value if _BROWSER_RE.match(value) else None


def owner_id() -> str | None:
    """Whose games and records this request sees: the player's id, else the old browser id
    (a browser that has not played since players came)."""
    player = current_player()
    if player is not None:
        return player.id
    legacy = legacy_browser_id()
    if legacy is not None and boards().player(legacy) is None:
        return legacy  # not yet claimed by a player: still this browser's own
    return None


def ensure_player(name: str | None, default: str = "Player") -> tuple[Player, str | None]:
    """The player of this request, made now if there is none (the old browser id becomes its
    id, `default` its name when none was typed); a name typed in renames them. The new
    secret to hand out, if one was made."""
    player = current_player()
    if player is not None:
        if name and name != player.name:
            boards().rename(player.id, name)
            player = Player(player.id, name, player.hidden)
            g.player = player
        return player, None
    player, secret = boards().create_player(name or default, legacy_browser_id())
    g.player = player
    return player, secret


def give_secret(resp: Response, secret: str | None) -> None:
    """Keep a new player secret in this browser (HttpOnly, a long-lived cookie)."""
    if secret:
        set_cookie(resp, PLAYER_COOKIE, secret, COOKIE_DAYS)


def new_device_code() -> str:
    """A fresh device code, in groups of four for reading: `ABCD-EFGH-...`."""
    raw = "".join(secrets.choice(DEVICE_CODE_ALPHABET) for _ in range(DEVICE_CODE_LENGTH))
    return "-".join(raw[i:i + 4] for i in range(0, DEVICE_CODE_LENGTH, 4))


def normal_device_code(text: str) -> str | None:
    """A typed device code in its stored form, or None when it cannot be one."""
    raw = "".join(ch for ch in text.upper()[:80] if ch.isalnum())
    if len(raw) != DEVICE_CODE_LENGTH or any(ch not in DEVICE_CODE_ALPHABET for ch in raw):
        return None
    return "-".join(raw[i:i + 4] for i in range(0, DEVICE_CODE_LENGTH, 4))
