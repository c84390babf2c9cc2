"""Move generation of Roll & Write: every legal action of a state, in a fixed order."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from facade.grid import CELLS, bits
from rollwrite import actions as A  # noqa: N812
from rollwrite.facade_sheet import X_ENTRY_MASKS
from rollwrite.material import (
    BONUS_PREFIX,
    BONUSES_PER_COLOUR_PER_TURN,
    COLOURS,
    DICE,
    FACES,
    MAX_SEATS,
    SHAPES,
    TRACK_LENGTH,
    WHITE,
    colour_of,
)
from rollwrite.phases import MAIN, PASSIVE, SETUP
from rollwrite.shape_index import SHAPE_INDEX, placement_index

if TYPE_CHECKING:
    from rollwrite.sheet import Sheet
    from rollwrite.state import GameState

TILES_BY_COLOUR: dict[str, list[tuple[str, int]]] = {
    c: [(t, SHAPES[t].size) for t in SHAPES if colour_of(t) == c] for c in COLOURS
}


def legal_actions(state: GameState, player: int | None = None) -> list[A.Action]:
    """Every legal action (one representative where dice are interchangeable); an Undo,
    when there is one, comes first. Without `player`: the actions of the seats in
    `to_act`; a passive player who is done but may still take back a pick (RULES 5.15)
    finds their Unpick in `legal_actions(state, that_player)`."""
    if state.over or player is not None and not 0 <= player < len(state.sheets):
        return []
    turn = state.turn_state
    phase = turn.phase
    if phase == MAIN:  # the active player alone; the phase most listings are made in
        if player is None or player == state.active:
            return active_options(state)
        return []
    if phase == PASSIVE:
        done = turn.done
        seats = range(len(done)) if player is None else (player,)
        out: list[A.Action] = []
        for p in seats:
            if done[p]:
                if player is not None and state.may_unpick(p):
                    out.append(_UNPICKS[p])  # finished picking, others still pick (5.15)
                continue
            out.extend(pick_options(state, p))
            out.append(_PASSES[p])
            if turn.picks[p] and state.may_unpick(p):
                out.append(_UNPICKS[p])
        return out
    if phase == SETUP:
        setup_done = turn.setup_done
        seats = range(len(setup_done)) if player is None else (player,)
        return [a for p in seats if not setup_done[p] for a in _setups(p)]
    # ROLL or REROLL: the active player's dice; manual dice: any faces, too many to list (6^5)
    if state.seeded and (player is None or player == state.active):
        return [state.chance_action()]
    return []


def active_options(state: GameState) -> list[A.Action]:
    """The active player's steps in the main phase (RULES 3.4, 5.9)."""
    p = state.active
    turn = state.turn_state
    sheet = state.sheets[p]
    out: list[A.Action] = []
    if state.undo_stack:
        out.append(_UNDOS[p])
    if turn.pending_arms:
        return out + arms_options(state)
    if turn.chosen is None:
        if sheet.stars_left("red") > 0:
            out.extend(_rerolls(p))
        if sheet.stars_left("green") > 0:
            out.extend(_changes(p, tuple(turn.dice)))
        choices = choose_options(state)
        out.extend(choices)
        if not draw_forced(choices):
            out.append(_ENDS[p])
    elif not turn.drawn:
        out.extend(draw_options(state))
    else:
        out.append(_ENDS[p])
    if sheet.stars_left("purple") > 0:
        out.extend(extra_options(state))
    return out


def choose_options(state: GameState, dice: Sequence[str] | None = None) -> list[A.Choose]:
    """Every tile the active player may choose with these dice (default: the dice showing),
    each with every way to pay it."""
    p = state.active
    sheet = state.sheets[p]
    mirror = state.mirror
    legal = sheet.legal_set(mirror)[3]
    yellow = sheet.stars_left("yellow") > 0
    crossed = state.facade_sheet.mask
    out: list[A.Choose] = []
    for rows in _choice_rows(sheet, tuple(state.turn_state.dice if dice is None else dice),
                             mirror):
        for shape_bits, entries, paid, _ in rows:
            if not legal & shape_bits:  # the tile fits nowhere
                continue
            if entries:  # on the X side: open, or crossed out and a yellow ★ left
                taken = entries & crossed
                if taken != entries:
                    out.extend(paid[2 + p] or _player_choices(paid, p, False))
                if yellow and taken:
                    out.extend(paid[2 + MAX_SEATS + p] or _player_choices(paid, p, True))
            else:  # the ∞ side
                out.extend(paid[2 + p] or _player_choices(paid, p, False))
    return out


def draw_forced(choices: list[A.Choose]) -> bool:
    """Whether a tile must be drawn: one of the choices is paid with dice alone, no `+`
    and no ★ (RULES 5.1, 5.17); spending a bonus or a star is never forced."""
    return any(not c.bonuses and not c.new_choice for c in choices)


def draw_forced_now(state: GameState) -> bool:
    """`draw_forced(choose_options(state))`, without listing the choices: a tile that fits
    and is open (or on the ∞ side) can be paid with the dice showing alone."""
    sheet = state.sheets[state.active]
    mirror = state.mirror
    legal = sheet.legal_set(mirror)[3]
    crossed = state.facade_sheet.mask
    for rows in _choice_rows(sheet, tuple(state.turn_state.dice), mirror):
        for shape_bits, entries, _, free in rows:
            if free and legal & shape_bits and (not entries or entries & ~crossed):
                return True
    return False


def _choice_rows(sheet: Sheet, dice: tuple[str, ...], mirror: bool) -> list[tuple[Any, ...]]:
    """Per colour (COLOURS order) that the dice showing and the `+` the sheet may spend
    can pay a tile of: `_colour_choices` of that colour (remembered under an int key)."""
    usable = sheet.usable
    used = sheet.bonuses_used
    out = []
    for colour, prefix, key, paying in _dice_colours(dice):
        bonus = prefix[usable[colour]] - used[colour]  # `bonuses_left`
        if bonus > BONUSES_PER_COLOUR_PER_TURN:
            bonus = BONUSES_PER_COLOUR_PER_TURN
        if paying + bonus >= 2:
            key |= bonus << 1 | mirror
            rows = _COLOUR_ROWS.get(key)
            if rows is None:
                showing = _dice_by_face(dice)
                rows = _COLOUR_ROWS[key] = _colour_choices(
                    colour, showing[colour], showing[WHITE], bonus, mirror
                )
            out.append(rows)
    return out


# `_colour_choices` by an int key: (colour index, the dice showing it and the white dice as
# bit masks, `+` spent, mirror), made by `_dice_colours` and `_choice_rows`.
_COLOUR_ROWS: dict[int, tuple[tuple[int, int, list[Any], bool], ...]] = {}


@cache
def _dice_colours(dice: tuple[str, ...]) -> tuple[tuple[str, tuple[int, ...], int, int], ...]:
    """Per colour: (colour, its `+` per boxes marked, its `_COLOUR_ROWS` key without the
    `+` spent and the mirror, how many dice pay for it: its own and the white ones)."""
    masks = dict.fromkeys(FACES, 0)  # face -> the dice showing it, as a bit mask
    for d, face in enumerate(dice):
        masks[face] |= 1 << d
    whites = masks[WHITE]
    paying = whites.bit_count()
    return tuple(
        (c, BONUS_PREFIX[c], (i << 10 | masks[c] << 5 | whites) << 3,
         masks[c].bit_count() + paying)
        for i, c in enumerate(COLOURS)
    )


def draw_options(state: GameState) -> list[A.Action]:
    """Every drawing of the chosen tile: one per placement and X cell, and the all-O
    drawing of each placement when a blue ★ is left."""
    p = state.active
    sheet = state.sheets[p]
    mirror = state.mirror
    lo, width, table = _draw_table(p, state.turn_state.chosen.tile, mirror)
    legal = sheet.legal_set(mirror)[3] >> lo & width
    blue = sheet.stars_left("blue") > 0
    out: list[A.Action] = []
    while legal:  # the legal placements of the tile, in table order
        low = legal & -legal
        legal ^= low
        draws, all_windows = table[low.bit_length() - 1]
        out.extend(draws)
        if blue:
            out.append(all_windows)
    return out


def keeps_chosen_placeable(state: GameState, cell_mask: int) -> bool:
    """Whether the chosen tile, still to be drawn, would fit after filling these cells."""
    chosen = state.turn_state.chosen
    if chosen is None or state.turn_state.drawn:
        return True
    mirror = state.mirror
    legal = state.sheets[state.active].legal_set(mirror)
    return placement_index(mirror).fits_after(legal, cell_mask, SHAPE_INDEX[chosen.tile])


def single_cells(state: GameState) -> list[int]:
    """Cells where a 1-cell tile may go now, keeping the chosen tile placeable."""
    b = state.sheets[state.active].building
    return [c for c in bits(b.support) if keeps_chosen_placeable(state, 1 << c)]


def extra_options(state: GameState) -> list[A.Action]:
    """The purple ★ extra cells: X, and O too when a blue ★ is left."""
    p = state.active
    blue = state.sheets[p].stars_left("blue") > 0
    out: list[A.Action] = []
    extras = _EXTRAS[p]
    for c in single_cells(state):
        if blue:
            out.extend(extras[c])
        else:
            out.append(extras[c][0])
    return out


def arms_options(state: GameState) -> list[A.Action]:
    """What the oldest waiting coat of arms can give: an O cell, or two boxes of a track."""
    p = state.active
    sheet = state.sheets[p]
    cells = _ARMS_CELLS[p]
    out: list[A.Action] = [cells[c] for c in single_cells(state)]
    tracks = _ARMS_TRACKS[p]
    marks = sheet.marks
    out.extend([tracks[c] for c in COLOURS if marks[c] < TRACK_LENGTH])  # room left
    return out


def pick_options(state: GameState, p: int) -> list[A.Action]:
    """A passive player's picks: each unused die not yet picked, one per face showing, on
    every track it may mark (white: any track)."""
    marks = state.sheets[p].marks
    turn = state.turn_state
    taken = turn.picks[p]
    chosen = turn.chosen
    used = chosen.dice if chosen else ()  # `used_dice`
    seen: list[str] = []
    out: list[A.Action] = []
    picks = _PICKS[p]
    for d, face in enumerate(turn.dice):
        if face in seen or d in used or d in taken:
            continue
        seen.append(face)
        row = picks[d]
        if face == WHITE:
            for t in COLOURS:
                if marks[t] < TRACK_LENGTH:
                    out.append(row[t])
        elif marks[face] < TRACK_LENGTH:
            out.append(row[face])
    return out


def can_pick(state: GameState, p: int, unused: Sequence[int] | None = None) -> bool:
    """Whether a passive player has a die left that marks a track with room (`unused`:
    `state.unused_dice()` when the caller already has it)."""
    marks = state.sheets[p].marks
    turn = state.turn_state
    picked = turn.picks[p]
    for d in state.unused_dice() if unused is None else unused:
        if d not in picked:
            face = turn.dice[d]
            if face == WHITE:
                if any(marks[c] < TRACK_LENGTH for c in COLOURS):
                    return True
            elif marks[face] < TRACK_LENGTH:
                return True
    return False


# ---------------------------------------------------------------------- cached building blocks
@cache
def _rerolls(player: int) -> tuple[A.Reroll, ...]:
    """Every reroll a player can ask for: any non-empty set of dice."""
    return tuple(
        A.Reroll(player, c) for k in range(1, DICE + 1) for c in combinations(range(DICE), k)
    )


def _changes(player: int, dice: tuple[str, ...]) -> list[A.Change]:
    """Every colour change (green ★): k of the dice showing one face, to another face."""
    showing = _dice_by_face(dice)
    out: list[A.Change] = []
    for face in FACES:
        if showing[face]:
            out.extend(_face_changes(player, face, showing[face]))
    return out


@cache
def _face_changes(player: int, face: str, showing: tuple[int, ...]) -> tuple[A.Change, ...]:
    """The colour changes of the dice showing one face (the first k of them, every k) to
    every other face: at most 4 × 6 × 31 keys, where whole rolls made 31,104."""
    return tuple(
        A.Change(player, showing[:k], target)
        for k in range(1, len(showing) + 1)
        for target in FACES
        if target != face
    )


@cache
def _dice_by_face(dice: tuple[str, ...]) -> dict[str, tuple[int, ...]]:
    """Face -> the dice (positions) showing it (6^5 rolls at most)."""
    out: dict[str, tuple[int, ...]] = dict.fromkeys(FACES, ())
    for d, face in enumerate(dice):
        out[face] += (d,)
    return out


@cache
def _colour_choices(
    colour: str, own: tuple[int, ...], whites: tuple[int, ...], bonus: int, mirror: bool
) -> tuple[tuple[int, int, list[Any], bool], ...]:
    """For one colour and the dice showing it: each tile of that colour that can be paid,
    as (its placements as a bit set over `placement_index(mirror)`, mask of its X-side
    entries, `_paid` list of the tile and its ways to pay, whether the dice alone pay it).
    Pure, so cached across turns and games."""
    ways: dict[int, list[tuple[tuple[int, ...], int]]] = {}
    for k in range(bonus + 1):
        for a in range(len(own) + 1):
            for b in range(len(whites) + 1):
                ways.setdefault(a + b + k, []).append((tuple(sorted(own[:a] + whites[:b])), k))
    shape_bits = placement_index(mirror).shape_bits
    out = []
    for tid, size in TILES_BY_COLOUR[colour]:
        pay = ways.get(size)
        if pay:
            out.append((shape_bits[SHAPE_INDEX[tid]], X_ENTRY_MASKS[tid], _paid(tid, tuple(pay)),
                        any(k == 0 for _, k in pay)))
    return tuple(out)


# (tile id, ways to pay) -> [tile id, ways to pay (dice, bonuses), each seat's choices...,
# each seat's choices with a yellow ★...], the choices None until `_player_choices` makes
# them. One list however many rolls and colour entries pay the tile the same ways, so a
# seat's choices are made once for all of them.
_PAID: dict[tuple[str, tuple[tuple[tuple[int, ...], int], ...]], list[Any]] = {}


def _paid(tid: str, pay: tuple[tuple[tuple[int, ...], int], ...]) -> list[Any]:
    """The shared `_PAID` list of a tile and its ways to pay."""
    found = _PAID.get((tid, pay))
    if found is None:
        found = _PAID[tid, pay] = [tid, pay, *([None] * (2 * MAX_SEATS))]
    return found


def _player_choices(paid: list[Any], player: int, new_choice: bool) -> tuple[A.Choose, ...]:
    """A seat's choices of a `_PAID` list (with a yellow ★ or not), made when first asked
    for (few turns have a yellow ★ and a crossed-out entry) and kept in the list."""
    tid, pay = paid[0], paid[1]
    found = tuple(_choose(player, tid, d, k, new_choice) for d, k in pay)
    paid[2 + MAX_SEATS * new_choice + player] = found
    return found


@cache
def _draw_table(
    player: int, tile: str, mirror: bool
) -> tuple[int, int, tuple[tuple[tuple[A.Draw, ...], A.Draw], ...]]:
    """A tile's placements: where they start in `placement_index(mirror)`, a mask as wide as
    their number, and each, in table order, as its draws (one per X cell) and its all-O
    draw."""
    t = placement_index(mirror)
    lo, hi = t.range_of(SHAPE_INDEX[tile])
    return lo, (1 << (hi - lo)) - 1, tuple(
        (
            tuple(A.Draw(player, tile, t.placements[i].mask, c) for c in t.cell_bits[i]),
            A.Draw(player, tile, t.placements[i].mask, 0),
        )
        for i in range(lo, hi)
    )


@cache
def _setups(player: int) -> tuple[A.Setup, ...]:
    """A two-player game's starting-track choices of a player: none, or one track."""
    return (A.Setup(player, None), *(A.Setup(player, c) for c in COLOURS))


# Choices, each built once and shared by every list that holds it: some thousands, where
# the lists that hold them number tens of thousands. Fewer objects also make the
# interpreter's full garbage collections cheaper: after 100 random games they had 180,000
# objects to visit (27 ms each), 41,000 of them choices and 25,000 changes.
_choose = cache(A.Choose)

# Every passive pick there is, built once: _PICKS[player][die][track].
_PICKS: tuple[tuple[dict[str, A.Pick], ...], ...] = tuple(
    tuple({t: A.Pick(p, d, t) for t in COLOURS} for d in range(DICE))
    for p in range(MAX_SEATS)
)

# The actions of few forms, each built once per seat (and cell, or track) and shared: they
# are frozen, and the log keeps the very objects applied.
_ENDS: tuple[A.End, ...] = tuple(A.End(p) for p in range(MAX_SEATS))
_UNDOS: tuple[A.Undo, ...] = tuple(A.Undo(p) for p in range(MAX_SEATS))
_PASSES: tuple[A.Pass, ...] = tuple(A.Pass(p) for p in range(MAX_SEATS))
_UNPICKS: tuple[A.Unpick, ...] = tuple(A.Unpick(p) for p in range(MAX_SEATS))
_EXTRAS: tuple[tuple[tuple[A.Extra, A.Extra], ...], ...] = tuple(
    tuple((A.Extra(p, c, True), A.Extra(p, c, False)) for c in range(CELLS))
    for p in range(MAX_SEATS)
)
_ARMS_CELLS: tuple[tuple[A.ArmsCell, ...], ...] = tuple(
    tuple(A.ArmsCell(p, c) for c in range(CELLS)) for p in range(MAX_SEATS)
)
_ARMS_TRACKS: tuple[dict[str, A.ArmsTrack], ...] = tuple(
    {c: A.ArmsTrack(p, c) for c in COLOURS} for p in range(MAX_SEATS)
)
