"""The Roll & Write hint speaks words in the page's language (not the notation), says why in
that language, and highlights the move: its cells on the sheet, its dice, its button."""

from __future__ import annotations

import html as htmlmod
import re

import pytest

from facade.grid import parse_cell
from rollwrite import actions as A  # noqa: N812
from webapp.rollwrite.hint import hint_dice, hint_words

from .conftest import Phone
from .test_solo import _to_main_phase, act, start_challenge, state_of

FACES = ["red", "green", "white", "blue", "yellow"]


@pytest.mark.parametrize(("lang", "action", "expected"), [
    ("en", A.Choose(0, "R3", (0, 2), 1),
     "Choose the red three-square tile with dice 1 and 3 (red, white) and 1 + bonus"),
    ("fr", A.Choose(0, "R3", (0, 2)),
     "Choisissez la tuile rouge de trois cases avec les dés 1 et 3 (rouge, blanc)"),
    ("fr", A.Choose(0, "R3", (4,)),
     "Choisissez la tuile rouge de trois cases avec le dé 5 (jaune)"),
    ("de", A.Pick(1, 1, "green"), "Nimm Würfel 2 (grün) für die grüne Leiste"),
    ("en", A.Draw(0, "R2", (1 << parse_cell("d9")) | (1 << parse_cell("e9")),
                  1 << parse_cell("d9")), "Draw the red two-square tile on d9, e9, the X on d9"),
])
def test_hint_words(app, lang, action, expected):
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        from flask_babel import refresh

        refresh()
        assert hint_words(action, FACES) == expected


def test_hint_dice_are_numbered_as_the_page_numbers_them():
    assert hint_dice(A.Choose(0, "R3", (0, 4))) == [1, 5]
    assert hint_dice(A.Draw(0, "R2", 3, 1)) == []


def _hint_box(phone: Phone, code: str) -> tuple[str, str]:
    page = phone.get(f"/rollwrite/{code}/hint").get_data(as_text=True)
    return page, page.split('class="hintbox', 1)[1].split("</section>", 1)[0]


def test_the_hint_page_speaks_french_and_highlights_the_move(app, phone):
    phone.get("/lang/fr?next=/")
    code = start_challenge(phone, "hint-words")
    _to_main_phase(phone, app, code)
    seen: set[str] = set()
    for _ in range(12):
        page, box = _hint_box(phone, code)
        suggested = htmlmod.unescape(re.search(r'name="action" value="([^"]+)"', box).group(1))
        words = htmlmod.unescape(re.search(r"<strong>(.*?)</strong>", box, re.S).group(1))
        assert "p1 " not in words and suggested not in box.replace(
            f'value="{suggested}"', "")  # the notation only in the form's field
        assert "Pourquoi" in box and " the " not in box  # the reason in French too
        verb = suggested.split()[1]
        seen.add(verb)
        if verb == "choose":
            assert words.startswith("Choisissez ")
            assert re.search(r'class="way-btn hinted"', page)  # its button
            assert re.search(r'class="die [^"]*hinted', page)  # its dice
        if verb == "draw":
            assert words.startswith("Dessinez ") or words.startswith("Tracez ")
        act(phone, app, code, suggested)
        if state_of(app, code).is_over():
            break
        _to_main_phase(phone, app, code)
    assert {"choose", "draw"} <= seen
