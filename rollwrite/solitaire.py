"""The solitaire challenge (RULES 4): one sheet, 12 points in as few turns as possible."""

from __future__ import annotations

from typing import Any

from facade.grid import render
from rollwrite.game import new_game
from rollwrite.material import TARGET
from rollwrite.state import GameState

SOLO_NAME = "Solo"


def new_challenge(seed: str | int) -> GameState:
    """The challenge of `seed`: one sheet; dice come from (seed, turn, reroll number)."""
    return new_game([SOLO_NAME], seed)


def result(state: GameState) -> dict[str, Any]:
    """A challenge as it stands: turns taken, score, the sheet and the game in the notation."""
    sheet = state.sheets[0]
    return {
        "turns": state.turn + 1,
        "score": sheet.score,
        "reached_12": sheet.score >= TARGET,
        "sheet": render(sheet.building.filled, sheet.building.bricks),
        "tracks": dict(sheet.marks),
        "placements": [  # draws in the notation, then extra cells and coats of arms
            line.split(" ", 2)[2] if line.split()[1] == "draw" else line.split(" ", 1)[1]
            for line in state.log
            if line.split()[1] in ("draw", "extra", "arms")
        ],
        "log": list(state.log),
    }
