"""The rules engines the web app serves, by edition: each turns a stored config into a fresh
game state. The web layer only lists `legal_actions()`, sends `apply()` and shows views."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardgame.state import GameState as CardGame
from rollwrite.state import GameState as RollWriteState
from webapp.games.dice_roller import DiceRoller

AnyState = RollWriteState | CardGame | DiceRoller  # what Store.state gives, by edition

FACTORIES: dict[str, Callable[[dict[str, Any]], Any]] = {
    "rollwrite": RollWriteState,
    "boardgame": CardGame,
    "dice": DiceRoller,  # the dice-only table: rolls for a table playing on paper pads
}
