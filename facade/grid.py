"""The 5×9 facade grid as 45-bit integers: cell names, bit indexes, row and column masks."""

from __future__ import annotations

from collections.abc import Iterator

from facade.errors import NotationError

COLS = 5
ROWS = 9
CELLS = COLS * ROWS
FULL = (1 << CELLS) - 1
COLUMN_LETTERS = "abcde"

ROW_MASKS: tuple[int, ...] = tuple(((1 << COLS) - 1) << (COLS * r) for r in range(ROWS))
COL_MASKS: tuple[int, ...] = tuple(
    sum(1 << (COLS * r + c) for r in range(ROWS)) for c in range(COLS)
)
GROUND = ROW_MASKS[0]


def index(col: int, row: int) -> int:
    """Bit index of the cell in column `col` (0 = a) and row `row` (0 = row 1)."""
    return COLS * row + col


def coords(idx: int) -> tuple[int, int]:
    """(column, row), both from 0, of a bit index."""
    return idx % COLS, idx // COLS


def cell_name(idx: int) -> str:
    """`a1` .. `e9` for a bit index."""
    col, row = coords(idx)
    return f"{COLUMN_LETTERS[col]}{row + 1}"


def parse_cell(text: str) -> int:
    """Bit index of a cell name such as `b3` (either case); NotationError if it is no cell."""
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in COLUMN_LETTERS or t[1] not in "123456789":
        raise NotationError(
            f"'{text.strip()}' is not a cell: use a column a-e and a row 1-9, like b3",
            "bad_cell", text=text.strip(),
        )
    return index(COLUMN_LETTERS.index(t[0]), int(t[1]) - 1)


def bits(mask: int) -> Iterator[int]:
    """The bit indexes set in `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def supported(filled: int) -> int:
    """Cells that rest on something: row 1, or directly above a filled cell (RULES 1)."""
    return (GROUND | (filled << COLS)) & FULL


def is_legal(mask: int, filled: int) -> bool:
    """The placement rule of RULES 1: on empty cells, at least one cell supported."""
    return mask & filled == 0 and mask & supported(filled) != 0


def empty_cells(filled: int) -> int:
    """How many cells are still empty (the tie-break of RULES 1)."""
    return CELLS - filled.bit_count()


def render(filled: int, bricks: int, marks: str = ".XO") -> list[str]:
    """Text picture of a building, top row first, as `9 . . X O O`."""
    empty, brick, window = marks
    lines = []
    for row in reversed(range(ROWS)):
        cells = []
        for col in range(COLS):
            bit = 1 << index(col, row)
            cells.append(brick if bricks & bit else window if filled & bit else empty)
        lines.append(f"{row + 1} " + " ".join(cells))
    lines.append("  " + " ".join(COLUMN_LETTERS))
    return lines
