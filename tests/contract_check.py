"""Read by a type checker only (tests/test_contract.py): both editions' states are engine
states, and the dice-only table is a state the store can keep."""

from boardgame.state import GameState as CardState
from facade.contract import EngineState, StoredState
from rollwrite.state import GameState as DiceState
from webapp.games.dice_roller import DiceRoller


def dice(state: DiceState) -> EngineState:
    """Roll & Write."""
    return state


def card(state: CardState) -> EngineState:
    """The card edition."""
    return state


def dice_only(table: DiceRoller) -> StoredState:
    """The dice-only table."""
    return table
