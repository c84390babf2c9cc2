"""A card game's mistake as a puzzle on a 390×844 phone (issue 28, "try it again"; issue 37: as
on the card table): the seat's own phone opens it from the review, sees the harbour's cards,
its hand and facade as they were, taps a tile, the cell of its brick on the facade, how to pay,
and reads the answer; in French with JavaScript and in German without; it fits the phone."""

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


@pytest.mark.parametrize(("lang", "javascript"), [("fr", True), ("de", False)])
def test_a_card_puzzle_on_the_phone(new_phone: Any, live_app: Flask, live_server: str,
                                    shots: Path, monkeypatch: pytest.MonkeyPatch,
                                    live_review: StandIn, lang: str, javascript: bool) -> None:
    monkeypatch.setattr(card_review, "ExpertBot", StrongBot)  # the page, not the search
    live_review.work = with_a_mistake
    game = finished_game(live_app, edition="boardgame", kind="card", seed=f"shot-card-{lang}")
    store = live_app.extensions["store"]
    page = new_phone(javascript=javascript, locale="fr-FR" if lang == "fr" else "de-DE")
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
    question = "Que faites-vous d’abord ce tour-ci\u00a0?" if lang == "fr" else (
        "Was tust du in diesem Zug zuerst?")
    assert question in page.inner_text("main")
    assert page.locator("input[type=radio]").count() == 0
    assert page.locator(".harbour .ccard").count() >= 1
    fits_phone(page)
    shot(page, shots, f"card-puzzle-question-{lang}")
    if page.locator("a.tile-pick").count():  # a tile by its shape, its brick's cell tapped
        page.locator("a.tile-pick").first.click()
        page.wait_for_selector("#placer")
        while not page.locator(".board td.can a").count():
            page.locator("#rotate-tile, #flip-tile").first.click()
            page.wait_for_selector("#placer")
        page.locator(".board td.can a").first.click()
        page.wait_for_selector("#preview")
        fits_phone(page)
        shot(page, shots, f"card-puzzle-build-{lang}")
        page.locator("#preview .pays button").first.click()
    else:  # two cards of the harbour tapped, then the take
        page.locator(".harbour a.pick").first.click()
        page.wait_for_selector(".harbour .picked")
        page.locator(".harbour a.pick:not([aria-current])").first.click()
        page.locator(".puzzle-takes button").first.click()
    page.wait_for_selector(".puzzle .answer")
    answer = page.inner_text(".puzzle .answer")
    assert re.search(r"points|Punkte", answer), answer
    fits_phone(page)
    shot(page, shots, f"card-puzzle-answer-{lang}")
    page.emulate_media(color_scheme="dark")
    shot(page, shots, f"card-puzzle-answer-{lang}-dark")
