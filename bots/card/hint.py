"""A hint for a card-edition player: the strong bot's action and a reason in English words
(the reason's codes: bots.words.card_reason)."""

from __future__ import annotations

from boardgame import actions as A  # noqa: N812
from boardgame.state import GameState
from bots.card.strong import StrongBot
from bots.words import card_reason, english


def reason(state: GameState, action: A.Action) -> str:
    """One line a player can read about why `action` is good."""
    return english(card_reason(state, action))


def hint(view: dict, player: int) -> tuple[A.Action, str]:
    """The strong bot's action for `player`, with a one-line reason."""
    bot = StrongBot(seed=0)
    action = bot.choose(view, player)
    return action, reason(bot.state_of(view, player), action)
