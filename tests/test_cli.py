"""The `copenhagen` command line: simulate, bench and demo print what the issues promise."""

import contextlib
import json
import os
import subprocess
import sys

import pytest

from benchmarks import attacks, push_faults, reliability
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
    assert data["replayed"] == 1  # one game in four is replayed from its log, the first


def test_simulate_replay_every_one_replays_every_game_and_refuses_zero(capsys):
    assert main(["simulate", "--players", "2", "--games", "3", "--replay-every", "1",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["replayed"] == 3
    with pytest.raises(SystemExit):
        main(["simulate", "--replay-every", "0"])
    assert "not a whole number of at least 1" in capsys.readouterr().err


def test_bench_reports_rollwrite_figures(capsys):
    """Issue 2: rw_legal_placements_us and rw_games_per_s (values are not judged here)."""
    assert main(["bench", "--json", "--quick", "--only", "rollwrite"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rw_legal_placements_us"] > 0
    assert data["rw_games_per_s"] > 0


def test_plain_bench_runs_the_everyday_figures_and_the_options_add_the_long_runs(
        monkeypatch, capsys):
    """Issue 26: `bench` alone measures engines, placements, pads, the preview and the strong
    bots; the strength runs (minutes) only with --strength, whose help says how long."""
    import types

    import commandline.main as cli

    ran: list[str] = []
    real = cli.importlib.import_module

    def stand_in(name: str) -> types.SimpleNamespace:
        """The benchmark module, its measure only noting that it ran."""
        has_measure = hasattr(real(name), "measure")
        return types.SimpleNamespace(**({"measure": lambda quick=False: ran.append(
            name.rsplit(".", 1)[1]) or {}} if has_measure else {}))

    monkeypatch.setattr(cli.importlib, "import_module", stand_in)
    assert main(["bench", "--json"]) == 0
    assert sorted(ran) == ["bots", "card", "pdf", "preview", "rollwrite"]
    ran.clear()
    assert main(["bench", "--json", "--strength"]) == 0
    assert ran == ["strength"]
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["bench", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--strength" in help_text and "minutes" in help_text.split("--strength", 1)[1]


def test_bench_preview_gives_first_and_cached_times(capsys):
    """Issue 26: the preview's first drawing and its cached answer, timed (not judged)."""
    assert main(["bench", "--json", "--quick", "--only", "preview"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert 0 < data["preview_cached_p95_ms"] and 0 < data["preview_first_draw_p95_ms"]
    assert data["preview_first_draw_cpu_p95_ms"] > data["preview_cached_cpu_p95_ms"]
    assert data["preview_option_sets"] == 12


@pytest.mark.slow
def test_bench_solo_plays_a_game_against_three_bots_on_the_real_server(capsys):
    """Issue 11: `bench --solo` starts the server, plays a whole solo game against three
    strong bots and prints solo_turnaround_p95_ms (values are not judged here)."""
    assert main(["bench", "--json", "--quick", "--solo"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["solo_games"] == 1 and data["solo_errors"] == 0
    assert data["solo_turnarounds"] > 5
    assert 0 < data["solo_turnaround_p50_ms"] <= data["solo_turnaround_p95_ms"]
    assert data["solo_bot_actions_per_turnaround_p50"] >= 3  # three bots moved each time


RELIABILITY_KEYS = ("requests", "acknowledged", "lost", "server_errors", "refused_changed",
                    "races", "races_won_once", "move_p95_ms_sqlite",
                    "move_p95_ms_postgres_two_servers", "postgres", "slowest_refusal_ms",
                    "hidden_info_leaks", "push_gaps", "push_duplicates", "attacks",
                    "attack_healthz_p99_ms", "attack_stuck_after")


@pytest.mark.slow
def test_bench_push_quick_holds_idle_streams_and_skips_no_move(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 29: `bench --push` (quick: 200 idle streams) holds every stream, answers moves,
    and every stream of a played table gets each move once."""
    assert main(["bench", "--json", "--quick", "--push"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["push_idle_streams"] == 200 and data["push_streams_failed"] == 0, data
    assert data["push_moves"] > 0 and data["push_errors"] == 0, data
    assert data["push_gaps"] == 0 and data["push_duplicates"] == 0, data
    assert 0 < data["push_kib_per_stream"] < 500, data
    assert all(data[k] >= 0 for k in ("push_idle_cpu_pct", "push_play_cpu_pct",
                                       "push_play_no_streams_cpu_pct")), data


class NoServer:
    """A stand-in for the reliability check's app server: started and stopped, it serves
    nothing (the checks that would use it are stand-ins too)."""

    port = 1

    def __init__(self, *_: object, **__: object) -> None:
        pass

    def start(self) -> "NoServer":
        return self

    def stop(self) -> None:
        pass


def test_bench_reliability_quick_runs_every_check_at_its_size_and_prints_the_promised_keys(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 13: `bench --reliability --json --quick` runs every check at its quick size and
    prints every promised key, adding up what the checks found. The checks are stand-ins that
    note how they were asked: each runs for real in its own test (tests/web/test_reliability.py,
    tests/web/test_push_servers.py), so the slow tier runs no check twice and only the database
    restart holds PostgreSQL alone (the whole command held it for minutes)."""
    asked: dict[str, list[object]] = {}

    def note(name: str, result: dict[str, object], skip: int = 2) -> object:
        """A stand-in for a check: notes its arguments (past the first `skip`: the database,
        the folder, the servers) and gives `result`."""
        def stand_in(*args: object, **kwargs: object) -> dict[str, object]:
            asked.setdefault(name, []).append((args[skip:], kwargs))
            return dict(result)
        return stand_in

    part = {"requests": 400, "acknowledged": 90, "lost": 0, "replay_failures": 0,
            "server_errors": 0, "move_p95_ms": 12.5, "acknowledged_after_fault": 40,
            "no_answer": 3, "unavailable_503": 7, "unreadable_503": 0,
            "statuses_during_fault": {"503": 7}}
    bad = {"requests": 160, "forged_requests": reliability.QUICK_FORGED, "server_errors": 0,
           "refused_changed": 0, "unreadable": 0, "slowest_refusal_ms": 12.0}
    race = {"races": 12, "races_won_once": 12, "requests": 24, "server_errors": 0,
            "seen_max_ms": 30.0}
    monkeypatch.setattr(reliability, "pg_answers", lambda: None)
    monkeypatch.setattr(reliability, "AppServer", NoServer)
    monkeypatch.setattr(reliability, "durability", note("durability", part))
    monkeypatch.setattr(reliability, "forged", note("forged", bad))
    monkeypatch.setattr(reliability, "races", note("races", race, skip=1))
    monkeypatch.setattr(reliability, "pg_schema", lambda: contextlib.nullcontext("postgresql://"))
    monkeypatch.setattr(reliability, "hidden_info", note("hidden_info", {
        "hidden_info_leaks": 0, "hidden_info_pages": 28, "hidden_info_check_caught": True,
        "leaks": []}))
    monkeypatch.setattr(push_faults, "push_after_kill", note("push_after_kill", {
        "push_gaps": 0, "push_duplicates": 0, "lost": 0}))
    monkeypatch.setattr(attacks, "run_loads", note("run_loads", skip=0, result={
        "loads": {"held_bodies": {}}, "healthz_p99_ms_worst": 5.0, "stuck_after_worst": 0,
        "moves_lost": 0}))
    assert main(["bench", "--json", "--quick", "--reliability"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [k for k in RELIABILITY_KEYS if k not in data] == []
    # every check ran once at its quick size: kill -9 on SQLite and of two servers on
    # PostgreSQL, the database restart, forged requests, the hot-seat pages, the races, the
    # push streams through a kill -9, the attacker's loads
    assert [kw.get("fault") for _a, kw in asked["durability"]] == [None, None, "database"]
    assert [kw.get("servers", 1) for _a, kw in asked["durability"]] == [1, 2, 1]
    assert [kw["tables"] for _a, kw in asked["durability"]] == [4, 4, 4]
    assert [kw["seconds"] for _a, kw in asked["durability"]] == [4.0, 4.0, 8.0]
    assert asked["forged"] == [((reliability.QUICK_FORGED,), {})]
    assert asked["races"] == [((reliability.QUICK_RACES,), {}),
                              ((reliability.QUICK_DUPLICATES,), {"copies": 5, "tables": 10})]
    assert asked["hidden_info"] == [((), {"turns": 4})]
    assert asked["push_after_kill"] == [((), {"seconds": 8.0})]
    assert asked["run_loads"] == [((True,), {})]
    assert data["postgres"] == "used" and data["move_p95_ms_postgres_two_servers"] == 12.5
    assert data["races"] == 2 * 12 and data["races_won_once"] == data["races"]
    assert data["requests"] == 3 * 400 + 160 + 2 * 24 and data["acknowledged"] == 3 * 90
    assert data["forged_requests"] == reliability.QUICK_FORGED
    assert data["lost"] == 0 and data["server_errors"] == 0 and data["refused_changed"] == 0
    assert data["database_restart"]["unavailable_503"] == 7
    assert data["hidden_info_pages"] == 28 and data["hidden_info_check_caught"] is True
    assert data["attack_healthz_p99_ms"] == 5.0 and data["attack_stuck_after"] == 0


def test_bench_reliability_without_postgres_says_so_and_adds_up_every_request(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No PostgreSQL server: the report says which checks were not run, the PostgreSQL figures
    are null or 0, and `requests` still adds up every check that ran (stand-in checks here)."""
    part = {"requests": 400, "acknowledged": 90, "lost": 0, "replay_failures": 0,
            "server_errors": 0, "move_p95_ms": 12.5, "acknowledged_after_fault": 40,
            "no_answer": 3}
    bad = {"requests": 160, "forged_requests": 150, "server_errors": 0, "refused_changed": 0,
           "unreadable": 0, "slowest_refusal_ms": 12.0}
    monkeypatch.setattr(reliability, "pg_answers", lambda: "OperationalError: refused")
    monkeypatch.setattr(reliability, "start_pg", lambda: None)
    monkeypatch.setattr(reliability, "AppServer", NoServer)
    monkeypatch.setattr(reliability, "durability", lambda *a, **k: dict(part))
    monkeypatch.setattr(reliability, "forged", lambda *a, **k: dict(bad))
    monkeypatch.setattr(reliability, "hidden_info", lambda *a, **k: {
        "hidden_info_leaks": 0, "hidden_info_pages": 28, "leaks": []})
    monkeypatch.setattr(push_faults, "push_after_kill", lambda *a, **k: {
        "push_gaps": 0, "push_duplicates": 0, "lost": 0})
    monkeypatch.setattr(attacks, "run_loads", lambda *a, **k: {
        "loads": {}, "healthz_p99_ms_worst": 0.0, "stuck_after_worst": 0, "moves_lost": 0})
    data = reliability.measure(quick=True)
    assert [k for k in RELIABILITY_KEYS if k not in data] == []
    assert data["postgres"].startswith("not available (OperationalError: refused)")
    assert "not run" in data["postgres"] and "database restart" in data["postgres"]
    assert data["move_p95_ms_postgres_two_servers"] is None and data["move_p95_ms_sqlite"] == 12.5
    assert data["races"] == data["races_won_once"] == 0
    assert data["requests"] == 400 + 160 and data["acknowledged"] == 90


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
