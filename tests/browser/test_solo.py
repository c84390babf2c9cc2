"""Play solo in a real browser on a 390×844 phone: a whole game against two bots to the end
screen (the bots' replies shown one at a time in the visible log, with no move offered
meanwhile, "skip ahead" to the present, a hint), the
daily solitaire challenge played by following the hints (the strong bot's moves) to 12 points
and its result page with the turns and the par, and an unfinished game found again from the
home page after the browser was closed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from rollwrite.solitaire import result as challenge_result
from tests.browser.screens import fits_phone, shot, small_targets
from tests.browser.test_table import Table, _api, _seq, _verb
from webapp.solo import records

pytestmark = pytest.mark.browser

MAX_STEPS = 700
SKIP = "#table .botlog a.button"  # "Skip ahead", on a frame of the bots' moves


def _check(page: Any, shots: Any, name: str) -> None:
    fits_phone(page)
    assert not small_targets(page), small_targets(page)
    shot(page, shots, f"solo-{name}")


def _start_bots(page: Any, shots: Any) -> str:
    page.goto("/")
    with page.expect_navigation():
        page.click("a.way[href='/s/']")
    _check(page, shots, "index")
    page.fill("#b-name", "Ana")
    page.check("input[name=bots][value='2']")
    page.select_option("#level1", "strong")
    page.select_option("#level2", "greedy")
    with page.expect_navigation():
        page.click("text=Play against the bots")
    m = re.search(r"/rollwrite/([A-Z0-9]+)(\?at=\d+)?$", page.url)  # ?at=0: a bot began
    assert m, page.url
    return m.group(1)


def _play(table: Table, page: Any, shots: Any, watch_bots: bool = False) -> dict[str, Any]:
    """Play seat 0 by tapping until the game ends. The bots answer each move before it
    returns; their moves are then shown one at a time: once (with `watch_bots`) the test
    watches them arrive without a reload, once it taps "Skip ahead", else it reloads."""
    watched = skipped = not watch_bots
    for _ in range(MAX_STEPS):
        state = _api(page, table.code)
        if state["view"]["over"]:
            return state
        assert 0 in state["view"]["to_act"], "the bots left the person waiting"
        behind = state["seq"] - _seq(page)
        if not watched and behind >= 2:  # a frame: the bots' next move comes by itself
            assert page.locator(SKIP).count() == 1
            assert page.locator("#table form[action$='/act']").count() == 0  # no move now
            _check(page, shots, "bots-playing")
            first = page.inner_text("#table .botlog ol li:first-child")
            page.wait_for_function(
                "(old) => { const li = document.querySelector('#table .botlog ol li');"
                " return li && li.innerText !== old; }", arg=first, timeout=10_000)
            watched = True
        elif not skipped and behind >= 2:  # "Skip ahead": the present, a move to make
            page.click(SKIP)
            page.wait_for_selector("#table form[action$='/act']")
            assert _seq(page) == state["seq"] and page.locator(SKIP).count() == 0
            skipped = True
        elif behind:
            page.goto(f"/rollwrite/{table.code}")
        table.wait_current(page, state["seq"], measure=False)
        table.tap(page, 0, state["view"]["turn"])
    raise AssertionError("the game did not end")


def test_a_whole_game_against_two_bots_to_the_end_screen(phone, shots):
    code = _start_bots(phone, shots)
    phone.wait_for_function("() => window.htmx !== undefined")
    _check(phone, shots, "table")
    table = Table(code, [phone], shots)
    final = _play(table, phone, shots, watch_bots=True)
    phone.goto(f"/rollwrite/{code}")
    phone.wait_for_selector("#table section.over")
    _check(phone, shots, "over")
    heading = phone.inner_text("#table section.over h2")
    names = ["Ana", "Bot 1 (strong)", "Bot 2 (greedy)"]
    assert all(names[w] in heading for w in final["view"]["winners"]), heading
    assert phone.locator("#table .botlog li").count() >= 3
    table.check()


def test_a_hint_highlights_its_cells_and_plays(phone, shots):
    code = _start_bots(phone, shots)
    table = Table(code, [phone], shots)
    for _ in range(60):  # to the person's first drawing choice
        state = _api(phone, code)
        if state["view"]["phase"] == "main" and 0 in state["view"]["to_act"]:
            break
        phone.goto(f"/rollwrite/{code}")  # the present (the bots' moves not shown one by one)
        table.tap(phone, 0, state["view"]["turn"])
    phone.goto(f"/rollwrite/{code}")
    phone.click("#table .hintlink a")
    phone.wait_for_selector("#table .hintbox")
    _check(phone, shots, "hint")
    assert "Why:" in phone.inner_text("#table .hintbox")
    before = _api(phone, code)["seq"]
    phone.click("#table .hintbox form button")
    phone.wait_for_function(
        "(seq) => !document.querySelector('#table .hintbox')", arg=before)
    assert _api(phone, code)["seq"] > before


def _follow_the_hints(page: Any, table: Table) -> dict[str, Any]:
    """Play the challenge as the strong bot would: roll with the page's button; otherwise
    open "Hint" and tap its "Play this move", until the game ends."""
    hints = 0
    for _ in range(MAX_STEPS):
        state = _api(page, table.code)
        if state["view"]["over"]:
            assert hints > 10, hints
            return state
        table.wait_current(page, state["seq"], measure=False)
        if state["view"]["phase"] in ("roll", "reroll"):
            assert page.locator("#table .hintlink a").count() == 0  # nothing to hint
            assert _verb(table.tap(page, 0, state["view"]["turn"])) == "roll"
            continue
        with page.expect_navigation():
            page.click("#table .hintlink a")
        page.wait_for_selector("#table .hintbox")
        if hints == 0:
            _check(page, shots=table.shots, name="challenge-hint")
        suggested = page.get_attribute("#table .hintbox form input[name=action]", "value")
        assert suggested in state["legal"], (suggested, state["legal"])
        with page.expect_navigation():
            page.click("#table .hintbox form button")
        table.wait_current(page, state["seq"] + 1, measure=False)
        hints += 1
    raise AssertionError("the challenge did not end")


def test_the_daily_challenge_reaches_12_by_the_hints_and_shows_turns_and_par(
        phone: Any, shots: Path, live_app: Flask) -> None:
    phone.goto("/s/")
    with phone.expect_navigation():
        phone.click("text=Play the challenge")
    code = re.search(r"/rollwrite/([A-Z0-9]+)$", phone.url).group(1)
    phone.wait_for_function("() => window.htmx !== undefined")
    table = Table(code, [phone], shots)
    final = _follow_the_hints(phone, table)
    assert final["view"]["over"]
    store = live_app.extensions["store"]
    game = store.game(code)
    seed = game.config["challenge"]["seed"]
    assert seed == records.today() and game.config["challenge"]["daily"] is True
    res = challenge_result(store.state(game))
    assert res["reached_12"] and res["score"] >= 12, res  # the strong bot's moves get there
    # the strong bot on the game's (keyed) dice: the live app's par
    par = live_app.extensions["copenhagen"].par(game.config["seed"])
    assert par["reached_12"], par

    assert live_app.extensions["jobs"].drain(60)  # the par, computed since the game began
    phone.goto(f"/rollwrite/{code}")
    with phone.expect_navigation():
        phone.click("text=Your result and the par")
    assert phone.url.endswith(f"/s/{code}/result")
    _check(phone, shots, "result")
    body = " ".join(phone.inner_text("main").split())
    assert f"12 points in {res['turns']} turns" in body, body
    assert "12 were not reached" not in body
    assert f"Par (the strong bot on the same dice): {par['turns']} turns" in body, body
    verdict = ("you beat it!" if res["turns"] < par["turns"] else "you matched it."
               if res["turns"] == par["turns"] else "more than the bot.")
    assert verdict in body, body
    assert f"Final score: {res['score']}" in body
    text = phone.input_value("#gametext")
    assert text.count("\n") > 20 and "copenhagen-game: 1" in text
    assert "seed:" not in text  # never the keyed dice's seed: others roll the same dice
    assert phone.locator("button[data-copy=gametext]").is_visible()  # copy buttons, with scripts
    assert phone.locator("button[data-copy=sharetext]").is_visible()
    assert "Streak: 1 day in a row" in body
    phone.goto("/s/")
    assert "Your records" in phone.inner_text("main")
    _check(phone, shots, "records")
    table.check()


def test_an_unfinished_game_is_found_again_after_the_browser_is_closed(browser, live_server,
                                                                        shots):
    from tests.browser.conftest import PHONE, serve_cdn

    first = browser.new_context(**PHONE, base_url=live_server)
    serve_cdn(first, "up")
    page = first.new_page()
    code = _start_bots(page, shots)
    table = Table(code, [page], shots)
    state = _api(page, code)
    table.wait_current(page, state["seq"], measure=False)  # after the bots' moves, if first
    table.tap(page, 0, state["view"]["turn"])  # one move, then the browser is closed
    seq = _api(page, code)["seq"]
    kept = first.storage_state()  # what a browser keeps on disk: its lasting cookies
    first.close()

    again = browser.new_context(**PHONE, base_url=live_server, storage_state=kept)
    serve_cdn(again, "up")
    try:
        page = again.new_page()
        page.goto("/")
        link = page.locator(f"section.resume a[href='/rollwrite/{code}']")
        assert link.count() == 1
        shot(page, shots, "solo-home-resume")
        with page.expect_navigation():
            link.click()
        assert "Your sheet" in page.inner_text("#table")
        assert _api(page, code)["seq"] >= seq and _api(page, code)["seat"] == 0
    finally:
        again.close()
