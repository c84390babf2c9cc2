"""The reason in words for a card-edition hint (bots.hints gives the expert's action with it)."""

from __future__ import annotations

from boardgame import actions as A  # noqa: N812
from boardgame.material import (
    ABILITY_NAMES,
    ARMS_CELLS,
    ARMS_ROWS,
    COLOUR_INDEX,
    COLOURS,
    TILES,
)
from boardgame.state import GameState
from facade.grid import bits, cell_name
from facade.scoring import describe_completed, newly_completed


def _placement_reason(state: GameState, player: int, mask: int, brick: int) -> list[str]:
    """Lines completed and coats of arms won by drawing `mask` on the player's board."""
    board = state.boards[player]
    after = board.filled | mask
    parts = describe_completed(board.filled, after, board.bricks | brick)
    arms = [cell_name(c) for c in bits(mask & ARMS_CELLS)]
    arms += [ln.name for ln in newly_completed(board.filled, after)
             if ln.kind == "row" and ln.index in ARMS_ROWS]
    if arms:
        parts.append("coat of arms on " + " and ".join(arms))
    return parts


def reason(state: GameState, action: A.Action) -> str:
    """One line a player can read about why `action` is good."""
    p = action.player
    if isinstance(action, A.Build):
        size = TILES[action.tile].size
        paid = sum(action.pay)
        parts = _placement_reason(state, p, action.mask, action.brick)
        if paid < size:
            parts.append(f"costs {paid} card{'s' if paid != 1 else ''} instead of {size}")
        return f"{action.tile}: " + (", ".join(parts) or "builds toward open rows and columns")
    if isinstance(action, A.Take):
        hand = list(state.hands[p])
        for pos in (action.first, action.second, action.extra):
            colour = None if pos is None else state.harbour[pos]
            if colour is not None:
                hand[COLOUR_INDEX[colour]] += 1
        best = max(range(len(COLOURS)), key=lambda i: hand[i])
        why = f"gathers {COLOURS[best]}: {hand[best]} cards for a {COLOURS[best]} tile"
        return why + (", and you build this turn (Both actions)" if action.both else "")
    if isinstance(action, A.Discard):
        return "keeps the colours your hand is gathering"
    if isinstance(action, A.ArmsWhite):
        mask = 1 << action.cell
        parts = _placement_reason(state, p, mask, 0)
        return f"white tile on {cell_name(action.cell)}: " + (
            ", ".join(parts) or "fills the cell that helps your lines most")
    if isinstance(action, A.ArmsAbility):
        return f"{ABILITY_NAMES[action.ability]}: the most useful ability you lack"
    if isinstance(action, A.ArmsRefresh):
        used = sum(1 for v in state.abilities[p].values() if v == "used")
        return f"flips your {used} used abilit{'y' if used == 1 else 'ies'} back to active"
    return "nothing better is possible now"
