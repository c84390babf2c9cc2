"""Property tests: random legal games keep every invariant (RULES 1, 3; issue 2)."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from facade.errors import IllegalAction
from rollwrite import GameState, new_game, replay
from rollwrite import actions as acts
from rollwrite.simulate import random_game

GAMES = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@GAMES
@given(st.integers(min_value=1, max_value=4), st.integers(min_value=0, max_value=10**9))
def test_random_games_keep_every_invariant(players, seed):
    """No overlap, supported cells, one X per tile, score = recount, X side never reused,
    replay of the log gives the same state."""
    state, problems = random_game(players, seed, check=True, undo=True)
    assert problems == 0
    assert state.is_over()
    assert any(s >= 12 for s in state.scores()) or state.end_reason


def _junk_actions(state: GameState, rng: random.Random) -> list[acts.Action]:
    """Plausible but mostly illegal actions for every seat."""
    out: list[acts.Action] = []
    for p in range(state.players + 1):
        d = rng.randrange(6)
        cell = rng.randrange(46)
        out += [
            acts.End(p),
            acts.Undo(p),
            acts.Pass(p),
            acts.Pick(p, d, rng.choice(["red", "blue", "white", ""])),
            acts.Reroll(p, (d,)),
            acts.Change(p, (d % 5,), "red"),
            acts.Choose(p, rng.choice(["R2", "B5", "Y4L", "Q1"]), (0, 1), rng.randrange(4)),
            acts.Draw(p, "R2", (1 << cell) | (1 << (cell + 5)), 1 << cell),
            acts.Extra(p, cell, True),
            acts.ArmsCell(p, cell),
            acts.ArmsTrack(p, "green"),
            acts.Setup(p, "red"),
            acts.Roll(p, ("red",) * 5),
        ]
    return out


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=1, max_value=4), st.integers(min_value=0, max_value=10**9))
def test_an_illegal_action_changes_nothing(players, seed):
    """Bad input raises IllegalAction and leaves the state exactly as it was."""
    rng = random.Random(seed)
    state = new_game(players, seed)
    steps = 0
    while not state.is_over() and steps < 80:
        legal = state.legal_actions()
        for junk in _junk_actions(state, rng):
            if junk in legal:
                continue
            before = state.to_dict()
            try:
                state.clone().apply(junk)
            except IllegalAction:
                pass
            else:
                continue  # an equivalent legal variant (other identical die): fine
            try:
                state.apply(junk)
            except IllegalAction:
                pass
            assert state.to_dict() == before, str(junk)
        state.apply(rng.choice(legal))
        steps += 1


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=1, max_value=4), st.integers(min_value=0, max_value=10**9))
def test_json_round_trip_and_clone_mid_game(players, seed):
    rng = random.Random(seed)
    state = new_game(players, seed)
    for _ in range(rng.randrange(5, 120)):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    copy = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert copy == state
    assert copy.legal_actions() == state.legal_actions()
    twin = state.clone()
    if not state.is_over():
        twin.apply(twin.legal_actions()[0])
        assert twin != state
    assert replay(state.config, state.log) == state


def test_every_listed_action_applies():
    """legal_actions only lists actions that apply."""
    rng = random.Random(3)
    for players in (1, 2, 3, 4):
        state = new_game(players, players)
        while not state.is_over():
            legal = state.legal_actions()
            for a in rng.sample(legal, min(5, len(legal))):
                state.clone().apply(a)
            state.apply(rng.choice(legal))
