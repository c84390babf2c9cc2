"""English templates of the card-edition event codes (see facade.messages for the format).

Codes: scored, turn_started, game_over (shared); took, discarded, built, arms_unlocked,
arms, arms_lost, passed, end_card.
"""

from __future__ import annotations

from typing import Any

from boardgame.material import ABILITY_NAMES
from facade.events import Event
from facade.messages import SHARED, make_event
from facade.messages import render as _render

TEMPLATES: dict[str, str] = {
    **SHARED,
    "took": "{name} takes {cards:list}",
    "took+abilities": " ({abilities:term})",
    "discarded": "{name} discards {cards}",
    "built": "{name} builds {tile} on {cells} for {pay}",
    "built+abilities": " ({abilities:term})",
    "arms_unlocked": "{name} earns {count} coat-of-arms action",
    "arms_unlocked#count": "{name} earns {count} coat-of-arms actions",
    "arms.white": "{name} places a white tile on {cell}",
    "arms.ability": "{name} takes the {ability:term} tile",
    "arms.refresh": "{name} flips back {abilities:term}",
    "arms_lost": "a coat of arms has nothing left to give",
    "passed.skip_build": "{name} builds nothing",
    "passed.stuck": "{name} can do nothing and passes",
    "end_card": "the end card is revealed",
    **{f"@{code}": name for code, name in ABILITY_NAMES.items()},
}


def render(kind: str, data: dict[str, Any]) -> str:
    """The English text of a card-edition event."""
    return _render(kind, data, TEMPLATES)


def event(kind: str, player: int | None, **data: Any) -> Event:
    """A card-edition event with its text rendered from the template table."""
    return make_event(TEMPLATES, kind, player, data)
