"""Turn-based games made and joined: the host's form read into a game of either edition
(friends' seats left free, bots seated at once), and each person's seat held under a token
derived from their player id, so that every device holding one of the player's keys can
open the game at that seat (My games, a notification's click)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bots.levels import LEVEL_NAMES
from webapp.games.seats import NAME_MAX, clean_name, derived_token
from webapp.platform.i18n import gettext as _
from webapp.platform.store import Game, Store
from webapp.turns.clocks import CLOCK_DAYS, DAY_S
from webapp.turns.records import TurnRecords

EDITIONS = {"rollwrite": ("table", "rollwrite.page"), "boardgame": ("card", "card.page")}
SEAT_KINDS = ("friend", *LEVEL_NAMES)  # a friend's free seat, or a bot level
MAX_SEATS = 4


@dataclass(frozen=True)
class TurnGame:
    """A turn-based game as its form asks for it."""

    edition: str
    clock_days: int | None
    host: str
    kinds: list[str]  # per seat after the host's: "friend" or a bot level
    names: list[str] = field(default_factory=list)


def read_form(form: Mapping[str, str]) -> TurnGame | str:
    """The game the new-game form asks for, or what is wrong with it."""
    edition = form.get("edition", "rollwrite")
    if edition not in EDITIONS:
        return _("Choose an edition: Roll & Write or the card edition.")
    clock = form.get("clock", "3")
    if clock not in ("none", *(str(d) for d in CLOCK_DAYS)):
        return _("Choose a clock: 1, 2, 3 or 7 days a move, or none.")
    host = clean_name(form.get("name"))
    if host is None:
        return _("Give your name: 1 to %(max)s characters.", max=NAME_MAX)
    kinds: list[str] = []
    for i in range(1, MAX_SEATS):
        kind = form.get(f"seat{i}", "friend" if i == 1 else "none")
        if kind == "none":
            continue
        if kind not in SEAT_KINDS:
            return _("Seat %(n)s: choose a friend or a bot.", n=i + 1)
        kinds.append(kind)
    if not 1 <= len(kinds) <= MAX_SEATS - 1:
        return _("A table has 2 to 4 seats.")
    return TurnGame(edition, None if clock == "none" else int(clock), host, kinds)


def seat_names(made: TurnGame) -> list[str]:
    """The names the game starts with: the host's, "Seat N" for a friend, a bot's level."""
    out = [made.host]
    for i, kind in enumerate(made.kinds, start=1):
        out.append(f"Seat {i + 1}" if kind == "friend" else f"Bot {i + 1} ({kind})")
    return out


def player_token(secret: str, player_id: str, code: str) -> str:
    """The seat token of a player's seat in game `code`: the same on every device of the
    player (an HMAC of the player id under the app's key), guessable by nobody else."""
    return derived_token(secret, f"player:{player_id}", code)


def create(store: Store, records: TurnRecords, made: TurnGame, seed: str, secret: str,
           player_id: str) -> tuple[Game, str]:
    """The game, its clock row, the host in seat 0: (the game, the host's seat token)."""
    names = seat_names(made)
    bots = {i: k for i, k in enumerate(made.kinds, start=1) if k != "friend"}
    turns = {"clock_days": made.clock_days}
    config: dict[str, Any]
    if made.edition == "rollwrite":
        config = {"players": names, "seed": seed,
                  "options": {"mirror": False, "dice": "seeded"}, "turns": turns}
    else:
        config = {"players": names, "seed": secrets.token_hex(12), "options": {},
                  "mode": "table", "turns": turns}
    kind = EDITIONS[made.edition][0]
    game = store.create_game(kind, made.edition, config, len(names), bots=bots)
    records.create(game.id, None if made.clock_days is None else made.clock_days * DAY_S,
                   len(names), {})
    token = player_token(secret, player_id, game.code)
    store.claim_seat(game, 0, made.host, token)
    records.set_player(game.id, 0, player_id)
    return game, token


def page_endpoint(game: Game) -> str:
    """The endpoint of the game's own page."""
    return EDITIONS[game.edition][1]
