"""Copenhagen, the card edition: material, cards, tiles, abilities and the rules engine."""

from boardgame.actions import Action, parse_action
from boardgame.game import new_game, replay, text_log
from boardgame.state import GameState
from facade.errors import IllegalAction

__all__ = ["Action", "GameState", "IllegalAction", "new_game", "parse_action", "replay", "text_log"]
