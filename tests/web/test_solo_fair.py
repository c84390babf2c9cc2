"""A fair challenge (issue 42): a challenge's dice come from its seed and the installation's
key, so nobody computes them offline; every server of one installation rolls the same; no
answer shows a roll before it is rolled; a ranked game must end (or be given up) before its
dice can be practised; the games stored before the key keep their dice, par and rank."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from flask import Flask
from sqlalchemy import text

from bots.solitaire import play_state
from rollwrite.dice import faces_text, seeded_roll
from rollwrite.phases import REROLL, ROLL
from tests.dbs import database
from tests.web.conftest import Phone, StandIn, Today
from tests.web.test_solo import (
    DAY,
    act,
    dice_of,
    forward,
    play_the_bots_moves,
    start_challenge,
    state_of,
    store_of,
    words,
)
from webapp import create_app
from webapp.games.engines import FACTORIES
from webapp.platform.db import alembic_config, make_engine
from webapp.platform.deps import Deps
from webapp.platform.player_store import rank_key
from webapp.platform.store import Store, utcnow
from webapp.players.identity import PLAYER_COOKIE
from webapp.solo import dice, pars

OWNER = "a" * 32  # the browser id of a game from before players


@pytest.fixture(autouse=True)
def fixed_day(today: Today) -> None:
    """Today is DAY."""
    today.day = DAY


def app_on(url: str, deps: Deps) -> Flask:
    """Another app (another server) on the database at `url`."""
    return create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "test-secret",
                       "HTMX_URL": "/static/vendor/htmx.min.js",
                       "RATELIMIT_ENABLED": False}, deps)


def first_roll(app: Flask, seed: str) -> str:
    """The first roll of the challenge `seed` as a new player of `app` gets it."""
    phone = Phone(app.test_client())
    code = start_challenge(phone, seed)
    while not any(" roll " in line for line in state_of(app, code).log):  # the setup first
        legal = phone.client.get(f"/rollwrite/{code}/api").get_json()["legal"]
        assert act(phone, app, code, forward(legal)).status_code == 303
    roll = next(line for line in state_of(app, code).log if " roll " in line)
    return roll.split()[-1]


# ------------------------------------------------------------------------- the dice's source
def test_the_dice_agree_between_servers_of_one_installation_and_differ_between_two(
        app: Flask, db_url: str, deps: Deps, tmp_path: Path) -> None:
    seed = "fair-dice"
    other_server = app_on(db_url, deps)  # a second server on the same database
    (tmp_path / "elsewhere").mkdir()
    with database("sqlite", tmp_path / "elsewhere") as elsewhere_url:
        pass
    elsewhere = app_on(elsewhere_url, deps)  # another installation: its own key
    try:
        assert app.extensions[dice.EXTENSION] == other_server.extensions[dice.EXTENSION]
        assert app.extensions[dice.EXTENSION] != elsewhere.extensions[dice.EXTENSION]
        here = [first_roll(app, f"{seed}-{n}") for n in range(4)]
        assert here == [first_roll(other_server, f"{seed}-{n}") for n in range(4)]
        there = [first_roll(elsewhere, f"{seed}-{n}") for n in range(4)]
        assert here != there
        # nobody computes them from the engine and the seed alone (the open dice)
        assert here != [faces_text(seeded_roll(f"{seed}-{n}", 0, 0)) for n in range(4)]
        assert here == [faces_text(seeded_roll(dice_of(app, f"{seed}-{n}"), 0, 0))
                        for n in range(4)]
    finally:
        other_server.extensions["jobs"].shutdown()
        elsewhere.extensions["jobs"].shutdown()


def test_the_command_line_plays_practice_dice_and_says_so_without_the_key(
        app: Flask, db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    from commandline.main import main

    assert main(["solitaire", "--seed", DAY, "--bot", "greedy", "--json"]) == 0
    out = capsys.readouterr()
    practice = json.loads(out.out)
    assert practice["dice"] == "practice" and "practice dice" in out.err
    assert practice["log"] == play_state(DAY, "greedy").log
    assert main(["solitaire", "--seed", DAY, "--bot", "greedy", "--json",
                 "--database-url", db_url]) == 0
    keyed = json.loads(capsys.readouterr().out)
    assert keyed["dice"] == "installation" and keyed["seed"] == DAY
    assert keyed["log"] == play_state(dice_of(app, DAY), "greedy").log != practice["log"]


# ------------------------------------------------------------------------- no roll ahead
def game_answers(phone: Phone, code: str) -> dict[str, str]:
    """Every page and JSON answer of a game its player can ask for (redirects as they
    answer)."""
    out = {}
    for url in (f"/rollwrite/{code}", f"/rollwrite/{code}/api", f"/rollwrite/{code}/poll",
                f"/rollwrite/{code}/log",
                f"/rollwrite/{code}/version", f"/rollwrite/{code}/sheet/0", f"/s/{code}",
                f"/s/{code}/result", f"/r/{code}", f"/r/{code}/text", f"/r/{code}/review",
                f"/rollwrite/{code}/poll?seq=0", "/s/", f"/s/leaderboard/{DAY}",
                f"/s/leaderboard/{DAY}?format=json", "/s/me"):
        resp = phone.client.get(url)
        out[url] = resp.get_data(as_text=True) + json.dumps(dict(resp.headers))
    return out


def rolls_to_come(dice_seed: str, turn: int, rerolls: int, phase: str) -> list[str]:
    """The rolls not yet rolled: this turn's rerolls still possible, the next turns'."""
    out = []
    first = rerolls + (0 if phase in (ROLL, REROLL) else 1)
    out += [faces_text(seeded_roll(dice_seed, turn, r)) for r in range(first, first + 3)]
    out += [faces_text(seeded_roll(dice_seed, t, r)) for t in (turn + 1, turn + 2)
            for r in range(3)]
    return out


def test_no_answer_shows_a_roll_before_it_is_rolled(app: Flask, phone: Phone) -> None:
    code = start_challenge(phone)
    key = app.extensions[dice.EXTENSION]
    dice_seed = store_of(app).game(code).config["seed"]
    for _step in range(400):
        state = state_of(app, code)
        answers = game_answers(phone, code)
        t = state.turn_state
        future = rolls_to_come(dice_seed, state.turn, t.rerolls, str(t.phase))
        rolled = {line.split()[-1] for line in state.log if " roll " in line}
        for url, body in answers.items():
            assert dice_seed not in body and key not in body, url
            assert "seed:" not in body, url  # no game text gives a seed, over or not
            for faces in future:
                if faces not in rolled:  # a roll to come that was never rolled before
                    assert f"roll {faces}" not in body, (url, faces)
        if state.is_over():
            break
        legal = phone.client.get(f"/rollwrite/{code}/api").get_json()["legal"]
        wanted = [a for a in legal if " reroll " in a] if t.rerolls == 0 else []
        assert act(phone, app, code, (wanted or [forward(legal)])[0]).status_code == 303
    assert state_of(app, code).is_over()


# ------------------------------------------------------------------------- no practice first
def test_a_second_start_of_an_unfinished_ranked_seed_resumes_it_on_every_device(
        app: Flask, phone: Phone) -> None:
    ranked = start_challenge(phone)
    assert start_challenge(phone) == ranked  # the form again: back to the same game
    board = phone.client.get(f"/s/leaderboard/{DAY}").get_data(as_text=True)
    assert "Go on playing" in board and "(practice)" not in board
    # the same player on a second device (a device code) is sent to it too
    code = phone.post("/s/me/device").get_data(as_text=True).split(
        'code aria-label="', 1)[1].split('"', 1)[0]
    other = Phone(app.test_client())
    other.get("/s/device")
    welcome = other.post("/s/device", {"code": code}, follow_redirects=True)
    assert "The code worked: this device now plays as Ann" in words(
        welcome.get_data(as_text=True))
    assert start_challenge(other) == ranked
    assert len(store_of(app).owned(store_of(app).game(ranked).owner, "solo")) == 1
    # given up (on the game page, after its confirmation): practice opens
    form = other.get(f"/rollwrite/{ranked}").get_data(as_text=True)
    assert f'href="/s/{ranked}/give-up"' in form
    confirm = other.get(f"/s/{ranked}/give-up")
    assert confirm.status_code == 200 and "Yes, give up" in confirm.get_data(as_text=True)
    assert other.post(f"/s/{ranked}/give-up").headers["Location"].endswith(
        f"/s/{ranked}/result")
    practice = start_challenge(phone)
    assert practice != ranked
    assert store_of(app).game(practice).config["seed"] == store_of(app).game(
        ranked).config["seed"]  # the same dice, now for practice


def test_a_given_up_game_shows_its_result_and_no_more_moves(app: Flask, phone: Phone) -> None:
    code = start_challenge(phone, "give-up-here")
    act(phone, app, code, forward(phone.client.get(f"/rollwrite/{code}/api").get_json()["legal"]))
    assert phone.client.get(f"/s/{code}/give-up").status_code == 200
    stranger = Phone(app.test_client())
    stranger.get("/s/")
    assert stranger.post(f"/s/{code}/give-up").status_code == 403
    phone.post(f"/s/{code}/give-up")
    page = phone.client.get(f"/rollwrite/{code}")
    assert page.status_code == 303 and page.headers["Location"].endswith(f"/s/{code}/result")
    htmx = phone.client.get(f"/rollwrite/{code}/poll?seq=0", headers={"HX-Request": "true"})
    assert htmx.headers["HX-Redirect"].endswith(f"/s/{code}/result")
    result = words(phone.client.get(f"/s/{code}/result").get_data(as_text=True))
    assert "You gave up this game" in result
    assert "End turn" not in result and "Hint" not in result and "practice" not in result
    seq = state_of(app, code).seq
    assert act(phone, app, code, "p1 end").status_code == 303  # sent to the result ...
    assert state_of(app, code).seq == seq  # ... and nothing was played
    assert phone.client.get(f"/s/{code}/give-up").status_code == 409


def test_a_game_with_hints_is_listed_apart_from_the_ranking(app: Flask, phone: Phone) -> None:
    helped = start_challenge(phone)
    setup = forward(phone.client.get(f"/rollwrite/{helped}/api").get_json()["legal"])
    act(phone, app, helped, setup)
    while state_of(app, helped).is_chance() or 0 not in state_of(app, helped).to_act():
        act(phone, app, helped,
            forward(phone.client.get(f"/rollwrite/{helped}/api").get_json()["legal"]))
    assert phone.client.get(f"/rollwrite/{helped}/hint").status_code == 200
    bot = play_state(dice_of(app, DAY), "strong")
    store = store_of(app)
    game = store.game(helped)
    for line in bot.log[state_of(app, helped).seq:]:
        store.act(game, 0, line, None)
        game = store.game(helped)
    assert game.status == "over"
    other = Phone(app.test_client())
    plain = start_challenge(other)
    play_the_bots_moves(other, app, plain, DAY)
    out = other.client.get(f"/s/leaderboard/{DAY}?format=json").get_json()
    assert [e["code"] for e in out["entries"]] == [plain]
    assert [e["code"] for e in out["with_hints"]] == [helped] and out["with_hints"][0]["hints"]
    page = words(other.client.get(f"/s/leaderboard/{DAY}").get_data(as_text=True))
    assert "Played with hints" in page and "2 players from one address" in page


def test_friend_challenges_are_named_by_who_made_them_and_the_date(app: Flask) -> None:
    ann = Phone(app.test_client())
    ann.get("/s/")
    link = ann.post("/s/friends", {"seed": "new", "name": "Ann"}).headers["Location"]
    seed = app.extensions["boards"].challenge(link.rsplit("/", 1)[1])["seed"]
    page = words(ann.client.get(link).get_data(as_text=True))
    assert "Ann’s challenge of" in page and seed not in page
    board = words(ann.client.get(f"/s/leaderboard/{seed}").get_data(as_text=True))
    assert "Ann’s challenge of" in board and seed not in board


# ------------------------------------------------------------------------- stored games
def test_games_stored_before_the_key_replay_rank_and_keep_their_par(
        tmp_path: Path, deps: Deps, par: StandIn) -> None:
    """A database at migration 0006 with a challenge played on the open dice, its entry
    ranked and its par: after the migration they are as they were."""
    asked: list[str] = []
    par.work = lambda seed: asked.append(seed) or {"turns": 1, "score": 1, "reached_12": False}
    with database("sqlite", tmp_path) as url:
        pass
    engine = make_engine(url)
    with engine.begin() as conn:
        command.upgrade(alembic_config(conn), "0006_players_leaderboards")
    store = Store(engine, FACTORIES)
    config = {"players": ["Ann"], "seed": DAY, "options": {"mirror": False, "dice": "seeded"},
              "challenge": {"seed": DAY, "daily": True, "created": DAY}}
    game = store.create_game("solo", "rollwrite", config, 1, owner=OWNER)
    bot = play_state(DAY, "strong")  # the open dice of the date, as before the key
    for line in bot.log:
        store.act(game, 0, line, None)
        game = store.game(game.code)
    turns, score = bot.turn + 1, bot.sheets[0].score
    key = rank_key(turns, score, True)
    with engine.begin() as conn:
        old_results = sa.table(  # the table as migration 0006 made it
            "results", *(sa.column(c) for c in (
                "seed", "player_id", "game_id", "code", "name", "ranked", "outcome", "turns",
                "score", "reached", "rank_key", "player_hidden", "operator_hidden", "listed")),
            sa.column("finished_at", sa.DateTime(timezone=True)))
        conn.execute(sa.insert(old_results).values(
            seed=DAY, player_id=OWNER, game_id=game.id, code=game.code, name="Ann",
            ranked=True, outcome="done", turns=turns, score=score, reached=True, rank_key=key,
            player_hidden=False, operator_hidden=False, listed=True, finished_at=utcnow()))
        conn.execute(text("INSERT INTO board_counts (seed, rank_key, n) VALUES (:s, :k, 1)"),
                     {"s": DAY, "k": key})
    claim = store.claim_par(DAY, pars.LEVEL, pars.VERSION, pars.CLAIM_LIMIT)
    body: dict[str, Any] = {"turns": turns, "score": score, "reached_12": True}
    store.finish_par(DAY, pars.LEVEL, claim, "ready", body)
    engine.dispose()

    app = app_on(url, deps)  # its first start migrates the file: 0007 marks the old game
    try:
        store = app.extensions["store"]
        old = store.game(game.code)
        assert old.config["challenge"]["dice"] == "open" and old.config["seed"] == DAY
        assert store.state(old).log == bot.log  # it replays on its own dice
        boards = app.extensions["boards"]
        entry = boards.entry_of_game(old.id)
        assert entry.listed and boards.rank(entry) == 1  # ranked as it was
        out = app.test_client().get(f"/s/leaderboard/{DAY}?format=json").get_json()
        assert [(e["rank"], e["name"], e["turns"]) for e in out["entries"]] == [
            (1, "Ann", turns)]
        _player, secret = boards.create_player("Ann", OWNER)  # its owner, now a player
        owner = app.test_client()
        owner.set_cookie(PLAYER_COOKIE, secret)
        result = owner.get(f"/s/{old.code}/result")
        assert result.status_code == 200
        page = words(result.get_data(as_text=True))
        assert f"12 points in {turns} turns" in page and "Ranked: number 1" in page
        assert f"Par (the strong bot on the same dice): {turns} turns" in page
        app.extensions["jobs"].drain()
        assert asked == []  # the par of the open dice was kept, not computed again
        game_text = owner.get(f"/r/{old.code}/text").get_data(as_text=True)
        assert f'seed: "{DAY}"' in game_text  # the open dice's seed: nothing new to hide
        assert owner.get(f"/r/{old.code}").status_code == 200  # the replay
    finally:
        app.extensions["jobs"].shutdown()


# ------------------------------------------------------------------------- what a cheater can do
def test_the_board_counts_players_per_address_and_the_operator_hides_them_in_bulk(
        app: Flask, db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A throwaway player can play a seed first and learn its dice: the board says how many
    players one address holds, and the operator hides all of them with one command."""
    from commandline.main import main

    def player_at(address: str) -> tuple[Phone, str]:
        phone = Phone(app.test_client())
        phone.client.environ_base["REMOTE_ADDR"] = address
        code = start_challenge(phone)
        play_the_bots_moves(phone, app, code, DAY)
        return phone, code

    _scout, scout_code = player_at("203.0.113.7")  # learns the dice ...
    _main, main_code = player_at("203.0.113.7")  # ... for this one
    fair, fair_code = player_at("198.51.100.2")
    rows = {e["code"]: e for e in fair.client.get(
        f"/s/leaderboard/{DAY}?format=json").get_json()["entries"]}
    assert rows[scout_code]["players_of_its_address"] == 2
    assert rows[main_code]["players_of_its_address"] == 2
    assert rows[fair_code]["players_of_its_address"] == 1
    entry = app.extensions["boards"].entry_of_game(store_of(app).game(main_code).id)
    assert entry.address and "203.0.113.7" not in entry.address  # a keyed hash, not the address
    assert main(["leaderboard", "hide", DAY, main_code, "--same-address",
                 "--database-url", db_url]) == 0
    assert "2 entries of 2026-11-24 hidden" in capsys.readouterr().out
    left = fair.client.get(f"/s/leaderboard/{DAY}?format=json").get_json()["entries"]
    assert [e["code"] for e in left] == [fair_code]



# ------------------------------------------------------------------------- one player's words
OTHERS = re.compile(r"\bother player|\bthe others\b|autres joueurs|les autres\b|\banderen\b",
                    re.I)


def test_a_one_player_game_never_speaks_of_other_players(app: Flask, phone: Phone) -> None:
    """Issue 37: "the other players pick from Tom's unused dice" on a solitaire page."""
    code = start_challenge(phone)
    passive = 0
    while passive < 2 and not state_of(app, code).is_over():
        state = state_of(app, code)
        passive += str(state.turn_state.phase) == "passive"
        for lang in ("en", "fr", "de"):
            phone.get(f"/lang/{lang}?next=/")
            page = words(phone.client.get(f"/rollwrite/{code}").get_data(as_text=True))
            assert not OTHERS.search(page), (lang, str(state.turn_state.phase), page)
        phone.get("/lang/en?next=/")
        act(phone, app, code,
            forward(phone.client.get(f"/rollwrite/{code}/api").get_json()["legal"]))
    assert passive == 2
