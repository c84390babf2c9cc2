"""Move generation of the card edition: every legal action of a state, in a fixed order."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING

from boardgame import actions as A  # noqa: N812
from boardgame.material import (
    COLOUR_COUNT,
    COLOUR_INDEX,
    HAND_LIMIT,
    SUPPLY_ABILITIES,
    TILES,
    WHITE,
    tile_colour,
)
from boardgame.phases import ARMS, BUILD, DISCARD
from facade.grid import CELLS, COL_MASKS, COLS, FULL, GROUND
from facade.placement_index import PlacementIndex

if TYPE_CHECKING:
    from boardgame.state import GameState

TILE_IDS: tuple[str, ...] = tuple(TILES)
TILE_INDEX = {t: i for i, t in enumerate(TILE_IDS)}
_NOT_A = FULL & ~COL_MASKS[0]
_NOT_E = FULL & ~COL_MASKS[COLS - 1]


@cache
def tile_table() -> PlacementIndex:
    """Every placement of every card-edition tile; tiles rotate and flip (RULES 2.3)."""
    return PlacementIndex([TILES[t] for t in TILE_IDS], mirror=True)


def neighbours(mask: int) -> int:
    """Cells orthogonally next to `mask`, outside it."""
    around = ((mask & _NOT_E) << 1) | ((mask & _NOT_A) >> 1) | (mask << COLS) | (mask >> COLS)
    return around & FULL & ~mask


@cache
def tile_placements(tid: str) -> tuple[tuple[int, int, int], ...]:
    """(cells, brick, cells next to it) of every placement of a tile, computed once."""
    t = tile_table()
    lo, hi = t.range_of(TILE_INDEX[tid])
    return tuple(
        (pl.mask, pl.brick, neighbours(pl.mask)) for pl in t.placements[lo:hi]
    )


_take = cache(A.Take)  # the few hundred take actions there are, built once


def legal_actions(state: GameState, player: int | None = None) -> list[A.Action]:
    """Every legal action (one payment per distinct outcome; see `build_options`)."""
    if state.over or (player is not None and player != state.active):
        return []
    p = state.active
    phase = state.phase
    if phase == DISCARD:
        return discard_options(state)
    if phase == ARMS:
        return arms_options(state)
    if phase == BUILD:
        return [*build_options(state), A.Pass(p)]
    out: list[A.Action] = [*take_options(state), *build_options(state)]
    return out or [A.Pass(p)]


def take_options(state: GameState) -> list[A.Action]:
    """Every way to take cards from the harbour (RULES 2.5 A), abilities included."""
    p = state.active
    full = tuple(i for i, c in enumerate(state.harbour) if c is not None)
    return list(
        _takes(p, full, state.usable(p, "any"), state.usable(p, "additional"),
               state.usable(p, "both"))
    )


@cache
def _takes(
    p: int, full: tuple[int, ...], anyc: bool, extra_ok: bool, both_ok: bool
) -> tuple[A.Take, ...]:
    """The takes of `take_options` for the harbour positions holding a card: a pure function
    of these few values, so built once (at most 4 × 2^7 × 8 lists)."""
    out: list[A.Take] = []
    for ai, a in enumerate(full):
        for b in full[ai + 1:]:
            if b - a != 1 and not anyc:
                continue
            extras: list[int | None] = [None]
            if extra_ok:
                extras += [e for e in full if e not in (a, b)]
            for e in extras:
                out.append(_take(p, a, b, e, False))
                if both_ok:
                    out.append(_take(p, a, b, e, True))
    return tuple(out)


def discard_options(state: GameState) -> list[A.Action]:
    """Every way to discard down to the hand limit, as cards per colour."""
    p = state.active
    hand = state.hands[p]
    need = state.hand_size(p) - HAND_LIMIT
    out: list[A.Action] = []

    def rec(i: int, left: int, chosen: list[int]) -> None:
        if i == COLOUR_COUNT:
            if left == 0:
                out.append(A.Discard(p, tuple(chosen)))  # type: ignore[arg-type]
            return
        for k in range(min(left, hand[i]), -1, -1):
            rec(i + 1, left - k, [*chosen, k])

    rec(0, need, [])
    return out


def build_options(state: GameState) -> list[A.Action]:
    """Builds with, per tile and placement, one payment per use of the discount and per
    colour changed; extra cards of another colour beyond what is needed are accepted by
    `apply` but not listed. The same list as `build_options_plain`, scanning only the legal
    placements: a tile's legal placements and their costs depend only on the board, the
    cells of its colour and whether the discount is usable (a board changes once a build)."""
    p = state.active
    hand = state.hands[p]
    disc_ok = state.usable(p, "discount")
    change_ok = state.usable(p, "change")
    filled = state.boards[p].filled
    colour_masks = state.colour_masks[p]
    out: list[A.Action] = []
    best_other = max(hand) if change_ok else 0
    for tid, count in state.tiles.items():
        if count <= 0 or tid == WHITE:
            continue
        ci, size = _TILE_INFO[tid]
        same = colour_masks[ci]
        have = hand[ci]
        if size - (1 if same else 0) - disc_ok > have + best_other:
            continue  # not affordable even next to a tile of its colour
        for cost, mask, brick, disc in _tile_builds(tid, filled, same, disc_ok):
            if have >= cost:
                pay = [0] * COLOUR_COUNT
                pay[ci] = cost
                out.append(A.Build(p, tid, mask, brick, tuple(pay), disc))
            elif change_ok:
                for xi in range(COLOUR_COUNT):
                    if xi != ci and have + hand[xi] >= cost:
                        pay = [0] * COLOUR_COUNT
                        pay[ci] = have
                        pay[xi] = cost - have
                        out.append(A.Build(p, tid, mask, brick, tuple(pay), disc, True))
    return out


_TILE_INFO: dict[str, tuple[int, int]] = {
    t: (COLOUR_INDEX[tile_colour(t)], TILES[t].size) for t in TILE_IDS if t != WHITE
}


# 4,096 keys: a 4-player game meets about 1,300 (tile, board, colour cells, discount) keys.
# Entries are tuples of ints, which the garbage collector stops tracking: caching the Build
# actions too (tracked objects) made a card benchmark run after the Roll & Write one about
# 35 % slower than before this cache (full collections walking the other edition's caches).
@lru_cache(maxsize=4096)
def _tile_builds(tid: str, filled: int, same: int, disc_ok: bool) -> tuple[tuple[int, ...], ...]:
    """(cost, cells, brick, discount used) of every legal placement of a tile, in the order
    `build_options_plain` lists them."""
    ci, size = _TILE_INFO[tid]
    support = (GROUND | (filled << COLS)) & ~filled
    out = []
    for mask, brick, around in tile_placements(tid):
        if mask & filled or not mask & support:
            continue
        cost0 = size - 1 if around & same else size
        for disc in ((False, True) if disc_ok and cost0 > 0 else (False,)):
            out.append((max(0, cost0 - disc), mask, brick, disc))
    return tuple(out)


def build_options_plain(state: GameState) -> list[A.Action]:
    """The plain rule behind `build_options`, kept for the test that compares the two."""
    p = state.active
    hand = state.hands[p]
    disc_ok = state.usable(p, "discount")
    change_ok = state.usable(p, "change")
    filled = state.boards[p].filled
    support = (GROUND | (filled << COLS)) & ~filled
    colour_masks = state.colour_masks[p]
    out: list[A.Action] = []
    best_other = max(hand) if change_ok else 0
    for tid, count in state.tiles.items():
        if count <= 0 or tid == WHITE:
            continue
        ci = COLOUR_INDEX[tile_colour(tid)]
        size = TILES[tid].size
        same = colour_masks[ci]
        if size - (1 if same else 0) - disc_ok > hand[ci] + best_other:
            continue  # not affordable even next to a tile of its colour
        for mask, brick, around in tile_placements(tid):
            if mask & filled or not mask & support:
                continue
            cost0 = size - 1 if around & same else size
            for disc in ((False, True) if disc_ok and cost0 > 0 else (False,)):
                cost = max(0, cost0 - disc)
                if hand[ci] >= cost:
                    pay = [0] * COLOUR_COUNT
                    pay[ci] = cost
                    out.append(A.Build(p, tid, mask, brick, tuple(pay), disc))
                elif change_ok:
                    for xi in range(COLOUR_COUNT):
                        if xi != ci and hand[ci] + hand[xi] >= cost:
                            pay = [0] * COLOUR_COUNT
                            pay[ci] = hand[ci]
                            pay[xi] = cost - hand[ci]
                            out.append(A.Build(p, tid, mask, brick, tuple(pay), disc, True))
    return out


def white_cells(state: GameState) -> list[int]:
    """Cells where a white tile can go on the active player's board."""
    support = state.boards[state.active].support
    return [c for c in range(CELLS) if support >> c & 1]


def arms_options(state: GameState) -> list[A.Action]:
    """What a coat of arms can give now: a white tile, a new ability, or a refresh (RULES 2.6)."""
    p = state.active
    out: list[A.Action] = []
    if state.tiles[WHITE] > 0:
        out.extend(A.ArmsWhite(p, c) for c in white_cells(state))
    owned = state.abilities[p]
    out.extend(
        A.ArmsAbility(p, ab)
        for ab in SUPPLY_ABILITIES
        if ab not in owned and state.ability_supply[ab] > 0
    )
    if any(v == "used" for v in owned.values()):
        out.append(A.ArmsRefresh(p))
    return out
