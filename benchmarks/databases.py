"""The local PostgreSQL server for benchmarks and tests: does it answer, start it when it does
not (the machine's own cluster, as its start command does), restart it (a database outage),
and fresh schemas that are dropped afterwards."""

from __future__ import annotations

import glob
import os
import secrets
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text

PG_ADMIN_URL = os.environ.get(
    "COPENHAGEN_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)


def pg_answers() -> str | None:
    """None when the server answers, else why not."""
    try:
        engine = create_engine(PG_ADMIN_URL, connect_args={"connect_timeout": 3})
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        engine.dispose()
        return None
    except Exception as err:
        return f"{type(err).__name__}: {err}".splitlines()[0]


def _cluster(action: str) -> None:
    """`pg_ctlcluster <newest version> main <action>` (start, stop, restart)."""
    versions = sorted(Path(p).name for p in glob.glob("/etc/postgresql/*"))
    if not versions:
        return
    subprocess.run(
        ["pg_ctlcluster", "--skip-systemctl-redirect", versions[-1], "main", action],
        check=False, capture_output=True, timeout=120,
    )


def wait_for_pg(seconds: float = 30) -> bool:
    """Wait until the server answers; whether it does."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if pg_answers() is None:
            return True
        time.sleep(0.3)
    return False


def start_pg() -> None:
    """Start the machine's PostgreSQL cluster and wait for it."""
    _cluster("start")
    wait_for_pg()


def stop_pg() -> None:
    """Stop it (fast shutdown: open connections are cut)."""
    _cluster("stop")


@contextmanager
def pg_schema() -> Iterator[str]:
    """A database URL whose search path is a new, empty schema; dropped afterwards."""
    name = "t_" + secrets.token_hex(6)
    admin = create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT", pool_pre_ping=True)
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{name}"'))
    try:
        yield f"{PG_ADMIN_URL}?options=-csearch_path%3D{name}"
    finally:
        wait_for_pg()
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{name}" CASCADE'))
        admin.dispose()


def explain(engine: Any, stmt: Any) -> list[str]:
    """PostgreSQL's plan of a SQLAlchemy statement as it ran (EXPLAIN ANALYZE, BUFFERS)."""
    compiled = stmt.compile(dialect=engine.dialect)
    with engine.connect() as conn:
        rows = conn.exec_driver_sql("EXPLAIN (ANALYZE, BUFFERS) " + str(compiled),
                                    compiled.params).all()
    return [r[0] for r in rows]
