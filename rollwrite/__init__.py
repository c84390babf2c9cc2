"""Copenhagen Roll & Write, the dice edition: material, dice, sheets, rules engine."""

from facade.errors import IllegalAction
from rollwrite.actions import Action, parse_action
from rollwrite.game import new_game, replay, text_log
from rollwrite.state import GameState

__all__ = ["Action", "GameState", "IllegalAction", "new_game", "parse_action", "replay", "text_log"]
