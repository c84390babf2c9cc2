"""The web app on real servers (gunicorn processes) under faults: SIGKILL mid-load on SQLite
and on two servers sharing PostgreSQL, PostgreSQL restarted mid-load, the same move sent to
two servers at once, 50 phones on 10 tables sending duplicates, forged requests. Small counts
here; `copenhagen bench --reliability` runs the same checks bigger."""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest

from benchmarks import attacks
from benchmarks.databases import pg_schema
from benchmarks.reliability import durability, forged, hidden_info, races
from benchmarks.servers import AppServer
from tests.dbs import require_postgres

pytestmark = pytest.mark.slow  # real servers killed mid-load: left out of the fast command


@pytest.fixture
def pg() -> str:
    """A fresh PostgreSQL schema (tests that use it carry the postgres marker)."""
    require_postgres()
    with pg_schema() as url:
        yield url


MOVES = 60  # acknowledged moves a durability check waits for: half before its fault, half after
# (counted, not timed: a loaded machine plays them slower; benchmarks/reliability.durability)


def _no_loss(result: dict) -> None:
    assert result["acknowledged"] >= MOVES, result
    assert result["acknowledged_after_fault"] >= MOVES // 2, result
    assert result["lost"] == 0, result["lost_moves"]
    assert result["replay_failures"] == 0
    assert result["server_errors"] == 0, result
    assert result["acknowledged_after_fault"] > 0, "play did not go on after the fault"


def test_kill9_of_the_server_loses_no_acknowledged_move_sqlite(tmp_path: Path):
    result = durability(f"sqlite:///{tmp_path / 'k.sqlite3'}", tmp_path, tables=3, moves=MOVES)
    _no_loss(result)


@pytest.mark.postgres
def test_kill9_of_two_servers_on_postgres_loses_no_acknowledged_move(pg: str, tmp_path: Path):
    result = durability(pg, tmp_path, servers=2, tables=3, moves=MOVES, seed=2)
    _no_loss(result)


@pytest.mark.postgres
@pytest.mark.exclusive
def test_a_database_restart_mid_load_answers_503_and_loses_nothing(pg: str, tmp_path: Path):
    result = durability(pg, tmp_path, tables=3, moves=MOVES, seed=3, fault="database")
    _no_loss(result)
    assert result["unavailable_503"] > 0, result  # the outage was felt ...
    assert result["unreadable_503"] == 0  # ... and each answer asked to try again


@pytest.fixture
def two_servers(pg: str, tmp_path: Path) -> list[int]:
    secret = secrets.token_hex(16)  # the servers of one site share their key
    apps = [AppServer(pg, tmp_path / f"s{i}.log", secret=secret).start() for i in range(2)]
    try:
        yield [a.port for a in apps]
    finally:
        for a in apps:
            a.stop()


@pytest.mark.postgres
def test_one_move_sent_to_two_servers_at_once_wins_exactly_once(two_servers: list[int]):
    result = races(two_servers, count=12)
    assert result["races"] == 12 and result["races_won_once"] == 12, result
    assert result["seen_late"] == 0, result  # the other phone, on the other server, within 2 s


@pytest.mark.postgres
def test_fifty_phones_on_ten_tables_sending_duplicates_apply_each_move_once(
        two_servers: list[int]):
    result = races(two_servers, count=2, copies=5, tables=10)
    assert result["races"] == 20 and result["races_won_once"] == 20, result
    assert result["statuses"] == {"200": 20, "409": 80}


def test_forged_requests_to_a_live_server_change_nothing(tmp_path: Path):
    url = f"sqlite:///{tmp_path / 'f.sqlite3'}"
    with AppServer(url, tmp_path / "f.log") as app:
        result = forged(url, app.port, 120)
    assert result["forged_requests"] == 120 and result["refused"] > 60
    assert result["server_errors"] == 0 and result["refused_changed"] == 0
    assert result["unreadable"] == 0
    # issue 18: no refusal froze a worker (a backtracking pattern took minutes; the 100 ms goal
    # is `bench --reliability`'s to report: on this shared machine one refusal once took 2 s)
    assert 0 < result["slowest_refusal_ms"] < 10_000, result["slowest_refusal_ms"]


def test_a_hot_seat_card_game_on_a_live_server_shows_no_hand_but_the_rightful_one(
        tmp_path: Path):
    """Issue 26 (also part of `bench --reliability`): every page of a hot-seat game, asked
    again after each action, shows or lets a cache keep only the hand of the person whose turn
    it is; and the check counts a real leak (a shown hand judged as another player's)."""
    url = f"sqlite:///{tmp_path / 'h.sqlite3'}"
    with AppServer(url, tmp_path / "h.log") as app:
        result = hidden_info(app.port, url, turns=4)
    assert result["hidden_info_pages"] >= 20 and result["hidden_info_leaks"] == 0, result
    assert result["hidden_info_check_caught"] is True


@pytest.mark.parametrize("load", list(attacks.LOADS))
def test_an_attackers_load_holds_no_request_and_loses_no_move(load: str, tmp_path: Path):
    """Issue 36 (also part of `bench --reliability`): each attacker's load against a fresh
    server, a table played meanwhile: afterwards no request is held and no move was lost."""
    result = attacks.one_load(load, tmp_path, 3.0)
    assert result["stuck_after"] == 0, result
    assert result["moves_lost"] == 0, result
    assert result["healthz_samples"] > 0, result
