"""Shared core of both editions: the 5×9 grid, polyominoes, placement, scoring and notation."""

from facade.building import Building
from facade.errors import IllegalAction, NotationError
from facade.notation import Drawn, format_placement, parse_placement
from facade.placement_index import PlacementIndex
from facade.scoring import Line, newly_completed
from facade.shapes import Placement, Shape, placements

__all__ = [
    "Building",
    "Drawn",
    "IllegalAction",
    "Line",
    "NotationError",
    "Placement",
    "PlacementIndex",
    "Shape",
    "format_placement",
    "newly_completed",
    "parse_placement",
    "placements",
]

from facade.events import Event

__all__ += ["Event"]
