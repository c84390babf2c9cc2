"""The rules engines the web app serves, by edition: each turns a stored config into a fresh
game state. The web layer only lists `legal_actions()`, sends `apply()` and shows views."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardgame.state import GameState as CardGame
from rollwrite.state import GameState as DiceGame
from webapp.dice_table import DiceTable


def _rollwrite(config: dict[str, Any]) -> DiceGame:
    return DiceGame(config)


def _boardgame(config: dict[str, Any]) -> CardGame:
    return CardGame(config)


def _dice(config: dict[str, Any]) -> DiceTable:
    return DiceTable(config)


FACTORIES: dict[str, Callable[[dict[str, Any]], Any]] = {
    "rollwrite": _rollwrite,
    "boardgame": _boardgame,
    "dice": _dice,  # the dice-only table: rolls for a table playing on paper pads
}
