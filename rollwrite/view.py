"""The JSON player view of a Roll & Write game (schema 1): what one seat may see, and its
types (`DiceView` and the `TypedDict`s it holds; tests/test_view_types.py checks them against
the views of real games, key by key)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

from facade.view import (
    SCHEMA,
    BuildingGrid,
    Summary,
    ViewHead,
    building_grid,
    building_summary,
    view_head,
)
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

BoxKind = Literal["+", "★", ""]
BOX_KINDS: dict[str, BoxKind] = {"+": "+", "*": "★", ".": ""}
ArmsState = Literal["open", "pending", "used"]
BoxState = Literal["none", "locked", "unlocked", "used"]


class DiceOptions(TypedDict):
    """The game's options: the mirrored facade sheet, the dice rolled by the app or by hand."""

    mirror: bool
    dice: Literal["seeded", "manual"]


class DiceArms(TypedDict):
    """One coat of arms line of a sheet: `line` "1", "3", "5", "a" or "c"; `state` "pending"
    when completed this turn with its choice still to make."""

    line: str
    kind: str
    name: str
    state: ArmsState


class DiceBuilding(BuildingGrid):
    """One seat's building: its marks and its coats of arms."""

    arms: list[DiceArms]


class DiceSummary(Summary):
    """One seat's lines, empty cells and ability tracks completed."""

    tracks_completed: int


class Die(TypedDict):
    """One of the five dice (`index` 1-5): its face, whether it is used, who picked it."""

    index: int
    face: str
    letter: str
    used: bool
    picked_by: list[int]


class Chosen(TypedDict):
    """The tile chosen this turn, the dice (1-based) and `+` bonuses that paid for it."""

    tile: str
    dice: list[int]
    bonuses: int
    new_choice: bool


class FacadeEntry(TypedDict):
    """One entry of the facade sheet: an ∞ shape (`index` None, never crossed) or an X-side
    entry (`index` 1-15)."""

    id: str
    colour: str
    size: int
    side: Literal["inf", "X"]
    index: int | None
    crossed: bool


class TrackBox(TypedDict):
    """One box of an ability track (`n` 1-based) and its symbol's state."""

    n: int
    kind: BoxKind
    marked: bool
    state: BoxState


class Track(TypedDict):
    """One ability track of a sheet: marks, usable marks, its boxes, what is left to spend."""

    marked: int
    usable: int
    boxes: list[TrackBox]
    stars_left: int
    bonuses_left: int
    complete: bool


class RedTrack(Track):
    """The red track, which also counts the two starting ★ not spent yet."""

    starting_stars_left: int


class Tracks(TypedDict):
    """One sheet's five tracks by colour (rollwrite.material.COLOURS, in that order); a key
    each, so that red alone has its starting ★."""

    red: RedTrack
    blue: Track
    purple: Track
    green: Track
    yellow: Track


class DiceView(ViewHead):
    """What `GameState.player_view` gives: the head both editions share, then the dice
    edition's buildings, dice, chosen tile, facade sheet and tracks (lists: one per seat)."""

    edition: Literal["rollwrite"]
    options: DiceOptions
    buildings: list[DiceBuilding]
    summary: list[DiceSummary]
    dice: list[Die]
    rerolls: int
    chosen: Chosen | None
    drawn: bool
    pending_arms: list[str]
    facade_sheet: list[FacadeEntry]
    tracks: list[Tracks]
    picks: list[list[int]]
    done: list[bool]
    may_unpick: list[bool]
    setup_done: list[bool]


def player_view(state: GameState, viewer: int | None) -> DiceView:
    """Everything a seat (or a spectator, `viewer` None) may see; no seed, JSON types only."""
    turn = state.turn_state
    sheets = state.sheets
    return {
        "schema": SCHEMA,
        "edition": "rollwrite",
        **view_head(state, viewer, [s.name for s in sheets], [s.building.empty for s in sheets],
                    TARGET),
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


def _building(state: GameState, p: int) -> DiceBuilding:
    sheet = state.sheets[p]
    pending = set(state.turn_state.pending_arms) if p == state.active else set()
    arms: list[DiceArms] = []
    for line in COAT_OF_ARMS_LINES:
        status: ArmsState
        if line.short in pending:
            status = "pending"  # completed this turn, its choice still to make
        elif line.short in sheet.arms_used:
            status = "used"
        else:
            status = "open"
        arms.append({"line": line.short, "kind": line.kind, "name": line.name, "state": status})
    return {**building_grid(sheet.building.filled, sheet.building.bricks), "arms": arms}


def _summary(sheet: Sheet) -> DiceSummary:
    return {
        **building_summary(sheet.building.filled, sheet.building.bricks),
        "tracks_completed": sum(1 for c in COLOURS if sheet.marks[c] == TRACK_LENGTH),
    }


def _dice(state: GameState) -> list[Die]:
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


def _chosen(state: GameState) -> Chosen | None:
    c = state.turn_state.chosen
    if c is None:
        return None
    return {
        "tile": c.tile,
        "dice": [d + 1 for d in c.dice],
        "bonuses": c.bonuses,
        "new_choice": c.new_choice,
    }


def facade_sheet(sheet: FacadeSheet) -> list[FacadeEntry]:
    """The shared facade sheet: ∞ shapes (never crossed), then the 15 X-side entries by
    position (1-based `index`) with whether each is crossed out."""
    out: list[FacadeEntry] = [
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


def tracks_view(sheet: Sheet) -> Tracks:
    """Per colour: marks, usable marks, every box with its symbol and state, what is left.

    A box's state: "none" (no symbol), "locked" (not marked, or marked since the owner's turn
    began: RULES 3.4.3), "unlocked" (usable, unspent) or "used". Spent symbols are counted
    from the first box; red spends its two starting stars first."""
    return {
        "red": {
            **_track(sheet, "red"),
            "starting_stars_left": max(0, STARTING_RED_STARS - sheet.stars_used["red"]),
        },
        "blue": _track(sheet, "blue"),
        "purple": _track(sheet, "purple"),
        "green": _track(sheet, "green"),
        "yellow": _track(sheet, "yellow"),
    }


def _track(sheet: Sheet, colour: str) -> Track:
    """One colour's track (`tracks_view`)."""
    track = TRACKS[colour]
    usable = sheet.usable[colour]
    stars_spent = sheet.stars_used[colour]
    if colour == "red":
        stars_spent = max(0, stars_spent - STARTING_RED_STARS)
    spent = {"+": sheet.bonuses_used[colour], "*": stars_spent}
    boxes: list[TrackBox] = []
    for i, symbol in enumerate(track.symbols):
        status: BoxState
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
    return {
        "marked": sheet.marks[colour],
        "usable": usable,
        "boxes": boxes,
        "stars_left": sheet.stars_left(colour),
        "bonuses_left": sheet.bonuses_left(colour),
        "complete": sheet.marks[colour] == TRACK_LENGTH,
    }
