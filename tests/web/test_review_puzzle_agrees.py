"""A "Try it again" answer never hears of a best move worse than itself (issue 37): an answer
the review's play-outs value above the review's best becomes the best found."""

from __future__ import annotations

from typing import Any

import pytest

from bots.review_labels import CARD, ROLLWRITE, SOLITAIRE
from webapp.review import puzzles


class _Move:
    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text


def _puzzle(scale: Any, best: float, played: float) -> puzzles.Puzzle:
    turn = {"best_value": best, "played_value": played, "noise": 0.1,
            "played": "choose P4 with 1,2,3,4 / draw P4:a1,a2,b1,b2",
            "best": "choose B3 with 1,2,5 / draw B3:c1,c2,c3"}
    return puzzles.Puzzle(0, turn, None, 0, scale, 4)


@pytest.mark.parametrize("scale, best, mine", [(ROLLWRITE, 16.53, 16.9),
                                               (SOLITAIRE, 14.41, 13.6)])
def test_an_answer_better_than_the_reviews_best_is_the_best_found(monkeypatch, scale, best,
                                                                   mine):
    monkeypatch.setattr(puzzles, "retry_value", lambda *a, **k: mine)
    p = _puzzle(scale, best, best + 1 if scale.unit == "turns" else best - 1)
    answer = puzzles.verdict(p, _Move("p1 choose Y2 with 1,2"), _Move("p1 draw Y2:d1,d2"))
    assert answer["best"] == mine and answer["loss"] == 0 and answer["best_found"]


def test_a_card_answer_better_than_the_reviews_best_is_the_best_found(monkeypatch):
    monkeypatch.setattr(puzzles.card_review, "retry_value", lambda *a, **k: 9.5)
    monkeypatch.setattr(puzzles.card_review, "moves_text", lambda actions: "pass")
    p = _puzzle(CARD, 8.0, 7.0)
    p.turn.update({"played": "take 3,4 / discard Y", "best": "take 1,2 / build R"})
    answer = puzzles.card_verdict(p, _Move("p1 pass"))
    assert answer["best"] == 9.5 and answer["loss"] == 0 and answer["best_found"]


def test_a_worse_answer_keeps_the_reviews_best(monkeypatch):
    monkeypatch.setattr(puzzles, "retry_value", lambda *a, **k: 15.0)
    answer = puzzles.verdict(_puzzle(SOLITAIRE, 13.0, 14.0), _Move("p1 choose Y2 with 1,2"),
                             _Move("p1 draw Y2:d1,d2"))
    assert answer["best"] == 13.0 and answer["loss"] == 2.0 and not answer["best_found"]
