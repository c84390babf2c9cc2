"""The solitaire par is computed once per seed, ahead of its first result page (issue 21): a
new challenge hands it to a background job, which stores it in `pars`; the result page reads
it, and until it is there says it is being computed and asks again by itself. It never plays
the bot inside a request."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from flask import Flask

from bots.solitaire import play_state
from tests.web.conftest import Phone, StandIn, Today
from tests.web.test_solo import dice_of, start_challenge
from webapp.solo import pars

DAY = "2026-11-24"
WAIT = 30  # seconds a stalled stand-in waits for the test to release it


def store_of(app: Flask) -> Any:
    return app.extensions["store"]


def drain(app: Flask) -> None:
    assert app.extensions["jobs"].drain(60), "a background job did not finish"


class Counted:
    """The par's computing, counted, and held until the test releases it."""

    def __init__(self, real: Any, hold: bool = False) -> None:
        self.real = real  # the app's par (the strong bot, in the search process)
        self.seeds: list[str] = []
        self.release = threading.Event()
        if not hold:
            self.release.set()

    def __call__(self, seed: str) -> dict[str, Any]:
        self.seeds.append(seed)
        self.release.wait(WAIT)
        result: dict[str, Any] = self.real(seed)
        return result


@pytest.fixture(autouse=True)
def fixed_day(today: Today) -> None:
    """Today is DAY (the default challenge's seed)."""
    today.day = DAY


def finish(app: Flask, code: str) -> None:
    """Play the strong bot's game of the seed through the store: the challenge is over."""
    store = store_of(app)
    game = store.game(code)
    for line in play_state(str(game.config["seed"]), "strong").log:
        store.act(game, 0, line, None)
    assert store.game(code).status == "over"


def test_a_new_challenge_computes_its_par_once_before_any_result_page(
        app: Flask, phone: Phone, par: StandIn) -> None:
    counted = par.work = Counted(par.work)
    first = start_challenge(phone)  # today's: the seed is DAY
    second = start_challenge(Phone(app.test_client()))
    drain(app)
    keyed = dice_of(app, DAY)
    assert counted.seeds == [keyed]  # two games of one seed: one computation, on its dice
    found = store_of(app).par(DAY, pars.KEYED_LEVEL)
    assert found is not None and found.status == "ready" and found.version == pars.VERSION
    assert found.body == counted.real(keyed)
    assert first != second
    finish(app, first)
    html = " ".join(phone.get(f"/s/{first}/result").get_data(as_text=True).split())
    assert f"Par (the strong bot on the same dice): {found.body['turns']} turns" in html
    assert "being computed" not in html
    drain(app)
    assert counted.seeds == [keyed]  # the result page computed nothing


def test_the_result_page_says_the_par_is_being_computed_and_asks_again(
        app: Flask, phone: Phone, par: StandIn) -> None:
    counted = par.work = Counted(par.work, hold=True)
    code = start_challenge(phone, "par-later")
    finish(app, code)
    resp = phone.get(f"/s/{code}/result")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and not counted.release.is_set()  # answered meanwhile
    assert "The par (the strong bot on the same dice) is being computed" in html
    assert f'hx-get="/s/{code}/result" hx-trigger="every 2s"' in html
    assert '<noscript><meta http-equiv="refresh"' in html
    share = html.split('id="sharetext"', 1)[1].split("</textarea>", 1)[0]
    assert "Par:" not in share  # the share text waits for the par too
    counted.release.set()
    drain(app)
    done = " ".join(phone.get(f"/s/{code}/result").get_data(as_text=True).split())
    assert "being computed" not in done and "Par (the strong bot on the same dice)" in done
    assert "hx-trigger" not in done and counted.seeds == [dice_of(app, "par-later")]


def test_a_par_that_was_never_computed_is_started_by_the_result_page(
        app: Flask, phone: Phone, par: StandIn) -> None:
    """A challenge from before pars were stored (and before the dice key: its dice are its
    public seed's, and so is its par): its result page hands the par over."""
    counted = par.work = Counted(par.work)
    store = store_of(app)
    config = {"players": ["Ann"], "seed": "old-seed",
              "options": {"mirror": False, "dice": "seeded"},
              "challenge": {"seed": "old-seed", "daily": False, "created": DAY,
                            "dice": "open"}}
    game = store.create_game("solo", "rollwrite", config, 1)
    finish(app, game.code)
    assert store.par("old-seed", pars.LEVEL) is None
    phone.get(f"/s/{game.code}/result")
    drain(app)
    assert counted.seeds == ["old-seed"] and store.par("old-seed", pars.LEVEL).status == "ready"


def test_a_par_that_cannot_be_computed_says_so(app: Flask, phone: Phone,
                                               par: StandIn) -> None:
    def broken(_seed: str) -> dict[str, Any]:
        raise RuntimeError("no bot today")

    par.work = broken
    code = start_challenge(phone, "par-broken")
    drain(app)
    assert store_of(app).par("par-broken", pars.KEYED_LEVEL).status == "failed"
    finish(app, code)
    html = phone.get(f"/s/{code}/result").get_data(as_text=True)
    assert "The par of these dice could not be computed." in html and "hx-trigger" not in html
