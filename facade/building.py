"""One player's building: filled cells and bricks as bitboards, placing and scoring."""

from __future__ import annotations

from dataclasses import dataclass

from facade.errors import IllegalAction
from facade.grid import FULL, empty_cells, render, supported
from facade.notation import format_cells
from facade.scoring import Line, building_points, newly_completed


@dataclass(slots=True)
class Building:
    """Filled cells and the bricks among them; every other filled cell is a window."""

    filled: int = 0
    bricks: int = 0

    @property
    def windows(self) -> int:
        """Filled cells that are windows."""
        return self.filled & ~self.bricks

    @property
    def empty(self) -> int:
        """Number of empty cells."""
        return empty_cells(self.filled)

    @property
    def support(self) -> int:
        """Empty cells a tile may rest on."""
        return supported(self.filled) & ~self.filled & FULL

    def check(self, mask: int) -> None:
        """Raise IllegalAction, in words, when the placement rule forbids `mask`."""
        if mask & ~FULL:
            raise IllegalAction("the tile would stick out of the building", "illegal_placement")
        overlap = mask & self.filled
        if overlap:
            raise IllegalAction(
                f"{format_cells(overlap)} already drawn on", "illegal_placement",
                cells=format_cells(overlap),
            )
        if not mask & supported(self.filled):
            raise IllegalAction(
                "the tile must touch row 1 or sit directly on a drawn cell "
                "(being beside one is not enough)",
                "illegal_placement",
            )

    def place(self, mask: int, brick: int) -> list[tuple[Line, int]]:
        """Check the placement, draw the cells and return the newly completed lines with
        their points."""
        self.check(mask)
        return self.fill(mask, brick)

    def fill(self, mask: int, brick: int) -> list[tuple[Line, int]]:
        """`place` for a placement the caller has already checked (an engine checks every
        part of an action before it changes anything)."""
        before = self.filled
        self.filled |= mask
        self.bricks |= brick & mask
        return [(ln, ln.points(self.bricks)) for ln in newly_completed(before, self.filled)]

    def points(self) -> int:
        """Points of all complete lines, recounted."""
        return building_points(self.filled, self.bricks)

    def picture(self) -> str:
        """Text picture, top row first."""
        return "\n".join(render(self.filled, self.bricks))
