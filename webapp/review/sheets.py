"""The small sheets of the review: a building (5 columns, rows 1 to 9 from the bottom) as it
stood before a turn, with the cells a move drew on it, as a server-drawn SVG. The move's cells
carry a pattern (hatched for the move played, dotted for the best move found) and a thick
outline, and each sheet has its caption: never colour alone. Both editions' facades share the
grid (facade/grid.py)."""

from __future__ import annotations

from markupsafe import Markup, escape

from facade.grid import COLS, ROWS, cell_name

CELL = 13  # px per cell
PAD = 12  # room for the row numbers and column letters
PATTERNS = {"played": "rs-hatch", "best": "rs-dots"}

DEFS = Markup(
    '<svg class="rs-defs" width="0" height="0" aria-hidden="true" focusable="false"><defs>'
    '<pattern id="rs-hatch" width="4" height="4" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="4" height="4" class="rs-bg"/>'
    '<line x1="0" y1="0" x2="0" y2="4" class="rs-ink" stroke-width="2"/></pattern>'
    '<pattern id="rs-dots" width="4" height="4" patternUnits="userSpaceOnUse">'
    '<rect width="4" height="4" class="rs-bg"/>'
    '<circle cx="2" cy="2" r="1.1" class="rs-dot"/></pattern>'
    '</defs></svg>')


def _xy(bit: int) -> tuple[int, int]:
    """The top-left corner of a cell (row 9 at the top, as on the printed sheet)."""
    col, row = bit % COLS, bit // COLS
    return PAD + col * CELL, (ROWS - 1 - row) * CELL


def sheet_svg(filled: int, bricks: int, cells: int, new_bricks: int, kind: str,
              label: str) -> Markup:
    """A small sheet: `filled` (with `bricks`) as it stood, `cells` (with `new_bricks`) drawn
    by the move, in the pattern of `kind` (played or best); `label` says it in words for a
    screen reader (and is its title)."""
    width, height = PAD + COLS * CELL + 1, ROWS * CELL + PAD
    out = [f'<svg class="rsheet" viewBox="0 0 {width} {height}" width="{width * 2}" '
           f'height="{height * 2}" role="img" aria-label="{escape(label)}">'
           f'<title>{escape(label)}</title>']
    out.append(f'<rect x="{PAD}" y="0" width="{COLS * CELL}" height="{ROWS * CELL}" '
               'class="rs-empty"/>')
    pattern = PATTERNS.get(kind, "rs-hatch")
    for bit in range(COLS * ROWS):
        mask = 1 << bit
        x, y = _xy(bit)
        if cells & mask:
            out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                       f'fill="url(#{pattern})" class="rs-new"/>')
        elif filled & mask:
            out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                       f'class="rs-old{" rs-brick" if bricks & mask else ""}"/>')
        if (bricks | new_bricks) & mask:
            out.append(f'<text x="{x + CELL / 2}" y="{y + CELL - 3}" class="rs-x" '
                       f'text-anchor="middle">X</text>')
    for col in range(COLS + 1):  # the grid's lines
        x = PAD + col * CELL
        out.append(f'<line x1="{x}" y1="0" x2="{x}" y2="{ROWS * CELL}" class="rs-line"/>')
    for row in range(ROWS + 1):
        y = row * CELL
        out.append(f'<line x1="{PAD}" y1="{y}" x2="{PAD + COLS * CELL}" y2="{y}" '
                   'class="rs-line"/>')
    for bit in range(COLS * ROWS):  # the move's outline, over the lines
        if cells & (1 << bit):
            x, y = _xy(bit)
            out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" '
                       'class="rs-edge"/>')
    for row in range(ROWS):
        out.append(f'<text x="{PAD - 3}" y="{(ROWS - 1 - row) * CELL + CELL - 3}" '
                   f'class="rs-label" text-anchor="end">{row + 1}</text>')
    for col in range(COLS):
        letter = cell_name(col)[0]
        out.append(f'<text x="{PAD + col * CELL + CELL / 2}" y="{ROWS * CELL + PAD - 2}" '
                   f'class="rs-label" text-anchor="middle">{letter}</text>')
    out.append("</svg>")
    return Markup("".join(out))
