"""Turn-based tables (issue 39): making and joining one, the clock after each move, the
sweep with an injected clock (reminder, time-out, the bot's move, the mark), handing a seat
to a bot for good, the vacation, My games on every device of a player."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime, timedelta

import pytest

from webapp import create_app
from webapp.games import botplay
from webapp.platform.store import token_hash

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
    from webapp.platform.deps import Deps

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
    page = anna.get(f"/rollwrite/{code}").get_data(as_text=True)
    assert 'id="turns-panel"' in page


def first_move(app, code, seat):
    """The engine's first legal action of `seat` that is not a take-back."""
    store = app.extensions["store"]
    state = store.engine_state(store.game(code))
    lines = [str(a) for a in state.legal_actions(seat)]
    return next(t for t in lines if t.split()[1:2] not in (["undo"], ["unpick"])), state.seq


def clock_row(app, code):
    return app.extensions["turns"].records.clock(app.extensions["store"].game(code).id)


def missed(app, code):
    t = app.extensions["turns"]
    return {s.seat: s.missed for s in t.records.seats(app.extensions["store"].game(code).id)}


@pytest.mark.both_databases
def test_in_the_dice_edition_everyone_who_must_act_is_asked_at_once(app, phones, clock):
    anna, bo = phones[0], phones[1]
    code = new_game(anna)
    join(bo, code)
    row = clock_row(app, code)
    assert row.waiting == [0, 1]  # both choose at the same time (the setup)
    assert row.deadline == START + timedelta(days=1)
    assert row.due_at == START + timedelta(hours=18)  # the reminder: a quarter left
    assert [g["your_turn"] for g in my_games(anna)] == [True]
    assert [g["your_turn"] for g in my_games(bo)] == [True]
    line, seq = first_move(app, code, 0)
    clock.at = START + timedelta(hours=2)
    assert anna.post(f"/rollwrite/{code}/act", {"action": line, "seq": seq}).status_code == 303
    row = clock_row(app, code)
    assert row.waiting == [1]  # Anna has chosen; Bo's clock runs from when it started
    assert row.deadline == START + timedelta(days=1)
    assert [g["your_turn"] for g in my_games(anna)] == [False]
    assert "Waiting for Bo" in anna.get(f"/rollwrite/{code}").get_data(as_text=True)


@pytest.mark.both_databases
def test_the_sweep_reminds_then_the_greedy_bot_plays_a_run_out_clock_and_marks_the_seat(
        app, phones, clock):
    anna, bo = phones[0], phones[1]
    code = new_game(anna, edition="boardgame", clock="2")
    join(bo, code)
    t = app.extensions["turns"]
    assert clock_row(app, code).waiting == [0]
    clock.at = START + timedelta(hours=36, minutes=1)  # a quarter of 2 days left
    done = t.clocks.sweep()
    assert (done.reminded, done.timed_out) == (1, 0)
    assert clock_row(app, code).reminded
    assert t.clocks.sweep().looked == 0  # nothing more is due until the deadline
    store = app.extensions["store"]
    before = store.game(code).seq
    with app.app_context():  # what the app's greedy bot plays for Anna
        greedy = botplay.decide(store.game(code), store.engine_state(store.game(code)), 0,
                                "greedy")
    clock.at = START + timedelta(days=2, minutes=1)
    game_id = store.game(code).id
    woken: list[tuple[int, str]] = []  # what a page woken by each change would read
    store.when_changed.append(
        lambda changed: woken.append(store.marks([game_id])[game_id]) if changed == game_id
        else None)
    done = t.clocks.sweep()  # outside any request: the sweep brings the app's own bots
    assert done.timed_out == 1
    game = store.game(code)
    assert game.seq > before  # the bot played Anna's move
    assert store.log(game, after=before)[0].text == greedy  # the greedy bot's, no fallback
    # The miss is written after the move woke the pages: a page that refreshed at once said
    # nothing of it, so the streams are woken again, and the game's mark shows the miss
    # (`event: table`: the page refreshes again and says "The bot played 1 move for Anna").
    at_move = [mark for seq, mark in woken[:-1] if seq == game.seq]
    assert at_move and woken[-1][0] == game.seq and woken[-1][1] not in at_move, woken
    assert missed(app, code) == {0: 1, 1: 0}
    row = clock_row(app, code)
    assert row.waiting == [1] and row.deadline == clock.at + timedelta(days=2)
    page = bo.get(f"/card/{code}").get_data(as_text=True)
    assert "The bot played 1 move for Anna" in page
    assert "to a bot for good" not in page  # not after one missed move


@pytest.mark.both_databases
def test_a_page_drawn_between_the_bots_move_and_its_mark_refreshes_when_the_mark_comes(
        app, phones, clock):
    """A run-out clock's move wakes the pages before the miss is written (Clocks.time_out):
    a page drawn in between shows the move but not "The bot played 1 move for Anna". Its
    poll after the miss (the push stream's `table` event) brings the note, although no move
    was made since: the poll compares the table's whole mark, not only its seats."""
    anna, bo = phones[0], phones[1]
    code = new_game(anna, edition="boardgame", clock="2")
    join(bo, code)
    store = app.extensions["store"]
    game_id, before = store.game(code).id, store.game(code).seq
    drawn: list[str] = []

    def draw(changed: int) -> None:  # Bo's page, drawn at the first change after the move
        if changed == game_id and not drawn and store.game(code).seq > before:
            drawn.append(bo.get(f"/card/{code}").get_data(as_text=True))

    store.when_changed.insert(0, draw)
    clock.at = START + timedelta(days=2, minutes=1)
    assert app.extensions["turns"].clocks.sweep().timed_out == 1
    assert drawn and "The bot played 1 move" not in drawn[0]  # drawn before the miss
    assert missed(app, code) == {0: 1, 1: 0}
    found = re.search(r'class="poller" hx-get="([^"]+)"', drawn[0])
    assert found, drawn[0][:3000]
    poll = html.unescape(found.group(1))
    assert f"seq={store.game(code).seq}" in poll  # the page shows the present move
    resp = bo.get(poll, headers={"HX-Request": "true"})
    assert resp.status_code == 200, resp.status_code
    assert "The bot played 1 move for Anna" in resp.get_data(as_text=True)
    again = re.search(r'class="poller" hx-get="([^"]+)"', resp.get_data(as_text=True))
    assert again and bo.get(html.unescape(again.group(1)),
                            headers={"HX-Request": "true"}).status_code == 204  # now current


def run_out(app, clock, code, seat):
    """Move the clock past the deadline of `seat` and sweep."""
    t = app.extensions["turns"]
    for _ in range(6):
        row = clock_row(app, code)
        if row.over:
            return
        clock.at = row.deadline + timedelta(minutes=1)
        t.clocks.sweep()
        if missed(app, code)[seat] >= 2:
            return


@pytest.mark.both_databases
def test_after_two_missed_moves_the_others_may_hand_the_seat_to_a_bot_for_good(
        app, phones, clock):
    anna, bo = phones[0], phones[1]
    code = new_game(anna, edition="boardgame", clock="1")
    join(bo, code)
    assert anna.post(f"/turns/{code}/bot/1").status_code == 409  # Bo has missed nothing
    run_out(app, clock, code, 1)
    assert missed(app, code)[1] >= 2
    assert bo.post(f"/turns/{code}/bot/1").status_code == 403  # not one's own seat
    page = anna.get(f"/card/{code}").get_data(as_text=True)
    assert "Hand Bo’s seat to a bot for good" in page
    resp = anna.post(f"/turns/{code}/bot/1")
    assert resp.status_code == 303
    store = app.extensions["store"]
    seat = store.seats(store.game(code))[1]
    assert seat.bot == "greedy" and seat.token is None
    assert 1 not in clock_row(app, code).waiting  # the bot waits for nobody


@pytest.mark.both_databases
def test_a_claimed_clock_is_handled_by_one_worker_and_a_restarted_app_carries_on(
        app, phones, clock, db_url, deps):
    anna, bo = phones[0], phones[1]
    code = new_game(anna, edition="boardgame", clock="1")
    join(bo, code)
    t = app.extensions["turns"]
    at = START + timedelta(hours=18, minutes=1)  # the reminder is due
    lease = at + timedelta(minutes=5)
    assert [c.code for c in t.records.claim_due(at, lease, 10)[1]] == [code]
    assert t.records.claim_due(at, lease, 10)[1] == []  # claimed: no other worker gets it
    clock.at = lease + timedelta(seconds=1)  # the claim lapsed (its worker died)
    assert t.clocks.sweep().reminded == 1
    # a second server on the same database (or this one after a restart) sweeps the rest
    other = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "test-secret",
                        "RATELIMIT_ENABLED": False}, deps)
    try:
        clock.at = START + timedelta(days=1, minutes=1)
        first = other.extensions["turns"].clocks.sweep()
        second = t.clocks.sweep()
        assert first.timed_out + second.timed_out == 1
        assert missed(app, code) == {0: 1, 1: 0}
    finally:
        other.extensions["jobs"].shutdown()
        other.extensions["store"].engine.dispose()


def test_a_vacation_adds_its_days_to_the_clocks_and_is_limited_per_month(app, phones, clock):
    anna, bo = phones[0], phones[1]
    code = new_game(anna, edition="boardgame", clock="1")
    join(bo, code)
    assert anna.post("/me/vacation", {"days": "3"}).status_code == 303
    row = clock_row(app, code)
    assert row.deadline == START + timedelta(days=4)
    clock.at = START + timedelta(days=1, hours=1)
    assert app.extensions["turns"].clocks.sweep().timed_out == 0
    resp = anna.post("/me/vacation", {"days": "5"})
    assert resp.status_code == 400 and "4 are left" in resp.get_data(as_text=True)


def test_my_games_follow_the_player_to_another_device_and_open_at_the_seat(app, phones):
    anna, bo, annas_laptop = phones[0], phones[1], phones[2]
    code = new_game(anna)
    join(bo, code)
    # Anna's second device holds her key (what "use on another device" hands over)
    secret = anna.client.get_cookie("player").value
    annas_laptop.client.set_cookie("player", secret)
    games = my_games(annas_laptop)
    assert [g["code"] for g in games] == [code]
    resp = annas_laptop.get(games[0]["url"])
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/rollwrite/{code}")
    token = annas_laptop.client.get_cookie(f"seat_{code}").value
    seats = app.extensions["store"].seats(app.extensions["store"].game(code))
    assert seats[0].token == token_hash(token)
    assert my_games(phones[3]) == []  # a stranger's device has none
    assert phones[3].get(games[0]["url"]).status_code == 303
    assert phones[3].client.get_cookie(f"seat_{code}") is None


def test_the_home_page_counts_the_games_waiting_for_the_player(app, phones):
    anna, bo = phones[0], phones[1]
    code = new_game(anna)
    join(bo, code)
    page = anna.get("/").get_data(as_text=True)
    assert 'data-waiting="1"' in page and "1 game waits for your move" in page


def test_a_bad_form_is_refused_with_a_message(app, phone):
    resp = phone.post("/turns/new", {"edition": "rollwrite", "clock": "5", "name": "A"})
    assert resp.status_code == 400 and "1, 2, 3 or 7 days" in resp.get_data(as_text=True)
    resp = phone.post("/turns/new", {"edition": "chess", "clock": "1", "name": "A"})
    assert resp.status_code == 400


def test_the_editions_join_pages_lead_to_the_turn_based_one(app, phones):
    code = new_game(phones[0], edition="boardgame")
    resp = phones[1].get(f"/card/{code}/join")
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/turns/{code}/join")
    other = phones[0].post("/rollwrite/new", {"seats": "2", "name": "Cy", "dice": "app"})
    plain = other.headers["Location"].split("/")[2].split("?")[0]
    assert phones[1].get(f"/rollwrite/{plain}/join").status_code == 200  # other tables: as before
