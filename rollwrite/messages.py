"""English templates of the Roll & Write event codes (see facade.messages for the format).

Codes: scored, turn_started, game_over (shared); rolled, star_used, chosen, drawn, crossed,
extra, arms_unlocked, arms, arms_lost, track_marked, track_completed, turn_ended, undone,
passed, picked_back.
"""

from __future__ import annotations

from typing import Any

from facade.events import Event
from facade.messages import SHARED, RenderedEvent
from facade.messages import render as _render

# the ability of each track's ★, as a code (its English name is the `@code` word below)
ABILITY_CODES = {
    "red": "reroll",
    "blue": "no_x",
    "purple": "one_x_cell",
    "green": "change_colour",
    "yellow": "new_choice",
}

TEMPLATES: dict[str, str] = {
    **SHARED,
    "rolled": "{name} rolls {dice}",
    "rolled.reroll": "{name} rerolls to {dice}",
    "star_used.reroll": "{name} uses a red ★ to reroll",
    "star_used.change_colour": "{name} uses a green ★: dice now {dice}",
    "star_used.no_x": "{name} uses a blue ★: no X",
    "chosen": "{name} takes {tile} with {dice}",
    "chosen.no_dice": "{name} takes {tile} with no dice",
    "chosen+bonuses": " +{bonuses} bonus",
    "chosen+new_choice": " (yellow ★: New choice)",
    "drawn": "{name} draws {tile}:{cells}",
    "crossed": "{tile} is crossed out on the facade sheet",
    "extra": "{name} uses a purple ★: extra {mark} on {cell}",
    "arms_unlocked": "{name} unlocks the coat of arms of {line:line}",
    "arms.cell": "{name} uses the coat of arms of {line:line}: O on {cell}",
    "arms.track": "{name} uses the coat of arms of {line:line}: two boxes on {track}",
    "arms_lost": "the coat of arms of {line:line} has nothing left to give",
    "track_marked": "{name} marks {track} box {box}",
    "track_marked.bonus": "{name} marks {track} box {box} and unlocks a + bonus",
    "track_marked.star": "{name} marks {track} box {box} and unlocks a ★ ({ability:term})",
    "track_completed": "{name} completes the {track} track: +{points}",
    "turn_ended": "{name} ends the turn; unused dice: {unused}",
    "turn_ended.none": "{name} ends the turn; unused dice: none",
    "undone": "{name} takes back a step",
    "passed": "{name} marks nothing",
    "picked_back": "{name} takes back the pick of die {die}: {track} box {box} is empty again",
    "picked_back+points_lost": " (-{points_lost})",
    "@reroll": "Reroll",
    "@no_x": "No X",
    "@one_x_cell": "One X cell",
    "@change_colour": "Change colour",
    "@new_choice": "New choice",
}


def render(kind: str, data: dict[str, Any]) -> str:
    """The English text of a Roll & Write event."""
    return _render(kind, data, TEMPLATES)


def event(kind: str, player: int | None, **data: Any) -> Event:
    """A Roll & Write event with its text rendered from the template table (as
    `facade.messages.make_event`: a `form` of None is dropped)."""
    if data.get("form", "") is None:
        del data["form"]
    return RenderedEvent(TEMPLATES, kind, player, data)
