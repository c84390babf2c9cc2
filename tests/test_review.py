"""The review of a Roll & Write game (issue 21): 2 or more players in final points, the
solitaire challenge in turns to reach 12; labels from the stated thresholds; the expert's own
move costs nothing; the same review from the same seed; `copenhagen review` for both."""

import json

import pytest

import rollwrite
from bots import review as rv
from bots import rollwrite_review as rr
from bots.levels import make_bot
from bots.review_labels import CARD, ROLLWRITE, SOLITAIRE, accuracy, judged, label_of
from commandline.main import main
from facade.gametext import GameTextError, read_text, write_text
from rollwrite import actions as A  # noqa: N812
from tests.review_helpers import check_schema, play, text_of


def fresh_turn(state: rollwrite.GameState) -> rollwrite.GameState:
    """Roll and set up until the active player has dice and no tile yet."""
    while not rr._fresh(state):
        if state.is_chance():
            state.apply(state.chance_action())
        else:
            p = state.to_act()[0]
            state.apply(state.legal_actions(p)[0])
    return state


def test_a_two_player_review_judges_each_drawn_turn_in_final_points():
    """Each drawn turn of the text, the move played as logged, losses never negative, labels
    by the stated thresholds, players by name."""
    state = play(rollwrite.new_game(2, 77), ["greedy", "random"], 4)
    result = rv.review(read_text(text_of(state, "rollwrite")), rollouts=1)
    check_schema(result)
    assert (result["edition"], result["unit"]) == ("rollwrite", "points")
    assert result["thresholds"] == ROLLWRITE.thresholds() and result["rollouts"] == 1
    draws = [line for line in state.log if line.split()[1] == "draw"]
    assert [t["played"].split(" / ")[-1] for t in result["turns"]] == [
        " ".join(d.split()[1:]) for d in draws]
    for t in result["turns"]:
        assert t["label"] == (label_of(t["loss"], ROLLWRITE) if t["loss"] > t["noise"] else "")
        assert t["loss"] == round(max(0.0, t["best_value"] - t["played_value"]), 2)
    assert [p["name"] for p in result["players"]] == state.config["players"]


def test_the_solitaire_challenge_is_judged_in_turns_to_reach_12():
    """One player: the unit is turns (lower is better), the loss is played minus best, and
    no play-out reaches 12 points before the turn it starts from."""
    state = play(rollwrite.new_game(1, 3), ["random"], 5)
    result = rv.review(read_text(text_of(state, "rollwrite")), rollouts=2)
    check_schema(result)
    assert (result["edition"], result["unit"]) == ("rollwrite", "turns")
    assert result["thresholds"] == SOLITAIRE.thresholds()
    assert result["rollouts"] == 2
    assert len(result["turns"]) >= 4
    for t in result["turns"]:
        assert t["played_value"] >= t["turn"] and t["best_value"] >= t["turn"]
        assert t["loss"] == round(max(0.0, t["played_value"] - t["best_value"]), 2)
        assert t["label"] == (label_of(t["loss"], SOLITAIRE) if t["loss"] > t["noise"] else "")


def test_each_kind_takes_its_own_rollout_count_by_default(monkeypatch):
    monkeypatch.setattr(rr, "SOLITAIRE_ROLLOUTS", 3)
    monkeypatch.setattr(rr, "ROLLOUTS", 2)
    solo = play(rollwrite.new_game(1, 4), ["greedy"], 1)
    duo = play(rollwrite.new_game(2, 4), ["greedy", "greedy"], 1)
    assert rv.review(read_text(text_of(solo, "rollwrite")))["rollouts"] == 3
    assert rv.review(read_text(text_of(duo, "rollwrite")))["rollouts"] == 2


@pytest.mark.parametrize("scale", [ROLLWRITE, SOLITAIRE, CARD])
def test_labels_come_from_the_stated_thresholds(scale):
    below = 0.01
    assert label_of(0.0, scale) == "" and label_of(scale.inaccuracy - below, scale) == ""
    assert label_of(scale.inaccuracy, scale) == "inaccuracy"
    assert label_of(scale.mistake - below, scale) == "inaccuracy"
    assert label_of(scale.mistake, scale) == "mistake"
    assert label_of(scale.blunder - below, scale) == "mistake"
    assert label_of(scale.blunder, scale) == "blunder" and label_of(99, scale) == "blunder"
    assert scale.thresholds() == {"inaccuracy": scale.inaccuracy, "mistake": scale.mistake,
                                  "blunder": scale.blunder}
    assert accuracy([0.0, 0.0], scale) == 100.0
    assert accuracy([scale.accuracy_scale], scale) == 0.0
    assert accuracy([scale.accuracy_scale / 2, 0.0], scale) == 75.0


def test_the_loss_runs_the_way_of_the_unit_and_is_never_negative():
    """Points: best minus played; turns: played minus best; a move better than the expert's
    costs nothing."""
    assert judged(1, 0, "a", "b", 5.0, 6.0, ROLLWRITE).loss == 1.0
    assert judged(1, 0, "a", "b", 6.0, 5.0, ROLLWRITE).loss == 0.0
    late = judged(1, 0, "a", "b", 13.0, 12.0, SOLITAIRE)
    assert (late.loss, late.label) == (1.0, "blunder")
    assert judged(1, 0, "a", "b", 12.0, 13.0, SOLITAIRE).loss == 0.0


@pytest.mark.parametrize("players", [1, 2])
def test_the_experts_own_move_costs_nothing(players):
    """A turn played as the review's expert plays it: the same move, the same value, 0 lost."""
    state = fresh_turn(rollwrite.new_game(players, 21))
    p = state.active
    _, best = rr.expert_move(state, p, rv.REVIEW_SEED)
    assert best and isinstance(best[0], A.Choose) and isinstance(best[-1], A.Draw)
    play(state, ["greedy", "random"][:players], 2, first=best)
    result = rv.review(read_text(text_of(state, "rollwrite")), rollouts=2)
    first = result["turns"][0]
    assert first["played"] == first["best"] and first["played"].startswith("choose ")
    assert first["played_value"] == first["best_value"]
    assert (first["loss"], first["label"]) == (0.0, "")


def test_a_step_taken_back_is_not_the_move_played():
    """`undo` takes back the last step: the review judges the tile and drawing that stand."""
    state = fresh_turn(rollwrite.new_game(1, 30))
    chooses = [a for a in state.legal_actions(0) if isinstance(a, A.Choose)]
    tiles = {a.tile: a for a in chooses}
    first, second = list(tiles.values())[:2]
    state.apply(first)
    state.apply(A.Undo(0))
    state.apply(second)
    draws = [a for a in state.legal_actions(0) if isinstance(a, A.Draw)]
    state.apply(draws[0])
    state.apply(A.Undo(0))  # the drawing taken back too
    state.apply(draws[-1])
    play(state, ["greedy"], 2)
    turns = rr.played_turns(state.config, state.log)
    played = rr._moves_text(turns[0][3])
    assert played == f"{' '.join(str(second).split()[1:])} / {' '.join(str(draws[-1]).split()[1:])}"
    assert draws[0] != draws[-1] and first.tile != second.tile


def test_the_same_seed_gives_the_same_review():
    state = play(rollwrite.new_game(2, 8), ["greedy", "random"], 3)
    game = read_text(text_of(state, "rollwrite"))
    assert rv.review(game, rollouts=2, seed=4) == rv.review(game, rollouts=2, seed=4)


def test_a_game_of_dice_typed_in_is_reviewed_the_same_each_time():
    """A text without a seed (companion mode: the rolls as typed in) has no dice to come:
    the review's play-outs and the expert roll from the review's own seeds all the same."""
    state = play(rollwrite.new_game(2, 9), ["greedy", "random"], 3)
    text = write_text("rollwrite", state.config["players"], state.config["options"], None,
                      state.log)
    game = read_text(text)
    assert game.config["options"]["dice"] == "manual" and "seed" not in game.config
    first = rv.review(game, rollouts=2)
    assert first == rv.review(read_text(text), rollouts=2) and len(first["turns"]) == 3


def test_a_text_the_engine_refuses_or_of_no_edition_is_said_plainly():
    state = play(rollwrite.new_game(2, 8), ["greedy", "greedy"], 1)
    text = text_of(state, "rollwrite")
    with pytest.raises(GameTextError, match="line"):
        rv.review(read_text(text + "p1 draw R5:A1,b1,a2,b2,c2\n"), rollouts=1)
    with pytest.raises(GameTextError, match="no review for the edition"):
        rv.review(read_text(text.replace("edition: rollwrite", "edition: chess")), rollouts=1)


def test_review_command_prints_the_review_as_json(tmp_path, capsys):
    """`copenhagen review FILE --json`: the turns and one accuracy per player."""
    state = play(rollwrite.new_game(1, 3), ["greedy"], 2)
    path = tmp_path / "game.txt"
    path.write_text(text_of(state, "rollwrite"))
    assert main(["review", str(path), "--json", "--rollouts", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    check_schema(data)
    assert len(data["turns"]) == 2 and data["unit"] == "turns"


def test_review_command_prints_a_table_of_turns(tmp_path, capsys):
    state = play(rollwrite.new_game(2, 5), ["greedy", "random"], 3)
    path = tmp_path / "game.txt"
    path.write_text(text_of(state, "rollwrite"))
    assert main(["review", str(path), "--rollouts", "1"]) == 0
    out = capsys.readouterr().out
    data = rv.review(read_text(path.read_text()), rollouts=1)
    assert "expected final points" in out
    for t in data["turns"]:
        assert f"{t['played_words']}  [{t['played_value']} pts]" in out
        if t["label"]:
            assert f"loss {t['loss']}  {t['label'].upper()}" in out
    for p in data["players"]:
        assert f"accuracy {p['accuracy']} %" in out and p["name"] in out
    bad = tmp_path / "bad.txt"
    bad.write_text(path.read_text().replace("edition: rollwrite", "edition: chess"))
    assert main(["review", str(bad)]) == 2
    assert "no review for the edition 'chess'" in capsys.readouterr().err


def test_an_expert_turn_that_ends_without_a_tile_is_judged_not_refused():
    """A purple ★ extra cell that completes a line can leave dice that pay for no tile (RULES
    3.3, 3.4): the expert's turn is then the extra cell, its coat of arms and `end`, and the
    review judges the played turn against it (it stopped with "no decision to take" on this
    random solitaire, seed 11: the expert's steps went on into the passive phase)."""
    state = rollwrite.new_game(1, 11)
    bot = make_bot("rollwrite", "random", 11 * 31)
    while not state.is_over():
        if state.is_chance():
            state.apply(state.chance_action())
        else:
            state.apply(bot.choose(state.view(0), 0))
    ended = []
    for before, _after, player, _steps in rr.played_turns(state.config, state.log):
        after, best = rr.expert_move(before, player, rv.REVIEW_SEED)
        if best and isinstance(best[-1], A.End):
            ended.append(before.turn)
            assert not any(isinstance(a, A.Choose | A.Draw) for a in best), best
            assert isinstance(best[0], A.Extra), best
            assert after.turn_state.phase != "main" or after.turn > before.turn
            text = rr._moves_text([str(a) for a in best])  # not "", shown as the played move
            assert text.startswith("extra ") and text.endswith(" / end"), text
    assert ended, "no turn of this game shows the case: pick another seed"
    result = rv.review(read_text(text_of(state, "rollwrite")), rollouts=2)
    judged_turns = [t["turn"] - 1 for t in result["turns"]]
    assert set(ended) <= set(judged_turns)
    assert len(judged_turns) == len(rr.played_turns(state.config, state.log))
