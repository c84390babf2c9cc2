"""A hint for a Roll & Write player: the strong bot's action and a reason in English words
(the reason's codes: bots.words.dice_reason)."""

from __future__ import annotations

from bots.rollwrite.strong import StrongBot
from bots.words import dice_reason, english
from rollwrite import actions as A  # noqa: N812
from rollwrite.state import GameState


def reason(state: GameState, action: A.Action) -> str:
    """One line a player can read about why `action` is good."""
    return english(dice_reason(state, action))


def hint(view: dict, player: int) -> tuple[A.Action, str]:
    """The action the strong bot would take for `player`, with a one-line reason."""
    bot = StrongBot(seed=0)
    state = bot.state_of(view, player)
    action = bot.decide(state, player)
    return action, reason(state, action)
