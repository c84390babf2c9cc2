"""Databases the web tests run on: a fresh SQLite file, or a fresh schema on the local
PostgreSQL server (started when it does not answer; required when CI=true)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from benchmarks.databases import pg_answers, pg_schema, start_pg

_pg_state: dict[str, str | None] = {}


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
        yield url


@contextmanager
def database(kind: str, tmp_path: Path) -> Iterator[str]:
    """A fresh database of the given kind ('sqlite' or 'postgres') as a URL."""
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.sqlite3'}"
    else:
        with fresh_schema() as url:
            yield url
