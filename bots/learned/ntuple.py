"""An n-tuple network over a Roll & Write sheet: the value of a sheet is a sum of weights, one
read per tuple of grid cells (by the cells' states: empty, window, brick) and one per feature
off the grid (score, each track's marks, bonuses and stars left).

Szubert and Jaśkowski's player of 2048 (CIG 2014) is built the same way. The tuples here: each
row (5 cells: a row scores when full), each column (9 cells), and each block of 3 rows by 2
columns (where tiles fit); 42 tuples, 121,112 weights with the 98 off the grid.
`values` reads a batch of sheets at once (numpy); `value_plain` reads one sheet weight by weight
and is what the tests compare the batch with."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from facade.grid import CELLS, COLS, ROWS, index
from rollwrite.material import COLOURS, TARGET, TRACK_LENGTH
from rollwrite.sheet import Sheet

STATES = 3  # a cell is empty, a window (O) or a brick (X)
BONUS_CAP = 3  # bonuses left counted up to this many
STAR_CAP = 2  # stars left counted up to this many


def _tuples() -> tuple[tuple[int, ...], ...]:
    rows = [tuple(index(c, r) for c in range(COLS)) for r in range(ROWS)]
    columns = [tuple(index(c, r) for r in range(ROWS)) for c in range(COLS)]
    blocks = [tuple(index(c + dc, r + dr) for dr in range(3) for dc in range(2))
              for r in range(ROWS - 2) for c in range(COLS - 1)]
    return tuple(rows + columns + blocks)


TUPLES = _tuples()
WIDEST = max(len(t) for t in TUPLES)
# Each feature off the grid is one of this many values: score, 5 x marks, bonuses, stars.
SIDE = ((TARGET + 1,) + (TRACK_LENGTH + 1,) * len(COLOURS) + (BONUS_CAP + 1,) * len(COLOURS)
        + (STAR_CAP + 1,) * len(COLOURS))


def _layout() -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Cells of each tuple padded to WIDEST with the always-empty cell CELLS, the power of 3
    of each (0 for a pad), each tuple's first weight, and the first weight off the grid."""
    cells = np.full((len(TUPLES), WIDEST), CELLS, dtype=np.int64)
    powers = np.zeros((len(TUPLES), WIDEST), dtype=np.int64)
    starts = np.zeros(len(TUPLES), dtype=np.int64)
    at = 0
    for i, t in enumerate(TUPLES):
        cells[i, :len(t)] = t
        powers[i, :len(t)] = STATES ** np.arange(len(t))
        starts[i] = at
        at += STATES ** len(t)
    return cells, powers, starts, at


CELL_TABLE, POWERS, TUPLE_STARTS, GRID_WEIGHTS = _layout()


def side_layout(side: Sequence[int]) -> tuple[np.ndarray, int]:
    """The first weight of each feature off the grid (each takes one of `side`'s counts of
    values), after the grid's, and the network's size."""
    starts = GRID_WEIGHTS + np.concatenate(([0], np.cumsum(side)[:-1])).astype(np.int64)
    return starts, GRID_WEIGHTS + sum(side)


SIDE_STARTS, SIZE = side_layout(SIDE)
BLUE_STARS = 1 + 2 * len(COLOURS) + COLOURS.index("blue")  # blue ★ left in `side_features`
BIT = np.arange(CELLS, dtype=np.int64)


def side_features(sheet: Sheet) -> tuple[int, ...]:
    """The value of each feature off the grid: score (up to 12), marks, bonuses, stars."""
    return (min(sheet.score, TARGET),
            *(sheet.marks[c] for c in COLOURS),
            *(min(max(sheet.bonuses_left(c), 0), BONUS_CAP) for c in COLOURS),
            *(min(max(sheet.stars_left(c), 0), STAR_CAP) for c in COLOURS))


def indices(filled: Sequence[int], bricks: Sequence[int],
            side: Sequence[Sequence[int]] | np.ndarray,
            side_starts: np.ndarray = SIDE_STARTS) -> np.ndarray:
    """The weights each sheet reads (one row per sheet): its grid (cells filled, bricks) and
    its features off the grid (`side_features`, or another network's: `side_starts` of
    `side_layout`)."""
    f = np.asarray(filled, dtype=np.int64)[:, None]
    b = np.asarray(bricks, dtype=np.int64)[:, None]
    states = ((f >> BIT) & 1) + ((b >> BIT) & 1)
    states = np.concatenate([states, np.zeros((len(states), 1), dtype=np.int64)], axis=1)
    grid = (states[:, CELL_TABLE] * POWERS).sum(axis=2) + TUPLE_STARTS
    return np.concatenate([grid, np.asarray(side, dtype=np.int64) + side_starts], axis=1)


@dataclass
class Network:
    """The weights, and how many games trained them."""

    weights: np.ndarray
    games: int = 0

    @classmethod
    def empty(cls, size: int = SIZE) -> Network:
        """Every weight 0 (`size`: the solitaire's network's, or another's `side_layout`)."""
        return cls(np.zeros(size, dtype=np.float32))

    def values(self, rows: np.ndarray) -> np.ndarray:
        """The value of each sheet of `indices`."""
        return self.weights[rows].sum(axis=1, dtype=np.float64)

    def sheet_values(self, sheets: Sequence[Sheet]) -> np.ndarray:
        """The value of each sheet."""
        return self.values(self.rows(sheets))

    @staticmethod
    def rows(sheets: Sequence[Sheet]) -> np.ndarray:
        """`indices` of whole sheets."""
        return indices([s.building.filled for s in sheets], [s.building.bricks for s in sheets],
                       [side_features(s) for s in sheets])

    def learn(self, row: np.ndarray, error: float, rate: float) -> None:
        """Move the weights one sheet reads towards its target (`error`: target - value),
        the step shared among them."""
        self.weights[row] += np.float32(rate * error / len(row))

    def save(self, path: Path) -> None:
        """Write the weights (compressed) and the games count."""
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as out:
            np.savez_compressed(out, weights=self.weights, games=np.int64(self.games))

    @classmethod
    def load(cls, path: Path, size: int = SIZE) -> Network:
        """Read what `save` wrote; ValueError when it is not a network of `size` weights."""
        with np.load(path) as data:
            weights = data["weights"]
            if weights.shape != (size,):
                raise ValueError(f"{path}: {weights.shape[0]} weights, this network has {size}")
            return cls(weights.astype(np.float32), int(data["games"]))


def value_plain(network: Network, sheet: Sheet) -> float:
    """A sheet's value read weight by weight, from the cells' states (the rule `values`
    computes in bulk)."""
    return read_plain(network, sheet.building.filled, sheet.building.bricks,
                      side_features(sheet), SIDE)


def read_plain(network: Network, filled: int, bricks: int, features: Sequence[int],
               side: Sequence[int]) -> float:
    """The value of a grid (cells filled, bricks) and its features off the grid (each one of
    `side`'s counts of values), read weight by weight."""
    total = 0.0
    at = 0
    for t in TUPLES:
        code = 0
        for k, cell in enumerate(t):
            state = (filled >> cell & 1) + (bricks >> cell & 1)
            code += state * STATES ** k
        total += float(network.weights[at + code])
        at += STATES ** len(t)
    for size, feature in zip(side, features, strict=True):
        total += float(network.weights[at + feature])
        at += size
    return total
