"""The Roll & Write hint in words, in the page's language: what the expert bot's move does
("Draw R3 on a1, b1, b2, the X on b1") and why (webapp/words/move_words.py, from the codes of
bots.words); and what the page highlights for it (cells, dice, the button)."""

from __future__ import annotations

from typing import Any

from bots.words import dice_reason
from rollwrite import actions as A  # noqa: N812
from rollwrite.state import GameState
from webapp.words.move_words import dice_move_words, said_words


def hint_words(action: Any, faces: list[str]) -> str:
    """The hinted move as a sentence (the dice named by number and colour)."""
    return dice_move_words(action, faces)


def hint_reason(state: GameState, action: Any) -> str:
    """Why the move is good, in words: the lines a drawing completes (scored by the engine's
    own line table), else the kind of move."""
    return said_words(dice_reason(state, action))


def hint_dice(action: Any) -> list[int]:
    """The dice (1-based, as the page numbers them) the hinted move uses."""
    if isinstance(action, A.Choose | A.Reroll | A.Change):
        return [d + 1 for d in action.dice]
    if isinstance(action, A.Pick):
        return [action.die + 1]
    return []
