"""Every wait has a deadline (issue 36, webapp/platform/budgets.py): a searching bot's turn past its
budget plays the greedy move (logged); a hint past its budget, or with the bots' process
busy, says "No hint just now" (503) in the page's language; hints are limited per client."""

from __future__ import annotations

import logging
import time

from flask import Flask

from webapp import create_app
from webapp.games import botplay
from webapp.platform.budgets import HINTS_AT_ONCE
from webapp.platform.deps import Deps

from .conftest import Phone
from .test_solo import _to_main_phase, start_challenge


class _Lines(logging.Handler):
    """The lines a logger writes, kept on the logger itself: caplog's handler sits on the
    root logger and once missed this warning in a full run (passing alone)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def test_a_searching_bot_past_its_budget_plays_the_greedy_move_and_says_so(app: Flask):
    said = _Lines()
    botplay.log.addHandler(said)
    app.config["BOT_TURN_SECONDS"] = 0.05
    # The bots' process busy for a second first: the search queues behind it past its budget
    # (a warm process may decide a setup move within a millisecond, so the budget alone proved
    # nothing after another test had started the process).
    app.extensions["searchers"].bots.submit(time.sleep, 1.0)
    store = app.extensions["store"]
    game = store.create_game("table", "rollwrite", {
        "players": ["Ann", "Bot"], "seed": "deadline",
        "options": {"dice": "seeded", "mirror": False}}, 2)
    state = store.state(game)
    seat = state.to_act()[0]
    try:
        with app.app_context():
            line = botplay.decide(game, state, seat, "expert")
            greedy = botplay.makers()["rollwrite"]("greedy", botplay.bot_seed(
                game, len(state.log), seat)).choose(state.view(seat), seat)
    finally:
        botplay.log.removeHandler(said)
    assert line == str(greedy)
    assert any("did not decide within" in x and "greedy" in x for x in said.lines), said.lines


def test_the_bots_of_one_request_share_a_budget_then_play_greedy_at_once(app: Flask):
    """webapp/platform/budgets.py BOT_REQUEST_SECONDS: the searching decisions that one request
    plays share a budget; once it is spent, the next bots play the greedy move without asking
    the bots' process (before, each waited its own BOT_TURN_SECONDS in turn)."""
    said = _Lines()
    botplay.log.addHandler(said)
    app.config["BOT_TURN_SECONDS"] = 0.4
    app.config["BOT_REQUEST_SECONDS"] = 0.6
    app.extensions["searchers"].bots.submit(time.sleep, 2.0)  # every search queues past it
    store = app.extensions["store"]
    game = store.create_game("solo", "rollwrite", {
        "players": ["A", "B", "C", "D"], "seed": "request-budget",
        "options": {"dice": "seeded", "mirror": False}}, 4,
        bots={seat: "expert" for seat in range(4)})
    try:
        with app.app_context():
            botplay.play_pending(store, game, limit=16)
    finally:
        botplay.log.removeHandler(said)
    assert store.game(game.code).seq == 16  # the bots went on, every action legal
    waited = [x for x in said.lines if "did not decide within" in x]
    at_once = [x for x in said.lines if "spent their" in x]
    assert len(waited) <= 3, said.lines  # 0.4 s, then what is left of 0.6 s
    assert len(at_once) >= 3, said.lines


def test_a_hint_past_its_budget_says_no_hint_just_now(app: Flask, phone: Phone):
    app.config["HINT_SECONDS"] = 0.05
    phone.get("/lang/fr?next=/")
    code = start_challenge(phone, "hint-deadline")
    _to_main_phase(phone, app, code)
    # busy: the hint's search queues past its budget
    app.extensions["searchers"].hints.submit(time.sleep, 1.0)
    resp = phone.get(f"/rollwrite/{code}/hint")
    assert resp.status_code == 503
    assert "Pas de conseil pour l’instant" in resp.get_data(as_text=True)


def test_hints_beyond_those_the_bots_process_runs_at_once_are_refused_at_once(
        app: Flask, phone: Phone):
    code = start_challenge(phone, "hint-busy")
    _to_main_phase(phone, app, code)
    # every slot (a search given up by another test holds its slot until it ends: waited for)
    slots = app.extensions["searchers"].hint_slots
    taken = [slots.acquire(timeout=30) for _ in range(HINTS_AT_ONCE)]
    try:
        assert all(taken)
        resp = phone.get(f"/rollwrite/{code}/hint")
        assert resp.status_code == 503
        assert "No hint just now" in resp.get_data(as_text=True)
    finally:
        for _ in taken:
            slots.release()
    assert phone.get(f"/rollwrite/{code}/hint").status_code == 200  # free again: the hint comes


def test_hints_are_limited_per_client(db_url: str, deps: Deps):
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "t",
                      "HTMX_URL": "/static/vendor/htmx.min.js", "HINT_SECONDS": 300.0,
                      "RATELIMIT_ENABLED": True, "HINT_LIMIT": "2 per minute"}, deps)
    try:
        phone = Phone(app.test_client())
        code = start_challenge(phone, "hint-limit")
        _to_main_phase(phone, app, code)
        statuses = [phone.get(f"/rollwrite/{code}/hint").status_code for _ in range(3)]
        assert statuses == [200, 200, 429]
        assert "No hint just now" in phone.get(f"/rollwrite/{code}/hint").get_data(as_text=True)
    finally:
        app.extensions["jobs"].shutdown()
        app.extensions["store"].engine.dispose()
