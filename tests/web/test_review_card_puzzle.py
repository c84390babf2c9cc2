""""Try it again" for the card edition: a mistake or blunder opens as a puzzle with the same
harbour, the seat's own hand and facade as they were; the legal actions in words (a plain
form); the answer valued by the review's measure; shown only to the phone of the seat whose
turn it was (the review page's rule); the game's log never changes."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask

from boardgame import actions as CA  # noqa: N812
from boardgame.material import COLOURS
from bots import card_review
from bots.card.strong import StrongBot
from facade.grid import cell_name
from tests.web.conftest import StandIn, csrf_from
from tests.web.test_review_page import _seated, drain, finished_game, store_of
from tests.web.test_review_teaches import with_a_mistake
from webapp.card import build as card_build
from webapp.review import puzzles
from webapp.review import routes as review_view


@pytest.fixture(autouse=True)
def quick_card_review(monkeypatch: pytest.MonkeyPatch, review: StandIn) -> None:
    """The review's best turn from the strong bot (the expert's search of a whole game takes
    minutes of CPU); its costliest turn a mistake when none is: these tests are of the page."""
    monkeypatch.setattr(card_review, "ExpertBot", StrongBot)
    review.work = with_a_mistake


def _text(resp: Any) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", resp.get_data(as_text=True)).split())


def _reach(client: Any, url: str, a: Any) -> Any:
    """The puzzle page where action `a`'s button is: its harbour cards picked (a take), or its
    tile turned as it lies with its brick's cell tapped (a build)."""
    if isinstance(a, CA.Take):
        picks = [a.first, a.second] + ([a.extra] if a.extra is not None else [])
        return client.get(f"{url}?pick={','.join(str(i + 1) for i in picks)}")
    rot, flip = card_build.turn_of(a.tile, a.mask, a.brick)
    cell = cell_name(card_build.anchor(a.mask, a.brick))
    return client.get(f"{url}?tile={a.tile}&rot={rot}&flip={flip}&cell={cell}")


def test_a_card_mistake_opens_as_a_puzzle_for_its_own_seat_only(app: Flask) -> None:
    game = finished_game(app, edition="boardgame", kind="card", seed="card-puzzle")
    store = store_of(app)
    drain(app, 240)
    body = store.review(game).body
    index = next(i for i, t in enumerate(body["turns"]) if t["label"] in ("mistake", "blunder"))
    turn = body["turns"][index]
    seat, other = int(turn["player"]), 1 - int(turn["player"])
    log_before = [r.text for r in store.log(game)]
    before, played = card_review.turn_position(dict(game.config), log_before, turn["turn"], seat)
    with app.test_request_context():
        shown = review_view._card_choices(puzzles.puzzle(store, game, body, index),
                                          list(before.harbour))
    options = [a for a, _words in shown]
    assert len(options) == len({w for _a, w in shown})  # no two alike in words
    assert set(options) <= set(before.legal_actions(seat))  # the engine's actions only
    url = f"/r/{game.code}/review/try/{index}"

    mine = _seated(app, game, seat)
    assert url in mine.get(f"/r/{game.code}/review").get_data(as_text=True)
    resp = mine.get(url)
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200 and resp.headers["Cache-Control"] == "no-store"
    assert "<svg" in page and "<script" not in page.split("<main", 1)[1].split("</main>")[0]
    assert len(options) > 1 and 'type="radio"' not in page
    # played as on the table: harbour cards to tap, tiles by their shapes, no list of moves
    buildable = sorted({a.tile for a in options if isinstance(a, CA.Build)})
    for tile in buildable:
        assert f"tile={tile}#placer" in page
    if any(isinstance(a, CA.Take) for a in options):
        assert 'class="pick"' in page
    for a in options:  # every first action is reached by taps, its button sends its number
        if isinstance(a, CA.Take | CA.Build):
            reached = _reach(mine, url, a).get_data(as_text=True)
            assert f'name="action" value="{options.index(a) + 1}"' in reached, a
    hand = ", ".join(f"{n} {c}" for c, n in zip(COLOURS, before.hands[seat]) if n)
    assert f"Your hand: {hand}" in _text(resp)  # its own hand as it was...
    other_hand = ", ".join(f"{n} {c}" for c, n in zip(COLOURS, before.hands[other]) if n)
    assert other_hand == hand or f"Your hand: {other_hand}" not in _text(resp)  # ...only

    # the other seat's phone, a visitor: nothing of this turn (it would tell a hand)
    assert _seated(app, game, other).get(url).status_code == 404
    assert app.test_client().get(url).status_code == 404
    mine = _seated(app, game, seat)
    page = mine.get(url).get_data(as_text=True)
    token = csrf_from(page)

    # the move played, chosen again: the review's own value for it, not the best
    n = options.index(played[0]) + 1
    answer = mine.post(url, data={"action": n, "csrf_token": token})
    text = _text(answer)
    assert answer.status_code == 200 and "That is the move played in the game." in text
    assert "from the best move found" in text
    assert f"Your answer leads to {turn['played_value']:g}" in text.replace(".0 points",
                                                                           " points")
    # the best move found, chosen: said to be the best
    best_first = turn["best"].split(" / ")[0]
    b = next(i + 1 for i, a in enumerate(options) if card_review.moves_text([a]) == best_first)
    said = _text(mine.post(url, data={"action": b, "csrf_token": token}))
    assert "That is the best move found." in said
    assert "Best move found:" not in said  # issue 37: no other move shown as better
    # another action: valued by play-outs in the review's worlds, never better than nothing
    k = next(i + 1 for i, a in enumerate(options) if i + 1 not in (n, b))
    third = _text(mine.post(url, data={"action": k, "csrf_token": token}))
    assert "Your answer leads to" in third and "best move found" in third
    # odd input: a clear refusal
    for bad in ("999", "0", "x" * 5000, ""):
        assert mine.post(url, data={"action": bad, "csrf_token": token}).status_code == 400
    assert [r.text for r in store.log(game)] == log_before  # no game changes

    mine.set_cookie("lang", "fr")
    fr = _text(mine.get(url))
    assert "Votre main" in fr and "Que faites-vous d’abord ce tour-ci ?" in fr


def test_a_hot_seat_screen_opens_the_puzzle_of_the_seat_it_shows(app: Flask) -> None:
    game = finished_game(app, edition="boardgame", kind="card", seed="card-puzzle-hot",
                         mode="hotseat")
    drain(app, 240)
    body = store_of(app).review(game).body
    index = next(i for i, t in enumerate(body["turns"]) if t["label"] in ("mistake", "blunder"))
    seat = int(body["turns"][index]["player"])
    host = app.test_client()
    host.set_cookie(f"host_{game.code}", game.host_key)
    url = f"/r/{game.code}/review/try/{index}"
    review = host.get(f"/r/{game.code}/review?seat={seat + 1}").get_data(as_text=True)
    assert f"{url}?seat={seat + 1}" in review  # the link keeps the seat shown
    page = host.get(f"{url}?seat={seat + 1}")
    assert page.status_code == 200 and f'href="{url}?seat={seat + 1}&amp;' in page.get_data(
        as_text=True)  # the taps keep the seat shown
    assert host.get(url).status_code == 404  # no seat chosen: no hand shown
    assert host.get(f"{url}?seat={2 - seat}").status_code == 404  # the other seat's
    assert app.test_client().get(f"{url}?seat={seat + 1}").status_code == 404  # not the host
