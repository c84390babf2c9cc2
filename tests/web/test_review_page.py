"""The review of a finished game (/r/<code>/review, issue 21): computed once by a background
job that the game's last move hands over, stored in `reviews`, read by the page and never
computed by it. One worker computes a review even when pages ask at once; a page waiting for
it says "being prepared" and asks again by itself; a review the reviewer cannot make says so;
a game not over has none. In the card edition a phone sees only its own seat's turns. The
migration that adds the tables goes up and down on both databases.

Reviews come from tests/web/fake_review.py (conftest), or from a function a test gives the
app's reviewer (the `review` fixture, webapp.platform.deps); one test runs the bots' real
reviewer."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest
from alembic import command
from flask import Flask
from sqlalchemy import inspect

from bots.levels import make_bot
from bots.review_labels import BAND_GAMES
from facade.gametext import GameText
from tests.dbs import database
from tests.web.conftest import Phone, StandIn
from tests.web.fake_review import fake_review
from webapp.platform.db import alembic_config, make_engine
from webapp.platform.jobs import Searchers
from webapp.platform.store import Game, Store
from webapp.review import reviews

RELEASE_SECONDS = 30  # a stalled stand-in gives up after this (a test that failed)


def store_of(app: Flask) -> Store:
    return app.extensions["store"]


def drain(app: Flask, seconds: float = 60) -> None:
    """Wait for the app's background jobs (a guard against a job that never ends, not a
    speed test)."""
    assert app.extensions["jobs"].drain(seconds), "a background job did not finish"


def finished_game(app: Flask, edition: str = "rollwrite", kind: str = "table",
                  players: tuple[str, ...] = ("Ann", "Bo"), seed: str = "review-1",
                  mode: str = "table", steps: int | None = None) -> Game:
    """A game played by greedy bots through the store (the last move ends it, as a person's
    would), or its first `steps` actions; its seats taken by people under these names."""
    store = store_of(app)
    config: dict[str, Any] = {"players": list(players), "seed": seed,
                              "options": {"mirror": False, "dice": "seeded"}
                              if edition == "rollwrite" else {}}
    if edition == "boardgame":
        config["mode"] = mode
    game = store.create_game(kind, edition, config, len(players))
    for seat, name in enumerate(players):
        store.claim_seat(game, seat, name)
    bots = [make_bot(edition, "greedy", seat) for seat in range(len(players))]
    state = store.state(game)
    while not state.is_over() and (steps is None or state.seq < steps):
        if state.is_chance():
            state, _ = store.act(game, None, str(state.chance_action()), None)
            continue
        seat = state.to_act()[0]
        state, _ = store.act(game, seat, str(bots[seat].choose(state.view(seat), seat)), None)
    return replace(store.game(game.code), host_key=game.host_key)  # the host's own token too


def rows_of(html: str) -> list[str]:
    """The rows of the turn table."""
    table = html.split('class="review-turns"', 1)
    if len(table) < 2:
        return []
    return re.findall(r"<tr class=\"lbl-[^\"]*\">.*?</tr>", table[1], re.S)


class Stalled:
    """A reviewer that waits until the test releases it, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0
        self.started = threading.Event()
        self.release = threading.Event()

    def __call__(self, text: GameText, **_options: Any) -> dict[str, Any]:
        self.calls += 1
        self.started.set()
        self.release.wait(RELEASE_SECONDS)
        return fake_review(text)


@pytest.fixture
def stalled(review: StandIn) -> Stalled:
    """The app's reviewer stalls."""
    found = review.work = Stalled()
    return found


# ------------------------------------------------------------------------- the ready review
@pytest.mark.both_databases
def test_the_last_move_hands_the_review_to_a_job_and_the_page_shows_every_turn(
        app: Flask, client: Any) -> None:
    game = finished_game(app)
    drain(app)  # the job the game's last move handed over
    found = store_of(app).review(game)
    assert found is not None and (found.status, found.version) == ("ready", reviews.VERSION)
    assert found.finished_at is not None and found.finished_at >= found.claimed_at
    expected = fake_review(reviews.review_text(store_of(app), game))
    assert found.body == expected

    resp = client.get(f"/r/{game.code}/review")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "being prepared" not in html
    rows = rows_of(html)
    assert len(rows) == len(expected["turns"]) > 4
    for row, turn in zip(rows, expected["turns"], strict=True):
        assert f'href="/r/{game.code}?turn={turn["turn"]}"' in row  # to the replay position
        assert ["Ann", "Bo"][turn["player"]] in row
        assert turn["played"] not in row and "Drew the " in row  # in words, in the past tense
    labelled = {turn["label"]: row for row, turn in zip(rows, expected["turns"], strict=True)}
    assert "?!</span> inaccuracy" in labelled["inaccuracy"]  # a word and a symbol, not colour
    assert "?</span> mistake" in labelled["mistake"]
    assert "??</span> blunder" in labelled["blunder"]
    assert "fine" in labelled[""] and "the same" in labelled[""]
    assert 'class="lbl-blunder"' in labelled["blunder"]
    for player in expected["players"]:
        assert re.search(rf'<th scope="row">{player["name"]}</th><td>{player["accuracy"]} %</td>'
                         rf'\s*<td>{player["inaccuracies"]}</td><td>{player["mistakes"]}</td>'
                         rf'<td>{player["blunders"]}</td>', html), player["name"]
    words = " ".join(html.split())
    assert ("An inaccuracy gives up at least 0.3 points against the best move found, a mistake "
            "at least 0.7 points, a blunder at least 1.5 points.") in words
    assert "the mean of 12 play-outs" in words
    assert '<div class="scroll" tabindex="0" role="region"' in html  # a wide table scrolls


def test_the_page_speaks_the_readers_language(app: Flask, phone: Phone) -> None:
    game = finished_game(app, edition="rollwrite", kind="solo", players=("Ann",),
                         seed="review-lang")
    drain(app)
    phone.client.set_cookie("lang", "fr")
    html = phone.get(f"/r/{game.code}/review").get_data(as_text=True)
    assert "Précision" in html and "gaffe" in html and "being prepared" not in html


def test_a_solitaire_review_counts_in_turns(app: Flask, client: Any) -> None:
    game = finished_game(app, kind="solo", players=("Ann",), seed="review-solo")
    drain(app)
    words = " ".join(client.get(f"/r/{game.code}/review").get_data(as_text=True).split())
    assert "turns the player could expect to need to reach 12 points" in words
    assert "An inaccuracy costs at least 0.3 turns more than the best move found" in words


def test_the_bots_reviewer_reviews_a_solitaire_game(app: Flask, client: Any, review: StandIn,
                                                     searchers: Searchers) -> None:
    """The real reviewer, through the job and the search process, on a one-player game (with
    few play-outs: the search process is another interpreter, and a test's settings do not
    reach it)."""
    review.work = lambda text, **_options: reviews.BotReview(searchers.jobs)(text, 4)
    game = finished_game(app, kind="solo", players=("Ann",), seed="review-real")
    drain(app, 240)  # a fresh interpreter, then the search, on cores the suite keeps busy
    found = store_of(app).review(game)
    assert found is not None and found.status == "ready", found
    assert found.body is not None and found.body["turns"] and found.body["players"]
    assert client.get(f"/r/{game.code}/review").status_code == 200


# ------------------------------------------------------------------------- being prepared
@pytest.mark.both_databases
def test_two_pages_asking_at_once_start_one_computation_and_answer_before_it_ends(
        app: Flask, stalled: Stalled) -> None:
    app.config["REVIEW_AFTER_GAME"] = False  # a game that ended before reviews existed
    game = finished_game(app)
    assert store_of(app).review(game) is None
    barrier = threading.Barrier(2)
    answers: list[tuple[int, str, bool]] = []

    def ask() -> None:
        client = app.test_client()
        barrier.wait()
        resp = client.get(f"/r/{game.code}/review")
        answers.append((resp.status_code, resp.get_data(as_text=True),
                        stalled.release.is_set()))

    threads = [threading.Thread(target=ask) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(RELEASE_SECONDS)
    assert len(answers) == 2
    for status, html, released in answers:  # both answered while the review was computed
        assert status == 200 and "This review is being prepared." in html and not released
    assert stalled.started.wait(RELEASE_SECONDS)
    again = app.test_client().get(f"/r/{game.code}/review").get_data(as_text=True)
    assert "being prepared" in again  # a third page: still one computation
    stalled.release.set()
    drain(app)
    assert stalled.calls == 1
    assert store_of(app).review(game).status == "ready"
    assert rows_of(app.test_client().get(f"/r/{game.code}/review").get_data(as_text=True))


def test_a_page_waiting_for_its_review_asks_again_by_itself(app: Flask, client: Any,
                                                            stalled: Stalled) -> None:
    game = finished_game(app)
    assert stalled.started.wait(RELEASE_SECONDS)  # the job of the game's last move
    resp = client.get(f"/r/{game.code}/review")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "This review is being prepared." in html
    assert not stalled.release.is_set()  # answered while the review is computed
    assert re.search(rf'hx-get="/r/{game.code}/review" hx-trigger="every \d+s"', html)
    assert re.search(r'<noscript><meta http-equiv="refresh" content="\d+"></noscript>', html)
    fragment = client.get(f"/r/{game.code}/review", headers={"HX-Request": "true"})
    body = fragment.get_data(as_text=True)
    assert "<html" not in body
    assert 'id="review"' in body and "being prepared" in body
    stalled.release.set()
    drain(app)
    done = client.get(f"/r/{game.code}/review", headers={"HX-Request": "true"})
    assert "hx-trigger" not in done.get_data(as_text=True)  # ready: the polling stops
    assert rows_of(done.get_data(as_text=True))
    assert stalled.calls == 1
    assert "<noscript>" not in client.get(f"/r/{game.code}/review").get_data(as_text=True)


def test_a_claim_held_too_long_is_taken_over_and_a_newer_algorithm_recomputes(
        app: Flask) -> None:
    """A claim is one worker's; a dead worker's (older than the limit) or an older version's
    may be taken again, and the late worker's result is then not stored."""
    app.config["REVIEW_AFTER_GAME"] = False
    store = store_of(app)
    game = finished_game(app)
    limit = timedelta(minutes=10)
    first = store.claim_review(game, 1, limit)
    assert first and store.claim_review(game, 1, limit) is None  # held
    second = store.claim_review(game, 1, timedelta(0))  # "older than no time at all": stale
    assert second and second != first
    assert not store.finish_review(game, first, "ready", {"x": 1})  # the dead worker's
    assert store.finish_review(game, second, "ready", {"x": 2})
    assert store.claim_review(game, 1, timedelta(0)) is None  # ready: never taken again
    assert store.review(game).body == {"x": 2}

    assert reviews.VERSION > 1  # the claims above were version 1's: a changed algorithm
    assert app.test_client().get(f"/r/{game.code}/review").status_code == 200
    drain(app)
    found = store.review(game)
    assert (found.version, found.status) == (reviews.VERSION, "ready") and "turns" in found.body


# ------------------------------------------------------------------------- refusals
def test_a_review_the_reviewer_cannot_make_is_failed_with_a_message(
        app: Flask, client: Any, review: StandIn) -> None:
    def refuse(_text: GameText, **_options: Any) -> dict[str, Any]:
        raise ValueError("the review reads Roll & Write games only for now")

    review.work = refuse
    game = finished_game(app)
    drain(app)
    found = store_of(app).review(game)
    assert found.status == "failed" and "Roll & Write" in found.body["error"]
    resp = client.get(f"/r/{game.code}/review")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "The reviewer could not read this game" in html
    assert "being prepared" not in html and "hx-trigger" not in html
    drain(app)
    assert store_of(app).review(game).status == "failed"  # not computed again and again


def test_a_game_not_over_has_no_review_yet_and_nothing_is_stored(app: Flask,
                                                                 client: Any) -> None:
    game = finished_game(app, steps=12)
    assert game.status == "open"
    resp = client.get(f"/r/{game.code}/review")
    assert resp.status_code == 409
    assert "The review is ready once the game is over" in resp.get_data(as_text=True)
    drain(app)
    assert store_of(app).review(game) is None
    assert client.get("/r/ZZZZZZ/review").status_code == 404
    dice = store_of(app).create_game("dice", "dice", {"players": ["Table"], "seed": "d"}, 0)
    resp = client.get(f"/r/{dice.code}/review")
    assert resp.status_code == 404 and "Reviews are for Roll &amp; Write and card games" in \
        resp.get_data(as_text=True)


# ------------------------------------------------------------------------- the card edition
def _seated(app: Flask, game: Game, seat: int) -> Any:
    """A browser holding `seat` of the game (its seat cookie)."""
    client = app.test_client()
    store = store_of(app)  # the store keeps only a token's hash: the seat anew, its token
    name = next(s.name for s in store.seats(game) if s.seat == seat) or f"Seat {seat + 1}"
    store.free_seat(game, seat)
    token = store.claim_seat(game, seat, name)
    assert token
    client.set_cookie(f"seat_{game.code}", token)
    return client


def test_a_card_review_shows_a_phone_its_own_seats_turns_only(app: Flask) -> None:
    game = finished_game(app, edition="boardgame", kind="card", seed="review-card")
    drain(app)
    body = store_of(app).review(game).body
    assert {t["player"] for t in body["turns"]} == {0, 1}
    for seat, name, other in ((0, "Ann", "Bo"), (1, "Bo", "Ann")):
        resp = _seated(app, game, seat).get(f"/r/{game.code}/review")
        html = resp.get_data(as_text=True)
        rows = rows_of(html)
        assert len(rows) == sum(t["player"] == seat for t in body["turns"]) > 0
        assert all(f'<td class="who">{name}</td>' in r
                   and f'<td class="who">{other}</td>' not in r for r in rows)
        assert f"for p{2 - seat}" not in html  # no best move of the other seat anywhere
        assert f"Turns of {name}" in html and "?turn=" not in html  # no card replay
        assert resp.headers["Cache-Control"] == "no-store"
    visitor = app.test_client().get(f"/r/{game.code}/review")
    html = visitor.get_data(as_text=True)
    assert not rows_of(html) and "best of turn" not in html
    assert "each player sees their own turns only" in html
    assert "<th scope=\"row\">Ann</th>" in html and "<th scope=\"row\">Bo</th>" in html


def rated(text: GameText, **options: Any) -> dict[str, Any]:
    """The stand-in review with a rating and its band for every player."""
    body = fake_review(text, **options)
    for p in body["players"]:
        p.update(rating=50.0, band="strong")
    return body


@pytest.mark.parametrize(("edition", "kind", "bands"), [
    ("boardgame", "card", "card"), ("rollwrite", "table", "rollwrite")])
def test_the_rating_says_how_many_games_its_kinds_bands_come_from(
        app: Flask, review: StandIn, edition: str, kind: str, bands: str) -> None:
    """Each kind's bands were measured on their own number of games (bots.review_labels)."""
    review.work = rated
    game = finished_game(app, edition=edition, kind=kind, seed=f"bands-{kind}")
    drain(app)
    html = _seated(app, game, 0).get(f"/r/{game.code}/review").get_data(as_text=True)
    assert f"from {BAND_GAMES[bands]} games of each bot level" in html


def stale_band(text: GameText, **options: Any) -> dict[str, Any]:
    """A stored review from before the bands were measured again: a rating of 5.0 with the
    band "random", which today's bands of every kind put in the expert's."""
    body = fake_review(text, **options)
    for p in body["players"]:
        p.update(rating=5.0, band="random")
    return body


@pytest.mark.parametrize(("edition", "kind"), [("boardgame", "card"), ("rollwrite", "table")])
def test_a_stored_reviews_band_is_read_from_its_rating_with_the_bands_measured_now(
        app: Flask, review: StandIn, edition: str, kind: str) -> None:
    """Bands measured again apply to reviews already stored, with no search run again."""
    review.work = stale_band
    game = finished_game(app, edition=edition, kind=kind, seed=f"stale-{kind}")
    drain(app)
    assert {p["band"] for p in store_of(app).review(game).body["players"]} == {"random"}
    html = _seated(app, game, 0).get(f"/r/{game.code}/review").get_data(as_text=True)
    assert "Plays like our expert bot" in html and "random bot" not in html


def test_a_hot_seat_screen_shows_one_seat_at_a_time(app: Flask) -> None:
    game = finished_game(app, edition="boardgame", kind="card", seed="review-hot",
                         mode="hotseat")
    drain(app)
    host = app.test_client()
    assert game.host_key
    host.set_cookie(f"host_{game.code}", game.host_key)
    html = host.get(f"/r/{game.code}/review").get_data(as_text=True)
    assert not rows_of(html) and f'href="/r/{game.code}/review?seat=2"' in html
    shown = host.get(f"/r/{game.code}/review?seat=2").get_data(as_text=True)
    assert rows_of(shown) and all('<td class="who">Bo</td>' in r for r in rows_of(shown))
    assert not rows_of(host.get(f"/r/{game.code}/review?seat=7").get_data(as_text=True))
    stranger = app.test_client().get(f"/r/{game.code}/review?seat=2").get_data(as_text=True)
    assert not rows_of(stranger)  # only the table's own screen chooses a seat


# ------------------------------------------------------------------------- links to it
def test_the_end_screens_and_the_replay_link_to_the_review(app: Flask, phone: Phone) -> None:
    table = finished_game(app)
    seat0 = _seated(app, table, 0)
    assert f'href="/r/{table.code}/review"' in seat0.get(f"/rollwrite/{table.code}").get_data(
        as_text=True)
    assert f'href="/r/{table.code}/review"' in phone.get(f"/r/{table.code}").get_data(
        as_text=True)
    card = finished_game(app, edition="boardgame", kind="card", seed="review-links")
    assert f'href="/r/{card.code}/review"' in _seated(app, card, 0).get(
        f"/card/{card.code}").get_data(as_text=True)
    open_game = finished_game(app, seed="review-open", steps=5)
    assert "/review" not in phone.get(f"/r/{open_game.code}").get_data(as_text=True)


def test_a_pasted_game_is_reviewed_when_its_review_is_first_asked_for(
        app: Flask, phone: Phone, review: StandIn) -> None:
    game = finished_game(app, seed="review-paste")
    drain(app)
    stalled = review.work = Stalled()
    text = phone.get(f"/r/{game.code}/text").get_data(as_text=True)
    phone.get("/r")
    resp = phone.post("/r", {"text": text})
    copy = resp.headers["Location"].rsplit("/", 1)[1]
    assert store_of(app).review(store_of(app).game(copy)) is None  # no job at paste time
    assert f'href="/r/{copy}/review"' in phone.get(f"/r/{copy}").get_data(as_text=True)
    assert "being prepared" in phone.get(f"/r/{copy}/review").get_data(as_text=True)
    stalled.release.set()
    drain(app)
    assert stalled.calls == 1
    assert len(rows_of(phone.get(f"/r/{copy}/review").get_data(as_text=True))) == len(
        store_of(app).review(game).body["turns"])


# ------------------------------------------------------------------------- the migration
@pytest.mark.parametrize("kind", [
    pytest.param("sqlite"), pytest.param("postgres", marks=pytest.mark.postgres),
])
def test_the_migration_of_reviews_and_pars_goes_up_and_down(kind: str, tmp_path: Any) -> None:
    def tables(engine: Any) -> set[str]:
        return set(inspect(engine).get_table_names())

    def migrate(engine: Any, step: Callable[..., None], target: str) -> None:
        with engine.begin() as conn:
            step(alembic_config(conn), target)

    with database(kind, tmp_path) as url:
        engine = make_engine(url)
        try:
            migrate(engine, command.upgrade, "0003")
            assert {"games", "seats", "actions"} <= tables(engine)
            assert not {"reviews", "pars"} & tables(engine)
            migrate(engine, command.upgrade, "0004")
            assert {"reviews", "pars"} <= tables(engine)
            store = Store(engine, {})
            with engine.begin() as conn:
                conn.exec_driver_sql(
                    "INSERT INTO games (code, kind, edition, config, host_token, seq, status) "
                    "VALUES ('ABCDEF', 'table', 'rollwrite', '{}', 'h', 0, 'over')")
            game = store.game("ABCDEF")
            token = store.claim_review(game, 1, timedelta(minutes=1))
            assert token and store.finish_review(game, token, "ready", {"turns": []})
            par = store.claim_par("2026-11-24", "strong", 1, timedelta(minutes=1))
            assert par and store.finish_par("2026-11-24", "strong", par, "ready",
                                            {"turns": 9, "score": 14, "reached_12": True})
            assert store.par("2026-11-24", "strong").body == {
                "turns": 9, "score": 14, "reached_12": True}
            migrate(engine, command.downgrade, "0003")
            assert not {"reviews", "pars"} & tables(engine)
            assert store.game("ABCDEF").status == "over"  # the games stay
            migrate(engine, command.upgrade, "head")
            assert store.review(game) is None  # derived data: computed again when asked
        finally:
            engine.dispose()
