"""Colour words once (issue 20): webapp/words/colours.py names every colour of both editions in the
page's language and writes its letter as the engines do; the pages, events, refusals and hints
all take them from there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask_babel import force_locale

from boardgame import material as card_material
from rollwrite import material as dice_material
from webapp.words import colours, piece_words

ROOT = Path(__file__).resolve().parents[2]
# a colour put in words (`_("red")`, `_l('red')`) or given its letter by hand
RETYPED = (r"""\b_l?\(\s*["']red["']\s*\)""", r"""["']red["']\s*:\s*["']R["']""",
           r"""\(\s*["']red["']\s*,\s*["']R["']\s*\)""", r"""["']R["']\s*:\s*["']red["']""")


def test_colour_words_and_letters_are_the_engines_colours():
    codes = {*card_material.COLOURS, *dice_material.FACES, card_material.WHITE.split("-")[0]}
    assert set(colours.COLOUR_WORDS) == codes
    assert colours.COLOUR_LETTERS == dice_material.LETTER
    assert all(colours.COLOUR_LETTERS[c] == card_material.LETTER[c]
               for c in card_material.COLOURS)
    assert colours.template_context()["track_colours"] == dice_material.COLOURS


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("red", "white", "the red three-square tile", "the green four-square tile")),
    ("fr", ("rouge", "blanc", "la tuile rouge de trois cases", "la tuile verte de quatre cases")),
    ("de", ("rot", "weiß", "das rote Plättchen mit drei Feldern",
            "das grüne Plättchen mit vier Feldern")),
])
def test_colour_and_tile_words_follow_the_page(app, lang, words):
    with app.test_request_context("/"), force_locale(lang):
        said = (colours.colour_word("red"), colours.colour_word("white"),
                piece_words.tile_name("red-3"), piece_words.tile_name("G4L"))
    assert said == words and colours.colour_word("teal") == "teal"


def test_no_other_module_or_template_words_a_colour_or_retypes_its_letter():
    paths = [*ROOT.glob("webapp/**/*.py"), *ROOT.glob("templates/**/*.html")]
    assert len(paths) > 40
    found = [f"{path.relative_to(ROOT)}: {pattern}" for path in paths
             if path.name != "colours.py" for pattern in RETYPED
             if re.search(pattern, path.read_text(encoding="utf-8"))]
    assert found == []
    assert re.search(RETYPED[0], "x = _l('red')") and re.search(RETYPED[1], "{'red':'R'}")
