"""The vectorised placement table agrees with the plain placement rule (RULES 1)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from facade.grid import FULL, is_legal
from facade.placement_index import PlacementIndex
from facade.shapes import Shape, placements

SHAPES = [Shape.from_rows(s) for s in ["#/#", ".#/##", "##/##", ".#./###/.#.", "#####"]]
TABLE = PlacementIndex(SHAPES)


@settings(max_examples=300)
@given(st.integers(min_value=0, max_value=FULL))
def test_table_lists_exactly_the_legal_placements(filled):
    got = {TABLE.placements[i].mask for i in TABLE.legal_indices(filled)}
    want = {p.mask for s in SHAPES for p in placements(s) if is_legal(p.mask, filled)}
    assert got == want


@settings(max_examples=200)
@given(st.integers(min_value=0, max_value=FULL), st.integers(min_value=0, max_value=4))
def test_table_per_shape_and_any_legal_agree(filled, sid):
    got = TABLE.legal(filled, sid)
    assert all(is_legal(p.mask, filled) for p in got)
    assert TABLE.any_legal(filled, sid) == bool(got)
