"""The JSON player view of a card-edition game (schema 1): one seat's hand, never the deck."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgame.material import (
    ABILITIES,
    ARMS_CELLS,
    ARMS_ROWS,
    COLOURS,
    HAND_LIMIT,
    HARBOUR_SIZE,
    TARGET,
)
from boardgame.phases import Phase
from facade.grid import ROW_MASKS, bits, cell_name
from facade.view import building_summary, building_view, view_head

if TYPE_CHECKING:
    from boardgame.state import GameState


def player_view(state: GameState, viewer: int | None) -> dict[str, Any]:
    """Everything a seat (or a spectator, `viewer` None) may see: its own hand only, other
    hands as sizes, the deck as a size; no seed, JSON types only."""
    hand: dict[str, int] = {}
    if viewer is not None and 0 <= viewer < state.players:
        hand = dict(zip(COLOURS, state.hands[viewer]))
    return {
        **view_head(state, "boardgame", viewer, list(state.names),
                    [b.empty for b in state.boards], TARGET),
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


def _building(state: GameState, p: int) -> dict[str, Any]:
    board = state.boards[p]
    arms: list[dict[str, Any]] = [
        {"cell": cell_name(c), "kind": "cell",
         "state": "earned" if board.filled >> c & 1 else "open"}
        for c in bits(ARMS_CELLS)
    ]
    for r in ARMS_ROWS:
        done = board.filled & ROW_MASKS[r] == ROW_MASKS[r]
        arms.append({"line": str(r + 1), "kind": "row", "name": f"row {r + 1}",
                     "state": "earned" if done else "open"})
    return building_view(board.filled, board.bricks, arms)
