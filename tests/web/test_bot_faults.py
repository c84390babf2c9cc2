"""A bot's fault never costs a stored move (webapp/games/botplay.py): a bot that raises, or that
chooses what the engine refuses, plays a legal fallback instead, the fault is logged, and the
person's move that gave it the turn answers as usual (not 500)."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from tests.web import test_card_routes as card
from tests.web import test_solo as solo
from tests.web.conftest import Today
from webapp.platform.deps import BotMaker


class Broken:
    """A bot whose every decision fails as a bug would (not a ValueError)."""

    def choose(self, view: dict[str, Any], seat: int) -> Any:
        raise RuntimeError("the bot broke")


class Refused:
    """A bot that chooses an action the engine refuses."""

    def __init__(self, line: str) -> None:
        self.line = line

    def choose(self, view: dict[str, Any], seat: int) -> str:
        return self.line


@pytest.fixture(autouse=True)
def fixed_day(today: Today) -> None:
    today.day = solo.DAY


def broken_but_random(real: BotMaker) -> BotMaker:
    """A maker whose bots of every level but "random" (the fallback) are Broken."""
    return lambda level, seed: real(level, seed) if level == "random" else Broken()


def test_a_dice_bot_that_raises_plays_a_legal_fallback_and_the_move_stands(
        app, phone, makers, caplog):
    makers["rollwrite"] = broken_but_random(makers["rollwrite"])
    caplog.set_level(logging.ERROR, logger="webapp.games.botplay")
    code = solo.start_bots(phone, ("greedy",))
    store = solo.store_of(app)
    for _ in range(40):  # until the bot has had a turn of its own and given it back
        state = solo.state_of(app, code)
        legal = phone.client.get(f"/rollwrite/{code}/api").get_json()["legal"]
        resp = solo.act(phone, app, code, solo.forward(legal))
        assert resp.status_code == 303, resp.get_data(as_text=True)[:300]
        after = solo.state_of(app, code)
        assert after.seq > state.seq  # the person's move is stored
        assert after.is_over() or 0 in after.to_act()  # the bot did not leave it waiting
        if any(r.seat == 1 and r.text.split()[1] == "end" for r in store.log(store.game(code))):
            break
    else:
        raise AssertionError("the bot never finished a turn")
    assert "RuntimeError: the bot broke" in caplog.text
    assert "plays a legal fallback" in caplog.text


def test_a_card_bot_that_raises_plays_a_legal_fallback(app, phone, makers, caplog):
    makers["boardgame"] = broken_but_random(makers["boardgame"])
    caplog.set_level(logging.ERROR, logger="webapp.games.botplay")
    code = card.new_game(phone, ["person", "strong"])
    body = card.page_of(phone, code)
    resp = phone.post(f"/card/{code}/act", {"action": "p1 take 3,4", "seq": card.seq_on(body)})
    assert resp.status_code == 303
    store = card.store_of(app)
    state = store.state(store.game(code))
    assert state.active == 0 and store.head(code)[0] >= 2  # the move, then the bot's
    assert [r.seat for r in store.log(store.game(code))][:2] == [0, 1]
    assert "RuntimeError: the bot broke" in caplog.text


def test_a_bot_whose_choice_the_engine_refuses_plays_a_legal_fallback(
        app, phone, makers, caplog):
    real = makers["boardgame"]
    makers["boardgame"] = lambda level, seed: (
        real(level, seed) if level == "random" else Refused("p2 take 9,9"))
    caplog.set_level(logging.ERROR, logger="webapp.games.botplay")
    code = card.new_game(phone, ["person", "greedy"])
    body = card.page_of(phone, code)
    resp = phone.post(f"/card/{code}/act", {"action": "p1 take 3,4", "seq": card.seq_on(body)})
    assert resp.status_code == 303
    store = card.store_of(app)
    assert store.state(store.game(code)).active == 0
    assert "refused" in caplog.text and "p2 take 9,9" in caplog.text


def test_when_even_the_random_stand_in_fails_the_first_legal_action_is_played(
        app, phone, makers, caplog):
    makers["boardgame"] = lambda level, seed: Broken()  # the random stand-in too
    caplog.set_level(logging.ERROR, logger="webapp.games.botplay")
    code = card.new_game(phone, ["person", "greedy"])
    body = card.page_of(phone, code)
    phone.post(f"/card/{code}/act", {"action": "p1 take 3,4", "seq": card.seq_on(body)})
    store = card.store_of(app)
    game = store.game(code)
    bot_rows = [r for r in store.log(game) if r.seat == 1]
    first = store.state_at(game, bot_rows[0].seq - 1).legal_actions(1)[0]
    assert bot_rows and bot_rows[0].text == str(first)
    assert "random stand-in" in caplog.text


def test_a_searching_bot_decides_in_the_bots_process_and_its_death_costs_no_move(
        app, phone, caplog):
    """The strong bot's turn runs in the app's bots' process (webapp.platform.jobs's
    Searchers), not in the web worker's interpreter; that process killed mid-game is a fault
    like any: the person's move stands, the bot plays its fallback, and the next turn starts
    a new bots' process."""
    import os
    import signal

    caplog.set_level(logging.ERROR, logger="webapp.games.botplay")
    code = solo.start_bots(phone, ("strong",))
    store = solo.store_of(app)

    def bot_turns() -> int:
        return sum(r.seat == 1 for r in store.log(store.game(code)))

    def play_until_the_bot_moved() -> None:
        before = bot_turns()
        for _ in range(40):
            state = solo.state_of(app, code)
            legal = phone.client.get(f"/rollwrite/{code}/api").get_json()["legal"]
            resp = solo.act(phone, app, code, solo.forward(legal))
            assert resp.status_code == 303, resp.get_data(as_text=True)[:300]
            assert solo.state_of(app, code).seq > state.seq  # the person's move is stored
            if bot_turns() > before:
                return
        raise AssertionError("the bot never played")

    play_until_the_bot_moved()
    bots = app.extensions["searchers"].bots
    pool = bots._pool
    assert pool is not None, "the strong bot did not decide in the bots' process"
    (pid,) = list(pool._processes)  # the one bots' process
    assert pid != os.getpid()
    os.kill(pid, signal.SIGKILL)
    play_until_the_bot_moved()  # its death: the fallback (logged), the game goes on
    assert any("plays a legal fallback" in r.getMessage() for r in caplog.records)
    play_until_the_bot_moved()  # and the next decision has a new bots' process
    assert bots._pool is not None and pid not in bots._pool._processes
