"""Where one tile can go now, for screens: placements with cell names, costs and a cell index."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from facade.grid import bits, cell_name


@dataclass(frozen=True)
class Placement:
    """One legal position of a tile: cells as a mask and by name, and (card edition) its cost.

    `cost` is the number of cards after discounts (None in Roll & Write); `discounts` holds
    the reason codes that lowered it: "adjacent_same_colour", "construction_discount".
    `brick` is the bit of the printed brick cell (card edition), 0 where the player chooses.
    """

    tile: str
    mask: int
    cells: tuple[str, ...]
    brick: int = 0
    cost: int | None = None
    discounts: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (the mask as an int; cell names for people)."""
        return {
            "tile": self.tile,
            "mask": self.mask,
            "cells": list(self.cells),
            "brick": cell_name(self.brick.bit_length() - 1) if self.brick else None,
            "cost": self.cost,
            "discounts": list(self.discounts),
        }


def cell_names(mask: int) -> tuple[str, ...]:
    """Names of the cells of a mask, in grid order (`a1`, `b1`, ... `e9`)."""
    return tuple(cell_name(i) for i in bits(mask))


def placements_by_cell(placements: Sequence[Placement]) -> dict[str, list[int]]:
    """Cell name -> indexes (into `placements`) of the placements that cover it."""
    out: dict[str, list[int]] = {}
    for i, pl in enumerate(placements):
        for name in pl.cells:
            out.setdefault(name, []).append(i)
    return out
