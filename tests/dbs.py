"""Databases the web tests run on: SQLite files and schemas on the local PostgreSQL server
(started when it does not answer; required when CI=true).

The migrations run once per session and kind: a SQLite template file is migrated and copied
for each test; on PostgreSQL the statements the migrations ran on a template schema are
replayed into each test's fresh schema. `database()` gives an empty database, for the tests of
the migrations themselves."""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from sqlalchemy import Engine, create_engine, event, text

from benchmarks.databases import PG_ADMIN_URL, pg_answers, pg_schema, start_pg, wait_for_pg
from webapp.platform.db import create_schema, make_engine

# The tests' schemas commit without waiting for the disk (`synchronous_commit=off`): on this
# machine a commit that waits for its WAL flush took 3.7 ms, one that does not 0.1 ms (200
# inserts each, 2026-12-04). What a test checks is the app's transactions, which the server
# still applies and shows at once; only a crash of PostgreSQL itself could lose the last
# commits, and no test crashes it (the outage tests stop it cleanly: `stop_pg`). The
# reliability checks' servers, which `benchmarks` shares with the bench, keep the default.
_FAST_COMMITS_OPTION = "-csynchronous_commit=off"
_FAST_COMMITS = quote(" " + _FAST_COMMITS_OPTION)  # appended to a URL's `options`
_pg_state: dict[str, str | None] = {}
_pg_admin: list[Engine] = []
_pg_migrations: list[tuple[str, Any]] = []


def postgres_unavailable() -> str | None:
    """Why PostgreSQL cannot be used (None: it can); tries to start it once."""
    if "why" not in _pg_state:
        why = pg_answers()
        if why is not None:
            start_pg()
            why = pg_answers()
        _pg_state["why"] = why
    return _pg_state["why"]


def require_postgres() -> None:
    """Skip without PostgreSQL locally; fail in CI, where every test must run."""
    why = postgres_unavailable()
    if why is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"PostgreSQL is required in CI and does not answer: {why}")
    pytest.skip(f"no PostgreSQL server here: {why}")


@contextmanager
def fresh_schema() -> Iterator[str]:
    """A database URL whose search path is a new, empty schema; dropped afterwards."""
    require_postgres()
    with pg_schema() as url:
        yield url + _FAST_COMMITS


@contextmanager
def database(kind: str, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database of the given kind ('sqlite' or 'postgres') as a URL."""
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.sqlite3'}"
    else:
        with fresh_schema() as url:
            yield url


def migrate_sqlite_template(path: Path) -> Path:
    """Run the migrations once on a new SQLite file at `path`; the file, closed."""
    engine = make_engine(f"sqlite:///{path}")
    create_schema(engine)
    engine.dispose()  # the last connection checkpoints the WAL into the file
    return path


def _admin() -> Engine:
    """One pooled engine on the test database for the whole session."""
    if not _pg_admin:
        _pg_admin.append(create_engine(PG_ADMIN_URL, pool_pre_ping=True,
                                       connect_args={"options": _FAST_COMMITS_OPTION}))
    return _pg_admin[0]


def _migration_statements() -> list[tuple[str, Any]]:
    """The statements the migrations run on an empty schema (migrated once per session)."""
    if not _pg_migrations:
        ran: list[tuple[str, Any]] = []
        with pg_schema() as url:
            engine = make_engine(url)

            @event.listens_for(engine, "before_cursor_execute")
            def _record(_c: Any, _cur: Any, stmt: str, params: Any, _x: Any, many: bool) -> None:
                if not stmt.lstrip().upper().startswith("SELECT"):  # reads change nothing
                    ran.append((stmt, [dict(p) for p in params] if many else dict(params or {})))

            create_schema(engine)
            engine.dispose()
        _pg_migrations.extend(ran)
    return _pg_migrations


@contextmanager
def migrated_database(kind: str, tmp_path: Path, sqlite_template: Path) -> Iterator[str]:
    """A database of the given kind at the newest migration, cloned from the session's
    template: a copy of the SQLite file, or a new PostgreSQL schema in which the template's
    migration statements are replayed. Dropped afterwards."""
    if kind == "sqlite":
        path = tmp_path / "test.sqlite3"
        shutil.copyfile(sqlite_template, path)
        yield f"sqlite:///{path}"
        return
    require_postgres()
    statements = _migration_statements()
    name = "t_" + secrets.token_hex(6)
    admin = _admin()
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{name}"'))
        conn.execute(text(f'SET LOCAL search_path TO "{name}"'))
        for stmt, params in statements:
            conn.exec_driver_sql(stmt, params or None)
    try:
        yield f"{PG_ADMIN_URL}?options=-csearch_path%3D{name}{_FAST_COMMITS}"
    finally:
        wait_for_pg()  # a test may have restarted the server
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{name}" CASCADE'))
