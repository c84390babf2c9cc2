"""Play solo (/s/...): games against 1-3 bots on the companion pages (bots answer in the
request of the person's move, pages show their moves one at a time, hints), the solitaire
challenge of RULES 4 (the date as seed, the strong
bot's par, the shareable text, records per browser), and resuming an unfinished game."""

from __future__ import annotations

import html as htmlmod
import re
from datetime import date

import pytest
from flask import Flask
from flask.testing import FlaskClient

from bots.solitaire import play_state
from facade.gametext import read_text, replay_text
from rollwrite.state import GameState
from webapp.games import botplay
from webapp.solo import dice, records
from webapp.solo import routes as solo

from .conftest import Phone, Today

DAY = "2026-11-24"


@pytest.fixture(autouse=True)
def fixed_day(today: Today) -> None:
    """Today is DAY."""
    today.day = DAY


def store_of(app):
    return app.extensions["store"]


def start_bots(phone: Phone, levels: tuple[str, ...] = ("greedy", "greedy"), **extra) -> str:
    phone.get("/s/")
    data = {"name": "Ann", "bots": str(len(levels)),
            **{f"level{i + 1}": lv for i, lv in enumerate(levels)}, **extra}
    resp = phone.post("/s/bots", data)
    assert resp.status_code == 303, resp.get_data(as_text=True)
    return resp.headers["Location"].split("?")[0].rsplit("/", 1)[1]  # ?at=0: a bot began


def start_challenge(phone: Phone, seed: str | None = None) -> str:
    phone.get("/s/")
    resp = phone.post("/s/challenge", {"name": "Ann"} | ({"seed": seed} if seed else {}))
    assert resp.status_code == 303, resp.get_data(as_text=True)
    return resp.headers["Location"].rsplit("/", 1)[1]


def dice_of(app, seed: str) -> str:
    """The dice seed of the challenge `seed` on this app's installation."""
    return dice.dice_seed(app.extensions[dice.EXTENSION], seed)


def state_of(app, code: str):
    store = store_of(app)
    return store.state(store.game(code))


def act(phone: Phone, app, code: str, action: str) -> object:
    return phone.post(f"/rollwrite/{code}/act", {"seq": str(state_of(app, code).seq),
                                                 "action": action})


def play_to_the_end(phone: Phone, app, code: str, limit: int = 2000) -> int:
    """The person plays the first legal action each time (the bots answer each move before
    it returns). Returns the person's actions."""
    mine = 0
    for _ in range(limit):
        state = state_of(app, code)
        if state.is_over():
            return mine
        assert 0 in state.to_act(), "the bots left the game waiting"
        legal = phone.client.get(f"/rollwrite/{code}/api").get_json()["legal"]
        assert act(phone, app, code, forward(legal)).status_code == 303
        mine += 1
    raise AssertionError("the game did not end")


def forward(legal: list[str]) -> str:
    """A legal action that moves the game on (never a take-back)."""
    return next(a for a in legal if a.split()[1] not in ("undo", "unpick"))


def words(html: str) -> str:
    return " ".join(htmlmod.unescape(re.sub(r"<[^>]+>", " ", html)).split())


# ------------------------------------------------------------------------- starting
def test_solo_page_offers_bot_levels_and_todays_challenge(phone):
    page = phone.get("/s/").get_data(as_text=True)
    for level in ("random", "greedy", "strong", "expert"):
        assert f'value="{level}"' in page
    assert 'name="bots" value="3"' in page and 'name="bots" value="4"' not in page
    assert f'value="{DAY}"' in page  # the seed field holds today's date
    assert "/s/" in phone.get("/").get_data(as_text=True)  # the home page links here


def test_a_bots_game_seats_the_person_and_named_bots_and_remembers_the_browser(app, phone):
    code = start_bots(phone, ("strong", "random", "greedy"), mirror="on")
    store = store_of(app)
    game = store.game(code)
    seats = store.seats(game)
    assert game.kind == "solo" and game.config["options"]["mirror"] is True
    assert [s.bot for s in seats] == [None, "strong", "random", "greedy"]
    assert [s.name for s in seats] == ["Ann", "Bot 1 (strong)", "Bot 2 (random)",
                                       "Bot 3 (greedy)"]
    secret = phone.client.get_cookie("player").value  # the player (issue 27) owns it
    assert game.owner and app.extensions["boards"].player_by_secret(secret).id == game.owner
    assert phone.client.get_cookie(f"seat_{code}") is not None
    page = phone.get(f"/rollwrite/{code}").get_data(as_text=True)
    assert "Your sheet" in page and "Bot 3 (greedy)" in page


def test_a_player_who_gives_no_name_reads_as_player_in_every_sentence(app, phone):
    """The name goes into the log's sentences ("Player rolls GRPWR"): a pronoun there reads
    wrong ("You rolls"), so an empty name becomes "Player"."""
    code = start_bots(phone, name="")
    state = state_of(app, code)
    assert state.config["players"][0] == "Player"
    assert act(phone, app, code, forward([str(a) for a in state.legal_actions(0)])).status_code \
        in (200, 303)
    page = words(phone.get(f"/rollwrite/{code}/log").get_data(as_text=True))
    assert "Player " in page and "You " not in page


def test_one_bot_is_a_two_player_game(app, phone):
    code = start_bots(phone, ("greedy",))
    assert state_of(app, code).players == 2


@pytest.mark.parametrize("data, message", [
    ({"bots": "0"}, "Choose 1, 2 or 3 bots."),
    ({"bots": "4"}, "Choose 1, 2 or 3 bots."),
    ({"bots": "x"}, "Choose 1, 2 or 3 bots."),
    ({"bots": "2", "level2": "genius"}, "Bot 2: choose its level"),
    ({"bots": "1", "name": "N" * (solo.NAME_MAX + 1)}, "Give your name"),
])
def test_bad_solo_input_is_refused_with_a_message_and_nothing_is_created(app, phone, data,
                                                                          message):
    phone.get("/s/")
    resp = phone.post("/s/bots", data)
    assert resp.status_code == 400 and message in words(resp.get_data(as_text=True))
    assert store_of(app).owned(phone.client.get_cookie("browser").value
                               if phone.client.get_cookie("browser") else "-", "solo") == []


def test_a_challenge_seed_too_long_is_refused(app, phone):
    phone.get("/s/")
    resp = phone.post("/s/challenge", {"seed": "s" * 41})
    assert resp.status_code == 400 and "at most 40 characters" in resp.get_data(as_text=True)


# ------------------------------------------------------------------------- bots
def play_until_the_bots_answer(phone: Phone, app, code: str) -> tuple[int, object]:
    """The person plays until one of their moves hands the bots the turn: that move's
    position and the answer to its POST."""
    for _ in range(60):
        before = state_of(app, code).seq
        legal = phone.client.get(f"/rollwrite/{code}/api").get_json()["legal"]
        resp = act(phone, app, code, forward(legal))
        assert resp.status_code == 303
        if state_of(app, code).seq > before + 1:
            return before + 1, resp
    raise AssertionError("the bots never had a turn")


@pytest.mark.both_databases
def test_the_bots_answer_a_persons_move_before_the_post_returns(app, phone):
    code = start_bots(phone, ("greedy", "greedy"))
    mine, resp = play_until_the_bots_answer(phone, app, code)
    state = state_of(app, code)
    assert state.is_over() or 0 in state.to_act()  # the bots played until the person is due
    store = store_of(app)
    rows = store.log(store.game(code), after=mine)
    assert rows and all(r.seat in (1, 2) for r in rows)  # logged as the bots' own actions
    assert store.log(store.game(code), after=mine - 1)[0].seat == 0  # the person's move
    # shown from the person's move
    assert resp.headers["Location"] == f"/rollwrite/{code}?at={mine}"


def test_a_person_whose_move_hands_nobody_the_turn_sees_the_present(app, phone):
    code = start_bots(phone, ("greedy",))
    for _ in range(60):
        state = state_of(app, code)
        legal = phone.client.get(f"/rollwrite/{code}/api").get_json()["legal"]
        resp = act(phone, app, code, forward(legal))
        if state.phase == "roll" and state.active == 0:  # the person's roll: they go on
            assert resp.headers["Location"] == f"/rollwrite/{code}"
            assert state_of(app, code).seq == state.seq + 1
            return
    raise AssertionError("the person never rolled")


def test_skip_ahead_plays_the_bots_of_a_game_left_waiting_and_gets_never_do(
        app, phone):
    """A game whose bots were left waiting (started before bots played at once): pages and
    polls leave it as it is, "skip ahead" (a POST) plays them until the person is due."""
    code = start_bots(phone, ("greedy", "greedy"))
    store = store_of(app)
    for _ in range(60):  # the person's moves go to the store alone: no request plays the bots
        state = state_of(app, code)
        if 0 not in state.to_act():
            break
        line = forward([str(a) for a in state.legal_actions(0)])
        store.act(store.game(code), 0, line, state.seq)
    game = store.game(code)
    seq = game.seq
    assert botplay.waiting_on_bots(store, game)
    for url in (f"/rollwrite/{code}", f"/rollwrite/{code}/poll?seq={seq - 1}",
                f"/rollwrite/{code}/poll?seq={seq}"):
        phone.get(url, headers={"HX-Request": "true"})
        phone.get(url)
    assert store.head(code)[0] == seq
    page = phone.get(f"/rollwrite/{code}").get_data(as_text=True)
    assert f'action="/rollwrite/{code}/skip"' in page and "Skip ahead" in page
    resp = phone.post(f"/rollwrite/{code}/skip")
    assert resp.status_code == 303 and resp.headers["Location"] == f"/rollwrite/{code}"
    state = state_of(app, code)
    assert state.seq > seq and (state.is_over() or 0 in state.to_act())


def test_a_bot_decides_from_its_own_view_through_the_engine(app, phone, makers):
    seen = []

    class Spy:
        def choose(self, view, seat):
            seen.append((view, seat))
            from bots.rollwrite import GreedyBot
            return GreedyBot(seed=0).choose(view, seat)

    makers["rollwrite"] = lambda level, seed: Spy()
    code = start_bots(phone, ("greedy",))
    play_until_the_bots_answer(phone, app, code)
    store = store_of(app)
    game = store.game(code)
    chosen = [r for r in store.log(game) if r.seat == 1 and r.text.split()[1] != "roll"]
    assert seen and len(seen) == len(chosen) and {seat for _view, seat in seen} == {1}
    for (view, _seat), row in zip(seen, chosen, strict=True):
        assert view == store.state_at(game, row.seq - 1).view(1)  # the seat's view, no more
        assert "seed" not in str(view.get("options", {}))


@pytest.mark.both_databases
def test_a_whole_game_against_two_bots_reaches_the_end_screen(app, phone):
    code = start_bots(phone, ("strong", "greedy"))
    assert play_to_the_end(phone, app, code) > 10
    page = words(phone.get(f"/rollwrite/{code}").get_data(as_text=True))
    assert "Game over" in page and ("wins!" in page or "Shared victory" in page)
    assert "Latest moves" in page and "Play again against the same bots" in page
    assert "solo" not in [g.kind for g, _ in store_of(app).owned("x" * 32, "solo")]


@pytest.mark.both_databases
def test_play_again_keeps_the_bots_and_the_seat(app, phone):
    code = start_bots(phone, ("random",))
    play_to_the_end(phone, app, code)
    resp = phone.post(f"/rollwrite/{code}/again")
    assert resp.status_code == 303
    nxt = phone.client.get(resp.headers["Location"])
    fresh = nxt.headers["Location"].split("?")[0].rsplit("/", 1)[1]
    store = store_of(app)
    game = store.game(fresh)
    assert game.kind == "solo" and [s.bot for s in store.seats(game)] == [None, "random"]
    state = store.state(game)
    assert 0 in state.to_act()  # a bot that begins has played its turn already
    # ... shown one move at a time
    shown = f"/rollwrite/{fresh}?at=0" if state.seq else f"/rollwrite/{fresh}"
    assert nxt.headers["Location"] == shown
    assert game.config["seed"] != store.game(code).config["seed"]
    assert "Your sheet" in phone.get(f"/rollwrite/{fresh}").get_data(as_text=True)


# ------------------------------------------------------------------------- hint
def _to_main_phase(phone: Phone, app, code: str) -> None:
    for _ in range(40):
        state = state_of(app, code)
        if state.phase == "main" and 0 in state.to_act():
            return
        legal = phone.client.get(f"/rollwrite/{code}/api").get_json()["legal"]
        act(phone, app, code, forward(legal))
    raise AssertionError("never reached the main phase")


def test_hint_shows_the_strong_bots_legal_move_with_a_reason_and_its_cells(app, phone):
    code = start_challenge(phone, "hint-seed")
    _to_main_phase(phone, app, code)
    legal = phone.client.get(f"/rollwrite/{code}/api").get_json()["legal"]
    page = phone.get(f"/rollwrite/{code}")
    assert f"/rollwrite/{code}/hint" in page.get_data(as_text=True)
    resp = phone.get(f"/rollwrite/{code}/hint")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "Why:" in html
    box = html.split('class="hintbox', 1)[1].split("</section>", 1)[0]
    suggested = htmlmod.unescape(re.search(r'name="action" value="([^"]+)"', box).group(1))
    assert suggested in legal
    assert act(phone, app, code, suggested).status_code == 303  # "Play this move" works
    _to_main_phase(phone, app, code)
    while True:  # until the hint is a drawing: its cells are highlighted
        html = phone.get(f"/rollwrite/{code}/hint").get_data(as_text=True)
        box = html.split('class="hintbox', 1)[1].split("</section>", 1)[0]
        suggested = htmlmod.unescape(re.search(r'name="action" value="([^"]+)"', box).group(1))
        if " draw " in suggested:
            cells = suggested.split(":", 1)[1].lower().split(",")
            for cell in cells:
                assert re.search(rf'class="cell [^"]*preview[^"]*"[^>]*>(?:(?!</td>).)*?'
                                 rf'(?:aria-label="|"visually-hidden">){cell}, '
                                 r'[^"<]*the hinted move', html, re.S), cell
            break
        act(phone, app, code, suggested)
        if state_of(app, code).is_over():
            break
        _to_main_phase(phone, app, code)


def test_hint_is_refused_out_of_turn_and_at_a_companion_table(app, phone):
    code = start_bots(phone, ("greedy",))
    legal = phone.client.get(f"/rollwrite/{code}/api").get_json()["legal"]
    act(phone, app, code, forward(legal))  # setup done: the bot's setup is due
    resp = phone.get(f"/rollwrite/{code}/hint")
    assert resp.status_code == 409 and "your turn" in words(resp.get_data(as_text=True))
    other = Phone(app.test_client())
    assert other.get(f"/rollwrite/{code}/hint").status_code == 403


# ------------------------------------------------------------------------- challenge
def test_todays_challenge_has_the_date_as_seed_and_the_bots_dice(app, phone):
    code = start_challenge(phone)
    game = store_of(app).game(code)
    assert game.config["seed"] == dice_of(app, DAY) and game.config["challenge"] == {
        "seed": DAY, "daily": True, "created": DAY, "dice": "keyed"}
    bot = play_state(dice_of(app, DAY), "strong")  # the par: the strong bot on the same dice
    for line in bot.log:  # the same choices get the same dice on the web
        assert act(phone, app, code, line).status_code == 303, line
    assert state_of(app, code).log == bot.log
    assert app.extensions["jobs"].drain()  # the par, handed to a job when the game began
    resp = phone.get(f"/s/{code}/result")
    page = words(resp.get_data(as_text=True))
    turns = bot.turn + 1
    assert f"12 points in {turns} turns" in page
    assert f"Par (the strong bot on the same dice): {turns} turns" in page
    assert "you matched it" in page


def test_result_page_gives_a_game_text_that_replays_to_the_same_score(app, phone):
    code = start_challenge(phone, "share-me")
    play_to_the_end(phone, app, code)
    html = phone.get(f"/s/{code}/result").get_data(as_text=True)
    text = htmlmod.unescape(re.search(r'<textarea id="gametext"[^>]*>(.*?)</textarea>', html,
                                      re.S).group(1))
    final, _steps = replay_text(read_text(text), GameState)
    assert final.is_over() and final.log == state_of(app, code).log
    assert final.sheets[0].score == state_of(app, code).sheets[0].score
    assert "seed:" not in text  # the other players of the challenge roll the same dice


def test_result_of_an_unfinished_challenge_goes_back_to_the_table(app, phone):
    code = start_challenge(phone, "not-yet")
    resp = phone.get(f"/s/{code}/result")
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/rollwrite/{code}")
    bots_game = start_bots(phone, ("greedy",))
    assert phone.get(f"/s/{bots_game}/result").status_code == 404


def test_records_keep_the_best_per_daily_seed_and_count_the_streak() -> None:
    a = records.Attempt
    found = [a("A", DAY, 14, 12, True, True), a("B", DAY, 11, 13, True, True),
             a("C", "2026-11-23", 0, 8, False, True), a("D", "2026-11-23", 16, 12, True, True),
             a("E", "2026-11-21", 9, 12, True, True), a("F", "my-seed", 5, 12, True),
             a("G", "2026-11-20", 8, 12, True, False)]  # practice: typed in on another day
    best = records.best_by_seed(found)
    assert best[DAY].code == "B" and best["2026-11-23"].code == "D"
    assert best["2026-11-20"].code == "G"  # practice counts for the records of its date
    assert records.streak(found, date(2026, 11, 24)) == 2  # the 24th and 23rd; not the 21st
    assert records.streak(found, date(2026, 11, 25)) == 2  # today's still to play
    assert records.streak(found, date(2026, 11, 26)) == 0
    assert records.streak([a("C", DAY, 0, 8, False, True)], date(2026, 11, 24)) == 0
    assert records.streak([a("G", "2026-11-20", 8, 12, True, False)], date(2026, 11, 20)) == 0
    assert records.streak([a("G", "2026-11-20", 8, 12, True, False),
                        a("H", "2026-11-21", 9, 12, True, True)], date(2026, 11, 21)) == 1


def test_only_a_date_played_on_that_date_is_a_daily_challenge() -> None:
    assert records.challenge_settings(DAY, DAY) == {"seed": DAY, "daily": True, "created": DAY}
    for seed in ("2026-11-23", "2026-11-25", "my-seed", "2026-02-30"):
        settings = records.challenge_settings(seed, DAY)
        assert settings["daily"] is False and not records.played_on_its_date(settings), seed
    assert records.played_on_its_date({"seed": DAY, "daily": True, "created": DAY})
    # a game kept before the creation date was recorded, or a hand-made config, is practice
    assert not records.played_on_its_date({"seed": DAY, "daily": True})
    assert not records.played_on_its_date({"seed": DAY, "daily": False, "created": DAY})


def play_the_bots_moves(phone: Phone, app: Flask, code: str, seed: str) -> int:
    """Play a challenge with the strong bot's moves on its seed (12 points); its turns."""
    bot = play_state(dice_of(app, seed), "strong")
    for line in bot.log:
        assert act(phone, app, code, line).status_code == 303, line
    state = state_of(app, code)
    assert state.is_over() and state.sheets[0].score >= 12
    return bot.turn + 1


def records_words(phone: Phone) -> str:
    page = words(phone.get("/s/").get_data(as_text=True))
    assert "Your records" in page
    return page


def test_a_past_date_typed_as_the_seed_is_practice_kept_for_records_not_the_streak(
        app: Flask, phone: Phone) -> None:
    code = start_challenge(phone, "2026-11-23")  # yesterday's date, typed in today
    game = store_of(app).game(code)
    assert game.config["challenge"] == {"seed": "2026-11-23", "daily": False, "created": DAY,
                                        "dice": "keyed"}
    turns = play_the_bots_moves(phone, app, code, "2026-11-23")
    result = words(phone.get(f"/s/{code}/result").get_data(as_text=True))
    assert f"12 points in {turns} turns" in result and "A practice game" in result
    assert "Streak: 0 days in a row" in result
    page = records_words(phone)
    assert "Streak: 0 days in a row" in page  # yesterday's 12 points were not made yesterday
    assert f"2026-11-23 {turns} turns (practice)" in page  # ... but they are its record
    assert records.records(store_of(app), game.owner, DAY)["streak"] == 0

    today = start_challenge(phone)  # today's challenge, today: the streak starts
    play_the_bots_moves(phone, app, today, DAY)
    assert "Streak: 1 day in a row" in records_words(phone)
    assert "A practice game" not in words(phone.get(f"/s/{today}/result").get_data(
        as_text=True))


def test_daily_challenges_played_on_their_own_dates_make_the_streak(
        app: Flask, phone: Phone, today: Today) -> None:
    today.day = "2026-11-23"  # yesterday ...
    yesterday = start_challenge(phone)
    play_the_bots_moves(phone, app, yesterday, "2026-11-23")
    assert store_of(app).game(yesterday).config["challenge"]["daily"] is True
    today.day = DAY  # ... and today
    assert "Streak: 1 day in a row" in records_words(phone)  # today's still to play
    code = start_challenge(phone)
    play_the_bots_moves(phone, app, code, DAY)
    page = records_words(phone)
    assert "Streak: 2 days in a row" in page and "(practice)" not in page
    result = words(phone.get(f"/s/{code}/result").get_data(as_text=True))
    assert "Streak: 2 days in a row" in result and "A practice game" not in result


@pytest.mark.both_databases
def test_records_are_kept_with_the_games_of_the_browser(app, phone):
    code = start_challenge(phone)
    play_to_the_end(phone, app, code)
    page = words(phone.get("/s/").get_data(as_text=True))
    assert "Your records" in page and "Streak: 1 day in a row" in page and DAY in page
    other = Phone(app.test_client())
    assert "Your records" not in other.get("/s/").get_data(as_text=True)


# ------------------------------------------------------------------------- the short link
def test_the_short_link_opens_a_solo_game_where_it_stands(app: Flask, phone: Phone,
                                                           client: FlaskClient) -> None:
    bots = start_bots(phone, ("greedy",))
    resp = client.get(f"/s/{bots}")
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/rollwrite/{bots}")
    assert client.get(f"/s/{bots.lower()}").headers["Location"].endswith(f"/rollwrite/{bots}")
    challenge = start_challenge(phone, "short-link")
    resp = client.get(f"/s/{challenge}")  # still being played: its table
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/rollwrite/{challenge}")
    play_to_the_end(phone, app, challenge)
    resp = client.get(f"/s/{challenge}")  # over: its result
    assert resp.status_code == 303
    assert resp.headers["Location"].endswith(f"/s/{challenge}/result")
    assert "Challenge “short-link”" in words(phone.get(resp.headers["Location"]).get_data(
        as_text=True))
    play_to_the_end(phone, app, bots)
    resp = client.get(f"/s/{bots}")  # a bots game over: its end screen at the table
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/rollwrite/{bots}")


def test_the_short_link_of_no_solo_game_is_404(app: Flask, client: FlaskClient) -> None:
    store = store_of(app)
    table = store.create_game("table", "rollwrite", {"players": ["A", "B"], "seed": "x",
                                                     "options": {"mirror": False,
                                                                 "dice": "seeded"}}, 2)
    for code in (table.code, "ZZZZZZ"):
        resp = client.get(f"/s/{code}")
        assert resp.status_code == 404, code
        assert 'role="alert"' in resp.get_data(as_text=True)


# ------------------------------------------------------------------------- resuming
@pytest.mark.both_databases
def test_an_unfinished_game_is_listed_and_resumes_without_the_seat_cookie(app, phone):
    code = start_bots(phone, ("greedy",))
    assert code in phone.get("/").get_data(as_text=True)  # the home page lists it
    assert code in phone.get("/s/").get_data(as_text=True)
    phone.client.delete_cookie(f"seat_{code}")
    page = phone.get(f"/rollwrite/{code}").get_data(as_text=True)
    assert "Your sheet" in page  # the browser that started it still holds its seat
    other = Phone(app.test_client())
    assert code not in other.get("/").get_data(as_text=True)
    assert "Your sheet" not in other.get(f"/rollwrite/{code}").get_data(as_text=True)
    legal = phone.client.get(f"/rollwrite/{code}/api").get_json()["legal"]
    assert act(other, app, code, forward(legal)).status_code == 403
