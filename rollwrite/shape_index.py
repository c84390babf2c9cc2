"""Placement tables of the facade-sheet shapes, built once per mirror setting."""

from __future__ import annotations

from functools import cache, lru_cache

from facade.placement_index import PlacementIndex
from rollwrite.material import SHAPES

SHAPE_IDS: tuple[str, ...] = tuple(SHAPES)
SHAPE_INDEX: dict[str, int] = {tid: i for i, tid in enumerate(SHAPE_IDS)}


@cache
def placement_index(mirror: bool = False) -> PlacementIndex:
    """Every placement of the 23 facade-sheet shapes (RULES 3.3; mirror images per 5.12)."""
    return PlacementIndex([SHAPES[t] for t in SHAPE_IDS], mirror=mirror)


@lru_cache(maxsize=4096)
def fitting_shapes(filled: int, mirror: bool = False) -> frozenset[str]:
    """Ids of the shapes with at least one legal placement on this building."""
    t = placement_index(mirror)
    return frozenset(SHAPE_IDS[i] for i in t.shapes_with_legal(filled))


# Per mirror setting: `filled << 5 | shape index` -> whether the shape fits that building.
# A game meets each building once per player and turn and asks about the few tiles its
# dice pay for; a whole-table pass per new building cost more than these single tests.
FIT_MEMO: tuple[dict[int, bool], dict[int, bool]] = ({}, {})
# Entries kept per mirror setting before the memo starts afresh: 65,536 take about 5 MB
# (a 4-player random game adds about 380).
FIT_MEMO_LIMIT = 1 << 16
assert len(SHAPE_IDS) <= 32  # the shape index takes the key's low 5 bits


def shape_fits(filled: int, shape: int, mirror: bool = False) -> bool:
    """Whether shape `shape` (an index into SHAPE_IDS) has a legal placement on this
    building: `SHAPE_IDS[shape] in fitting_shapes(filled, mirror)`, remembered."""
    memo = FIT_MEMO[mirror]
    key = filled << 5 | shape
    fit = memo.get(key)
    if fit is None:
        if len(memo) >= FIT_MEMO_LIMIT:
            memo.clear()
        fit = memo[key] = placement_index(mirror).any_legal(filled, shape)
    return fit
