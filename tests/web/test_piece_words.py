"""Tiles, dice, cards and tracks in words (webapp/words/piece_words.py,
webapp/words/shape_kinds.py): every
tile of both editions has a name, a shape a reader can picture and a cost, in English, French
and German, read off the engines' shapes, never the engine's codes."""

from __future__ import annotations

import re

import pytest
from flask_babel import force_locale

from boardgame.material import TILES
from facade.shapes import Shape
from rollwrite.material import SHAPES
from webapp.words import piece_words as pw
from webapp.words.shape_kinds import CHIRAL, all_tiles, describe, shape_kind

LANGS = ("en", "fr", "de")
CODE = re.compile(r"\b[RBPGYW][1-5][LR]?\b|\b(?:red|blue|purple|green|yellow|white)-[1-5]\b")


@pytest.fixture
def ctx(app):
    with app.test_request_context("/"):
        yield


def test_every_tile_of_both_editions_is_a_known_kind():
    assert len(all_tiles()) == len(SHAPES) + len(TILES) == 23 + 21
    for tile in all_tiles():
        assert shape_kind(tile).kind != "other", tile


@pytest.mark.parametrize("tile", all_tiles())
def test_a_kind_and_side_do_not_change_when_the_tile_turns(tile):
    shape = SHAPES.get(tile) or TILES[tile]
    first = describe(shape)
    turned = shape
    for _ in range(3):
        turned = turned.rotated()
        again = describe(turned)
        assert (again.kind, again.side, again.size, again.brick) == (
            first.kind, first.side, first.size, first.brick), tile


@pytest.mark.parametrize("tile", all_tiles())
def test_a_mirror_image_has_the_other_side_only_when_the_kind_is_chiral(tile):
    shape = SHAPES.get(tile) or TILES[tile]
    here, there = describe(shape), describe(shape.mirrored())
    assert here.kind == there.kind
    if here.kind in CHIRAL:
        assert {here.side, there.side} == {"left", "right"}
    else:
        assert here.side == there.side == ""


def test_the_sheet_s_mirror_pairs_are_told_apart(ctx):
    for left, right in (("B4L", "B4R"), ("Y4L", "Y4R")):
        assert pw.shape_words(left) != pw.shape_words(right)
    # the same T printed two ways reads as it is printed
    assert "left" in pw.shape_words("G4L") and "right" in pw.shape_words("G4R")


def test_the_words_of_the_issue(ctx):
    assert pw.tile_name("P4") == "the purple four-square tile"
    assert pw.shape_words("B4R") == "four squares in an L, the foot to the right"
    assert pw.shape_words("B4L") == "four squares in an L, the foot to the left"
    assert pw.shape_words("R4") == "four squares in a square"
    assert pw.shape_words("G5") == "five squares in a cross"
    assert pw.shape_words("green-4") == (
        "four squares in a T, the stem pointing down, the brick at the tip of the stem")
    assert pw.shape_words("white-1") == "one square"
    assert pw.cost_words("G4L") == "costs 4 dice of its colour or white"
    assert pw.cost_words("red-3") == "costs 3 red cards"
    assert pw.tile_description("B4R") == (
        "Four squares in an L, the foot to the right; costs 4 dice of its colour or white.")
    assert pw.way_words("GWG", 1) == "2 green dice, 1 white die and 1 bonus"
    assert pw.die_name("G", 3) == "die 3, green"
    assert pw.track_name("blue") == "the blue track"


def test_french_and_german_agree_with_their_nouns(app):
    with app.test_request_context("/"), force_locale("fr"):
        assert pw.tile_name("B4R") == "la tuile bleue de quatre cases"
        assert pw.tile_name("P5") == "la tuile violette de cinq cases"
        assert pw.track_name("blue") == "la piste bleue"
        assert pw.die_name("W") == "le dé blanc"
        assert pw.way_words("GWG", 2) == "2 dés verts, 1 dé blanc et 2 bonus"
        assert pw.cost_words("yellow-4") == "coûte 4 cartes jaunes"
        assert pw.tile_description("B4R") == (
            "Quatre cases en L, le pied à droite\u00a0; coûte 4 dés de sa couleur ou blancs.")
    with app.test_request_context("/"), force_locale("de"):
        assert pw.tile_name("P4") == "das lila Plättchen mit vier Feldern"
        assert pw.track_name("green") == "die grüne Leiste"
        assert pw.way_words("GWG") == "2 grüne Würfel und 1 weißer Würfel"
        assert pw.die_name("G", 2) == "Würfel 2, grün"


@pytest.mark.parametrize("lang", LANGS)
def test_every_tile_in_every_language_has_words_and_no_code(app, lang):
    with app.test_request_context("/"), force_locale(lang):
        seen: dict[str, str] = {}
        for tile in all_tiles():
            words = [pw.tile_name(tile), pw.tile_label(tile), pw.shape_words(tile),
                     pw.cost_words(tile), pw.tile_description(tile)]
            for text in words:
                assert text and not CODE.search(text), (tile, text)
            # no fallback: the kind has its own words
            assert not re.fullmatch(r"\d+ \w+", pw.shape_words(tile)), tile
            seen.setdefault(pw.shape_words(tile), tile)
        # every Roll & Write shape that differs under rotation reads differently
        kinds = {(shape_kind(t).kind, shape_kind(t).side, shape_kind(t).stem) for t in SHAPES}
        assert len({pw.shape_words(t) for t in SHAPES}) == len(kinds)


def test_an_unknown_shape_falls_back_to_its_size(ctx):
    assert describe(Shape.from_rows("#.#/###")).kind == "other"
