"""The review that teaches (issue 28): every turn in words in the reader's language and on a
small sheet (the move played and the best move found drawn on the sheet as it stood, each in
its own pattern and caption, never colour alone), the key moments first with why the best
move was better; a review stored before (schema 1) still shows."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from flask import Flask

from bots.review import review as bot_review
from tests.web.conftest import Phone, StandIn
from tests.web.test_review_page import drain, finished_game, rows_of, store_of
from webapp.words import piece_words

SEED = "teach"  # one game for the tests here: its review is searched once per process
_REVIEWS: dict[str, dict[str, Any]] = {}


def searched_review(text: Any, **_o: Any) -> dict[str, Any]:
    """The bots' review of `text` with few play-outs (a test's CPU), searched once for each
    game text in this process (a review is a function of its text: the search's seed is
    fixed), a copy each time: a test may change it."""
    key = repr(text)
    if key not in _REVIEWS:
        _REVIEWS[key] = bot_review(text, rollouts=3)
    return copy.deepcopy(_REVIEWS[key])


@pytest.fixture
def real_reviews(review: StandIn) -> None:
    """The app's reviewer: the bots' in this process."""
    review.work = searched_review


def _review_page(app: Flask, phone: Phone, lang: str) -> tuple[str, dict[str, Any]]:
    game = finished_game(app, seed=SEED)
    drain(app, 240)
    body = store_of(app).review(game).body
    phone.client.set_cookie("lang", lang)
    return phone.get(f"/r/{game.code}/review").get_data(as_text=True), body


@pytest.mark.usefixtures("real_reviews")
def test_every_turn_is_in_french_words_and_on_a_small_sheet(app: Flask, phone: Phone) -> None:
    html, body = _review_page(app, phone, "fr")
    rows = rows_of(html)
    assert body["schema"] == 2 and len(rows) == len(body["turns"]) > 4
    for row, turn in zip(rows, body["turns"], strict=True):
        # the drawing in French words, in the past tense: a move played is no instruction
        assert "a dessiné" in row and "essinez" not in row.split('data-label="Meilleur')[0], row
        assert turn["played"].split(" / ")[-1] not in row  # never the notation
        apart = turn["played"] != turn["best"] and not turn["in_noise"]  # shown as better
        assert row.count('<svg class="rsheet"') == (2 if apart else 1)
        assert 'role="img"' in row and "url(#rs-hatch)" in row  # the played move: hatched
        if apart:
            assert "url(#rs-dots)" in row and "Meilleur coup trouvé" in row  # the best: dotted
    assert 'id="rs-hatch"' in html and 'id="rs-dots"' in html  # the patterns, once per page
    assert " the " not in re.sub(r"<[^>]+>", " ", html.split('id="review"', 1)[1])


@pytest.mark.usefixtures("real_reviews")
def test_key_moments_come_first_with_a_reason_from_the_search(app: Flask, phone: Phone) -> None:
    html, body = _review_page(app, phone, "en")
    costly = sorted((t for t in body["turns"] if t["loss"] > 0 and not t["in_noise"]),
                    key=lambda t: -t["loss"])[:3]  # a loss within the noise is no moment
    assert costly, "a greedy game has turns that cost something"
    moments = re.findall(r'<article class="card key-moment.*?</article>', html, re.S)
    assert len(moments) == len(costly)
    assert html.index("Key moments") < html.index('class="review-turns"')
    for moment, turn in zip(moments, costly, strict=True):
        assert f"Turn {turn['turn']}" in moment and f"loss {turn['loss']}" in moment.replace(
            f"loss {turn['loss']:.2f}", f"loss {turn['loss']}")
        assert "<svg" in moment  # the picture
        assert "leads to" in moment  # the search's numbers
        assert ("within the search's noise" in moment.replace("&#39;", "'")) == turn["in_noise"]
        best = f"{turn['best_value']:.2f}".rstrip("0").rstrip(".")
        assert best in moment or f"{turn['best_value']:.1f}" in moment


def test_a_turn_inside_the_noise_says_so_and_has_no_label(app: Flask, phone: Phone,
                                                           review: StandIn) -> None:
    def noisy(text: Any, **_o: Any) -> dict[str, Any]:
        body = searched_review(text)
        turn = body["turns"][0]
        turn.update(played="x", best="y", loss=0.5, noise=0.8, in_noise=True, label="")
        return body

    review.work = noisy
    html, _body = _review_page(app, phone, "de")
    row = rows_of(html)[0]
    assert "im Rauschen" in row and "badge" not in row


@pytest.mark.usefixtures("real_reviews")
def test_the_luck_line_splits_the_result_into_dice_and_choices(app: Flask, phone: Phone
                                                                ) -> None:
    """A 2-player game: each player's line says the margin, what the dice made of it (the
    difference of the two luck sums) and what the choices made (the rest), in German."""
    html, body = _review_page(app, phone, "de")
    players = body["players"]
    assert all(isinstance(p["luck"], float | int) for p in players)
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    for p, other in (players, players[::-1]):
        margin = p["score"] - other["score"]
        if margin == 0:
            continue
        verb = "verlor gegen" if margin < 0 else "schlug"
        said = re.search(rf"{p['name']} {verb} {other['name']} mit ([\d,]+) Punkten", text)
        assert said and float(said.group(1).replace(",", ".")) == abs(margin), text
        dice = p["luck"] - other["luck"]
        shown = re.search(rf"{p['name']} {verb} .*? die Würfel machen ([+−]?[\d,]+) des Abstands, "
                          r"die Entscheidungen ([+−]?[\d,]+)\.", text)
        assert shown, text
        as_number = [float(x.replace("−", "-").replace(",", ".")) for x in shown.groups()]
        assert as_number[0] == pytest.approx(dice, abs=0.01)
        assert sum(as_number) == pytest.approx(margin, abs=0.02)  # dice + choices = margin
    assert "Würfelglück" in html and "Wertung" in html
    for p in players:
        band = {"expert": "Experte", "strong": "Stark", "greedy": "Solide", "random": "Anfänger"}
        assert band[p["band"]] in html


def with_a_mistake(text: Any, **_o: Any) -> dict[str, Any]:
    """The real review (few play-outs), its costliest turn labelled a mistake if none is."""
    body = searched_review(text)
    if not any(t["label"] in ("mistake", "blunder") for t in body["turns"]):
        costly = max(body["turns"], key=lambda t: t["loss"])
        assert costly["loss"] > 0
        costly.update(label="mistake", noise=0.0, in_noise=False)
    return body


def test_a_mistake_opens_as_a_puzzle_answered_by_the_reviews_measure(
        app: Flask, phone: Phone, review: StandIn) -> None:
    """A labelled turn links to its puzzle: the same dice, the sheet as it was, a tile then a
    place (forms, no JavaScript); replaying the move played gives the review's own value for
    it, the best move found says so; the game's log is not touched."""
    review.work = with_a_mistake
    game = finished_game(app, seed=SEED)
    store = store_of(app)
    drain(app, 240)
    body = store.review(game).body
    index = next(i for i, t in enumerate(body["turns"]) if t["label"] in ("mistake", "blunder"))
    turn = body["turns"][index]
    log_before = [r.text for r in store.log(game)]
    url = f"/r/{game.code}/review/try/{index}"
    assert url in phone.get(f"/r/{game.code}/review").get_data(as_text=True)
    page = phone.get(url).get_data(as_text=True)
    assert 'name="choice"' in page and "<svg" in page
    for face in turn["dice"]:
        assert face in page or face.capitalize() in page  # the same dice, in words
    # the move played, chosen again: its tile, then its place
    choose, draw = turn["played"].split(" / ")[0], turn["played"].split(" / ")[-1]
    # the tiles drawn by shape, each way to pay a button named in words
    assert 'class="shape' in page and 'class="die c-' in page
    labels = re.findall(r'name="choice" value="(\d+)" class="way-btn" aria-label="([^"]+)"',
                        page)
    tile = choose.split()[1]
    dice = [int(d) for d in choose.split(" with ")[1].split()[0].split(",")]
    with app.test_request_context("/"):
        tile_words = piece_words.tile_name(tile)
    numbers = ", ".join(map(str, dice[:-1])) + f" and {dice[-1]}" if len(dice) > 1 else str(dice[0])
    dice_words = f"{'dice' if len(dice) > 1 else 'die'} {numbers}"
    n = next(v for v, words in labels if f"Choose {tile_words} with {dice_words} (" in words
             and ("bonus" in words) == ("+" in choose))
    page = phone.get(f"{url}?choice={n}").get_data(as_text=True)
    assert 'role="grid"' in page and 'name="draw"' not in page  # the sheet, tapped first
    cells = draw.split(":")[1].split(",")
    x_cell = next((c.lower() for c in cells if c[0].isupper()), None)
    want = " ".join(sorted(c.lower() for c in cells))
    m = None
    for k in range(24):  # the tapped cell's placements, one after the other (Rotate)
        page = phone.get(f"{url}?choice={n}&cell={cells[0].lower()}&k={k}").get_data(
            as_text=True)
        shown = re.search(r"Preview: ([a-e0-9 ]+)<", page)
        assert shown, "a tapped cell previews a placement"
        if " ".join(sorted(shown.group(1).split())) == want:
            label = f"X on {x_cell}" if x_cell else "All O (blue ★)"
            m = re.search(rf'name="draw" value="(\d+)"[^>]*>{re.escape(label)}<', page).group(1)
            break
    assert m is not None, "the move played is among the tapped cell's placements"
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    answer = phone.client.post(url, data={"choice": n, "draw": m, "csrf_token": token})
    text = " ".join(re.sub(r"<[^>]+>", " ", answer.get_data(as_text=True)).split())
    assert answer.status_code == 200 and "That is the move played in the game." in text
    assert "from the best move found" in text  # a mistake: not the best
    shown = f"Your answer leads to {turn['played_value']:g}"
    assert shown in text.replace(".0 points", " points"), text  # the review's own value
    assert phone.client.post(url, data={"choice": n, "draw": 999, "csrf_token": token}
                             ).status_code == 400
    assert phone.get(f"/r/{game.code}/review/try/9999").status_code == 404
    assert [r.text for r in store.log(game)] == log_before  # no game changes


def test_the_ready_page_takes_a_fixed_number_of_queries(app: Flask, client: Any) -> None:
    """Once ready, the review page is one request whose database work does not grow with the
    game: a 2-player game and a longer 3-player one take the same number of statements."""
    from sqlalchemy import event

    counts, lengths = [], []
    for players in (("Ann", "Bo"), ("Ann", "Bo", "Cy")):
        game = finished_game(app, players=players, seed=f"teach-queries-{len(players)}")
        drain(app)
        lengths.append(len(store_of(app).review(game).body["turns"]))
        statements: list[str] = []
        engine = store_of(app).engine

        def seen(_conn: Any, _cursor: Any, statement: str, *_a: Any,
                 into: list[str] = statements) -> None:
            into.append(statement)

        event.listen(engine, "before_cursor_execute", seen)
        try:
            assert client.get(f"/r/{game.code}/review").status_code == 200
        finally:
            event.remove(engine, "before_cursor_execute", seen)
        counts.append(len(statements))
    assert lengths[0] != lengths[1]
    assert counts[0] == counts[1] <= 6, counts
