"""Settings that hold across servers (issue 31): COPENHAGEN_* variables only, a key required
whenever the database is not a local SQLite file, `copenhagen migrate` as its own step (the
server refuses an old schema and names the command), seat and host tokens stored hashed
(and the tokens of games stored before that, hashed by the migration)."""

from __future__ import annotations

import argparse
import hashlib
from pathlib import Path
from typing import Any

import pytest
from alembic import command

from commandline.main import main
from commandline.serve import run as serve
from tests.dbs import database
from webapp import create_app, migrate
from webapp.platform.db import SchemaBehind, alembic_config, make_engine, schema_revision
from webapp.platform.store import Store


def _sqlite(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'db.sqlite3'}"


def test_unprefixed_variables_of_other_programs_are_not_read(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "not-ours")
    monkeypatch.setenv("DATABASE_URL", "postgresql+psycopg://nobody@127.0.0.1:1/other")
    monkeypatch.delenv("COPENHAGEN_SECRET_KEY", raising=False)
    monkeypatch.delenv("COPENHAGEN_DATABASE_URL", raising=False)
    app = create_app({"DATABASE_URL": _sqlite(tmp_path), "TESTING": True})
    assert app.config["SECRET_KEY"] != "not-ours"
    monkeypatch.setenv("COPENHAGEN_SECRET_KEY", "ours" * 8)
    assert create_app({"DATABASE_URL": _sqlite(tmp_path)}).config["SECRET_KEY"] == "ours" * 8


def test_a_shared_database_needs_a_key_given_before_anything_is_touched(monkeypatch):
    monkeypatch.delenv("COPENHAGEN_SECRET_KEY", raising=False)
    monkeypatch.delenv("COPENHAGEN_ENV", raising=False)
    url = "postgresql+psycopg://nobody@127.0.0.1:1/nothing"  # never reached: refused first
    with pytest.raises(RuntimeError, match="COPENHAGEN_SECRET_KEY") as caught:
        create_app({"DATABASE_URL": url})
    assert "other than a local SQLite file" in str(caught.value)


def test_serve_refuses_an_old_schema_and_names_the_command(tmp_path, monkeypatch, capsys):
    url = _sqlite(tmp_path)
    monkeypatch.setenv("COPENHAGEN_DATABASE_URL", url)
    with pytest.raises(SchemaBehind, match="copenhagen migrate"):
        create_app({"MIGRATE_ON_START": False})
    args = argparse.Namespace(host="127.0.0.1", port=1, workers=1, threads=1,
                              trusted_hosts="*")
    with pytest.raises(SystemExit) as stopped:  # before gunicorn starts
        serve(args)
    assert "run `copenhagen migrate`" in str(stopped.value)
    assert "nothing (an empty database)" in str(stopped.value)
    assert main(["migrate"]) == 0
    out = capsys.readouterr().out
    _before, head = schema_revision(make_engine(url))
    assert f"empty database -> {head}" in out
    assert main(["migrate"]) == 0
    assert f"up to date ({head})" in capsys.readouterr().out
    create_app({"MIGRATE_ON_START": False})  # now it starts


def test_an_app_on_its_local_sqlite_file_migrates_by_itself(tmp_path):
    """`flask run` in development: no separate step on the local SQLite file."""
    app = create_app({"DATABASE_URL": _sqlite(tmp_path)})
    current, head = schema_revision(app.extensions["store"].engine)
    assert current == head is not None


def test_tokens_are_stored_hashed(app, phone):
    phone.get("/rollwrite/new")
    resp = phone.post("/rollwrite/new", {"seats": "2", "name": "Ann", "dice": "app"})
    code = resp.headers["Location"].rsplit("/", 1)[1]
    seat = phone.client.get_cookie(f"seat_{code}").value
    host = phone.client.get_cookie(f"host_{code}").value
    store = app.extensions["store"]
    game = store.game(code)
    stored = store.seats(game)[0].token
    assert stored == hashlib.sha256(seat.encode()).hexdigest() != seat
    assert game.host_token == hashlib.sha256(host.encode()).hexdigest() != host
    assert store.seat_of(game, seat) == 0 and store.seat_of(game, stored) is None
    assert 'action="/rollwrite/' in phone.get(f"/rollwrite/{code}").get_data(as_text=True)


@pytest.mark.parametrize("kind", [
    pytest.param("sqlite"), pytest.param("postgres", marks=pytest.mark.postgres),
])
def test_the_migration_hashes_the_tokens_stored_before_it(kind: str, tmp_path: Any) -> None:
    with database(kind, tmp_path) as url:
        engine = make_engine(url)
        try:
            with engine.begin() as conn:
                command.upgrade(alembic_config(conn), "0004")
            with engine.begin() as conn:
                conn.exec_driver_sql(
                    "INSERT INTO games (code, kind, edition, config, host_token, seq, status) "
                    "VALUES ('ABCDEF', 'table', 'rollwrite', '{}', 'host-raw', 0, 'open')")
                conn.exec_driver_sql(
                    "INSERT INTO seats (game_id, seat, name, token) SELECT id, 0, 'Ann', "
                    "'seat-raw' FROM games WHERE code = 'ABCDEF'")
                conn.exec_driver_sql(
                    "INSERT INTO seats (game_id, seat, name, token) SELECT id, 1, NULL, NULL "
                    "FROM games WHERE code = 'ABCDEF'")
            migrate({"DATABASE_URL": url})
            store = Store(engine, {})
            game = store.game("ABCDEF")
            assert game.host_token == hashlib.sha256(b"host-raw").hexdigest()
            assert store.seat_of(game, "seat-raw") == 0  # the phone keeps its seat
            assert store.seat_of(game, game.host_token) is None
            assert [s.token for s in store.seats(game)][1] is None  # a free seat stays free
        finally:
            engine.dispose()
