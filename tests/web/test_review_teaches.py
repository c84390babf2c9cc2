"""The review that teaches (issue 28): every turn in words in the reader's language and on a
small sheet (the move played and the best move found drawn on the sheet as it stood, each in
its own pattern and caption, never colour alone), the key moments first with why the best
move was better; a review stored before (schema 1) still shows."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask

from bots.review import review as bot_review
from tests.web.conftest import Phone
from tests.web.test_review_page import drain, finished_game, rows_of, store_of
from webapp import reviews


@pytest.fixture
def real_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots' reviewer in this process, with few play-outs (a test's CPU)."""
    monkeypatch.setattr(reviews, "compute", lambda text, **_o: bot_review(text, rollouts=3))


def _review_page(app: Flask, phone: Phone, lang: str, seed: str) -> tuple[str, dict[str, Any]]:
    game = finished_game(app, seed=seed)
    drain(app, 240)
    body = store_of(app).review(game).body
    phone.client.set_cookie("lang", lang)
    return phone.get(f"/r/{game.code}/review").get_data(as_text=True), body


@pytest.mark.usefixtures("real_reviews")
def test_every_turn_is_in_french_words_and_on_a_small_sheet(app: Flask, phone: Phone) -> None:
    html, body = _review_page(app, phone, "fr", "teach-fr")
    rows = rows_of(html)
    assert body["schema"] == 2 and len(rows) == len(body["turns"]) > 4
    for row, turn in zip(rows, body["turns"], strict=True):
        assert "Dessinez" in row or "dessinez" in row, row  # the drawing, in French words
        assert turn["played"].split(" / ")[-1] not in row  # never the notation
        assert row.count('<svg class="rsheet"') == (1 if turn["played"] == turn["best"] else 2)
        assert 'role="img"' in row and "url(#rs-hatch)" in row  # the played move: hatched
        if turn["played"] != turn["best"]:
            assert "url(#rs-dots)" in row and "Meilleur coup trouvé" in row  # the best: dotted
    assert 'id="rs-hatch"' in html and 'id="rs-dots"' in html  # the patterns, once per page
    assert " the " not in re.sub(r"<[^>]+>", " ", html.split('id="review"', 1)[1])


@pytest.mark.usefixtures("real_reviews")
def test_key_moments_come_first_with_a_reason_from_the_search(app: Flask, phone: Phone) -> None:
    html, body = _review_page(app, phone, "en", "teach-keys")
    costly = sorted((t for t in body["turns"] if t["loss"] > 0 and not t["in_noise"]),
                    key=lambda t: -t["loss"])[:3]
    assert costly, "a greedy game has turns that cost something"
    moments = re.findall(r'<article class="card key-moment.*?</article>', html, re.S)
    assert len(moments) == len(costly)
    assert html.index("Key moments") < html.index('class="review-turns"')
    for moment, turn in zip(moments, costly, strict=True):
        assert f"Turn {turn['turn']}" in moment and f"loss {turn['loss']}" in moment.replace(
            f"loss {turn['loss']:.2f}", f"loss {turn['loss']}")
        assert "<svg" in moment and "leads to" in moment  # the picture, the search's numbers
        best = f"{turn['best_value']:.2f}".rstrip("0").rstrip(".")
        assert best in moment or f"{turn['best_value']:.1f}" in moment


def test_a_turn_inside_the_noise_says_so_and_has_no_label(app: Flask, phone: Phone,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    def noisy(text: Any, **_o: Any) -> dict[str, Any]:
        body = bot_review(text, rollouts=2)
        turn = body["turns"][0]
        turn.update(played="x", best="y", loss=0.5, noise=0.8, in_noise=True, label="")
        return body

    monkeypatch.setattr(reviews, "compute", noisy)
    html, _body = _review_page(app, phone, "de", "teach-noise")
    row = rows_of(html)[0]
    assert "im Rauschen" in row and "badge" not in row
