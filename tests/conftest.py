"""What every test shares: tests run on several pytest-xdist workers at once, and a test that
stops the shared PostgreSQL server (a database outage) must not pull it from under the others.
Such a test carries the `exclusive` marker and holds a lock of its own while every other test
that uses PostgreSQL (the `postgres` marker) holds it shared."""

from __future__ import annotations

import fcntl
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from webapp.platform.jobs import Searchers

OUTAGE_LOCK = Path(tempfile.gettempdir()) / "copenhagen-tests-postgres.lock"
# The app's search process (reviews, pars) runs at the usual priority in tests: at its
# production niceness (19) it would wait behind the suite's own busy workers
# (webapp/platform/jobs.py).
os.environ.setdefault("COPENHAGEN_SEARCH_NICE", "0")


@pytest.fixture(autouse=True)
def _postgres_outages_run_alone(request: pytest.FixtureRequest) -> Iterator[None]:
    """Hold the PostgreSQL lock for the test: alone for an `exclusive` test (it stops the
    server), shared for a `postgres` one; no lock for the rest."""
    marks = request.node.keywords
    if "exclusive" in marks:
        mode = fcntl.LOCK_EX
    elif "postgres" in marks:
        mode = fcntl.LOCK_SH
    else:
        yield
        return
    fd = os.open(OUTAGE_LOCK, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, mode)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


@pytest.fixture(scope="session")
def searchers() -> Iterator[Searchers]:
    """The search processes (bots' turns, hints, jobs) every app of this test worker shares,
    web and browser tests alike: each started when first needed (a fresh interpreter, seconds
    on a loaded machine), stopped when the worker ends."""
    from webapp.platform.jobs import make_searchers  # not for the engines' tests: no Flask

    found = make_searchers({})
    yield found
    found.shutdown()
