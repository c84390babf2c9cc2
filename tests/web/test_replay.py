"""Replays (/r/...): a stored Roll & Write game move by move (at, turn, previous/next, htmx
fragment), its shareable text, the paste page, every refusal, and the round trip: a companion
game played through the app, exported as text, replayed by the command line's function and by
the paste page, ends with the live game's state and scores. Solo games (against bots, and the
solitaire challenge) replay too, with a link back to their own page."""

from __future__ import annotations

import random
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from commandline.replay import replay as cli_replay
from commandline.replay import run as cli_run
from rollwrite.state import GameState
from webapp.platform.db import games

from .conftest import Phone, Seeds
from .test_solo import act, forward, play_to_the_end, start_bots, start_challenge
from .test_tables import api, play_until, table_of


@pytest.fixture(autouse=True)
def fixed_seeds(seeds: Seeds) -> None:
    """Companion games get the seeds "replay-1", "replay-2", ...: the same dice every run."""
    seeds.prefix = "replay"


def store_of(app):
    return app.extensions["store"]


def stored_game(app, players=("Ann", "Bo"), seed="stored", steps=None, kind="table"):
    """A Roll & Write game put in the store by random legal moves (the engine's own rolls):
    played to its end, or `steps` actions."""
    store = store_of(app)
    config = {"players": list(players), "seed": seed,
              "options": {"mirror": False, "dice": "seeded"}}
    game = store.create_game(kind, "rollwrite", config, len(players))
    for seat, name in enumerate(players):
        store.claim_seat(game, seat, name)
    rng = random.Random(5)
    state = store.state(game)
    while not state.is_over() and (steps is None or state.seq < steps):
        if state.is_chance():
            state, _ = store.act(game, None, str(state.chance_action()), None)
            continue
        seat = state.to_act()[0]
        legal = [str(a) for a in state.legal_actions(seat) if not str(a).endswith("undo")]
        state, _ = store.act(game, seat, rng.choice(legal), None)
    return store.game(game.code), state


def where(html: str) -> tuple[int, int]:
    """(step, last step) from "Step N of M"."""
    m = re.search(r'class="where">Step (\d+) of (\d+)<', html)
    assert m, "the page shows no step counter"
    return int(m.group(1)), int(m.group(2))


def shown_scores(html: str) -> list[int]:
    return [int(x) for x in re.findall(r'<span class="pts">(\d+)</span>', html)]


def game_count(app) -> int:
    with store_of(app).engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(games)).scalar_one()


# ------------------------------------------------------------------------- the replay page
def test_the_page_starts_at_the_beginning_and_steps_by_at(app, client):
    game, state = stored_game(app)
    html = client.get(f"/r/{game.code}").get_data(as_text=True)
    assert where(html) == (0, state.seq)
    assert "The game begins" in html and 'rel="prev"' not in html and 'rel="next"' in html
    assert shown_scores(html) == [0, 0]
    for at in (1, 7, state.seq):
        resp = client.get(f"/r/{game.code}?at={at}")
        html = resp.get_data(as_text=True)
        assert resp.status_code == 200 and where(html) == (at, state.seq)
        assert state.log[at - 1] not in html  # the step in words, not in the notation
        assert f'href="/r/{game.code}?at={at - 1}"' in html  # previous
    assert shown_scores(html) == state.scores()
    assert 'rel="next"' not in html and "Game over" in html
    words = state.log[0]
    assert words.startswith("p1 setup")  # two players: the setup comes first


def test_the_step_is_said_in_words_with_the_seats_names(app, client):
    game, state = stored_game(app, players=("Zoé", "Bo"))
    at = next(n for n, line in enumerate(state.log, start=1) if line.split()[1] == "roll")
    line = state.log[at - 1]
    replayed = GameState(game.config)
    for earlier in state.log[:at]:
        events = replayed.apply(earlier)
    html = client.get(f"/r/{game.code}?at={at}").get_data(as_text=True)
    faces = line.split()[2]
    assert "Zoé rolls " in html and faces not in html and len(events) == 1
    assert re.search(r"Zoé rolls \d (red|blue|purple|green|yellow|white) di(e|ce)", html)


def test_the_cells_a_step_drew_are_marked_on_that_players_sheet(app, client):
    game, state = stored_game(app)
    at = next(n for n, line in enumerate(state.log, start=1) if line.split()[1] == "draw")
    player, _verb, placement = state.log[at - 1].split()
    cells = sorted(c.lower() for c in placement.split(":")[1].split(","))
    html = client.get(f"/r/{game.code}?at={at}").get_data(as_text=True)
    seat = int(player[1:]) - 1
    sheet = html[html.index(f'id="sheet-{seat}"'):]
    sheet = sheet[:sheet.index("</section>")]
    marked = re.findall(r'<td class="cell acted[^"]*"[^>]*>\s*<span>'
                        r'(?:<span aria-hidden="true">)?([XO])<', sheet)
    assert len(marked) == len(cells) and html.count("cell acted") == len(cells)


def test_turn_jumps_to_the_start_of_that_turn(app, client):
    game, state = stored_game(app, players=("Ann", "Bo", "Cy"))
    replayed = GameState(game.config)
    starts = {1: 0}
    for n, line in enumerate(state.log, start=1):
        replayed.apply(line)
        starts.setdefault(replayed.turn + 1, n)
    for turn in (1, 2, 5, max(starts)):
        html = client.get(f"/r/{game.code}?turn={turn}").get_data(as_text=True)
        assert where(html)[0] == starts[turn], turn
        if turn > 1:
            assert f"Turn {turn}:" in html or "Game over" in html


@pytest.mark.parametrize("query, message", [
    ("at=-1", "There is no step -1"),
    ("at=100000", "There is no step 100000"),
    ("at=abc", "is not a step number"),
    ("turn=0", "There is no turn 0"),
    ("turn=999", "There is no turn 999"),
    ("turn=x", "is not a turn number"),
])
def test_a_position_that_does_not_exist_gets_400_and_the_start(app, client, query, message):
    game, state = stored_game(app)
    resp = client.get(f"/r/{game.code}?{query}")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400 and message in html
    assert where(html) == (0, state.seq)  # the board still shows, at the start


def test_htmx_gets_the_board_fragment_only(app, client):
    game, _state = stored_game(app)
    resp = client.get(f"/r/{game.code}?at=3", headers={"HX-Request": "true"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and html.lstrip().startswith(("{#", "<section", "\n"))
    assert 'id="replay"' in html and "<html" not in html and "<h1>" not in html
    bad = client.get(f"/r/{game.code}?turn=999", headers={"HX-Request": "true"})
    assert bad.status_code == 400 and 'id="replay"' in bad.get_data(as_text=True)


def test_an_unknown_code_gets_404_no_such_game(client):
    for url in ("/r/ZZZZZZ", "/r/ZZZZZZ?at=3", "/r/ZZZZZZ/text"):
        resp = client.get(url)
        assert resp.status_code == 404 and "No such game" in resp.get_data(as_text=True), url


def test_card_and_dice_games_have_no_replay_and_say_so(app, client):
    store = store_of(app)
    card = store.create_game("card", "boardgame",
                             {"players": ["A", "B"], "seed": 1, "options": {}}, 2)
    dice = store.create_game("dice", "dice", {"players": ["A"], "seed": "x"}, 0)
    for game in (card, dice):
        for url in (f"/r/{game.code}", f"/r/{game.code}/text"):
            resp = client.get(url)
            assert resp.status_code == 404, url
            assert "Move-by-move replays are for Roll &amp; Write games" in resp.get_data(
                as_text=True)


def test_an_unfinished_game_replays_its_log_only_and_its_text_keeps_the_seed_back(app, client):
    game, state = stored_game(app, seed="secret-seed-42", steps=30)
    assert not state.is_over() and game.status == "open"
    html = client.get(f"/r/{game.code}?at=30").get_data(as_text=True)
    assert where(html) == (30, 30)
    assert "as far as it has been played" in html
    assert client.get(f"/r/{game.code}?at=31").status_code == 400  # never a roll ahead
    text = client.get(f"/r/{game.code}/text").get_data(as_text=True)
    assert "secret-seed-42" not in text and "\nseed:" not in text
    assert "secret-seed-42" not in html
    _parsed, replayed, steps = cli_replay(text)  # the logged rolls are taken as written
    assert replayed.log == state.log and replayed.scores() == state.scores() and len(steps) == 30


def test_the_text_of_a_finished_game_is_plain_text_with_the_seed(app, client):
    game, state = stored_game(app, seed="open-after-the-end")
    resp = client.get(f"/r/{game.code}/text")
    text = resp.get_data(as_text=True)
    assert resp.status_code == 200 and resp.mimetype == "text/plain"
    assert f'filename="copenhagen-{game.code}.txt"' in resp.headers["Content-Disposition"]
    lines = [ln for ln in text.splitlines() if not ln.startswith("#")]
    assert lines[:5] == ["copenhagen-game: 1", "edition: rollwrite", 'players: ["Ann", "Bo"]',
                         'options: {"dice": "seeded", "mirror": false}',
                         'seed: "open-after-the-end"']
    assert lines[5:] == state.log


# ------------------------------------------------------------------------- the paste page
def test_the_paste_page_has_a_form(phone):
    resp = phone.get("/r")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and 'name="text"' in html and 'name="csrf_token"' in html


def test_a_pasted_text_becomes_a_read_only_replay(app, client, phone):
    game, state = stored_game(app)
    text = client.get(f"/r/{game.code}/text").get_data(as_text=True)
    phone.get("/r")
    resp = phone.post("/r", {"text": text})
    assert resp.status_code == 303
    code = resp.headers["Location"].rsplit("/", 1)[1]
    copy = store_of(app).game(code)
    assert (copy.kind, copy.edition, copy.status) == ("replay", "rollwrite", "over")
    assert [r.text for r in store_of(app).log(copy)] == state.log
    assert store_of(app).seats(copy) == []  # nobody can sit at it, nobody can act in it
    html = phone.get(f"/r/{code}?at={state.seq}").get_data(as_text=True)
    assert shown_scores(html) == state.scores() and "Back to the table" not in html
    assert phone.post(f"/rollwrite/{code}/act", {"action": "p1 end"}).status_code == 404
    # the home page's code field takes a replay's code to the replay
    resp = phone.get(f"/rollwrite/join?code={code.lower()}")
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/r/{code}")


@pytest.mark.parametrize("mangle, line, why", [
    (lambda t: "hello\n" + t, 1, "not a Copenhagen game text"),
    (lambda t: t.replace("edition: rollwrite", "edition: boardgame"), None,
     "Replays here are for Roll &amp; Write games"),
    (lambda t: t.replace('players: ["Ann", "Bo"]', "players: []"), 4, "players are a list"),
    (lambda t: t.replace("copenhagen-game: 1", "copenhagen-game: 7"), 2, "Version 7"),
    (lambda t: t + "p1 fly away\n", -1, "no such move"),
    (lambda t: t + "p1 end\n", -1, "game is over"),
])
def test_a_bad_pasted_text_gets_400_naming_the_line_and_why(app, client, phone, mangle, line,
                                                            why):
    game, _state = stored_game(app)
    text = mangle(client.get(f"/r/{game.code}/text").get_data(as_text=True))
    before = game_count(app)
    phone.get("/r")
    resp = phone.post("/r", {"text": text})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400 and why in html, html[:2000]
    if line is not None:
        number = len(text.splitlines()) if line == -1 else line
        assert f"Line {number}" in html
    assert game_count(app) == before  # nothing stored
    assert "copenhagen-game" in html  # the text is kept in the form to fix it


def test_a_changed_roll_is_refused_by_the_engine_with_its_line(app, client, phone):
    game, state = stored_game(app)
    text = client.get(f"/r/{game.code}/text").get_data(as_text=True)
    lines = text.splitlines()
    n = next(i for i, ln in enumerate(lines) if " roll " in ln)
    faces = lines[n].split()[2]
    lines[n] = lines[n].replace(faces, "".join("R" if f != "R" else "B" for f in faces))
    phone.get("/r")
    resp = phone.post("/r", {"text": "\n".join(lines)})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400
    assert f"Line {n + 1} ({lines[n]})" in html and "typed dice are refused" in html


def test_an_empty_or_oversized_paste_is_refused(app, phone):
    phone.get("/r")
    assert phone.post("/r", {"text": "   "}).status_code == 400
    resp = phone.post("/r", {"text": "p" * 61_000})
    assert resp.status_code == 400 and "longer than 60000 characters" in resp.get_data(
        as_text=True)


# ------------------------------------------------------------------------- the round trip
@pytest.mark.both_databases
def test_a_companion_game_round_trips_through_its_text(app, phones, tmp_path, capsys):
    code = table_of(app, phones, 2)
    view = play_until(phones[:2], code, lambda v: v["over"], random.Random(3))
    live = [p["score"] for p in view["players"]]
    store = store_of(app)
    live_log = [r.text for r in store.log(store.game(code))]
    end = phones[0].get(f"/rollwrite/{code}").get_data(as_text=True)
    assert f'href="/r/{code}"' in end and f'href="/r/{code}/text"' in end
    assert "Share / download this game as text" in end

    text = phones[0].get(f"/r/{code}/text").get_data(as_text=True)
    _parsed, state, _steps = cli_replay(text)  # the command line's function
    assert state.is_over() and state.scores() == live and state.log == live_log
    assert state.winners() == view["winners"]
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    assert cli_run(str(path)) == 0
    out = capsys.readouterr().out
    assert f"final scores: Ann {live[0]}, P2 {live[1]}" in out

    phones[2].get("/r")
    resp = phones[2].post("/r", {"text": text})  # the paste page
    copy = resp.headers["Location"].rsplit("/", 1)[1]
    last = phones[2].get(f"/r/{copy}?at={len(live_log)}").get_data(as_text=True)
    original = phones[2].get(f"/r/{code}?at={len(live_log)}").get_data(as_text=True)
    assert shown_scores(last) == shown_scores(original) == live
    assert api(phones[0], code)["view"]["over"]


# ------------------------------------------------------------------------- solo games
@pytest.mark.both_databases
def test_a_finished_solo_game_against_bots_replays_with_their_names_and_a_way_back(
        app: Flask, phone: Phone, client: FlaskClient) -> None:
    code = start_bots(phone, ("greedy", "random"))
    play_to_the_end(phone, app, code)
    store = store_of(app)
    game = store.game(code)
    state = store.state(game)
    assert game.kind == "solo" and game.status == "over" and state.players == 3
    end = phone.get(f"/rollwrite/{code}").get_data(as_text=True)
    assert f'href="/r/{code}"' in end  # the end screen leads to the replay

    html = client.get(f"/r/{code}").get_data(as_text=True)
    assert where(html) == (0, state.seq)
    assert "Bot 1 (greedy)" in html and "Bot 2 (random)" in html and "Ann" in html
    assert f'<a href="/rollwrite/{code}">Back to the game</a>' in html
    last = client.get(f"/r/{code}?at={state.seq}").get_data(as_text=True)
    assert shown_scores(last) == state.scores() and "Game over" in last
    bot_step = next(n for n, r in enumerate(store.log(game), start=1) if r.seat == 1
                    and r.text.split()[1] == "choose")
    step = client.get(f"/r/{code}?at={bot_step}").get_data(as_text=True)
    said = re.search(r'<p class="words">([^<]*)</p>', step)
    assert said and said.group(1).startswith("Bot 1 (greedy) "), said  # the step in words

    text = client.get(f"/r/{code}/text").get_data(as_text=True)
    assert 'players: ["Ann", "Bot 1 (greedy)", "Bot 2 (random)"]' in text
    assert f'seed: "{game.config["seed"]}"' in text  # over: the seed is given
    _parsed, replayed, _steps = cli_replay(text)
    assert replayed.log == state.log and replayed.scores() == state.scores()


def test_a_finished_solitaire_challenge_replays_and_leads_back_to_its_result(
        app: Flask, phone: Phone, client: FlaskClient) -> None:
    code = start_challenge(phone, "replay-the-solitaire")
    play_to_the_end(phone, app, code)
    store = store_of(app)
    game = store.game(code)
    state = store.state(game)
    assert game.status == "over" and state.players == 1
    result = phone.get(f"/s/{code}/result").get_data(as_text=True)
    assert f'href="/r/{code}"' in result  # "Replay move by move"

    assert client.get(f"/r/{code}").status_code == 403  # someone else's: no spoilers
    html = phone.client.get(f"/r/{code}").get_data(as_text=True)
    assert where(html) == (0, state.seq) and shown_scores(html) == [0]
    assert f'<a href="/s/{code}/result">Back to the result</a>' in html
    assert "Back to the table" not in html
    last = phone.client.get(f"/r/{code}?at={state.seq}").get_data(as_text=True)
    assert shown_scores(last) == state.scores() and state.scores()[0] > 0
    turn = state.turn + 1
    assert where(phone.client.get(f"/r/{code}?turn={turn}").get_data(as_text=True))[0] > 0

    text = phone.client.get(f"/r/{code}/text").get_data(as_text=True)
    # the challenge's keyed dice seed is never written: its other players roll the same dice
    assert "seed:" not in text and 'players: ["Ann"]' in text
    phone.get("/r")
    resp = phone.post("/r", {"text": text})  # pasted: a read-only copy, same end
    assert resp.status_code == 303
    copy = resp.headers["Location"].rsplit("/", 1)[1]
    again = phone.client.get(f"/r/{copy}?at={state.seq}").get_data(as_text=True)
    assert shown_scores(again) == state.scores() and "Back to the" not in again


def test_an_unfinished_solitaire_replays_as_far_as_played_and_leads_back_to_the_table(
        app: Flask, phone: Phone, client: FlaskClient) -> None:
    code = start_challenge(phone, "still-playing")
    legal = phone.client.get(f"/rollwrite/{code}/api").get_json()["legal"]
    assert act(phone, app, code, forward(legal)).status_code == 303
    html = phone.client.get(f"/r/{code}").get_data(as_text=True)
    assert where(html) == (0, 1) and f'<a href="/rollwrite/{code}">Back to the game</a>' in html
    assert "still-playing" not in phone.client.get(f"/r/{code}/text").get_data(as_text=True)
