"""`copenhagen bench --strength` (issue 40, item 5): every figure issue 40 sets a goal for,
beside that goal, with the games or challenges it rests on and its 95 % interval, on seeds no
bot was tuned on, the games spread over `--jobs` processes. The games themselves take an hour
(the bench's own run); here the bots' matches are stood in for, to check the report."""

from __future__ import annotations

from typing import Any

import pytest

import benchmarks.strength as strength
from commandline.main import main


def test_a_mean_comes_with_its_95_percent_interval_and_count():
    found = strength.mean_ci([10.0, 12.0, 11.0, 11.0])
    assert found["n"] == 4 and found["mean"] == 11.0
    assert found["ci95"] == [10.2, 11.8]  # 1.96 x 0.816 / 2 = 0.8


def test_a_goal_is_met_from_its_side():
    assert strength.met("rollwrite expert vs strong", 0.85)
    assert not strength.met("rollwrite expert vs strong", 0.849)
    assert strength.met("solitaire expert turns", 10.0)
    assert not strength.met("solitaire expert turns", 10.01)


def test_the_held_out_seeds_are_none_the_bots_were_tuned_on():
    """The tuning seeds named in the bots' comments (simulate --seed 1, 11, 23, 101, 303;
    challenges 0-199) and the review bands' (2026-2047, 3000-3039)."""
    assert strength.HELD_OUT_SEED not in (1, 11, 23, 101, 303, *range(2026, 2048),
                                          *range(3000, 3040))
    assert strength.HELD_OUT_CHALLENGES >= 200


def test_every_goal_is_reported_with_its_games_and_interval(monkeypatch: Any):
    """The report's wiring, the matches and challenges stood in for: each goal's figure, met
    or not, the number of games, the interval, and the jobs passed on to the processes."""
    asked: dict[str, Any] = {"jobs": set()}

    def fake_match(edition: str, bots: list[str], players: int, games: int, seed: int,
                   workers: int = 2) -> dict[str, Any]:
        asked["jobs"].add(workers)
        assert seed == strength.HELD_OUT_SEED and len(bots) == players
        if players > 2:  # one expert, strong bots in the other seats
            assert bots == ["expert"] + ["strong"] * (players - 1) and edition == "rollwrite"
        rate = {"strong": 0.8, "greedy": 0.98}[bots[1]]
        return {"games": games, "win_rate": {bots[0]: rate}, "ci95": {bots[0]: [0.7, 0.9]},
                "seconds": 1.0}

    def fake_turns(level: str, seeds: int, jobs: int) -> dict[str, Any]:
        asked["jobs"].add(jobs)
        return {"n": seeds, "mean": 10.4, "ci95": [10.2, 10.6]}

    monkeypatch.setattr(strength, "match", fake_match)
    monkeypatch.setattr(strength, "solitaire_turns", fake_turns)
    monkeypatch.setattr(strength, "move_times", lambda edition, level, games: ([], [0.1] * 20))
    monkeypatch.setattr(strength, "solitaire_move_times", lambda level, games: [0.2] * 20)
    out = strength.measure(quick=False, jobs=3)
    table = out["strength"]
    assert asked["jobs"] == {3} and out["strength_jobs"] == 3
    for goal in strength.GOALS:
        assert "goal" in table[goal] and "met" in table[goal], goal
    assert table["rollwrite expert vs strong"]["games"] == 320
    assert table["rollwrite expert vs greedy"]["games"] == 160
    assert table["rollwrite expert vs strong"]["met"] is False  # 0.8 < 0.85
    assert table["rollwrite expert vs greedy"]["met"] is True
    for players in (3, 4):  # beyond two players: figures without a goal
        row = table[f"rollwrite {players} players expert vs strong"]
        assert row == {"value": 0.8, "games": 90, "ci95": [0.7, 0.9], "seconds": 1.0}
    assert table["solitaire expert turns"] == {"value": 10.4, "goal": "<= 10", "met": False,
                                               "challenges": 200, "ci95": [10.2, 10.6]}
    assert table["boardgame expert move cpu ms p95"]["met"] is True  # 100 ms <= 800
    assert out["strength_goals"] == len(strength.GOALS)
    assert out["strength_goals_met"] == sum(r["met"] for r in table.values() if "met" in r)


def test_bench_passes_jobs_to_the_strength_run(monkeypatch: Any, capsys: Any):
    seen: list[Any] = []
    monkeypatch.setattr(strength, "measure",
                        lambda quick=False, jobs=None: seen.append((quick, jobs)) or {})
    assert main(["bench", "--json", "--strength", "--quick", "--jobs", "3"]) == 0
    assert seen == [(True, 3)]
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["bench", "--jobs", "0"])
    assert "at least 1" in capsys.readouterr().err
