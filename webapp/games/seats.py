"""Seats of companion tables beyond what Store offers: players' names, and the tokens of a
rematch's seats, which only the phones of the finished game can work out."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from facade.limits import MAX_NAME

NAME_MAX = MAX_NAME  # characters of a player's name, after stripping (every edition, every form)


def derived_token(secret: str, old_token: str, new_code: str) -> str:
    """The token a seat (or host) token of a finished game turns into at its rematch: an HMAC
    under the app's key, so a phone that holds the old token can claim its new seat and
    nobody else can guess it."""
    mac = hmac.new(secret.encode(), f"{new_code}|{old_token}".encode(), hashlib.sha256)
    return mac.hexdigest()[:48]


def clean_name(text: str | None) -> str | None:
    """A player's name as typed, whitespace trimmed (and runs of it made one space); None when
    that leaves it empty or longer than NAME_MAX."""
    name = " ".join((text or "").split())
    if not 1 <= len(name) <= NAME_MAX:
        return None
    return name


def new_seed() -> str:
    """The dice seed of a new table: unpredictable, so nobody can work out the rolls."""
    return secrets.token_hex(8)
