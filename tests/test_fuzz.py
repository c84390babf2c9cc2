"""Engine fuzz, as `copenhagen simulate` runs it: a few hundred uniform random legal games per
edition over every player count, every invariant checked after every action and every log
replayed, in-process; not one violation, and every game ends by one of its edition's reasons."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from boardgame import simulate as card_sim
from rollwrite import simulate as rw_sim

# Games per player count. Measured on the 2-core test machine under load from other sessions
# (load average 3): Roll & Write 60 games took 0.5 s (1 player), 1.2 s (2), 1.7 s (3) and
# 3.4 s (4); the card edition 100 games 0.8 s (2), 0.9 s (3) and 1.1 s (4). With these counts,
# 400 + 450 games, the seven runs took 14.8 s under pytest (load average 2.2; the slowest,
# Roll & Write with 4 players, 4.8 s), 17.5 s with the interpreter's start.
ROLLWRITE_GAMES = 100  # for each of 1, 2, 3 and 4 players
CARD_GAMES = 150  # for each of 2, 3 and 4 players

# `copenhagen simulate` replays one game in four (rw_sim.REPLAY_EVERY); this test replays all.
CASES = [("rollwrite", n, ROLLWRITE_GAMES, partial(rw_sim.simulate, replay_every=1),
          rw_sim.END_REASONS) for n in (1, 2, 3, 4)]
CASES += [("boardgame", n, CARD_GAMES, card_sim.simulate, card_sim.END_REASONS)
          for n in (2, 3, 4)]


@pytest.mark.slow
@pytest.mark.parametrize("edition, players, games, simulate, reasons", CASES,
                         ids=[f"{c[0]}-{c[1]}p" for c in CASES])
def test_random_games_break_no_invariant_and_all_end(
    edition: str, players: int, games: int, simulate: Callable[..., dict[str, Any]],
    reasons: tuple[Any, ...],
) -> None:
    result = simulate(players, games, seed=20 + players, check=True)
    assert result["checked"] is True and result["edition"] == edition
    assert result["games"] == games and result["players"] == players
    assert result["invariant_violations"] == 0, result
    ended = result["ended_by"]
    assert sum(ended.values()) == games, ended  # every game ended ...
    assert set(ended) == {str(r) for r in reasons}, ended  # ... by a reason of its edition
    assert result["mean_turns"] > 3 and len(result["mean_scores"]) == players
    if edition == "rollwrite":
        assert result["replayed"] == games


def _random_state(new_game: Callable[..., Any], players: int, steps: int) -> Any:
    rng = random.Random(4)
    state = new_game(players, 4)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_checks_see_a_broken_score() -> None:
    """The fuzz above means something: a score that is not its recount is reported."""
    from boardgame.game import new_game as card_game
    from rollwrite.game import new_game as rw_game

    before = _random_state(rw_game, 2, 30)
    after = before.clone()
    action = after.legal_actions()[-1]
    after.apply(action)
    assert rw_sim.invariant_problems(before, after, action) == []
    after.sheets[0].score += 1
    assert any("recount" in p for p in rw_sim.invariant_problems(before, after, action))

    before = _random_state(card_game, 3, 10)
    total = before.card_total()
    after = before.clone()
    after.apply(after.legal_actions()[0])
    assert card_sim.invariant_problems(before, after, total) == []
    after.scores_[1] += 2
    assert any("recount" in p for p in card_sim.invariant_problems(before, after, total))


def test_simulate_replays_one_game_in_replay_every_and_counts_them() -> None:
    result = rw_sim.simulate(2, 9, seed=3, check=True, replay_every=4)
    assert result["replayed"] == 3  # games 1, 5 and 9
    assert result["invariant_violations"] == 0


def test_an_unchanged_sheet_is_not_rechecked_but_a_changed_one_is() -> None:
    """The per-action check skips sheets whose fingerprint stayed, and sees one that moved."""
    from rollwrite.game import new_game as rw_game

    state = _random_state(rw_game, 3, 40)
    prints = rw_sim.fingerprints(state.sheets)
    crossed = state.facade_sheet.mask
    assert rw_sim.step_problems(prints, crossed, state, None) == []
    state.sheets[2].score += 2  # p3's score no longer matches the recount
    problems = rw_sim.step_problems(prints, crossed, state, None)
    assert problems and all(p.startswith("p3:") for p in problems), problems
    state.sheets[2].score -= 2
    state.sheets[1].building.filled &= state.sheets[1].building.filled - 1  # erase a cell
    assert any("erased" in p for p in rw_sim.step_problems(prints, crossed, state, None))
