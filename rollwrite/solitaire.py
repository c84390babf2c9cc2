"""The solitaire challenge (RULES 4): one sheet, 12 points in as few turns as possible."""

from __future__ import annotations

from typing import Any

from facade.grid import render
from rollwrite.bots import make_bot
from rollwrite.game import new_game
from rollwrite.state import GameState


def play_state(seed: str | int, bot: str) -> GameState:
    """Play the challenge of `seed` with a bot; dice come from (seed, turn, reroll number)."""
    state = new_game(["Solo"], seed)
    player = make_bot(bot, seed=0)
    while not state.is_over():
        if state.is_chance():
            state.apply(state.chance_action())
        else:
            state.apply(player.choose(state.view(0), 0))
    return state


def play(seed: str | int, bot: str) -> dict[str, Any]:
    """The challenge's result: turns taken, score, the sheet and the game in the notation."""
    state = play_state(seed, bot)
    sheet = state.sheets[0]
    return {
        "seed": seed,
        "bot": bot,
        "turns": state.turn + 1,
        "score": sheet.score,
        "reached_12": sheet.score >= 12,
        "sheet": render(sheet.building.filled, sheet.building.bricks),
        "tracks": dict(sheet.marks),
        "placements": [  # draws in the notation, then extra cells and coats of arms
            line.split(" ", 2)[2] if line.split()[1] == "draw" else line.split(" ", 1)[1]
            for line in state.log
            if line.split()[1] in ("draw", "extra", "arms")
        ],
        "log": list(state.log),
    }

