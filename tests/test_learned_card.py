"""The card edition's learned evaluation (issue 40): the network reads of an action what the
engine leaves, a batch reads what the plain rule reads, training is the same from its seed and
learns the points each seat lacks at the end, the bot decides on what its seat may know, and
`copenhagen train --edition card` trains and resumes."""

from __future__ import annotations

import random

import numpy as np

from boardgame import actions as A  # noqa: N812
from boardgame.game import new_game
from boardgame.material import COLOURS, TARGET
from boardgame.state import GameState
from bots.card.greedy import GreedyBot
from bots.learned import CARD as SHIPPED
from bots.learned.card import (
    CARD_SIDE,
    CARD_SIZE,
    LearnedCardBot,
    after,
    card_network,
    position,
    rows,
    starting_network,
)
from bots.learned.ntuple import Network, read_plain
from bots.learned.train import Run, load, play_and_learn_card, save, train
from commandline.main import main


def _random_network(seed: int) -> Network:
    return Network(np.random.default_rng(seed).standard_normal(CARD_SIZE).astype(np.float32))


def _states_of_a_game(seed: int) -> list[GameState]:
    """Every state of a game between a greedy bot and the learned bot on random weights."""
    state = new_game(2, seed)
    bots = [GreedyBot(seed), LearnedCardBot(_random_network(seed), seed)]
    states = [state.clone()]
    while not state.is_over():
        state.apply(bots[state.active].decide(state, state.active))
        states.append(state.clone())
    return states


def test_an_action_is_read_as_the_position_the_engine_leaves():
    """Builds (their points and cards paid), takes (the cards and the deck that fills the
    harbour again), discards, coats of arms and abilities: the network reads of each action,
    without playing it, what the engine's position is once it is played (the deck's size
    once the harbour is full again, at the turn's end)."""
    kinds: set[type] = set()
    checked = 0
    for seed in (1, 2, 3):
        for state in _states_of_a_game(seed):
            if state.is_over():
                continue
            p = state.active
            for a in state.legal_actions(p):
                played = state.clone()
                played.apply(a)
                filled, bricks, features = after(state, a)
                real = position(played, p)
                assert (filled, bricks) == real[:2], a
                # score, cards in hand and ability tiles as the engine leaves them
                assert features[0] == real[2][0] or played.is_over(), a
                assert features[4:] == real[2][4:], a
                if played.active != p and not played.is_over():  # the harbour is full again
                    assert features[1:4] == real[2][1:4], a
                kinds.add(type(a))
                checked += 1
    assert {A.Build, A.Take, A.Discard, A.ArmsWhite} <= kinds
    assert checked > 1000


def test_a_batch_of_positions_reads_what_the_plain_rule_reads():
    network = _random_network(4)
    positions = [position(s, p) for s in _states_of_a_game(5) for p in range(2)]
    assert len({pos[:2] for pos in positions}) > 5
    batch = network.values(rows(positions))
    plain = [read_plain(network, f, b, side, CARD_SIDE) for f, b, side in positions]
    assert np.allclose(batch, plain, atol=1e-3)


def test_training_starts_from_the_score_alone():
    network = starting_network()
    empty = (0, 0, (0,) * len(CARD_SIDE))
    scored = (0, 0, (7,) + (0,) * (len(CARD_SIDE) - 1))
    assert network.values(rows([empty, scored])).tolist() == [TARGET, TARGET - 7]


def test_each_seat_learns_the_points_it_lacks_at_the_end():
    """Each seat's turns learn the value of its next turn's position; its last, 12 less the
    points it ended with, for the winner and the other seat alike."""
    network = starting_network()
    trace: list[tuple[np.ndarray, float]] = []
    end = play_and_learn_card(network, 77, trace=trace)
    assert end.is_over()
    assert sorted(target for _, target in trace[-2:]) == sorted(
        float(TARGET - min(score, TARGET)) for score in end.scores_)
    assert len(trace) > 20 and network.games == 1


def test_card_training_is_the_same_from_its_seed_and_resumes_where_it_stopped(tmp_path):
    whole = train(Run(starting_network(), seed=5, players=2, card=True), games=3)
    part = train(Run(starting_network(), seed=5, players=2, card=True), games=2)
    save(part, tmp_path / "c.npz")
    resumed = load(tmp_path / "c.npz")
    assert resumed.card and resumed.players == 2
    train(resumed, games=1)
    assert np.array_equal(whole.network.weights, resumed.network.weights)
    assert resumed.window == whole.window


def test_the_learned_card_bot_decides_on_what_its_seat_may_know():
    """The same position with the other hand and the deck dealt again (the same counts):
    every decision of the bot is the same."""
    network = card_network()
    rng = random.Random(8)
    compared = 0
    for state in _states_of_a_game(9)[::3]:
        if state.is_over():
            continue
        p = state.active
        other = state.clone()
        hidden = [c for c in other.deck if c != "end"]
        for q in range(other.players):
            if q != p:
                hidden += [colour for colour, n in zip(COLOURS, other.hands[q])
                           for _ in range(n)]
        rng.shuffle(hidden)
        for q in range(other.players):
            if q != p:
                n = sum(other.hands[q])
                dealt, hidden = hidden[:n], hidden[n:]
                other.hands[q] = [dealt.count(c) for c in COLOURS]
        deck = iter(hidden)
        other.deck = [c if c == "end" else next(deck) for c in other.deck]
        assert other.deck != state.deck or other.hands != state.hands or len(hidden) < 3
        bot = LearnedCardBot(network)
        assert bot.decide(other, p) == bot.decide(state, p)
        compared += 1
    assert compared > 10


def test_the_shipped_card_network_plays_whole_games_and_scores():
    network = card_network()
    assert network.games > 0 and network.weights.shape == (CARD_SIZE,)
    scores = []
    for seed in (1, 2):
        state = new_game(2, seed)
        bots = [LearnedCardBot(network, 1), GreedyBot(2)]
        while not state.is_over():
            state.apply(bots[state.active].decide(state, state.active))
        scores.append(state.scores_[0])
    assert max(scores) > 0


def test_copenhagen_train_trains_the_card_edition_and_resumes_it(tmp_path, capsys):
    out = tmp_path / "card.npz"
    assert main(["train", "--edition", "card", "--games", "2", "--seed", "3",
                 "--out", str(out)]) == 0
    assert load(out).card and load(out).network.games == 2
    assert main(["train", "--edition", "card", "--games", "1", "--seed", "3", "--out", str(out),
                 "--resume"]) == 0
    assert load(out).network.games == 3
    capsys.readouterr()
    assert main(["train", "--edition", "solitaire", "--games", "1", "--seed", "3",
                 "--out", str(out), "--resume"]) == 2
    assert "card edition" in capsys.readouterr().err


def test_the_shipped_card_network_is_small():
    assert SHIPPED.stat().st_size < 5_000_000

