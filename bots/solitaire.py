"""The solitaire challenge (RULES 4) played by a bot, for the command line and benchmarks."""

from __future__ import annotations

from typing import Any

from bots.levels import make_bot
from bots.playout import play_out
from rollwrite.solitaire import new_challenge, result
from rollwrite.state import GameState

BOT_SEED = 0  # the bot's own random choices: the same for every challenge


def play_state(seed: str | int, bot: str) -> GameState:
    """Play the challenge of `seed` with a bot of level `bot` to its end."""
    state = new_challenge(seed)
    play_out(state, {0: make_bot("rollwrite", bot, BOT_SEED)})
    return state


def play(seed: str | int, bot: str) -> dict[str, Any]:
    """The challenge's result, with the seed and the bot that played it."""
    return {"seed": seed, "bot": bot, **result(play_state(seed, bot))}
