"""All placements of a set of shapes in one table, with a fast test of which are legal now."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from facade.grid import CELLS, COLS, FULL, GROUND, bits
from facade.shapes import Placement, Shape, placements

# What `PlacementIndex.legal_set` keeps of a building: (filled, blocked, touched, legal), the
# last three bit sets over the table's placements (bit i: placement i). `blocked`: the
# placements holding a filled cell; `touched`: those holding a cell of row 1 or a cell right
# above a filled one; `legal`: touched and not blocked (RULES 1). All three only grow as
# cells are drawn, so a building's set follows from its parent's with the new cells alone.
LegalSet = tuple[int, int, int, int]


class PlacementIndex:
    """Placements of several shapes, tested together with vectorised bit operations.

    A placement is legal iff it overlaps no filled cell and touches a supported cell
    (RULES 1). Both tests run over every precomputed mask at once.
    """

    def __init__(self, shapes: Sequence[Shape], mirror: bool = False) -> None:
        self.shapes = tuple(shapes)
        rows: list[Placement] = []
        owners: list[int] = []
        for i, shape in enumerate(self.shapes):
            for p in placements(shape, mirror):
                rows.append(p)
                owners.append(i)
        self.placements: tuple[Placement, ...] = tuple(rows)
        self.cell_bits: tuple[tuple[int, ...], ...] = tuple(
            tuple(1 << c for c in bits(p.mask)) for p in rows
        )
        self.masks = np.array([p.mask for p in rows], dtype=np.uint64)
        self.owner = np.array(owners, dtype=np.int32)
        starts = np.searchsorted(self.owner, np.arange(len(self.shapes) + 1))
        self._ranges = [(int(starts[i]), int(starts[i + 1])) for i in range(len(self.shapes))]
        self._starts = starts[:-1]
        # per shape: (index, mask) pairs as plain ints; for one shape's few dozen placements
        # a Python loop beats numpy's per-call overhead several times over
        self._shape_masks: list[tuple[tuple[int, int], ...]] = [
            tuple((i, rows[i].mask) for i in range(lo, hi)) for lo, hi in self._ranges
        ]
        # per cell: the placements holding it, as a bit set; COLS empty sets past the top
        # row stand for the cells above it, which no placement holds
        cover = [0] * (CELLS + COLS)
        for i, p in enumerate(rows):
            for c in bits(p.mask):
                cover[c] |= 1 << i
        self.cover: tuple[int, ...] = tuple(cover)
        # per shape: its placements as a bit set
        self.shape_bits: tuple[int, ...] = tuple(
            ((1 << (hi - lo)) - 1) << lo for lo, hi in self._ranges
        )
        ground = 0
        for c in bits(GROUND):
            ground |= cover[c]
        self.empty_set: LegalSet = (0, 0, ground, ground)

    def legal_indices(
        self, filled: int, shape_ids: Sequence[int] | None = None
    ) -> np.ndarray | list[int]:
        """Indexes into `placements` of the legal ones (of the given shapes, or all)."""
        support = (GROUND | (filled << COLS)) & FULL & ~filled
        if shape_ids is None:
            m = self.masks
            ok = ((m & np.uint64(filled)) == 0) & ((m & np.uint64(support)) != 0)
            return np.flatnonzero(ok)
        return [
            i
            for sid in shape_ids
            for i, mask in self._shape_masks[sid]
            if not mask & filled and mask & support
        ]

    def shapes_with_legal(self, filled: int) -> list[int]:
        """Indexes of the shapes with at least one legal placement (one vectorised pass)."""
        support = (GROUND | (filled << COLS)) & FULL & ~filled
        m = self.masks
        ok = ((m & np.uint64(filled)) == 0) & ((m & np.uint64(support)) != 0)
        return np.flatnonzero(np.logical_or.reduceat(ok, self._starts)).tolist()

    def range_of(self, shape_id: int) -> tuple[int, int]:
        """The slice of `placements` that holds one shape's placements."""
        return self._ranges[shape_id]

    def legal(self, filled: int, shape_id: int) -> list[Placement]:
        """Legal placements of one shape."""
        return [self.placements[i] for i in self.legal_indices(filled, [shape_id])]

    def any_legal(self, filled: int, shape_id: int) -> bool:
        """Whether the shape fits anywhere now."""
        support = (GROUND | (filled << COLS)) & FULL & ~filled
        for _, mask in self._shape_masks[shape_id]:  # a plain loop: no generator to start
            if not mask & filled and mask & support:
                return True
        return False

    def legal_set(self, filled: int, known: LegalSet | None = None) -> LegalSet:
        """The legal placements on `filled` as a `LegalSet`, grown from `known` (the set of
        an earlier building that `filled` contains) by the new cells only; from the empty
        building when there is none or it is not contained."""
        if known is None or known[0] & ~filled:
            known = self.empty_set
        f0, blocked, touched, legal = known
        new = filled & ~f0
        if not new:
            return known
        blocked, touched = self._grown(blocked, touched, new)
        return (filled, blocked, touched, touched & ~blocked)

    def _grown(self, blocked: int, touched: int, cells: int) -> tuple[int, int]:
        """The placements blocked and touching support once `cells` are filled too."""
        cover = self.cover
        while cells:
            low = cells & -cells
            cells ^= low
            c = low.bit_length() - 1
            blocked |= cover[c]
            touched |= cover[c + COLS]
        return blocked, touched

    def fits_after(self, legal: LegalSet, cells: int, shape_id: int) -> bool:
        """Whether the shape still fits once `cells` (empty now) are filled too."""
        _, blocked, touched, _ = legal
        blocked, touched = self._grown(blocked, touched, cells)
        return bool(touched & ~blocked & self.shape_bits[shape_id])
