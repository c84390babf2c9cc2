"""The review's words and numbers agree: the best move found is never valued worse than the
move played (both valued by the same play-outs), and a move shown apart from the played one
is strictly better by them (issue 37)."""

from __future__ import annotations

import boardgame
import rollwrite
from bots import review as rv
from facade.gametext import read_text
from tests.review_helpers import play, text_of


def test_the_best_found_in_the_solitaire_never_takes_more_turns_than_the_played():
    state = play(rollwrite.new_game(1, 2026), ["greedy"], 9)
    result = rv.review(read_text(text_of(state, "rollwrite")), rollouts=8)
    assert len(result["turns"]) >= 6
    for t in result["turns"]:
        assert t["best_value"] <= t["played_value"], t
        if t["best"] != t["played"]:
            assert t["best_value"] < t["played_value"], t


def test_the_best_found_in_roll_and_write_never_scores_less_than_the_played():
    state = play(rollwrite.new_game(2, 2027), ["strong", "greedy"], 10)
    result = rv.review(read_text(text_of(state, "rollwrite")), rollouts=4)
    for t in result["turns"]:
        assert t["best_value"] >= t["played_value"], t
        if t["best"] != t["played"]:
            assert t["best_value"] > t["played_value"], t


def test_the_best_found_in_the_card_edition_never_scores_less_than_the_played():
    state = play(boardgame.new_game(2, 2026), ["strong", "greedy"], 8)
    result = rv.review(read_text(text_of(state, "boardgame")), rollouts=6)
    assert result["turns"]
    for t in result["turns"]:
        assert t["best_value"] >= t["played_value"], t
        if t["best"] != t["played"]:
            assert t["best_value"] > t["played_value"], t
