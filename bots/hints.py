"""Hints from the top level (`expert`) of each edition: its action and a reason in words
(worded by `bots.rollwrite.hint.reason` and `bots.card.hint.reason`); the web app asks here."""

from __future__ import annotations

from typing import Any

from bots.card.hint import reason as card_reason
from bots.card_search import ExpertBot as CardExpertBot
from bots.rollwrite.hint import reason as dice_reason
from bots.rollwrite_search import ExpertBot as DiceExpertBot

HINT_SEED = 0  # the same hint for the same position, every time


def dice_hint(view: dict[str, Any], player: int) -> tuple[Any, str]:
    """The expert's Roll & Write action for `player` from the seat's view, with a reason."""
    bot = DiceExpertBot(HINT_SEED)
    state = bot.state_of(view, player)
    action = bot.decide(state, player)
    return action, dice_reason(state, action)


def card_hint(view: dict[str, Any], player: int) -> tuple[Any, str]:
    """The expert's card-edition action for `player` from the seat's view, with a reason."""
    bot = CardExpertBot(HINT_SEED)
    action = bot.choose(view, player)
    return action, card_reason(bot.state_of(view, player), action)
