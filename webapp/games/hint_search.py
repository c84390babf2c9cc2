"""A hint's search (the expert bot's move for a player) in the app's hint process, never in a
page thread: at most HINTS_AT_ONCE searches of an app at a time, each waited for at most
HINT_SECONDS (webapp/platform/budgets.py); past either, `HintBusy` (the page says "No hint just
now", 503). A search given up still finishes in the hint process and holds its slot
until then, so a flood of hints never queues more than HINTS_AT_ONCE searches there."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import CancelledError
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from flask import current_app

from webapp.games.play import Refusal
from webapp.platform.budgets import HINT_SECONDS
from webapp.platform.i18n import gettext as _
from webapp.platform.jobs import searchers


def busy() -> Refusal:
    """The page's answer when no hint came within the budget."""
    return Refusal(503, _("No hint just now"), _(
        "The hint helper is busy at the moment. Try again in a few seconds."))


def searched(work: Callable[..., Any], *args: Any) -> Any:
    """`work(*args)` (a module-level search: bots.hints) in the bots' process, within the
    app's HINT_SECONDS; `busy()` is raised when HINTS_AT_ONCE searches are running already,
    or this one did not finish in time."""
    # The app's hint process, below the pages and the bots' turns (a flood of hints took
    # /healthz's p99 to 147 ms in the bots' process at nice 0: webapp/platform/budgets.py).
    found = searchers()
    slots = found.hint_slots
    if not slots.acquire(blocking=False):
        raise busy()
    try:
        future = found.hints.submit(work, *args)
    except Exception:
        slots.release()
        raise
    future.add_done_callback(lambda _f: slots.release())  # held while the process searches
    try:
        return future.result(timeout=float(current_app.config.get("HINT_SECONDS")
                                           or HINT_SECONDS))
    except (TimeoutError, CancelledError, BrokenProcessPool) as err:
        raise busy() from err
