"""The solitaire result's share text: short and spoiler-free, as daily puzzles give (the
seed, the turns, the par, the building as squares; never the tiles or the dice), beside the
full game text, with a copy button."""

from __future__ import annotations

import html as htmlmod
import re

from webapp.solo.routes import SHARE_CELLS, SHARE_EMPTY, share_text

from .conftest import Phone
from .test_solo import (  # noqa: F401 (the autouse fixture: today is DAY)
    DAY,
    fixed_day,
    play_to_the_end,
    start_challenge,
    state_of,
)


def test_share_text_lines(app):
    rows = ["XO   "] + ["     "] * 8
    with app.test_request_context("/"):
        text = share_text("2026-11-24", {"reached_12": True, "turns": 9, "score": 12},
                          {"reached_12": True, "turns": 8}, rows)
    lines = text.split("\n")
    assert lines[:3] == ["Copenhagen solitaire 2026-11-24", "12 points in 9 turns", "Par: 8 turns"]
    assert lines[4] == SHARE_CELLS["X"] + SHARE_CELLS["O"] + SHARE_EMPTY * 3
    assert len(lines) == 4 + 9 and all(len(r) == 5 for r in lines[4:])


def test_the_result_page_gives_the_share_text_and_a_copy_button(app, phone: Phone):
    code = start_challenge(phone)
    play_to_the_end(phone, app, code)
    state = state_of(app, code)
    page = phone.get(f"/s/{code}/result").get_data(as_text=True)
    m = re.search(r'<textarea id="sharetext"[^>]*>(.*?)</textarea>', page, re.S)
    assert m, "no share text"
    text = htmlmod.unescape(m.group(1))
    assert text.startswith(f"Copenhagen solitaire {DAY}\n")
    squares = [line for line in text.split("\n") if line and set(line) <= {
        *SHARE_CELLS.values(), SHARE_EMPTY}]
    assert len(squares) == 9 and all(len(r) == 5 for r in squares)
    bricks = sum(r.count(SHARE_CELLS["X"]) for r in squares)
    assert bricks == bin(state.sheets[0].building.bricks).count("1")
    assert not re.search(r"\b[RBPGY][2-5][LR]?\b", text)  # no tile names
    assert 'data-copy="sharetext"' in page and re.search(r'<label[^>]*for="sharetext"', page)
    assert 'id="gametext"' in page  # the full game text stays beside it
