"""Events of a companion table in words, in the page's language, with the names the players
gave their seats (the engine knows seats by the names it was created with; the table's names
may come later). Refusals are worded for every edition by webapp/words/refusals.py."""

from __future__ import annotations

from typing import Any

from webapp.platform.i18n import gettext as _
from webapp.words import event_i18n


def event_text(event: dict[str, Any], names: list[str]) -> str:
    """One stored event (`Event.to_dict()`) as a sentence naming the seats as the table does
    (webapp/words/event_i18n.py words the events of both editions)."""
    return event_i18n.event_text("rollwrite", event, names)


def action_text(events: list[dict[str, Any]], names: list[str]) -> str:
    """Everything one action caused, as one line ("Bo takes the green four-square tile with 2
    green dice and 1 white die +1 bonus; ..."; French sets a non-breaking space before ";")."""
    return _joined([t for t in (event_text(e, names) for e in events) if t])


def _joined(said: list[str]) -> str:
    if len(said) <= 1:
        return "".join(said)
    return _("%(first)s; %(then)s", first=said[0], then=_joined(said[1:]))
