"""The card edition in a real browser on a 390×844 phone: a game against a greedy bot played
by tapping harbour cards, tiles and cells, the bot's moves arriving through htmx polling one
at a time; the one-screen game's "pass the phone" screen; and the same game without scripts."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.screens import fits_phone, shot, small_targets

pytestmark = pytest.mark.browser

MAX_TAPS = 400


def _check(page: Any, shots: Any, name: str) -> None:
    fits_phone(page)
    assert not small_targets(page), small_targets(page)
    shot(page, shots, f"card-{name}")


def _seq(page: Any) -> int:
    return int(page.get_attribute("#game", "data-seq") or "-1")


def _new_game(page: Any, seats: dict[str, str], mode: str = "hotseat") -> str:
    page.goto("/c/new")
    for field, kind in seats.items():
        page.select_option(f"#{field}", kind)
    page.check(f"input[name=mode][value={mode}]")
    page.click("button.big")
    page.wait_for_url(re.compile(r"/c/[A-Z0-9]{6}$"))
    return page.url.rsplit("/", 1)[-1]


def _my_move(page: Any) -> None:
    """One move by tapping: a build if a tile is offered (tile, cell, first payment), else
    two harbour cards side by side (or whatever button the page offers)."""
    buttons = page.locator(".actions form button")
    if page.locator(".tilechip").count():
        page.locator(".tilechip").first.click()
        page.locator(".board td.can a").first.click()
        page.locator(".pays button").first.wait_for()
        page.locator(".pays button").first.click()
    elif page.locator(".harbour a.pick").count() >= 2 and not buttons.count():
        page.locator(".harbour a.pick").first.click()
        page.wait_for_selector(".slot.picked")
        page.locator(".harbour .slot:not(.picked) a.pick").first.click()
        page.locator(".actions .choices button").first.click()
    else:
        if page.locator(".board td.can a").count() and not page.locator(".confirm").count():
            page.locator(".board td.can a").first.click()  # a white tile's cell
        page.locator(".actions form button").first.click()


def test_a_game_against_a_greedy_bot_by_tapping(phone, shots):
    _new_game(phone, {"kind0": "person", "kind1": "greedy"})
    _check(phone, shots, "start")
    bot_steps = 0
    for _tap in range(MAX_TAPS):
        if phone.locator(".endscreen").count():
            break
        if phone.locator(".status.mine").count():
            before = _seq(phone)
            _my_move(phone)
            phone.wait_for_function(f"() => +document.querySelector('#game').dataset.seq "
                                    f"!= {before}")
        else:  # the bot's turn: its moves arrive by themselves, one per poll
            before = _seq(phone)
            phone.wait_for_function(f"() => +document.querySelector('#game').dataset.seq "
                                    f"> {before}", timeout=8000)
            bot_steps += 1
            if bot_steps == 1:
                _check(phone, shots, "bot-turn")
    else:
        raise AssertionError("the game did not end")
    assert bot_steps > 3
    assert phone.locator(".endscreen table.final tr").count() == 3
    _check(phone, shots, "end")


def test_skip_ahead_and_the_pass_the_phone_screen(phone, shots):
    _new_game(phone, {"kind0": "person", "kind1": "person", "kind2": "strong"})
    assert phone.locator(".pass-screen").count() == 1
    assert phone.locator(".hand").count() == 0
    _check(phone, shots, "pass-phone")
    phone.click(".pass-screen button")
    phone.wait_for_selector(".hand")
    _check(phone, shots, "revealed")
    _my_move(phone)
    phone.wait_for_selector(".pass-screen")
    assert phone.locator(".hand").count() == 0  # the next person must tap first
    assert "Player 2" in phone.inner_text(".pass-screen h1")


def test_the_card_game_works_without_javascript(new_phone, shots):
    page = new_phone(javascript=False)
    code = _new_game(page, {"kind0": "person", "kind1": "random"})
    page.locator(".harbour a.pick").first.click()
    page.locator(".harbour .slot:not(.picked) a.pick").first.click()
    page.locator(".actions .choices button").first.click()
    assert page.url.endswith(f"/c/{code}")
    for _ in range(20):  # the page refreshes itself while the bot plays
        if page.locator(".status.mine").count():
            break
        if page.locator("form[action$='/skip'] button").count():
            page.click("form[action$='/skip'] button")
        else:
            time.sleep(0.5)
            page.reload()
    assert page.locator(".status.mine").count() == 1
    assert _seq(page) >= 2
    _check(page, shots, "no-script")
