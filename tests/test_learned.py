"""The learned evaluation of the solitaire (issue 40): the network reads what the plain rule
reads, learning moves a value by the share asked, training is the same from its seed and
resumes where it stopped, the bot on it plays whole challenges, and `copenhagen train` says
what it does."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from bots import rollwrite_review
from bots.learned import SOLITAIRE as SHIPPED
from bots.learned import ntuple
from bots.learned.bot import (
    LearnedBot,
    LearnedRollsBot,
    LearnedTilesBot,
    chosen_sheet,
    drawings_of,
)
from bots.learned.curve import svg
from bots.learned.ntuple import Network, side_features, value_plain
from bots.learned.train import SEEDS_FROM, Run, load, play_and_learn, save, train
from bots.playout import play_out
from commandline.main import main
from rollwrite import actions as A  # noqa: N812
from rollwrite.game import new_game
from rollwrite.material import TARGET
from rollwrite.sheet import Sheet
from rollwrite.solitaire import new_challenge


def _random_network(seed: int) -> Network:
    return Network(np.random.default_rng(seed).standard_normal(ntuple.SIZE).astype(np.float32))


def _sheets_of_a_game(seed: int) -> list[Sheet]:
    """Every sheet a greedy solitaire passes through (drawn cells, bricks, marks, stars)."""
    state = new_challenge(seed)
    sheets: list[Sheet] = []
    play_out(state, {0: LearnedBot(_random_network(seed), seed)},
             on_step=lambda step: sheets.append(state.sheets[0].copy()))
    return sheets


def test_a_batch_of_sheets_reads_what_the_plain_rule_reads():
    network = _random_network(7)
    sheets = _sheets_of_a_game(3)
    assert len({(s.building.filled, s.building.bricks) for s in sheets}) > 5
    assert any(s.building.bricks for s in sheets) and any(s.score for s in sheets)
    batch = network.sheet_values(sheets)
    plain = [value_plain(network, s) for s in sheets]
    assert np.allclose(batch, plain, atol=1e-3)


def test_each_tuple_and_feature_reads_one_weight_of_its_own():
    rows = Network.rows(_sheets_of_a_game(5))
    assert rows.shape[1] == len(ntuple.TUPLES) + len(ntuple.SIDE)
    assert rows.min() >= 0 and rows.max() < ntuple.SIZE
    starts = [*ntuple.TUPLE_STARTS.tolist(), *ntuple.SIDE_STARTS.tolist(), ntuple.SIZE]
    for k in range(rows.shape[1]):  # feature k stays inside its own range of weights
        assert ((rows[:, k] >= starts[k]) & (rows[:, k] < starts[k + 1])).all()


def test_learning_moves_the_value_by_the_share_asked():
    network = _random_network(1)
    row = Network.rows(_sheets_of_a_game(2)[-1:])
    before = network.values(row)[0]
    network.learn(row[0], error=4.0, rate=0.25)
    assert network.values(row)[0] == pytest.approx(before + 1.0, abs=1e-4)


def test_a_network_is_saved_and_read_back_and_a_wrong_shape_refused(tmp_path):
    network = _random_network(3)
    network.games = 42
    network.save(tmp_path / "n.npz")
    back = Network.load(tmp_path / "n.npz")
    assert back.games == 42 and np.array_equal(back.weights, network.weights)
    np.savez(tmp_path / "bad.npz", weights=np.zeros(10, dtype=np.float32), games=np.int64(0))
    with pytest.raises(ValueError, match="10 weights"):
        Network.load(tmp_path / "bad.npz")


def test_each_turn_learns_one_turn_more_than_the_next_and_the_last_that_none_is_to_come():
    """One game from all-zero weights: one sheet per turn, each one's target one turn plus
    the next sheet's value (at least 1: no value is below 0 before the last step), the last
    turn's 0; each step moves its sheet's value all the way at rate 1."""
    network = Network.empty()
    trace: list[tuple[np.ndarray, float]] = []
    turns = play_and_learn(network, SEEDS_FROM + 5, rate=1.0, trace=trace)
    assert turns > 1 and network.games == 1 and len(trace) == turns
    assert all(t >= 1.0 for _, t in trace[:-1]) and trace[-1][1] == 0.0
    assert network.values(trace[-1][0][None])[0] == pytest.approx(0.0, abs=1e-4)


def test_training_is_the_same_from_its_seed_and_resumes_where_it_stopped(tmp_path):
    whole = train(Run(Network.empty(), seed=9), games=4)
    part = train(Run(Network.empty(), seed=9), games=2)
    save(part, tmp_path / "run.npz")
    resumed = train(load(tmp_path / "run.npz"), games=2)
    assert resumed.network.games == whole.network.games == 4
    assert np.array_equal(resumed.network.weights, whole.network.weights)
    assert resumed.window == whole.window
    other = train(Run(Network.empty(), seed=10), games=4)
    assert not np.array_equal(other.network.weights, whole.network.weights)


def test_training_games_are_never_the_held_out_or_tuning_challenges():
    run = Run(Network.empty(), seed=1)
    seeds = set()
    for games in range(300):
        run.network.games = games
        seeds.add(run.game_seed())
    assert len(seeds) == 300 and min(seeds) >= SEEDS_FROM > 1_000_199


def test_the_shipped_network_plays_whole_challenges_to_12_points():
    network = Network.load(SHIPPED)
    assert network.games >= 1_000 and SHIPPED.stat().st_size < 5 * 1024 * 1024
    for seed in (0, 1):
        state = new_challenge(seed)
        play_out(state, {0: LearnedBot(network, seed)})
        assert state.is_over() and state.sheets[0].score >= TARGET


def test_the_learned_rolls_bot_rerolls_and_changes_colours_on_the_network_s_word():
    """Its red and green ★ are spent where the network's turns to go say so: some rolls are
    kept, some rerolled, some dice changed (all legal), over whole two-player games."""
    network = Network.load(SHIPPED)
    taken: dict[str, int] = {"reroll": 0, "change": 0, "kept": 0}
    for seed in range(6):
        state = new_game(2, 500 + seed)
        bots = {p: LearnedRollsBot(network, p) for p in range(2)}
        while not state.is_over():
            if state.is_chance():
                state.apply(state.chance_action())
                continue
            seat = state.to_act()[0]
            sheet, t = state.sheets[seat], state.turn_state
            stars = sheet.stars_left("red") + sheet.stars_left("green")
            action = bots[seat].decide(state, seat)
            if stars and t.chosen is None and seat == state.active and not t.pending_arms:
                kind = {A.Reroll: "reroll", A.Change: "change"}.get(type(action), "kept")
                taken[kind] += 1
            state.apply(action)
    assert all(taken.values()), taken


def test_the_review_s_play_out_bot_keeps_its_dice_and_needs_no_luck_of_its_own():
    """The review's play-outs (bots.rollwrite_review.ROLLOUT_POLICY): whole two-player games
    with no reroll or colour change, the same game whatever seed the bots get (a review must
    be the same each time), and as strong as the learned bot's choices make it (it reaches 12
    in the solitaire)."""
    network = Network.load(SHIPPED)
    logs = []
    for bot_seed in (1, 99):
        state = new_game(2, 700)
        play_out(state, {p: LearnedTilesBot(network, bot_seed + p) for p in range(2)})
        assert state.is_over()
        assert not [x for x in state.log if x.split()[1:2] in (["reroll"], ["change"])]
        logs.append(state.log)
    assert logs[0] == logs[1]
    state = new_challenge(3)
    play_out(state, {0: LearnedTilesBot(network, 0)})
    assert state.sheets[0].score >= TARGET
    assert isinstance(rollwrite_review.ROLLOUT_POLICY, LearnedTilesBot)


def test_the_curve_is_a_picture_of_every_point():
    points = [(200 * (i + 1), 15 - i * 0.3 + random.Random(i).random()) for i in range(12)]
    root = ET.fromstring(svg(points, "learning", reference=10.5, reference_label="expert"))
    line = root.find("{http://www.w3.org/2000/svg}polyline")
    assert line is not None
    xy = [tuple(map(float, p.split(","))) for p in line.get("points", "").split()]
    assert len(xy) == 12
    assert all(0 <= x <= 640 and 0 <= y <= 320 for x, y in xy)
    assert xy[0][0] < xy[-1][0]
    with pytest.raises(ValueError, match="no point"):
        svg([], "empty")


def test_copenhagen_train_trains_resumes_and_refuses_what_it_cannot(tmp_path, capsys):
    out = tmp_path / "net.npz"
    assert main(["train", "--games", "2", "--seed", "4", "--out", str(out)]) == 0
    assert "2 games" in capsys.readouterr().out
    assert main(["train", "--games", "1", "--seed", "4", "--out", str(out), "--resume"]) == 0
    assert Network.load(out).games == 3
    assert main(["train", "--games", "1", "--seed", "5", "--out", str(out), "--resume"]) == 2
    assert "trained with --seed 4" in capsys.readouterr().err
    assert main(["train", "--games", "1", "--out", str(tmp_path / "none.npz"),
                 "--resume"]) == 2
    assert "nothing to resume" in capsys.readouterr().err
    two = tmp_path / "two.npz"
    assert main(["train", "--edition", "rollwrite", "--games", "1", "--out", str(two)]) == 0
    assert load(two).players == 2 and Network.load(two).games == 1
    assert main(["train", "--games", "1", "--out", str(two), "--resume"]) == 2
    assert "trained for 2 player(s), not the solitaire" in capsys.readouterr().err


def test_a_choice_leaves_the_sheet_the_engine_leaves():
    """`chosen_sheet` against the engine's own Choose, over every choice of many positions
    (bonuses added, yellow ★ new choices among them)."""
    kinds = set()
    for seed in range(6):
        state = new_game(2, 900 + seed)
        bots = {0: LearnedBot(_random_network(seed), 0), 1: LearnedBot(_random_network(9), 1)}
        while not state.is_over():
            if state.is_chance():
                state.apply(state.chance_action())
                continue
            seat = state.to_act()[0]
            for choice in (a for a in state.legal_actions(seat) if isinstance(a, A.Choose)):
                copy = state.clone()
                copy.apply(choice)
                assert chosen_sheet(state.sheets[seat], choice) == copy.sheets[seat], choice
                kinds.add((choice.bonuses > 0, choice.new_choice))
            state.apply(bots[seat].decide(state, seat))
    assert {(False, False), (True, False)} <= kinds


def test_a_drawing_is_read_as_the_sheet_the_engine_leaves():
    """What `drawings_of` gives the network for each drawing (cells, bricks, score, a blue ★
    spent on an all-O drawing) against the sheet the engine's own Draw leaves."""
    all_o = 0
    for seed in range(5):
        state = new_challenge(700 + seed)
        bot = LearnedBot(_random_network(seed), 0)
        while not state.is_over():
            if state.is_chance():
                state.apply(state.chance_action())
                continue
            t = state.turn_state
            if t.chosen is not None and not t.drawn and not t.pending_arms:
                tile = t.chosen.tile
                found, (cells, xs, features) = drawings_of(state, state.sheets[0], tile)
                assert found
                for k, (mask, cell) in enumerate(found):
                    copy = state.clone()
                    copy.apply(A.Draw(0, tile, mask, cell))
                    sheet = copy.sheets[0]
                    assert (cells[k], xs[k]) == (sheet.building.filled, sheet.building.bricks)
                    assert tuple(features[k].tolist()) == side_features(sheet)
                    all_o += not cell
            state.apply(bot.decide(state, 0))
    assert all_o > 0


def test_a_sheet_is_not_changed_by_reading_it():
    sheet = _sheets_of_a_game(4)[-1]
    before = sheet.to_dict()
    Network.rows([sheet])
    assert sheet.to_dict() == before
