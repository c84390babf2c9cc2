"""The JSON player view of a card-edition game (schema 1): one seat's hand, never the deck;
and its types (`CardView` and the `TypedDict`s it holds; tests/test_view_types.py checks them
against the views of real games, key by key)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

from boardgame.material import (
    ABILITIES,
    ARMS_CELLS,
    ARMS_ROWS,
    COLOURS,
    HAND_LIMIT,
    HARBOUR_SIZE,
    TARGET,
    EndCard,
)
from boardgame.phases import Phase
from facade.grid import ROW_MASKS, bits, cell_name
from facade.view import (
    SCHEMA,
    BuildingGrid,
    Summary,
    ViewHead,
    building_grid,
    building_summary,
    view_head,
)

if TYPE_CHECKING:
    from boardgame.state import GameState

ArmsState = Literal["open", "earned"]


class CellArms(TypedDict):
    """A coat of arms printed on a cell (`cell` "b2"...), earned once the cell is filled."""

    cell: str
    kind: Literal["cell"]
    state: ArmsState


class RowArms(TypedDict):
    """A coat of arms for a completed row (`line` "1"...)."""

    line: str
    kind: Literal["row"]
    name: str
    state: ArmsState


class CardBuilding(BuildingGrid):
    """One seat's building: its marks and its coats of arms, the cells' first."""

    arms: list[CellArms | RowArms]


class HarbourCard(TypedDict):
    """One place of the harbour (`position` 1-7) and the card on it, None when empty."""

    position: int
    colour: str | None


class CardView(ViewHead):
    """What `GameState.player_view` gives: the head both editions share, then the card
    edition's buildings, harbour, cards (the viewer's own hand by colour, the other hands as
    sizes, the deck as a size), tile and ability supplies, and where the turn stands. Lists
    hold one entry per seat; `hand`, `discard` and `supply` are keyed by colour (tile id for
    `supply`), `abilities` by ability with its state ("active" or "used")."""

    edition: Literal["boardgame"]
    buildings: list[CardBuilding]
    summary: list[Summary]
    harbour: list[HarbourCard]
    hand: dict[str, int]
    hand_sizes: list[int]
    hand_limit: int
    deck_size: int
    discard_size: int
    discard: dict[str, int]
    end_card: EndCard
    supply: dict[str, int]
    abilities: list[dict[str, str]]
    fresh_abilities: list[list[str]]
    ability_supply: dict[str, int]
    both: bool
    discard_needed: int
    pending_arms: int
    passes: int


def player_view(state: GameState, viewer: int | None) -> CardView:
    """Everything a seat (or a spectator, `viewer` None) may see: its own hand only, other
    hands as sizes, the deck as a size; no seed, JSON types only."""
    hand: dict[str, int] = {}
    if viewer is not None and 0 <= viewer < state.players:
        hand = dict(zip(COLOURS, state.hands[viewer]))
    return {
        "schema": SCHEMA,
        "edition": "boardgame",
        **view_head(state, viewer, list(state.names), [b.empty for b in state.boards], TARGET),
        "buildings": [_building(state, p) for p in range(state.players)],
        "summary": [building_summary(b.filled, b.bricks) for b in state.boards],
        "harbour": [
            {"position": i + 1, "colour": state.harbour[i]} for i in range(HARBOUR_SIZE)
        ],
        "hand": hand,
        "hand_sizes": [state.hand_size(p) for p in range(state.players)],
        "hand_limit": HAND_LIMIT,
        "deck_size": len(state.deck),
        "discard_size": sum(state.discard),
        "discard": dict(zip(COLOURS, state.discard)),  # face up, so public
        "end_card": state.end_card,  # "aside", "deck" (somewhere in its bottom 10), "revealed"
        "supply": dict(state.tiles),
        "abilities": [
            {ab: owned[ab] for ab in ABILITIES if ab in owned} for owned in state.abilities
        ],
        "fresh_abilities": [list(f) for f in state.fresh],
        "ability_supply": dict(state.ability_supply),
        "both": state.both,
        "discard_needed": (
            max(0, state.hand_size(state.active) - HAND_LIMIT)
            if state.phase == Phase.DISCARD else 0
        ),
        "pending_arms": state.pending_arms,
        "passes": state.passes,
    }


def _building(state: GameState, p: int) -> CardBuilding:
    board = state.boards[p]
    arms: list[CellArms | RowArms] = [
        {"cell": cell_name(c), "kind": "cell",
         "state": "earned" if board.filled >> c & 1 else "open"}
        for c in bits(ARMS_CELLS)
    ]
    for r in ARMS_ROWS:
        done = board.filled & ROW_MASKS[r] == ROW_MASKS[r]
        arms.append({"line": str(r + 1), "kind": "row", "name": f"row {r + 1}",
                     "state": "earned" if done else "open"})
    return {**building_grid(board.filled, board.bricks), "arms": arms}
