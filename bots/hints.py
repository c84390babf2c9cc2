"""Hints from the top level (`expert`) of each edition: its action and why, as codes with values
(bots.words: English for the command line, the page's language in the web app).

The reasons are worded by the command line and the web app (bots.words), not here."""

from __future__ import annotations

from typing import Any

from bots.card_search import ExpertBot as CardExpertBot
from bots.rollwrite_expert import ExpertBot as DiceExpertBot
from bots.words import Said, card_reason, dice_reason

HINT_SEED = 0  # the same hint for the same position, every time


def dice_hint(view: dict[str, Any], player: int) -> tuple[Any, list[Said]]:
    """The expert's Roll & Write action for `player` from the seat's view, with its reason."""
    bot = DiceExpertBot(HINT_SEED)
    state = bot.state_of(view, player)
    action = bot.decide(state, player)
    return action, dice_reason(state, action)


def card_hint(view: dict[str, Any], player: int) -> tuple[Any, list[Said]]:
    """The expert's card-edition action for `player` from the seat's view, with its reason."""
    bot = CardExpertBot(HINT_SEED)
    action = bot.choose(view, player)
    return action, card_reason(bot.state_of(view, player), action)
