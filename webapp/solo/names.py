"""How the pages name a solitaire challenge, in the player's words and never by its internal
seed: the challenge of a date, of a week, a friend's challenge by who made it and when, or
the word a player typed for it."""

from __future__ import annotations

from datetime import date, datetime

from flask_babel import format_date

from webapp.platform.i18n import gettext as _
from webapp.platform.player_store import Boards
from webapp.solo.leaderboard import week_days
from webapp.solo.records import daily_date

FRIENDS_PREFIX = "f-"  # the seeds of friends' challenges on fresh dice


def friends_name(creator: str, created: date | datetime | None) -> str:
    """A friends' challenge: who made it and the date."""
    if created is None:
        return _("%(name)s’s challenge", name=creator)
    return _("%(name)s’s challenge of %(date)s", name=creator,
             date=format_date(created, "long"))


def challenge_name(seed: str, boards: Boards | None = None) -> str:
    """The challenge of `seed` as a heading says it."""
    day = daily_date(seed)
    if day is not None:
        return _("Challenge of %(date)s", date=format_date(day, "long"))
    week = week_days(seed)
    if week is not None:
        return _("Challenge of the week of %(date)s", date=format_date(week[0], "long"))
    if seed.startswith(FRIENDS_PREFIX) and boards is not None:
        made = boards.made_on(seed)
        if made is not None:
            return friends_name(*made)
    if seed.startswith(FRIENDS_PREFIX):
        return _("A friends’ challenge")
    return _("Challenge “%(word)s”", word=seed)


def challenge_label(seed: str, boards: Boards | None = None) -> str:
    """The challenge of `seed` in a list: a date as it is (2026-11-24), else its name."""
    return seed if daily_date(seed) is not None else challenge_name(seed, boards)
