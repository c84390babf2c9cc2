"""The replay page in a real browser: a finished companion game stepped through with next,
previous, last and the jump-to-turn form on a 390×844 phone (htmx swaps only the board; the
same links work with JavaScript off), and a look at it on a 1280×800 laptop screen."""

from __future__ import annotations

import random
import re
from typing import Any
from urllib.parse import quote

import pytest

from tests.browser.conftest import serve_cdn
from tests.browser.screens import fits_phone, play_through, random_forward, shot, small_targets

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def finished(live_app: Any) -> tuple[str, int, list[int]]:
    """A finished three-player companion game in the live app's store, played by random
    legal moves: its code, its number of actions and its final scores."""
    store = live_app.extensions["store"]
    config = {"players": ["Ann", "Bo", "Cy"], "seed": "browser-replay",
              "options": {"mirror": False, "dice": "seeded"}}
    game = store.create_game("table", "rollwrite", config, 3)
    for seat, name in enumerate(config["players"]):
        store.claim_seat(game, seat, name)
    state = play_through(store, game, random_forward(random.Random(11)))
    return game.code, state.seq, state.scores()


def settle(page: Any) -> None:
    """Let the page finish its requests (the icon too) before leaving it: leaving cuts them
    off, and the phone fixture counts a cut-off request as an error."""
    page.wait_for_load_state("networkidle")


def _where(page: Any) -> tuple[int, int]:
    """(step, last step) as the page says "Step N of M"."""
    text = page.inner_text("#replay .where")
    m = re.search(r"(\d+)\D+(\d+)", text)
    assert m, text
    return int(m.group(1)), int(m.group(2))


def test_stepping_through_a_finished_game_on_a_phone(phone, finished, shots):
    code, last, scores = finished
    phone.goto(f"/r/{code}")
    phone.wait_for_function("() => window.htmx !== undefined")
    assert _where(phone) == (0, last)
    assert "The game begins" in phone.inner_text("#replay .replay-step")
    fits_phone(phone)
    assert small_targets(phone) == []
    shot(phone, shots, "replay-phone-start")

    phone.evaluate("window.replayMarker = 1")  # survives only if the page is not reloaded
    phone.click("#replay a[rel=next]")
    phone.wait_for_url(re.compile(rf"/r/{code}\?at=1$"))
    phone.wait_for_function("() => /Step 1\\b/.test(document.querySelector('.where').innerText)")
    assert phone.evaluate("window.replayMarker") == 1, "next reloaded the whole page"
    step = phone.inner_text("#replay .replay-step")  # the step in words, no notation line
    assert step.strip() and "The game begins" not in step and not step.startswith("p1 ")
    phone.click("#replay a[rel=next]")
    phone.wait_for_url(re.compile(r"\?at=2$"))
    phone.click("#replay a[rel=prev]")
    phone.wait_for_url(re.compile(r"\?at=1$"))
    assert _where(phone) == (1, last)

    phone.fill("#turn", "3")
    phone.click("#replay .replay-jump button")
    phone.wait_for_url(re.compile(r"\?turn=3$"))
    phone.wait_for_function("() => document.querySelector('.status .turn').innerText"
                            ".includes('Turn 3')")
    step, _ = _where(phone)
    assert 0 < step < last
    assert phone.evaluate("window.replayMarker") == 1
    fits_phone(phone)
    shot(phone, shots, "replay-phone-turn3")

    phone.click("#replay a[rel=next]")
    phone.wait_for_url(re.compile(rf"\?at={step + 1}$"))
    shot(phone, shots, "replay-phone-step")

    phone.click("#replay a[rel=last]")
    phone.wait_for_url(re.compile(rf"\?at={last}$"))
    status = phone.inner_text("#replay .status .turn")
    assert "Game over" in status
    shown = [int(x) for x in phone.eval_on_selector_all(
        "#replay .scores .pts", "els => els.map(e => e.innerText)")]
    assert shown == scores
    fits_phone(phone)
    assert small_targets(phone) == []
    shot(phone, shots, "replay-phone-end")

    phone.go_back()  # htmx pushed each step into the history
    phone.wait_for_url(re.compile(rf"\?at={step + 1}$"))


def test_the_steps_work_without_javascript(new_phone, finished, shots):
    code, last, _scores = finished
    page = new_phone(javascript=False)
    page.goto(f"/r/{code}?at=4")
    assert _where(page) == (4, last)
    settle(page)
    page.click("#replay a[rel=next]")
    assert page.url.endswith("?at=5") and _where(page) == (5, last)
    page.fill("#turn", "2")
    settle(page)
    page.click("#replay .replay-jump button")
    assert "turn=2" in page.url and "Turn 2" in page.inner_text("#replay .status .turn")
    settle(page)
    resp = page.goto(f"/r/{code}?turn=999")  # typed into the address bar
    assert resp.status == 400 and "There is no turn 999" in page.inner_text("#replay .error")
    shot(page, shots, "replay-phone-bad-turn")
    settle(page)


def test_the_companions_end_screen_leads_to_the_replay_and_the_text(phone, finished, shots):
    code, last, _scores = finished
    phone.goto(f"/rollwrite/{code}")
    over = phone.locator("#table section.over")
    assert over.is_visible()
    share = over.get_by_role("link", name="Share / download this game as text")
    assert share.get_attribute("href") == f"/r/{code}/text"
    assert share.get_attribute("download") == f"copenhagen-{code}.txt"
    body = phone.request.get(f"/r/{code}/text").text()
    assert body.count("\n") > last and "copenhagen-game: 1" in body
    fits_phone(phone)
    over.scroll_into_view_if_needed()
    shot(phone, shots, "replay-from-end-screen")
    settle(phone)
    over.get_by_role("link", name="Replay this game move by move").click()
    phone.wait_for_url(re.compile(rf"/r/{code}$"))
    assert _where(phone) == (0, last)


def test_pasting_a_game_text_on_a_phone(phone, finished, shots):
    code, last, scores = finished
    text = phone.request.get(f"/r/{code}/text").text()
    lines = text.splitlines()
    n = next(i for i, ln in enumerate(lines) if " draw " in ln)
    bad = "\n".join(lines[:n] + [lines[n].split()[0] + " draw Q9:A1"] + lines[n + 1:])
    phone.goto("/r")
    phone.fill("#text", bad)
    phone.click("form button[type=submit]")
    phone.wait_for_selector(".error")
    assert f"Line {n + 1}" in phone.inner_text(".error")
    fits_phone(phone)
    assert small_targets(phone) == []
    shot(phone, shots, "replay-paste-error")
    phone.fill("#text", text)
    phone.click("form button[type=submit]")
    phone.wait_for_url(re.compile(r"/r/[A-Z0-9]{6}$"))
    assert f"/r/{code}" not in phone.url  # a read-only copy of its own
    phone.click("#replay a[rel=last]")
    phone.wait_for_url(re.compile(rf"\?at={last}$"))
    shown = [int(x) for x in phone.eval_on_selector_all(
        "#replay .scores .pts", "els => els.map(e => e.innerText)")]
    assert shown == scores
    settle(phone)


def test_a_step_in_french_fits_the_phone(new_phone, finished, shots):
    code, _last, _scores = finished
    page = new_phone(locale="fr-FR")
    page.goto("/lang/fr?next=" + quote(f"/r/{code}?turn=6"))  # one navigation: no request cut
    settle(page)
    assert page.get_attribute("html", "lang") == "fr"
    page.click("#replay a[rel=next]")
    page.wait_for_url(re.compile(r"\?at=\d+$"))
    fits_phone(page)
    shot(page, shots, "replay-phone-fr")
    settle(page)


def test_the_replay_on_a_laptop_screen(browser, live_server, finished, shots):
    code, last, _scores = finished
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  base_url=live_server)
    serve_cdn(context, "up")
    page = context.new_page()
    try:
        page.goto(f"/r/{code}?turn=4")
        assert _where(page)[1] == last
        columns = page.evaluate(
            "getComputedStyle(document.querySelector('.replay-sheets')).gridTemplateColumns")
        assert len(columns.split()) >= 2, columns  # the sheets side by side
        shot(page, shots, "replay-laptop")
    finally:
        context.close()
