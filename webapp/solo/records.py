"""The solitaire challenge's records for one browser, kept apart from the pages (webapp/solo/
routes.py): which seed is today's, each finished challenge's result as the engine scores it, the
best per seed, the daily streak, and the unfinished solo games (the par of a seed is in
webapp/solo/pars.py). Only a daily challenge played on its own date counts toward the
streak: a past (or future) date typed in as the seed is a practice game, kept for the records
of that seed."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from rollwrite.solitaire import result as challenge_result
from rollwrite.state import GameState
from webapp.platform.store import Game, Store

RECORD_GAMES = 120  # finished challenges read for the records (newest first)
_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def today() -> str:
    """Today's date (UTC) as the daily challenge's seed: `2026-11-24`."""
    return datetime.now(UTC).date().isoformat()


def daily_date(seed: str) -> date | None:
    """The date a challenge seed names, if it is a date (a daily challenge)."""
    if not _DATE_RE.match(seed):
        return None
    try:
        return date.fromisoformat(seed)
    except ValueError:
        return None


def challenge_of(game: Game) -> dict[str, Any] | None:
    """The challenge settings of a solo game ({"seed", "daily", "created"}), or None for a bots
    game."""
    found = game.config.get("challenge")
    return found if isinstance(found, dict) else None


def challenge_settings(seed: str, created: str) -> dict[str, Any]:
    """What a new challenge keeps: its seed, the date it was created on (UTC), and whether it
    is that date's daily challenge (the seed is the very date it is played on)."""
    return {"seed": seed, "daily": daily_date(seed) is not None and seed == created,
            "created": created}


def played_on_its_date(challenge: dict[str, Any]) -> bool:
    """Whether a challenge is a daily one played on its own date: created on the date its seed
    names (a game from before `created` was kept counts as practice)."""
    seed = str(challenge.get("seed", ""))
    return (challenge.get("daily") is True and daily_date(seed) is not None
            and challenge.get("created") == seed)


# ---------------------------------------------------------------------------- records
@dataclass(frozen=True)
class Attempt:
    """One finished challenge of this browser."""

    code: str
    seed: str
    turns: int
    score: int
    reached: bool
    daily: bool = False  # a daily challenge played on its own date (practice otherwise)
    when: datetime | None = None  # its last move


def attempts(store: Store, owner: str) -> list[Attempt]:
    """This browser's finished challenges, newest first (the engine's result of each)."""
    out = []
    for game, when in store.owned(owner, "solo", limit=RECORD_GAMES * 3):
        challenge = challenge_of(game)
        if challenge is None or game.status != "over":
            continue
        res = challenge_result(store.state_as(game, GameState))
        out.append(Attempt(game.code, str(challenge["seed"]), res["turns"], res["score"],
                           bool(res["reached_12"]), played_on_its_date(challenge),
                           when if isinstance(when, datetime) else None))
        if len(out) >= RECORD_GAMES:
            break
    return out


def best_by_seed(found: list[Attempt]) -> dict[str, Attempt]:
    """The best attempt per seed: 12 points in the fewest turns; else the most points."""
    best: dict[str, Attempt] = {}
    for a in found:
        old = best.get(a.seed)
        if old is None or (a.reached, -a.turns if a.reached else a.score) > (
            old.reached, -old.turns if old.reached else old.score
        ):
            best[a.seed] = a
    return best


def streak(found: list[Attempt], now: date) -> int:
    """Days in a row, up to today (or up to yesterday while today's is still to play), whose
    daily challenge this browser brought to 12 points on that very day (a past date played
    later is practice: it counts for the records of its seed, not for the streak)."""
    done = {d for a in found if a.reached and a.daily and (d := daily_date(a.seed)) is not None}
    day = now if now in done else now - timedelta(days=1)
    count = 0
    while day in done:
        count += 1
        day -= timedelta(days=1)
    return count


def records(store: Store, owner: str | None, now: str) -> dict[str, Any]:
    """What the records box shows on date `now` (today's seed): the daily bests (newest date
    first) and the streak."""
    if owner is None:
        return {"daily": [], "streak": 0, "played": 0, "attempts": [], "best": []}
    found = attempts(store, owner)
    best = best_by_seed(found)
    daily = sorted((a for s, a in best.items() if daily_date(s)), key=lambda a: a.seed,
                   reverse=True)
    return {"daily": daily[:14], "streak": streak(found, date.fromisoformat(now)),
            "played": len(found), "attempts": found,
            "best": sorted(best.values(), key=lambda a: a.seed, reverse=True)}


def unfinished(store: Store, owner: str | None, limit: int = 10) -> list[dict[str, Any]]:
    """This browser's solo games still being played, newest move first."""
    if owner is None:
        return []
    out = []
    for game, when in store.owned(owner, "solo", limit=50):
        if game.status == "over":
            continue
        challenge = challenge_of(game)
        bots = [s.bot for s in store.seats(game) if s.bot]
        out.append({"code": game.code, "challenge": challenge, "bots": bots, "when": when,
                    "moves": game.seq})
        if len(out) >= limit:
            break
    return out
