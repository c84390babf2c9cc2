"""The solitaire challenge as a shared event (issue 27): players without an account, device
codes, daily and weekly leaderboards from the server's replay, the spoiler rule, friends'
challenges, records that follow the player."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from flask import Flask

from rollwrite.solitaire import result as solitaire_result
from webapp.platform.player_store import Boards, rank_key
from webapp.platform.store import utcnow
from webapp.players.identity import PLAYER_COOKIE
from webapp.solo import leaderboard as L  # noqa: N812

from .conftest import Phone, Today
from .test_solo import DAY, dice_of, play_the_bots_moves, play_to_the_end, state_of, words

WEEK = "2026-W48"  # the ISO week of DAY (Tuesday 2026-11-24)


@pytest.fixture(autouse=True)
def fixed_day(today: Today) -> None:
    """Today is DAY."""
    today.day = DAY


def boards_of(app: Flask) -> Boards:
    return app.extensions["boards"]


def named(app: Flask, name: str) -> Phone:
    phone = Phone(app.test_client())
    phone.get("/s/")
    return phone


def start(phone: Phone, name: str, seed: str | None = None) -> str:
    phone.get("/s/")
    data = {"name": name} | ({"seed": seed} if seed else {})
    resp = phone.post("/s/challenge", data)
    assert resp.status_code == 303, resp.get_data(as_text=True)
    return resp.headers["Location"].rsplit("/", 1)[1]


def board_json(phone: Phone, seed: str = DAY) -> dict:
    resp = phone.client.get(f"/s/leaderboard/{seed}?format=json")
    assert resp.status_code == 200
    return resp.get_json()


# ------------------------------------------------------------------------- players
@pytest.mark.both_databases
def test_the_first_game_makes_a_player_whose_secret_is_stored_hashed(app, phone):
    code = start(phone, "Ann")
    cookie = phone.client.get_cookie(PLAYER_COOKIE)
    assert cookie is not None and len(cookie.value) == 43
    game = app.extensions["store"].game(code)
    player = boards_of(app).player_by_secret(cookie.value)
    assert player is not None and player.name == "Ann" and game.owner == player.id
    with app.extensions["store"].engine.connect() as conn:
        from sqlalchemy import text
        stored = [r[0] for r in conn.execute(text("SELECT key_hash FROM player_keys"))]
    assert cookie.value not in stored and len(stored) == 1 and len(stored[0]) == 64
    start(phone, "Ann")  # the second game: the same player, no new secret
    assert phone.client.get_cookie(PLAYER_COOKIE).value == cookie.value


def test_an_old_browser_id_becomes_the_player_and_keeps_its_records(app, phone):
    old = "ab" * 16
    phone.client.set_cookie("browser", old)
    code = start(phone, "Bo")
    assert app.extensions["store"].game(code).owner == old
    assert boards_of(app).player(old).name == "Bo"


def test_a_forged_or_unknown_player_cookie_is_nobody(app, phone):
    phone.client.set_cookie(PLAYER_COOKIE, "x" * 43)
    assert "no player yet" in words(phone.client.get("/s/me").get_data(as_text=True))
    phone.client.set_cookie(PLAYER_COOKIE, "<script>")
    assert "no player yet" in words(phone.client.get("/s/me").get_data(as_text=True))


@pytest.mark.both_databases
def test_a_device_code_brings_the_player_to_another_phone_once(app, phone):
    code = start(phone, "Ann")
    play_the_bots_moves(phone, app, code, DAY)
    page = phone.post("/s/me/device")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "no-store" in page.headers["Cache-Control"]
    device = re.search(r'<code aria-label="([A-Z2-9-]{24})">', html).group(1)
    groups = re.findall(r'<span class="group">([A-Z2-9]{4})</span>', html)
    assert "-".join(groups) == device  # five groups that never break inside
    assert "<svg" in html  # the QR code of /s/device#<code>: the code rides in the fragment
    other = Phone(app.test_client())
    other.get("/s/device")
    bad = other.post("/s/device", {"code": "AAAA-AAAA-AAAA-AAAA-AAAA"})
    assert bad.status_code == 400 and "does not work" in bad.get_data(as_text=True)
    ok = other.post("/s/device", {"code": device.lower().replace("-", " ")})
    assert ok.status_code == 303
    me = words(other.client.get("/s/me").get_data(as_text=True))
    assert "Challenges played 1" in me and f"{DAY}" in me
    third = Phone(app.test_client())
    third.get("/s/device")
    assert third.post("/s/device", {"code": device}).status_code == 400  # single use
    # the code never went into a URL: the redeem was a POST form
    assert all(device not in r for r in [ok.request.path, ok.request.query_string.decode()])


def test_a_device_code_expires(app, phone):
    start(phone, "Ann")
    player = boards_of(app).player_by_secret(phone.client.get_cookie(PLAYER_COOKIE).value)
    boards_of(app).new_device_code(player.id, "ABCDEFGHJKLMNPQRSTUV",
                                   now=utcnow() - timedelta(hours=1))
    assert boards_of(app).redeem_device_code("ABCDEFGHJKLMNPQRSTUV") is None


# ------------------------------------------------------------------------- leaderboards
@pytest.mark.both_databases
def test_the_board_ranks_by_turns_from_the_servers_replay_and_only_first_games(app):
    ann, bo = named(app, "Ann"), named(app, "Bo")
    a = start(ann, "Ann")
    turns = play_the_bots_moves(ann, app, a, DAY)
    b = start(bo, "Bo")
    play_to_the_end(bo, app, b)  # the first legal move each time: most often more turns
    practice = start(ann, "Ann")  # Ann again: practice
    # The order the two games' own results give: fewer turns to 12, then more points, then
    # the first to finish (Ann). Each test's app makes its own dice key, so the dice differ
    # from run to run: once the strong bot's moves took 24 turns and Bo's first legal moves
    # fewer (Ann was ranked second).
    names = ["Ann", "Bo"] if standing(app, a) <= standing(app, b) else ["Bo", "Ann"]
    place = names.index("Ann") + 1
    result = words(ann.client.get(f"/s/{a}/result").get_data(as_text=True))
    assert f"Ranked: number {place} " in result, result
    out = board_json(ann)
    assert out["seed"] == DAY and [e["name"] for e in out["entries"]] == names
    mine = out["entries"][place - 1]
    assert mine == {"rank": place, "name": "Ann", "turns": turns, "score": mine["score"],
                    "code": a, "hints": False,
                    "players_of_its_address": 2}  # the test's phones share one address
    assert out["entries"][2 - place]["code"] == b  # Ann finished: the others' games are open
    assert boards_of(app).entry_of_game(app.extensions["store"].game(practice).id) is None
    play_the_bots_moves(ann, app, practice, DAY)
    assert len(board_json(ann)["entries"]) == 2
    pr = words(ann.client.get(f"/s/{practice}/result").get_data(as_text=True))
    assert "A practice game: only your first game" in pr


def standing(app: Flask, code: str) -> tuple[int, int]:
    """What ranks a finished challenge, read off its game: turns to 12 (games short of 12
    after all others), then points, most first."""
    res = solitaire_result(state_of(app, code))
    return (int(res["turns"]) if res["reached_12"] else 10**6, -int(res["score"]))


def test_rank_key_orders_turns_then_points_and_short_games_last():
    assert rank_key(9, 12, True) < rank_key(9, 11, True) < rank_key(10, 20, True)
    assert rank_key(40, 30, True) < rank_key(15, 11, False) < rank_key(15, 3, False)


@pytest.mark.both_databases
def test_spoiler_rule_hides_others_games_until_finished_or_given_up(app):
    ann, bo = named(app, "Ann"), named(app, "Bo")
    a = start(ann, "Ann")
    play_the_bots_moves(ann, app, a, DAY)
    b = start(bo, "Bo")  # Bo is playing
    out = board_json(bo)
    assert out["entries"][0]["name"] == "Ann" and out["entries"][0]["code"] == ""
    page = bo.client.get(f"/s/leaderboard/{DAY}").get_data(as_text=True)
    assert f"/r/{a}" not in page and "No spoilers" in page
    for url in (f"/r/{a}", f"/r/{a}/text", f"/r/{a}/review", f"/s/{a}/result"):
        resp = bo.client.get(url)
        assert resp.status_code == 403, url
    stranger = Phone(app.test_client())
    assert stranger.client.get(f"/r/{a}").status_code == 403
    assert board_json(stranger)["entries"][0]["code"] == ""
    resp = bo.post(f"/s/leaderboard/{DAY}/give-up")
    assert resp.status_code == 303
    assert bo.client.get(f"/r/{a}").status_code == 200
    assert board_json(bo)["entries"][0]["code"] == a
    assert [e["name"] for e in board_json(bo)["entries"]] == ["Ann"]  # gave up: not ranked
    assert bo.post(f"/s/leaderboard/{DAY}/give-up").status_code == 409
    assert ann.client.get(f"/r/{b}").status_code == 200  # Ann finished: Bo's game is open


def test_a_past_date_is_practice_and_the_week_ranks_its_own_seed(app, phone):
    assert L.week_seed(__import__("datetime").date(2026, 11, 24)) == WEEK
    assert L.week_days(WEEK)[0].isoformat() == "2026-11-23"
    old = start(phone, "Ann", "2026-11-20")
    play_the_bots_moves(phone, app, old, "2026-11-20")
    assert board_json(phone, "2026-11-20")["entries"] == []
    wk = start(phone, "Ann", WEEK)
    play_the_bots_moves(phone, app, wk, WEEK)
    assert [e["name"] for e in board_json(phone, WEEK)["entries"]] == ["Ann"]
    assert "This week" in phone.client.get("/s/").get_data(as_text=True)


@pytest.mark.both_databases
def test_hide_me_and_the_operator_hide_take_entries_off_the_board(app):
    ann, bo = named(app, "Ann"), named(app, "Bo")
    for p, n in ((ann, "Ann"), (bo, "Bo")):
        play_the_bots_moves(p, app, start(p, n), DAY)
    assert len(board_json(ann)["entries"]) == 2
    assert ann.post("/s/me", {"hidden": "1"}).status_code == 303
    assert [e["name"] for e in board_json(bo)["entries"]] == ["Bo"]
    assert "You are hidden" in ann.client.get("/s/me").get_data(as_text=True)
    ann.post("/s/me", {"hidden": "0"})
    assert len(board_json(bo)["entries"]) == 2
    assert boards_of(app).hide(DAY, "Bo") == 1
    assert [e["name"] for e in board_json(bo)["entries"]] == ["Ann"]


def test_the_solo_page_shows_todays_top_ten(app, phone):
    play_the_bots_moves(phone, app, start(phone, "Zed"), DAY)
    page = words(Phone(app.test_client()).get("/s/").get_data(as_text=True))
    assert "Today’s leaderboard" in page and "1 Zed" in page


def test_names_pass_the_same_checks_and_long_seeds_are_refused(app, phone):
    phone.get("/s/")
    assert phone.post("/s/friends", {"name": "x" * 200}).status_code == 400
    assert phone.client.get("/s/leaderboard/" + "x" * 80).status_code == 404
    start(phone, "Ann")
    assert phone.post("/s/me", {"name": "   "}).status_code == 400


# ------------------------------------------------------------------------- friends
@pytest.mark.both_databases
def test_a_friends_challenge_same_dice_results_and_side_by_side(app):
    ann, bo = named(app, "Ann"), named(app, "Bo")
    ann.get("/s/")
    resp = ann.post("/s/friends", {"seed": "new", "name": "Ann"})
    assert resp.status_code == 303
    link = resp.headers["Location"]
    code = link.rsplit("/", 1)[1]
    page = ann.client.get(link).get_data(as_text=True)
    assert "<svg" in page and "challenges you" in page and "not started" in page
    seed = boards_of(app).challenge(code)["seed"]
    a = ann.post(f"/s/f/{code}/play", {}).headers["Location"].rsplit("/", 1)[1]
    store = app.extensions["store"]
    assert store.game(a).config["seed"] == dice_of(app, seed)
    play_the_bots_moves(ann, app, a, seed)
    bo.get(link)
    b = bo.post(f"/s/f/{code}/play", {"name": "Bo"}).headers["Location"].rsplit("/", 1)[1]
    assert store.game(b).config["seed"] == dice_of(app, seed)  # the same dice
    mid = words(bo.client.get(link).get_data(as_text=True))
    assert "Ann" in mid and "Bo (you) playing" in mid and f"/r/{a}" not in mid
    assert bo.client.get(f"/s/f/{code}/compare?a={a}&b={a}").status_code == 403
    play_the_bots_moves(bo, app, b, seed)
    both = bo.client.get(link).get_data(as_text=True)
    assert "turn by turn" in both and f"/r/{a}" in both
    cmp = bo.client.get(f"/s/f/{code}/compare?a={a}&b={b}&turn=2")
    assert cmp.status_code == 200
    text = words(cmp.get_data(as_text=True))
    assert "after 2 turns" in text and "Ann" in text and "Bo" in text
    assert bo.client.get(f"/s/f/{code}/compare?a={a}&b=ZZZZZZ").status_code == 404
    assert ann.client.get("/s/f/NOSUCH99").status_code == 404


# ------------------------------------------------------------------------- records
def test_records_page_has_streak_best_played_and_the_turns_chart(app, phone, today):
    from webapp.solo.records import today as real_today

    day = today.day = real_today()  # the chart places games by their last move: the real day
    code = start(phone, "Ann")
    turns = play_the_bots_moves(phone, app, code, day)
    page = phone.client.get("/s/me")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "turns-chart" in html and "<circle" in html
    text = words(html)
    assert "Streak 1 day" in text and "Challenges played 1" in text
    assert f"{day} {turns} turns" in text



@pytest.mark.both_databases
def test_ranks_from_the_bucket_counts_equal_the_boards_order_through_hides(app):
    store, boards = app.extensions["store"], boards_of(app)
    import random

    rng = random.Random(5)
    made = []
    for i in range(40):
        player, _secret = boards.create_player(f"P{i}")
        game = store.create_game("solo", "rollwrite", {"players": ["P"], "seed": "rk",
                                                      "options": {"dice": "seeded"}}, 1,
                                 owner=player.id)
        assert boards.enter(game, "rk", player, ranked=True)
        boards.finish(game.id, rng.randint(8, 10), rng.randint(12, 13), rng.random() < 0.9)
        made.append(player)

    def check() -> None:
        listed = boards.board("rk", limit=100)
        assert boards.listed_count("rk") == len(listed)
        for n, e in enumerate(listed, start=1):
            assert boards.rank(e) == n

    check()
    boards.set_hidden(made[3].id, True)
    boards.hide("rk", "P7")
    check()
    assert boards.listed_count("rk") == 38
    boards.set_hidden(made[3].id, False)
    boards.hide("rk", "P7", hidden=False)
    check()
    assert boards.listed_count("rk") == 40


def test_someone_elses_challenge_table_is_closed_until_one_has_played_it(app):
    ann, bo = named(app, "Ann"), named(app, "Bo")
    a = start(ann, "Ann")
    assert bo.client.get(f"/rollwrite/{a}").status_code == 403
    assert bo.client.get(f"/rollwrite/{a}/api").status_code == 403
    assert ann.client.get(f"/rollwrite/{a}").status_code == 200
    ann.client.delete_cookie(f"seat_{a}")  # the owner comes back without the seat cookie
    assert ann.client.get(f"/rollwrite/{a}").status_code == 200
    play_the_bots_moves(bo, app, start(bo, "Bo"), DAY)
    assert bo.client.get(f"/rollwrite/{a}").status_code == 200


def test_the_operator_hides_an_entry_from_the_command_line(app, db_url, capsys):
    from commandline.main import main

    ann = named(app, "Ann")
    code = start(ann, "Ann")
    play_the_bots_moves(ann, app, code, DAY)
    assert len(board_json(ann)["entries"]) == 1
    assert main(["leaderboard", "hide", DAY, code.lower(), "--database-url", db_url]) == 0
    assert "1 entry of 2026-11-24 hidden" in capsys.readouterr().out
    assert board_json(ann)["entries"] == []
    assert main(["leaderboard", "hide", DAY, "Nobody", "--database-url", db_url]) == 1
    assert main(["leaderboard", "hide", DAY, "Ann", "--show", "--database-url", db_url]) == 0
    assert len(board_json(ann)["entries"]) == 1


def test_creating_players_challenges_and_device_codes_is_rate_limited(db_url, deps):
    """They draw on the creation budget every new game draws on: the fourth creation in a
    minute gets 429 and nothing is stored for it."""
    from sqlalchemy import func, select

    from webapp import create_app
    from webapp.platform.db import friend_challenges, players

    limited = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "t",
                          "CREATE_LIMIT": "3 per minute", "RATELIMIT_ENABLED": True}, deps)
    phones = [Phone(limited.test_client()) for _ in range(4)]
    for p in phones:
        p.get("/s/")
    codes = [p.post("/s/friends", {"name": f"N{i}"}).status_code
             for i, p in enumerate(phones)]
    assert codes == [303, 303, 303, 429]
    with limited.extensions["store"].engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(players)).scalar() == 3
        assert conn.execute(select(func.count()).select_from(friend_challenges)).scalar() == 3
    assert phones[0].post("/s/me/device").status_code == 429
    assert phones[3].post("/s/device", {"code": "x"}).status_code == 429
    limited.extensions["jobs"].shutdown()
    limited.extensions["store"].engine.dispose()


def test_a_result_missed_when_the_game_ended_is_taken_from_the_log_by_its_result_page(
        app, phone):
    app.extensions["store"].when_over.clear()  # the game ends and no listener runs ...
    code = start(phone, "Ann")
    turns = play_the_bots_moves(phone, app, code, DAY)
    assert board_json(phone)["entries"] == []
    phone.client.get(f"/s/{code}/result")  # ... the result page replays the log
    assert board_json(phone)["entries"][0]["turns"] == turns
