"""A player's vacation: the clocks of their turn-based games stop for a few days (at most
VACATION_DAYS in a calendar month): a move due now gets the days added to its clock, and a
move that becomes due during the vacation starts its clock when the vacation ends."""

from __future__ import annotations

from datetime import datetime, timedelta

from webapp.platform.i18n import gettext as _
from webapp.turns.records import TurnRecords

VACATION_DAYS = 7  # days a month


def take_vacation(records: TurnRecords, player_id: str, days: int | None,
                  now: datetime) -> str | None:
    """Start a vacation of `days` from now (or from the end of the one under way); the
    reason it cannot be taken, or None."""
    month, used, until = records.vacation(player_id)
    this_month = now.strftime("%Y-%m")
    used = used if month == this_month else 0
    if days is None or days < 1:
        return _("Choose how many days: 1 or more.")
    if used + days > VACATION_DAYS:
        return _("A vacation is at most %(max)s days a month; %(left)s are left this month.",
                 max=VACATION_DAYS, left=VACATION_DAYS - used)
    start = until if until is not None and until > now else now
    records.set_vacation(player_id, this_month, used + days, start + timedelta(days=days))
    records.extend(player_id, days * 24 * 3600, now)
    return None
