"""Seats and hosts of companion tables beyond what Store offers: the rematch's seats, reserved
for the phones of the finished game under tokens only those phones can work out."""

from __future__ import annotations

import hashlib
import hmac

from sqlalchemy import update

from webapp.db import games, seats
from webapp.store import Game, Store

NAME_MAX = 40  # characters of a player's name, after stripping (the column is String(40))


def derived_token(secret: str, old_token: str, new_code: str) -> str:
    """The token a seat (or host) token of a finished game turns into at its rematch: an HMAC
    under the app's key, so a phone that holds the old token can claim its new seat and
    nobody else can guess it."""
    mac = hmac.new(secret.encode(), f"{new_code}|{old_token}".encode(), hashlib.sha256)
    return mac.hexdigest()[:48]


def reserve_seat(store: Store, game: Game, seat: int, name: str, token: str) -> bool:
    """Seat a player under a token of the caller's choosing (the rematch); False if taken."""
    with store.engine.begin() as conn:
        done = conn.execute(
            update(seats)
            .where(
                seats.c.game_id == game.id, seats.c.seat == seat,
                seats.c.token.is_(None), seats.c.bot.is_(None),
            )
            .values(name=name, token=token)
        ).rowcount
    return bool(done)


def set_host_token(store: Store, game: Game, token: str) -> None:
    """Give a game the host token the previous game's host can derive (the rematch)."""
    with store.engine.begin() as conn:
        conn.execute(update(games).where(games.c.id == game.id).values(host_token=token))


def clean_name(text: str | None) -> str | None:
    """A player's name as typed, whitespace trimmed (and runs of it made one space); None when
    that leaves it empty or longer than NAME_MAX."""
    name = " ".join((text or "").split())
    if not 1 <= len(name) <= NAME_MAX:
        return None
    return name
