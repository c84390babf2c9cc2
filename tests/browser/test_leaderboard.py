"""A friends' challenge from two phones (two browser contexts, each its own player): Ana
makes the link on the solo page, plays the same dice as Bo does later; Bo sees Ana's result
but not her game until he has finished (the spoiler rule); then both games open side by side,
turn by turn. Also the leaderboard and the records page, at 390×844, light and dark."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from bots.solitaire import play_state
from tests.browser.screens import fits_phone, shot, small_targets
from tests.browser.test_table import post_move
from webapp.solo import dice, records

pytestmark = pytest.mark.browser


def _look(page: Any, shots: Path, name: str) -> None:
    fits_phone(page)
    assert not small_targets(page), small_targets(page)
    shot(page, shots, f"leaderboard-{name}")
    page.emulate_media(color_scheme="dark")
    shot(page, shots, f"leaderboard-{name}-dark")
    page.emulate_media(color_scheme="light")


def _play(page: Any, lines: list[str], finish: bool = True) -> None:
    """Play a challenge's moves on the table page the phone is on (its own cookies and form
    token), the way its forms post them; then open its result."""
    code = re.search(r"/rollwrite/([A-Z0-9]+)", page.url).group(1)
    seq = page.request.get(f"/rollwrite/{code}/api").json()["seq"]
    for line in lines:
        seq = post_move(page, code, line, seq)
    if finish:
        page.goto(f"/s/{code}")
        assert "/result" in page.url


def dice_of(app: Flask, seed: str) -> str:
    """The dice seed of the challenge `seed` on the live app's installation (issue 42)."""
    return dice.dice_seed(app.extensions[dice.EXTENSION], seed)


def test_a_friends_challenge_from_two_phones(new_phone: Any, shots: Path,
                                             live_app: Flask) -> None:
    ana, bo = new_phone(), new_phone()
    ana.goto("/s/")
    ana.fill("#fr-name", "Ana")
    ana.check("input[name=seed][value=new]")
    with ana.expect_navigation():
        ana.click("text=Make a challenge link")
    link = ana.url
    assert re.search(r"/s/f/[A-Z0-9]{8}$", link), link
    assert ana.locator(".qr svg").count() == 1
    assert "challenges you" in ana.input_value("#friendtext")
    _look(ana, shots, "friends-ana-invite")
    assert "Ana’s challenge of" in ana.inner_text("main")  # named by who made it, not its seed
    seed = live_app.extensions["boards"].challenge(link.rsplit("/", 1)[1])["seed"]
    assert seed not in ana.inner_text("main") and seed not in ana.input_value("#friendtext")
    moves = play_state(dice_of(live_app, seed), "strong").log

    with ana.expect_navigation():
        ana.click("text=Play this challenge")
    _play(ana, moves[: len(moves) // 2 + 1], finish=False)  # Ana finishes later
    ana.goto(link)
    assert "playing" in ana.inner_text("main")

    bo.goto(link)
    bo.fill("#f-name", "Bo")
    with bo.expect_navigation():
        bo.click("text=Play this challenge")
    code_bo = re.search(r"/rollwrite/([A-Z0-9]+)", bo.url).group(1)
    bo.goto(link)
    assert "Bo (you)" in bo.inner_text("main")

    # Ana finishes; Bo, still playing, sees her turns but not her game
    ana.goto(link)
    with ana.expect_navigation():
        ana.click("text=Go on playing")
    code_ana = re.search(r"/rollwrite/([A-Z0-9]+)", ana.url).group(1)
    _play(ana, moves[len(moves) // 2 + 1:])
    bo.goto(link)
    text = bo.inner_text("main")
    assert re.search(r"Ana\s+\d+ turns", text), text
    assert f"/r/{code_ana}" not in bo.content()
    assert "No spoilers" in text
    _look(bo, shots, "friends-bo-before")
    assert bo.goto(f"/r/{code_ana}").status == 403

    bo.goto(f"/rollwrite/{code_bo}")
    _play(bo, moves)  # the same choices: the same dice, the same turns
    bo.goto(link)
    assert bo.locator(f"a[href='/r/{code_ana}']").count() == 1
    _look(bo, shots, "friends-bo-after")
    with bo.expect_navigation():
        bo.click("text=turn by turn")
    assert "after 1 turn" in bo.inner_text("h1")
    with bo.expect_navigation():
        bo.click("text=Next turn")
    assert "after 2 turns" in bo.inner_text("h1")
    assert bo.locator(".side-by-side .building").count() == 2
    _look(bo, shots, "compare")

    ana.goto(f"/s/{code_ana}")
    assert "Ranked: number 1" in ana.inner_text("main")
    _look(ana, shots, "result")
    ana.goto(link)
    assert re.search(r"Bo\s+\d+ turns", ana.inner_text("main"))
    _look(ana, shots, "friends-ana-after")

    ana.goto(f"/s/leaderboard/{seed}")
    rows = ana.locator("table.board tbody tr")
    assert rows.count() == 2 and "Ana" in rows.nth(0).inner_text()
    _look(ana, shots, "board")
    ana.goto("/s/me")
    assert ana.locator("svg.turns-chart circle").count() >= 1
    _look(ana, shots, "records")
    with ana.expect_navigation():
        ana.click("text=Use on another device")
    code = ana.inner_text(".device-code code")
    _look(ana, shots, "device-code")
    # Bo plays today's challenge: it tops today's board on the solo page
    today = records.today()
    bo.goto("/s/")
    with bo.expect_navigation():
        bo.click("text=Play the challenge")
    _play(bo, play_state(dice_of(live_app, today), "strong").log)
    ana.goto("/s/")
    top = ana.locator("table.board tbody tr")
    assert top.count() >= 1 and "Bo" in ana.inner_text("table.board")
    assert ana.locator("table.board a[href^='/r/']").count() == 0  # Ana has not played it
    _look(ana, shots, "solo-page")
    third = new_phone()
    third.goto("/s/device#" + code)
    assert third.input_value("#device-code") == code  # from the QR code's fragment
    assert "#" not in third.url
    with third.expect_navigation():
        third.click("text=Use this player here")
    assert third.url.endswith("/s/me?welcome=1") and "Ana" in third.input_value("#me-name")
    assert "The code worked: this device now plays as Ana" in third.inner_text("main")
    _look(third, shots, "records-on-the-third-phone")

