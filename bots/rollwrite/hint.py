"""The reason in words for a Roll & Write hint (bots.hints gives the expert's action with it)."""

from __future__ import annotations

from facade.notation import format_placement
from facade.scoring import describe_completed
from rollwrite import actions as A  # noqa: N812
from rollwrite.state import GameState


def reason(state: GameState, action: A.Action) -> str:
    """One line a player can read about why `action` is good."""
    p = action.player
    sheet = state.sheets[p]
    if isinstance(action, A.Draw):
        after = sheet.building.filled | action.mask
        bricks = sheet.building.bricks | action.brick
        lines = describe_completed(sheet.building.filled, after, bricks)
        where = format_placement(action.tile, action.mask, action.brick)
        if not lines:
            return f"{where}: builds toward open rows and columns, X where it hurts least"
        return f"{where} " + ", ".join(lines)
    if isinstance(action, A.Choose):
        return f"{action.tile} has the best placement for these dice"
    if isinstance(action, A.Reroll):
        return "these dice give little; a reroll is likely to give more (red ★)"
    if isinstance(action, A.Change):
        return "turning these dice makes a bigger tile possible (green ★)"
    if isinstance(action, A.Extra):
        return "the extra cell completes a line now (purple ★)"
    if isinstance(action, A.Pick):
        return f"the {action.track} track brings the most: its next box or completion"
    if isinstance(action, (A.ArmsCell, A.ArmsTrack)):
        return "the coat-of-arms choice that leaves your sheet best"
    if isinstance(action, A.End):
        return "nothing more worth doing this turn"
    return "the strong bot's choice"
