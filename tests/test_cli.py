"""The `copenhagen` command line: simulate, bench and demo print what the issues promise."""

import json

from webapp.cli import main


def test_simulate_rollwrite_prints_the_promised_json(capsys):
    """Issue 2: games, seconds, games_per_s, mean_turns, mean_scores, invariant_violations."""
    code = main(["simulate", "--edition", "rollwrite", "--players", "3", "--games", "4",
                 "--seed", "5", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    for key in ("games", "seconds", "games_per_s", "mean_turns", "mean_scores",
                "invariant_violations"):
        assert key in data
    assert data["games"] == 4 and len(data["mean_scores"]) == 3
    assert data["invariant_violations"] == 0
    assert data["mean_turns"] > 3


def test_bench_reports_rollwrite_figures(capsys):
    """Issue 2: rw_legal_placements_us and rw_games_per_s (values are not judged here)."""
    assert main(["bench", "--json", "--quick", "--only", "rollwrite"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rw_legal_placements_us"] > 0
    assert data["rw_games_per_s"] > 0


def test_demo_plays_a_whole_game(capsys):
    assert main(["demo", "--players", "2", "--seed", "7", "--bot", "random"]) == 0
    out = capsys.readouterr().out
    assert "Turn 1: Ana" in out
    assert "game over" in out
    assert "a b c d e" in out


def test_bad_options_get_a_clear_message_and_exit_2(capsys):
    assert main(["simulate", "--bots", "strong,foo", "--games", "2", "--players", "2"]) == 2
    assert "unknown bot level 'foo'" in capsys.readouterr().err
    assert main(["simulate", "--edition", "boardgame", "--players", "1", "--games", "1"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err
