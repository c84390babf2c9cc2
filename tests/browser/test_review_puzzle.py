"""A Roll & Write mistake as a puzzle on a 390×844 phone, played as on the table (issue 37,
item 4): the tiles drawn by their shapes with the dice that pay for them, a tap on the sheet to
place the tile, a tap on the cell of its X; the same with the keyboard (the grid is one Tab
stop, arrow keys move between its cells) and without JavaScript (plain links and forms); in
French and German; it fits the phone, light and dark."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from bots import rollwrite_review
from bots.rollwrite import StrongBot
from tests.browser.screens import fits_phone, shot
from tests.web.conftest import StandIn
from tests.web.test_review_page import finished_game
from tests.web.test_review_teaches import with_a_mistake

pytestmark = pytest.mark.browser

WORDS = {  # what the page says, in the reader's language
    "fr": {"tile": "Quelle tuile prenez-vous avec ces dés", "x": "Quelle case reçoit le X"},
    "de": {"tile": "Welches Plättchen nimmst du mit diesen Würfeln?",
           "x": "Welches Feld bekommt das X?"},
}


def _puzzle_url(live_app: Flask, page: Any, seed: str) -> str:
    """A finished two-player game with a mistake, reviewed: its puzzle's address."""
    game = finished_game(live_app, seed=seed)
    assert page.request.get(f"/r/{game.code}/review").ok
    assert live_app.extensions["jobs"].drain(300), "the review did not finish"
    body = live_app.extensions["store"].review(game).body
    index = next(i for i, t in enumerate(body["turns"]) if t["label"] in ("mistake", "blunder"))
    return f"/r/{game.code}/review/try/{index}"


@pytest.mark.parametrize(("lang", "javascript"), [("fr", True), ("de", True), ("fr", False),
                                                  ("de", False)])
def test_a_puzzle_solved_by_tapping_the_sheet(new_phone: Any, live_app: Flask, shots: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              live_review: StandIn, lang: str,
                                              javascript: bool) -> None:
    monkeypatch.setattr(rollwrite_review, "ExpertBot", StrongBot)  # the page, not the search
    live_review.work = with_a_mistake
    page = new_phone(javascript=javascript, locale="fr-FR" if lang == "fr" else "de-DE")
    page.context.add_cookies([{"name": "lang", "value": lang,
                               "url": live_app.config["LIVE_URL"]}])
    url = _puzzle_url(live_app, page, f"puzzle-tap-{lang}-{javascript}")
    page.goto(url)
    name = f"puzzle-{lang}-{'js' if javascript else 'nojs'}"
    main = page.inner_text("main")
    assert WORDS[lang]["tile"] in main
    # tiles as shapes in their colours, dice as drawn dice: no code, no list of cells
    assert page.locator(".choices-list .shape").count() >= 1
    assert page.locator(".puzzle-dice .die").count() == 5
    assert page.locator("input[type=radio]").count() == 0
    fits_phone(page)
    shot(page, shots, f"{name}-tiles")
    page.locator("button.way-btn").first.click()
    page.wait_for_selector("table.building[role=grid]")
    assert WORDS[lang]["x"] not in page.inner_text("main")  # nothing to draw before a tap
    fits_phone(page)
    shot(page, shots, f"{name}-sheet")
    if javascript:  # the keyboard: one Tab stop in the grid, arrows move the focus
        cells = page.locator("table.building [data-cell][tabindex='0']")
        assert cells.count() == 1
        cells.first.focus()
        before = page.evaluate("document.activeElement.getAttribute('data-cell')")
        page.keyboard.press("ArrowUp")
        after = page.evaluate("document.activeElement.getAttribute('data-cell')")
        assert after != before and after[0] == before[0]
        assert page.locator("table.building [data-cell][tabindex='0']").count() == 1
    page.locator("table.building td.can a").first.click()
    page.wait_for_selector("td.preview")
    assert WORDS[lang]["x"] in page.inner_text("main")
    fits_phone(page)
    shot(page, shots, f"{name}-placed")
    page.locator(".placement button[name=draw]").first.click()
    page.wait_for_selector(".puzzle .answer")
    answer = page.inner_text(".puzzle .answer")
    assert ("points" if lang == "fr" else "Punkte") in answer, answer
    fits_phone(page)
    shot(page, shots, f"{name}-answer")
    page.emulate_media(color_scheme="dark")
    shot(page, shots, f"{name}-answer-dark")
