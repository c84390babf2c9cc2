"""Events of a companion table in words, with the names the players gave their seats (the
engine knows seats by the names it was created with; the table's names may come later)."""

from __future__ import annotations

from typing import Any


def _render(kind: str, data: dict[str, Any]) -> str | None:
    """The engine's wording of an event from its code and data, in the page's language."""
    from rollwrite.messages import TEMPLATES  # the engine's templates (event codes)
    from webapp.event_i18n import sentence

    try:
        return sentence(kind, data, TEMPLATES)
    except (KeyError, IndexError, ValueError, TypeError):
        return None


def event_text(event: dict[str, Any], names: list[str]) -> str:
    """One stored event (`Event.to_dict()`) as a sentence naming the seats as the table does."""
    data = dict(event.get("data") or {})
    player = event.get("player")
    if "name" in data and isinstance(player, int) and 0 <= player < len(names):
        data["name"] = names[player]
    if "names" in data and isinstance(data.get("winners"), list):
        data["names"] = [names[w] for w in data["winners"] if 0 <= w < len(names)]
    text = _render(str(event.get("kind", "")), data) if data else None
    return text or str(event.get("text", ""))


def action_text(events: list[dict[str, Any]], names: list[str]) -> str:
    """Everything one action caused, as one line ("Bo takes G4L with GGW +1 bonus; ...")."""
    return "; ".join(t for t in (event_text(e, names) for e in events) if t)
