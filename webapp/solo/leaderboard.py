"""The solitaire leaderboards: today's challenge (the date is the seed), this week's (its own
seed, `2026-W48`, Monday to Sunday UTC) and any other seed. A player's first game on a seed is
their entry; a later one is practice. A daily seed ranks only a game started on its date, a
weekly one only a game started in its week. The result is the server's replay of the stored
log, taken when the game ends (never anything the client sends).

Spoiler rule: the others' games of a seed (replay, review, result) open only to a player who
has finished or given up that seed; before that the board shows names and turns."""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

from flask import Flask, g

from rollwrite.solitaire import result as challenge_result
from rollwrite.state import GameState
from webapp.platform.player_store import Boards, Entry
from webapp.platform.store import Game, Store
from webapp.solo import dice
from webapp.solo.records import challenge_of, daily_date

_WEEK_RE = re.compile(r"^(\d{4})-W(\d{2})$")
TOP_ON_SOLO_PAGE = 10
PAGE_SIZE = 50


def week_seed(day: date) -> str:
    """The weekly challenge's seed of the ISO week (Monday to Sunday) holding `day`."""
    year, week, _ = day.isocalendar()
    return f"{year}-W{week:02d}"


def week_days(seed: str) -> tuple[date, date] | None:
    """Monday and Sunday of a weekly seed's week, or None when `seed` is not one."""
    m = _WEEK_RE.match(seed)
    if not m:
        return None
    try:
        monday = date.fromisocalendar(int(m.group(1)), int(m.group(2)), 1)
    except ValueError:
        return None
    return monday, monday + timedelta(days=6)


def ranked_when(seed: str, day: date) -> bool:
    """Whether a first game on `seed` started on `day` counts on its board: a date's
    challenge on that date, a week's within it, any other seed always."""
    named = daily_date(seed)
    if named is not None:
        return named == day
    week = week_days(seed)
    if week is not None:
        return week[0] <= day <= week[1]
    return True


def record_over(store: Store, boards: Boards, game: Game) -> None:
    """When a challenge game ends: its result, replayed from the stored log, on its entry."""
    if game.kind != "solo" or challenge_of(game) is None:
        return
    entry = boards.entry_of_game(game.id)
    if entry is None or entry.outcome is not None:
        return
    res = challenge_result(store.state_as(game, GameState))
    boards.finish(game.id, int(res["turns"]), int(res["score"]), bool(res["reached_12"]))


def install(app: Flask) -> None:
    """Read the installation's dice key (made if it has none); record each challenge's
    result on its entry as its last move is committed."""
    store: Store = app.extensions["store"]
    boards = app.extensions.setdefault("boards", Boards(store.engine))
    dice.install(app, boards)
    store.when_over.append(lambda game: record_over(store, boards, game))


def settled(boards: Boards, seed: str, player_id: str | None,
            store: Store | None = None, entry: Entry | None = None) -> bool:
    """Whether the player has finished or given up `seed` (their first game on it, or any
    game of theirs on it that is over): the others' games of the seed are open to them.
    `entry`: the player's entry on the seed when the caller has read it already."""
    if player_id is None:
        return False
    entry = entry or boards.entry(seed, player_id)
    if entry is not None and entry.settled:
        return True
    if store is None:
        return False

    return any(g.status == "over" and str((challenge_of(g) or {}).get("seed")) == seed
               for g, _when in store.owned(player_id, "solo", limit=200))


def may_open(store: Store, boards: Boards, game: Game, viewer: str | None) -> bool:
    """Whether `viewer` may open this game's table, replay, review or result: any game but a
    solitaire challenge (or one nobody owns: from before browsers were remembered); one's
    own; else only once one has settled its seed."""
    challenge = challenge_of(game) if game.kind == "solo" else None
    if challenge is None or game.owner is None:
        return True  # not a challenge, or one from before browsers were remembered
    if viewer is not None and game.owner == viewer:
        return True
    return settled(boards, str(challenge.get("seed")), viewer, store)


def _open_entry(boards: Boards, game: Game) -> Entry | None:
    """The entry of a challenge game not over yet (None for any other game), read once per
    request: the table's guard and its page both ask."""
    if game.kind != "solo" or game.status == "over" or not isinstance(
            game.config.get("challenge"), dict):
        return None
    memo: dict[int, Entry | None] = g.setdefault("challenge_entries", {})
    if game.id not in memo:
        memo[game.id] = boards.entry_of_game(game.id)
    return memo[game.id]


def forget_entry(game: Game) -> None:
    """After an entry changed in this request (given up), read it again when asked."""
    g.setdefault("challenge_entries", {}).pop(game.id, None)


def given_up(boards: Boards, game: Game) -> bool:
    """Whether `game` is a challenge entry its player gave up before it ended: its pages
    show its result, no more moves."""
    entry = _open_entry(boards, game)
    return entry is not None and entry.outcome == "gave_up"


def may_give_up(boards: Boards, game: Game) -> bool:
    """Whether `game` is a challenge entry still being played (it may be given up)."""
    entry = _open_entry(boards, game)
    return entry is not None and entry.outcome is None


def entry_row(entry: Entry, rank: int | None, show_code: bool, sharing: int = 1,
              ) -> dict[str, Any]:
    """One line of the board as the page and the JSON give it; `sharing`: how many players
    entered the seed from the address this entry began from (itself included)."""
    return {"rank": rank, "name": entry.name,
            "turns": entry.turns if entry.reached else None, "score": entry.score,
            "code": entry.code if show_code else "", "hints": entry.hinted,
            "players_of_its_address": sharing}
