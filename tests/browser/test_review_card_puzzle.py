"""A card game's mistake as a puzzle on a 390×844 phone (issue 28, "try it again"): the seat's
own phone opens it from the review, sees the harbour, its hand and facade as they were, picks
an action in a plain form and reads the answer; in English and in French; it fits the phone."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from bots import card_review
from bots.card.strong import StrongBot
from tests.browser.screens import fits_phone, shot
from tests.web.conftest import StandIn
from tests.web.test_review_page import finished_game
from tests.web.test_review_teaches import with_a_mistake

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_card_puzzle_on_the_phone(new_phone: Any, live_app: Flask, live_server: str,
                                    shots: Path, monkeypatch: pytest.MonkeyPatch,
                                    live_review: StandIn, lang: str) -> None:
    monkeypatch.setattr(card_review, "ExpertBot", StrongBot)  # the page, not the search
    live_review.work = with_a_mistake
    game = finished_game(live_app, edition="boardgame", kind="card", seed=f"shot-card-{lang}")
    store = live_app.extensions["store"]
    page = new_phone(javascript=(lang == "en"), locale="fr-FR" if lang == "fr" else "en-GB")
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    # ask for the review without showing its waiting page: without JavaScript that page reloads
    # itself (a meta refresh), which could cut into the next navigation
    assert page.request.get(f"/r/{game.code}/review").ok
    assert live_app.extensions["jobs"].drain(300), "the review did not finish"
    body = store.review(game).body
    index = next(i for i, t in enumerate(body["turns"]) if t["label"] in ("mistake", "blunder"))
    seat = int(body["turns"][index]["player"])
    name = next(s.name for s in store.seats(game) if s.seat == seat)
    store.free_seat(game, seat)
    token = store.claim_seat(game, seat, name)
    page.context.add_cookies([{"name": f"seat_{game.code}", "value": token,
                               "url": live_server}])
    page.goto(f"/r/{game.code}/review")
    with page.expect_navigation():
        page.click(f'a[href="/r/{game.code}/review/try/{index}"]')
    legend = "Que faites-vous d’abord ce tour-ci\u00a0?" if lang == "fr" else (
        "What do you do first this turn?")
    assert legend in page.inner_text("main")
    fits_phone(page)
    shot(page, shots, f"card-puzzle-question-{lang}")
    page.locator("label.puzzle-option").nth(1).click()
    with page.expect_navigation():
        page.click("button[type=submit]")
    answer = page.inner_text(".puzzle .answer")
    assert re.search(r"points", answer), answer
    fits_phone(page)
    shot(page, shots, f"card-puzzle-answer-{lang}")
    page.emulate_media(color_scheme="dark")
    shot(page, shots, f"card-puzzle-answer-{lang}-dark")
