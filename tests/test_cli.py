"""The `copenhagen` command line: simulate, bench and demo print what the issues promise."""

import json
import os
import subprocess
import sys

import pytest

from commandline.demo import bot_seed
from commandline.main import main


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


def test_bench_solo_plays_a_game_against_three_bots_on_the_real_server(capsys):
    """Issue 11: `bench --solo` starts the server, plays a whole solo game against three
    strong bots and prints solo_turnaround_p95_ms (values are not judged here)."""
    assert main(["bench", "--json", "--quick", "--solo"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["solo_games"] == 1 and data["solo_errors"] == 0
    assert data["solo_turnarounds"] > 5
    assert 0 < data["solo_turnaround_p50_ms"] <= data["solo_turnaround_p95_ms"]
    assert data["solo_bot_actions_per_turnaround_p50"] >= 3  # three bots moved each time


def test_demo_plays_a_whole_game(capsys):
    assert main(["demo", "--players", "2", "--seed", "7", "--bot", "random"]) == 0
    out = capsys.readouterr().out
    assert "Turn 1: Ana" in out
    assert "game over" in out
    assert "a b c d e" in out


def _demo_in_a_new_process(hash_seed: str) -> str:
    """`copenhagen demo` output from a fresh interpreter with the given PYTHONHASHSEED."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-m", "commandline.main", "demo", "--players", "2", "--seed", "demo",
         "--bot", "random"],
        env=env, capture_output=True, text=True, timeout=120, check=True,
    )
    return done.stdout


def test_demo_with_a_named_seed_plays_the_same_game_in_every_process():
    """Issue 9: the bots' seed comes from the game's seed through a stable hash, not from
    Python's per-process `hash()`; two interpreters with different hash seeds agree."""
    first, second = _demo_in_a_new_process("1"), _demo_in_a_new_process("2")
    assert "game over" in first
    assert first == second


def test_demo_bot_seed_depends_on_the_game_seed():
    """The derivation is stable and still tells seeds apart."""
    assert bot_seed("demo") == bot_seed("demo")
    assert len({bot_seed(s) for s in ("demo", "demo2", 7, "2026-11-23")}) == 4


def test_an_unknown_bot_level_is_an_option_error_from_argparse(capsys):
    """Bad options are refused while parsing: exit 2 with the usage line."""
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--bots", "strong,foo", "--games", "2", "--players", "2"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "unknown bot level 'foo'" in err and "usage: copenhagen simulate" in err
    with pytest.raises(SystemExit) as stop:
        main(["demo", "--bot", "clever"])
    assert stop.value.code == 2


def test_a_rule_the_engine_refuses_gets_a_clear_message_and_exit_2(capsys):
    """IllegalAction (RULES 2.1: the card edition is for 2 to 4) is said plainly."""
    assert main(["simulate", "--edition", "boardgame", "--players", "1", "--games", "1"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err


def test_an_internal_value_error_is_a_bug_and_keeps_its_traceback(monkeypatch):
    """Issue 9: only IllegalAction is caught; an engine bug raising a plain ValueError
    propagates instead of passing for a bad option."""
    import commandline.demo

    def broken(**_: object) -> int:
        raise ValueError("engine bug")

    monkeypatch.setattr(commandline.demo, "run_demo", broken)
    with pytest.raises(ValueError, match="engine bug"):
        main(["demo", "--players", "2"])


def test_an_internal_value_error_exits_with_a_traceback_not_2():
    """The same through the console entry point: traceback on stderr, exit status 1."""
    code = (
        "import sys, commandline.demo as d\n"
        "def broken(**_): raise ValueError('engine bug')\n"
        "d.run_demo = broken\n"
        "from commandline.main import main\n"
        "sys.exit(main(['demo']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode not in (0, 2)
    assert "Traceback" in done.stderr and "ValueError: engine bug" in done.stderr
