"""Moves and their reasons in the page's language, for both editions: the one wording of the
codes and values of bots.words (its English table translated through the catalogs, rendered
by webapp/event_i18n.py). Hints and the review word their moves here and nowhere else."""

from __future__ import annotations

from typing import Any

from bots.words import WORDS, Said, card_move, dice_move
from webapp.event_i18n import sentence


def said_words(said: Said | list[Said] | Any, capital: bool = False) -> str:
    """A code with values (or a list of them, joined with commas) in the page's language;
    stored JSON ([kind, data] lists) reads the same. Unknown codes are left out."""
    parts = [said] if isinstance(said, tuple) else list(said or [])
    if parts and isinstance(parts[0], str):  # one stored [kind, data]
        parts = [parts]
    out = []
    for part in parts:
        try:
            kind, data = part
            out.append(sentence(str(kind), dict(data or {}), WORDS))
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


def move_words(edition: str, steps: list[Any]) -> list[str]:
    """A turn's steps (stored codes with values) as sentences, one per step."""
    del edition  # both editions share the table
    return [said_words(step, capital=True) for step in steps or []]
