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
