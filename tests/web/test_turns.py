"""Turn-based tables (issue 39): making and joining one, the clock after each move, the
sweep with an injected clock (reminder, time-out, the bot's move, the mark), handing a seat
to a bot for good, the vacation, My games on every device of a player."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from webapp.turns.wiring import turns

START = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)


class Clock:
    """The app's clock, moved by the test."""

    def __init__(self) -> None:
        self.at = START

    def __call__(self) -> datetime:
        return self.at


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def deps(makers, review, par, today, seeds, clock):
    from webapp.deps import Deps

    return Deps(makers=makers, review=review, par=par, today=today, new_seed=seeds, now=clock)


def new_game(phone, edition="rollwrite", clock="1", **seats):
    form = {"edition": edition, "clock": clock, "name": "Anna", "seat1": "friend", **seats}
    resp = phone.post("/turns/new", form)
    assert resp.status_code == 303, resp.get_data(as_text=True)[:2000]
    code = resp.headers["Location"].split("/")[2].split("?")[0]
    return code


def join(phone, code, name="Bo"):
    phone.get(f"/turns/{code}/join")
    resp = phone.post(f"/turns/{code}/join", {"name": name})
    assert resp.status_code == 303, resp.get_data(as_text=True)[:2000]
    return resp


def my_games(phone):
    resp = phone.get("/me/games?format=json")
    assert resp.status_code == 200
    return resp.get_json()["games"]


def test_a_turn_game_is_made_joined_and_listed_in_my_games_with_whose_move(app, phones):
    anna, bo = phones[0], phones[1]
    code = new_game(anna)
    join(bo, code)
    a, b = my_games(anna), my_games(bo)
    assert [g["code"] for g in a] == [code] and [g["code"] for g in b] == [code]
    assert a[0]["players"] == ["Anna", "Bo"] and a[0]["edition"] == "rollwrite"
    assert a[0]["url"] == f"/me/games/{code}/open"
    assert a[0]["deadline"] is not None
    page = anna.get(f"/t/{code}").get_data(as_text=True)
    assert 'id="turns-panel"' in page
