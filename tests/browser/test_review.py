"""The review of a finished game on a 390×844 phone (issue 21): a solitaire challenge brought
to its last move, which the player taps; the end screen leads to the result, the result to
the review, which says "being prepared" and shows itself once its background job is done
(htmx asks again by itself); it fits the phone (the turn table scrolls inside its own box),
and axe-core finds no serious or critical violation in the light and the dark theme.

The review comes from the quick stand-in of tests/web/fake_review.py, held until the test has
seen the page waiting for it."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from bots.solitaire import play_state
from facade.gametext import GameText
from tests.browser import test_a11y
from tests.browser.screens import fits_phone, shot, sideways_scrollers
from tests.browser.test_a11y import Audit
from tests.browser.test_table import ACT_BUTTONS
from tests.web.conftest import StandIn
from tests.web.fake_review import fake_review

pytestmark = pytest.mark.browser

# the accessibility audit's fixtures: a phone axe may be injected into, audited light and dark
open_phone = test_a11y.open_phone
audit = test_a11y.audit

SEED = "review-browser"  # a challenge whose last action is a button (a pick)


class Held:
    """The stand-in reviewer, held until the test lets it go."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def __call__(self, text: GameText, **_options: Any) -> dict[str, Any]:
        self.release.wait(30)
        return fake_review(text)


def _challenge_to_its_last_move(page: Any, live_app: Flask) -> tuple[str, str]:
    """Start the challenge of SEED on the phone and play all of the strong bot's game of it
    but its last action through the store; the code and that last action."""
    page.goto("/s/")
    page.fill("#seed", SEED)
    with page.expect_navigation():
        page.click("text=Play the challenge")
    code = re.search(r"/rollwrite/([A-Z0-9]+)", page.url).group(1)
    store = live_app.extensions["store"]
    game = store.game(code)
    log = play_state(game.config["seed"], "strong").log  # its dice: seed and the key
    for line in log[:-1]:
        store.act(game, 0, line, None)
    return code, log[-1]


def test_a_finished_challenge_leads_to_its_review_which_fits_the_phone(
        phone: Any, open_phone: Callable[[], Any], audit: Audit, live_app: Flask, shots: Path,
        live_review: StandIn) -> None:
    held = live_review.work = Held()
    code, last = _challenge_to_its_last_move(phone, live_app)
    phone.goto(f"/rollwrite/{code}")
    with phone.expect_navigation():  # the player's last move ends the game
        phone.locator(ACT_BUTTONS).filter(
            has=phone.locator(f"input[name=action][value='{last}']")).locator("button").click()
    with phone.expect_navigation():
        phone.click("text=Your result and the par")
    with phone.expect_navigation():
        phone.click("text=Review of this game")
    assert phone.url.endswith(f"/r/{code}/review")
    assert "This review is being prepared." in phone.inner_text("#review")
    fits_phone(phone)
    shot(phone, shots, "review-being-prepared")

    phone.wait_for_function("() => window.htmx !== undefined")
    held.release.set()  # the job ends: the page shows the review by itself
    phone.wait_for_selector("table.review-turns", timeout=20_000)
    assert "being prepared" not in phone.inner_text("main")
    rows = phone.locator("table.review-turns tbody tr")
    assert rows.count() > 5
    assert phone.locator("table.review-turns tr.lbl-blunder .verdict").first.inner_text() \
        .strip() == "?? blunder"  # a word and a symbol beside the colour
    link = phone.locator("table.review-turns tbody th a").first.get_attribute("href")
    assert re.fullmatch(rf"/r/{code}\?turn=\d+", link), link
    fits_phone(phone)
    # on a phone each turn is a card: nothing of the review scrolls sideways, every move shown
    assert not [s for s in sideways_scrollers(phone) if "scroll" in s], sideways_scrollers(phone)
    first = phone.locator("table.review-turns tbody tr").first.locator("td.move").first
    assert first.inner_text().strip(), "the move played is said in words"
    box = first.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390, box
    shot(phone, shots, "review-phone")

    page = open_phone()  # the audit's phone: axe may be injected
    page.goto(f"/r/{code}/review")
    audit.check(page, "review")  # light and dark; reported (and failed on) at the test's end


def test_the_review_shows_itself_without_javascript(new_phone: Any, live_app: Flask,
                                                    shots: Path,
                                                    live_review: StandIn) -> None:
    """No script: the waiting page reloads itself (a meta refresh) until the review is there."""
    held = live_review.work = Held()
    page = new_phone(javascript=False)
    code, last = _challenge_to_its_last_move(page, live_app)
    store = live_app.extensions["store"]
    store.act(store.game(code), 0, last, None)
    page.goto(f"/r/{code}/review")
    assert "This review is being prepared." in page.inner_text("main")
    held.release.set()
    page.wait_for_selector("table.review-turns", timeout=20_000)  # after a reload by itself
    fits_phone(page)
    shot(page, shots, "review-phone-nojs")
