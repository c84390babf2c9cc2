"""The JSON player view of a Roll & Write game (schema 1): what one seat may see."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from facade.view import building_summary, building_view, view_head
from rollwrite.material import (
    BONUS_PREFIX,
    COAT_OF_ARMS_LINES,
    COLOURS,
    INFINITE_SIDE,
    LETTER,
    SHAPES,
    STAR_PREFIX,
    STARTING_RED_STARS,
    TARGET,
    TRACK_LENGTH,
    TRACKS,
    X_SIDE,
    colour_of,
)
from rollwrite.sheet import Sheet

if TYPE_CHECKING:
    from rollwrite.facade_sheet import FacadeSheet
    from rollwrite.state import GameState

BOX_KINDS = {"+": "+", "*": "★", ".": ""}


def player_view(state: GameState, viewer: int | None) -> dict[str, Any]:
    """Everything a seat (or a spectator, `viewer` None) may see; no seed, JSON types only."""
    turn = state.turn_state
    sheets = state.sheets
    return {
        **view_head(state, "rollwrite", viewer, [s.name for s in sheets],
                    [s.building.empty for s in sheets], TARGET),
        "options": {"mirror": state.mirror, "dice": state.config["options"]["dice"]},
        "buildings": [_building(state, p) for p in range(state.players)],
        "summary": [_summary(s) for s in state.sheets],
        "dice": _dice(state),
        "rerolls": turn.rerolls,
        "chosen": _chosen(state),
        "drawn": turn.drawn,
        "pending_arms": list(turn.pending_arms),
        "facade_sheet": facade_sheet(state.facade_sheet),
        "tracks": [tracks_view(s) for s in state.sheets],
        "picks": [[d + 1 for d in picks] for picks in turn.picks],
        "done": list(turn.done),
        "may_unpick": [state.may_unpick(p) for p in range(state.players)],
        "setup_done": list(turn.setup_done),
    }


def _building(state: GameState, p: int) -> dict[str, Any]:
    sheet = state.sheets[p]
    pending = set(state.turn_state.pending_arms) if p == state.active else set()
    arms = []
    for line in COAT_OF_ARMS_LINES:
        if line.short in pending:
            status = "pending"  # completed this turn, its choice still to make
        elif line.short in sheet.arms_used:
            status = "used"
        else:
            status = "open"
        arms.append({"line": line.short, "kind": line.kind, "name": line.name, "state": status})
    return building_view(sheet.building.filled, sheet.building.bricks, arms)


def _summary(sheet: Sheet) -> dict[str, int]:
    out = building_summary(sheet.building.filled, sheet.building.bricks)
    out["tracks_completed"] = sum(1 for c in COLOURS if sheet.marks[c] == TRACK_LENGTH)
    return out


def _dice(state: GameState) -> list[dict[str, Any]]:
    used = set(state.used_dice())
    picks = state.turn_state.picks
    return [
        {
            "index": d + 1,
            "face": face,
            "letter": LETTER[face],
            "used": d in used,
            "picked_by": [p for p in range(state.players) if d in picks[p]],
        }
        for d, face in enumerate(state.turn_state.dice)
    ]


def _chosen(state: GameState) -> dict[str, Any] | None:
    c = state.turn_state.chosen
    if c is None:
        return None
    return {
        "tile": c.tile,
        "dice": [d + 1 for d in c.dice],
        "bonuses": c.bonuses,
        "new_choice": c.new_choice,
    }


def facade_sheet(sheet: FacadeSheet) -> list[dict[str, Any]]:
    """The shared facade sheet: ∞ shapes (never crossed), then the 15 X-side entries by
    position (1-based `index`) with whether each is crossed out."""
    out: list[dict[str, Any]] = [
        {"id": t, "colour": colour_of(t), "size": SHAPES[t].size, "side": "inf", "index": None,
         "crossed": False}
        for t in INFINITE_SIDE
    ]
    out.extend(
        {"id": t, "colour": colour_of(t), "size": SHAPES[t].size, "side": "X", "index": i + 1,
         "crossed": sheet.is_crossed(i)}
        for i, t in enumerate(X_SIDE)
    )
    return out


def tracks_view(sheet: Sheet) -> dict[str, Any]:
    """Per colour: marks, usable marks, every box with its symbol and state, what is left.

    A box's state: "none" (no symbol), "locked" (not marked, or marked since the owner's turn
    began: RULES 3.4.3), "unlocked" (usable, unspent) or "used". Spent symbols are counted
    from the first box; red spends its two starting stars first."""
    out: dict[str, Any] = {}
    for colour in COLOURS:
        track = TRACKS[colour]
        usable = sheet.usable[colour]
        stars_spent = sheet.stars_used[colour]
        if colour == "red":
            starting_left = max(0, STARTING_RED_STARS - stars_spent)
            stars_spent = max(0, stars_spent - STARTING_RED_STARS)
        spent = {"+": sheet.bonuses_used[colour], "*": stars_spent}
        boxes = []
        for i, symbol in enumerate(track.symbols):
            if symbol == ".":
                status = "none"
            elif i >= usable:
                status = "locked"
            else:
                before = (BONUS_PREFIX if symbol == "+" else STAR_PREFIX)[colour][i]
                status = "used" if before < spent[symbol] else "unlocked"
            boxes.append(
                {"n": i + 1, "kind": BOX_KINDS[symbol], "marked": i < sheet.marks[colour],
                 "state": status}
            )
        entry: dict[str, Any] = {
            "marked": sheet.marks[colour],
            "usable": usable,
            "boxes": boxes,
            "stars_left": sheet.stars_left(colour),
            "bonuses_left": sheet.bonuses_left(colour),
            "complete": sheet.marks[colour] == TRACK_LENGTH,
        }
        if colour == "red":
            entry["starting_stars_left"] = starting_left
        out[colour] = entry
    return out
