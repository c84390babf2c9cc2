"""Property tests of the card edition: conservation, recount, replay, no change on bad input."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgame import GameState, IllegalAction, new_game, replay
from boardgame import actions as acts
from boardgame.simulate import random_game

SEEDS = st.integers(min_value=0, max_value=10**9)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=2, max_value=4), SEEDS)
def test_random_games_conserve_cards_tiles_abilities_and_scores(players, seed):
    """Issue 3: cards and tiles conserved, scores = recount, no two abilities of a type,
    replay gives the same state, every game ends."""
    state, problems = random_game(players, seed, check=True)
    assert problems == 0
    assert state.is_over() and state.end_reason in ("12 points", "end card", "stalled")


def _junk(state: GameState, rng: random.Random) -> list[acts.Action]:
    out: list[acts.Action] = []
    for p in range(state.players + 1):
        a, b = rng.randrange(8), rng.randrange(8)
        cell = rng.randrange(46)
        cards = tuple(rng.randrange(3) for _ in range(5))
        out += [
            acts.Take(p, a, b, rng.choice([None, rng.randrange(8)]), rng.random() < 0.3),
            acts.Discard(p, cards),
            acts.Build(p, rng.choice(["red-2", "blue-5", "white-1", "nope-3"]),
                       (1 << cell) | (1 << min(cell + 1, 44)), 1 << cell, cards,
                       rng.random() < 0.5, rng.random() < 0.5),
            acts.ArmsWhite(p, cell),
            acts.ArmsAbility(p, rng.choice(["any", "both", "discount"])),
            acts.ArmsRefresh(p),
            acts.Pass(p),
        ]
    return out


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=2, max_value=4), SEEDS)
def test_an_illegal_action_changes_nothing(players, seed):
    """Bad input raises IllegalAction and leaves the state exactly as it was."""
    rng = random.Random(seed)
    state = new_game(players, seed)
    for _ in range(60):
        if state.is_over():
            break
        legal = state.legal_actions()
        for junk in _junk(state, rng):
            before = state.to_dict()
            try:
                state.clone().apply(junk)
            except IllegalAction:
                try:
                    state.apply(junk)
                except IllegalAction:
                    pass
                assert state.to_dict() == before, str(junk)
        state.apply(rng.choice(legal))


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=2, max_value=4), SEEDS)
def test_json_round_trip_clone_and_replay_mid_game(players, seed):
    rng = random.Random(seed)
    state = new_game(players, seed)
    for _ in range(rng.randrange(3, 80)):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    copy = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert copy == state and copy.legal_actions() == state.legal_actions()
    assert replay(state.config, state.log) == state
    view = json.loads(json.dumps(state.view(0)))
    sampled = GameState.from_view(view, 0, rng)
    assert sampled.card_total() == state.card_total()
    assert sampled.hands[0] == state.hands[0]
