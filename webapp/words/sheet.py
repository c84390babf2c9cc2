"""What a companion page shows, built from the engine's legal actions and player view: the
grid with its highlighted cells, the choices grouped by tile, the placements covering a
tapped cell. Nothing here decides a rule; it only sorts what `legal_actions` lists."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from facade.errors import NotationError
from facade.grid import COLS, COLUMN_LETTERS, ROWS, bits, cell_name, parse_cell
from rollwrite import actions as A  # noqa: N812
from rollwrite.material import COLOUR_OF_LETTER, COLOURS, FACES, LETTER, SHAPE_ROWS, colour_of

FACE_LETTERS = tuple(LETTER[face] for face in FACES)  # R B P G Y W
COLOUR_OF = COLOUR_OF_LETTER  # R -> red ... W -> white


VERBS: dict[type, str] = {  # the group a page shows an action in, by the action's type
    A.Roll: "roll", A.Reroll: "reroll", A.Change: "change", A.Choose: "choose", A.Draw: "draw",
    A.Extra: "extra", A.ArmsCell: "arms", A.ArmsTrack: "arms", A.End: "end", A.Undo: "undo",
    A.Pick: "pick", A.Pass: "pass", A.Unpick: "unpick", A.Setup: "setup",
}


def verb(action: A.Action) -> str:
    """The group of an action, from its type: `Choose(...)` -> "choose"."""
    return VERBS[type(action)]


def track_actions(legal: Sequence[A.Action]) -> dict[str, list[dict[str, str]]]:
    """The legal actions that name a track, ready for buttons in the sheet's track order:
    `setup` (a starting track; the choice of none last, without a colour) and `arms` (two
    boxes of one track), each {"colour", "letter", "action"}."""
    order = {c: i for i, c in enumerate(COLOURS)}
    out: dict[str, list[dict[str, str]]] = {"setup": [], "arms": []}
    for a in legal:
        colour = a.track if isinstance(a, A.Setup) else a.colour if isinstance(
            a, A.ArmsTrack) else None
        if isinstance(a, A.Setup | A.ArmsTrack):
            out[verb(a)].append({"colour": colour or "", "letter": LETTER[colour] if colour
                                 else "", "action": str(a)})
    for group in out.values():
        group.sort(key=lambda d: order.get(d["colour"], len(order)))
    return out


@dataclass
class GridCell:
    """One cell of a drawn building as the page shows it."""

    name: str
    mark: str  # "", "X" or "O"
    css: list[str] = field(default_factory=list)
    href: str | None = None  # tapping it selects it (None: not selectable now)


@dataclass
class Way:
    """One legal Choose of a tile: its notation, the dice faces and bonuses it costs."""

    action: str
    faces: str  # letters of the dice used, e.g. "GGW"
    bonuses: int
    new_choice: bool


@dataclass
class TileChoice:
    """A facade-sheet tile the active player can take now, with every way to pay for it."""

    tile: str
    colour: str
    size: int
    shape: list[str]
    ways: list[Way]


def shape_rows(tile: str) -> list[str]:
    """The printed shape of a tile, rows top first, as strings of '#' and '.'."""
    return SHAPE_ROWS[tile].split("/")


SHAPES: dict[str, list[str]] = {t: shape_rows(t) for t in SHAPE_ROWS}


def group_choices(legal: list[Any], dice: list[str]) -> list[TileChoice]:
    """Legal Choose actions grouped by tile (yellow ★ choices as their own entries), in the
    order of the facade sheet's colours."""
    groups: dict[tuple[str, bool], TileChoice] = {}
    for a in legal:
        if not isinstance(a, A.Choose):
            continue
        key = (a.tile, a.new_choice)
        if key not in groups:
            rows = shape_rows(a.tile)
            groups[key] = TileChoice(
                a.tile, colour_of(a.tile), sum(r.count("#") for r in rows), rows, []
            )
        faces = "".join(LETTER[dice[d]] for d in a.dice)
        groups[key].ways.append(Way(str(a), faces, a.bonuses, a.new_choice))
    order = {c: i for i, c in enumerate(COLOURS)}
    out = sorted(groups.values(), key=lambda g: (order[g.colour], g.size, g.tile))
    for g in out:
        g.ways.sort(key=lambda w: (w.bonuses, -w.faces.count("W"), w.faces))
    return out


@dataclass
class PlacementPick:
    """The placements covering a tapped cell, the one previewed, and its draw actions."""

    cell: str
    index: int  # which of the covering placements is shown
    count: int
    mask: int
    cells: list[str]
    draws: list[tuple[str, str]]  # (cell that gets the X, or "" for all O; action text)


def draws_by_mask(legal: list[Any]) -> dict[int, list[Any]]:
    """Legal Draw actions grouped by the cells they cover, in a stable order."""
    out: dict[int, list[Any]] = {}
    for a in legal:
        if isinstance(a, A.Draw):
            out.setdefault(a.mask, []).append(a)
    return dict(sorted(out.items()))


def pick_placement(legal: list[Any], cell: str | None, k: int) -> PlacementPick | None:
    """The k-th (cyclic) legal placement of the chosen tile that covers `cell`."""
    cell_bit = _cell_bit(cell)
    if cell_bit is None:
        return None
    covering = [(m, d) for m, d in draws_by_mask(legal).items() if m & cell_bit]
    if not covering:
        return None
    i = k % len(covering)
    mask, draws = covering[i]
    options = []
    for d in sorted(draws, key=lambda d: (d.brick == 0, d.brick)):
        where = cell_name(d.brick.bit_length() - 1) if d.brick else ""
        options.append((where, str(d)))
    return PlacementPick(
        cell_name(cell_bit.bit_length() - 1), i, len(covering), mask,
        [cell_name(b) for b in bits(mask)], options,
    )


def single_cells(legal: list[Any], kind: type[A.Extra] | type[A.ArmsCell]
                 ) -> dict[str, list[tuple[str, str]]]:
    """Cells of the legal 1-cell actions of a kind (Extra, ArmsCell): name -> [(mark, text)]."""
    out: dict[str, list[tuple[str, str]]] = {}
    for a in legal:
        if isinstance(a, kind):
            mark = "X" if isinstance(a, A.Extra) and a.brick else "O"
            out.setdefault(cell_name(a.cell), []).append((mark, str(a)))
    return out


def _cell_bit(cell: str | None) -> int | None:
    if not cell:
        return None
    try:
        return 1 << parse_cell(cell)
    except NotationError:
        return None


def grid(
    rows: list[list[str]], selectable: set[str], highlight: set[str], preview: set[str],
    selected: str | None, href: Any,
) -> list[list[GridCell]]:
    """The building's cells, top row first, with the page's highlights and links."""
    out = []
    for r, line in enumerate(rows):
        row_no = ROWS - r
        cells = []
        for c in range(COLS):
            name = f"{COLUMN_LETTERS[c]}{row_no}"
            css = []
            if name in highlight:
                css.append("can")
            if name in preview:
                css.append("preview")
            if name == selected:
                css.append("tapped")
            cells.append(GridCell(name, line[c], css, href(name) if name in selectable else None))
        out.append(cells)
    return out


def picks(legal: Sequence[object], dice: Sequence[str]) -> list[dict[str, Any]]:
    """Passive picks grouped by die, from the legal actions and the faces of the dice:
    [{die, face, letter, options: [(track, action text)]}] (the companion and the guided game)."""
    out: dict[int, dict[str, Any]] = {}
    for a in legal:
        if isinstance(a, A.Pick):
            face = dice[a.die]
            entry = out.setdefault(a.die, {"die": a.die + 1, "face": face,
                                           "letter": LETTER[face], "options": []})
            entry["options"].append((a.track, str(a)))
    return [out[d] for d in sorted(out)]


@dataclass
class Tapping:
    """What the own building lets a player tap now: the grid's mode ("arms", "extra", "draw"
    or None), its selectable cells, the previewed placement and the tapped cell's actions."""

    mode: str | None = None
    selectable: set[str] = field(default_factory=set)
    preview: set[str] = field(default_factory=set)
    placement: PlacementPick | None = None
    cell: str | None = None
    cell_actions: list[tuple[str, str]] = field(default_factory=list)
    extras_possible: bool = False  # the purple extra cell may be drawn (its own mode)


def tapping(legal: list[Any], cell: str | None, k: int, extra: bool = False,
            want: A.Draw | None = None) -> Tapping:
    """The building's taps from the legal actions: coats of arms first, then the purple extra
    cell when asked for (`extra`), else the placements of the chosen tile, the k-th (cyclic)
    one that covers `cell` previewed; with no cell, `want`'s placement (the guided game's)."""
    arms = single_cells(legal, A.ArmsCell)
    extras = single_cells(legal, A.Extra)
    out = Tapping(cell=cell, extras_possible=bool(extras))
    draws = draws_by_mask(legal)
    if arms or any(isinstance(a, A.ArmsTrack) for a in legal):
        out.mode, out.selectable = "arms", set(arms)
        out.cell_actions = arms.get(cell or "", [])
    elif extra and extras:
        out.mode, out.selectable = "extra", set(extras)
        out.cell_actions = extras.get(cell or "", [])
    elif draws:
        out.mode = "draw"
        for mask in draws:
            out.selectable.update(cell_name(b) for b in bits(mask))
        if cell is None and want is not None:
            cell = out.cell = cell_name(next(iter(bits(want.mask))))
            covering = [m for m in draws if m & (1 << parse_cell(cell))]
            k = covering.index(want.mask) if want.mask in covering else 0
        out.placement = pick_placement(legal, cell, k)
        if out.placement:
            out.preview = set(out.placement.cells)
    if out.cell not in out.selectable:
        out.cell, out.cell_actions = None, []
    return out
