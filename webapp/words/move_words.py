"""Moves and their reasons in the page's language, for both editions: the one wording of the
codes and values of bots.words (its English table translated through the catalogs, rendered
by webapp/words/event_i18n.py). Hints and the review word their moves here and nowhere else. A move
to make is worded as an instruction ("choose the blue three-square tile with dice 1 and 2"),
a move made in the past tense ("chose ..."): `NOW` and `PAST` are the web app's own wording
of the templates that name dice by number or speak of an action."""

from __future__ import annotations

from typing import Any

from bots.words import WORDS, Said, card_move, dice_move
from webapp.words.event_i18n import N_, sentence

# dice by number in words ("die 5", "dice 1, 2 and 4"), where the engine's table lists numbers
NOW: dict[str, str] = {
    **WORDS,
    "move.choose": N_("choose {tile} with {dice} ({colours:list})"),
    "move.reroll": N_("reroll {dice} (red ★)"),
    "move.change": N_("turn {dice} to {colour} (green ★)"),
}
PAST: dict[str, str] = {
    **NOW,
    "move.choose": N_("chose {tile} with {dice} ({colours:list})"),
    "move.draw.brick": N_("drew {tile} on {cells:list}, the X on {brick}"),
    "move.draw.windows": N_("drew {tile} on {cells:list}, all O (blue ★)"),
    "move.reroll": N_("rerolled {dice} (red ★)"),
    "move.change": N_("turned {dice} to {colour} (green ★)"),
    "move.pick": N_("took die {die} ({colour}) for the {track} track"),
    "move.setup.track": N_("started on the {track} track"),
    "move.pass": N_("marked nothing"),
    "move.end": N_("ended the turn"),
    "move.take": N_("took {cards:list} from the harbour"),
    "move.take+both": N_(", and built in the same turn"),
    "move.discard": N_("discarded {cards:list}"),
    "move.build.paid": N_("built {tile} on {cells:list}, paying {cards:list}"),
    "move.build.free": N_("built {tile} on {cells:list} for free"),
    "move.arms_white": N_("placed a white tile on {cell}"),
    "move.arms_ability": N_("took the {ability:term} tile"),
    "move.arms_refresh": N_("flipped the used ability tiles back"),
    "move.card_pass": N_("passed"),
}


def said_words(said: Said | list[Said] | Any, capital: bool = False, past: bool = False) -> str:
    """A code with values (or a list of them, joined with commas) in the page's language;
    stored JSON ([kind, data] lists) reads the same; `past` words a move already made in the
    past tense. Unknown codes are left out."""
    parts = [said] if isinstance(said, tuple) else list(said or [])
    if parts and isinstance(parts[0], str):  # one stored [kind, data]
        parts = [parts]
    out = []
    for part in parts:
        try:
            kind, data = part
            out.append(sentence(str(kind), dict(data or {}), PAST if past else NOW))
        except (KeyError, IndexError, ValueError, TypeError):
            continue
    text = ", ".join(out)
    return text[:1].upper() + text[1:] if capital else text


def dice_move_words(action: Any, faces: list[str]) -> str:
    """A Roll & Write move as a sentence (its dice by number and colour)."""
    return said_words(dice_move(action, faces), capital=True)


def card_move_words(harbour: list[str | None], action: Any) -> str:
    """A card-edition move as a sentence (the cards a take names, from `harbour`)."""
    return said_words(card_move(harbour, action), capital=True)


def move_words(edition: str, steps: list[Any], past: bool = False) -> list[str]:
    """A turn's steps (stored codes with values) as sentences, one per step."""
    del edition  # both editions share the table
    return [said_words(step, capital=True, past=past) for step in steps or []]
