"""Tests of the shared grid core: cells, placement rule, scoring (RULES 1, docs/rules.md)."""

import pytest

from facade import Building, IllegalAction, NotationError, Shape, parse_placement
from facade.grid import cell_name, empty_cells, is_legal, parse_cell
from facade.notation import format_placement
from facade.scoring import Line, building_points, newly_completed
from facade.shapes import placements


def cells(*names: str) -> int:
    return sum(1 << parse_cell(n) for n in names)


def test_cell_names_run_bottom_to_top_like_chess():
    """RULES 1: a1 bottom-left is bit 0, e9 top-right is bit 44."""
    assert parse_cell("a1") == 0
    assert parse_cell("e1") == 4
    assert parse_cell("a2") == 5
    assert parse_cell("E9") == 44
    assert [cell_name(i) for i in (0, 6, 44)] == ["a1", "b2", "e9"]


@pytest.mark.parametrize("bad", ["f1", "a0", "a10", "", "11", "aa"])
def test_unknown_cell_is_a_clear_error(bad):
    with pytest.raises(NotationError, match="not a cell"):
        parse_cell(bad)


def test_tile_on_row_one_is_supported():
    """RULES 1.2: a cell on row 1 supports the tile."""
    assert is_legal(cells("a1", "b1"), 0)


def test_floating_tile_is_illegal():
    assert not is_legal(cells("a2", "a3"), 0)


def test_one_supported_cell_is_enough():
    """RULES 1.2: balance does not matter; one cell above a filled cell is enough."""
    filled = cells("a1")
    assert is_legal(cells("a2", "b2", "c2"), filled)


def test_being_beside_a_tile_is_not_support():
    """RULES 1.2: a tile beside a filled cell, not above it, floats."""
    filled = cells("a1", "a2")
    assert not is_legal(cells("b2", "b3"), filled)


def test_overlap_is_illegal():
    """RULES 1.1: only empty cells."""
    assert not is_legal(cells("a1", "a2"), cells("a1"))


def test_building_check_explains_the_problem():
    b = Building(filled=cells("a1"))
    with pytest.raises(IllegalAction, match="already drawn"):
        b.place(cells("a1", "a2"), 0)
    with pytest.raises(IllegalAction, match="beside one is not enough"):
        b.place(cells("c3", "c4"), 0)
    assert b.filled == cells("a1")


def test_row_with_a_brick_scores_one_and_windows_only_two():
    """RULES 1 scoring table: row 1 / 2."""
    row = Line("row", 0)
    assert row.points(bricks=cells("c1")) == 1
    assert row.points(bricks=cells("c2")) == 2


def test_column_of_windows_scores_four_and_with_a_brick_two():
    """RULES 1 scoring table: column 2 / 4."""
    col = Line("column", 1)
    assert col.points(bricks=0) == 4
    assert col.points(bricks=cells("b5")) == 2


def test_completing_a_row_and_a_column_at_once_scores_both():
    b = Building()
    filled = cells("a1", "b1", "c1", "d1") | cells(*[f"e{r}" for r in range(2, 10)])
    b.filled = filled
    b.bricks = cells("a1")
    gained = b.place(cells("e1"), 0)
    assert [(ln.name, pts) for ln, pts in gained] == [("row 1", 1), ("column e", 4)]
    assert b.points() == 5


def test_a_line_scores_only_when_newly_completed():
    full_row = cells("a1", "b1", "c1", "d1", "e1")
    assert newly_completed(full_row, full_row | cells("a2")) == []
    assert building_points(full_row, 0) == 2


def test_empty_cells_count_for_the_tie_break():
    """RULES 1: fewest empty cells wins a tie."""
    assert empty_cells(0) == 45
    assert empty_cells(cells("a1", "b1")) == 43


def test_rotations_without_mirror():
    """RULES 3.3: the L tetromino has 4 rotations and no mirror image."""
    ell = Shape.from_rows(".#/.#/##")
    assert len(ell.orientations()) == 4
    assert len(ell.orientations(mirror=True)) == 8
    square = Shape.from_rows("##/##")
    assert len(square.orientations(mirror=True)) == 1


def test_every_placement_is_inside_the_grid():
    i_five = Shape.from_rows("#####")
    ps = placements(i_five)
    # horizontal: 1 x 9 positions; vertical: 5 columns x 5 positions
    assert len(ps) == 9 + 25
    assert all(p.mask.bit_count() == 5 for p in ps)


def test_brick_moves_with_the_tile():
    """RULES 2.3: the printed brick turns with the tile."""
    tile = Shape.from_rows("BW")
    bricks = {(p.mask, p.brick) for p in placements(tile, mirror=True)}
    assert (cells("a1", "b1"), cells("a1")) in bricks
    assert (cells("a1", "b1"), cells("b1")) in bricks
    assert (cells("a1", "a2"), cells("a2")) in bricks
    assert (cells("a1", "a2"), cells("a1")) in bricks


TILES = {
    "R3": Shape.from_rows(".#/##"),
    "R5": Shape.from_rows(".##/###"),
    "red-3": Shape.from_rows("WW/B."),
}


def test_notation_round_trip():
    """RULES 1 notation: `R3:A1,a2,b2` is cells a1,a2,b2 with the brick on a1."""
    d = parse_placement("R3:A1,a2,b2", TILES)
    assert d.mask == cells("a1", "a2", "b2")
    assert d.brick == cells("a1")
    assert str(d) == "R3:A1,a2,b2"
    assert format_placement("R3", d.mask, 0) == "R3:a1,a2,b2"


def test_notation_errors_are_human():
    with pytest.raises(NotationError, match="colon"):
        parse_placement("R3 a1 a2 b2", TILES)
    with pytest.raises(NotationError, match="no tile 'Q9'"):
        parse_placement("Q9:a1,a2", TILES)
    with pytest.raises(NotationError, match="has 3 cells but 2"):
        parse_placement("R3:a1,a2", TILES)
    with pytest.raises(NotationError, match="not the shape of R3"):
        parse_placement("R3:a1,a2,a3", TILES)
    with pytest.raises(NotationError, match="only one cell can be the brick"):
        parse_placement("R3:A1,A2,b2", TILES)
    with pytest.raises(NotationError, match="listed twice"):
        parse_placement("R3:a1,a1,b2", TILES)


def test_mirrored_shape_refused_unless_mirroring_allowed():
    """RULES 3.3 and 5.12: rotation only by default; the mirror option allows it."""
    # R5 printed `.##/###`; its mirror is `##./###`
    mirror_cells = "R5:a1,b1,c1,a2,b2"
    with pytest.raises(NotationError, match="mirror image"):
        parse_placement(mirror_cells, TILES)
    assert parse_placement(mirror_cells, TILES, mirror=True).mask == cells(
        "a1", "b1", "c1", "a2", "b2"
    )


def test_fixed_brick_must_sit_where_the_tile_prints_it():
    """RULES 2.3: card tiles carry their brick; `WW/B.` has it under the left window."""
    ok = parse_placement("red-3:A1,a2,b2", TILES, mirror=True, fixed_brick=True)
    assert ok.brick == cells("a1")
    with pytest.raises(NotationError, match="brick of red-3"):
        parse_placement("red-3:a1,A2,b2", TILES, mirror=True, fixed_brick=True)
