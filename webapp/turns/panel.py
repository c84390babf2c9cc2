"""What a turn-based game's page shows above the table (templates/turns/_panel.html): the
clock, whose move it is and the time left, the seats the bot has played for, the invitation
while seats are free, and the offer of notifications after this device's first move."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from flask import url_for
from flask_babel import format_timedelta

from webapp.platform.context import seat_token
from webapp.platform.deps import deps
from webapp.platform.i18n import gettext as _
from webapp.platform.store import Game, Store
from webapp.turns.clocks import MISSED_FOR_BOT
from webapp.turns.webpush import public_key, valid_subject
from webapp.turns.wiring import turns


def time_left(deadline: datetime, now: datetime) -> str:
    """The time left on a clock in words ("2 days", "5 hours"), or that it has run out."""
    left = deadline - now
    if left <= timedelta(0):
        return _("the clock has run out")
    return format_timedelta(left, threshold=1.5, add_direction=False)


def panel(game: Game) -> dict[str, Any] | None:
    """The panel of a turn-based game; None for any other game (no query)."""
    if not isinstance(game.config.get("turns"), dict):
        return None
    t = turns()
    clock = t.records.clock(game.id)
    if clock is None:
        return None
    store: Store = t.store
    seats = store.seats(game)
    tseats = {s.seat: s for s in t.records.seats(game.id)}
    me = Store.holder(seats, seat_token(game.code))
    names = [s.name or _("Seat %(n)s", n=s.seat + 1) for s in seats]
    now = deps().now()
    marked = [{"seat": s.seat, "name": names[s.seat], "missed": tseats[s.seat].missed,
               "bot": bool(s.bot),
               "can_hand": (me is not None and me != s.seat and not s.bot
                            and tseats[s.seat].missed >= MISSED_FOR_BOT)}
              for s in seats if s.seat in tseats and tseats[s.seat].missed]
    push = valid_subject(t.subject)
    return {
        "code": game.code, "clock_days": (clock.clock_s or 0) // 86400 or None,
        "waiting": [names[s] for s in clock.waiting if s < len(names)],
        "my_move": me is not None and me in clock.waiting and not clock.over,
        "deadline": clock.deadline.isoformat() if clock.deadline else None,
        "left": time_left(clock.deadline, now) if clock.deadline else None,
        "over": clock.over, "marked": marked, "me": me,
        "free": any(not s.taken for s in seats),
        "join_url": url_for("turns.join", code=game.code, _external=True),
        "offer_push": push and me is not None and t.records.has_moved(game.id, me),
        "push_key": public_key(t.vapid()) if push else "",
    }
