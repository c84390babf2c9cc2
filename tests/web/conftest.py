"""Fixtures of the web tests: an app on a fresh database, clients that carry a CSRF token.

Every test runs on SQLite. A test where the database matters (the store, conflicts, whole
games, migrations) is marked `@pytest.mark.both_databases` and runs on PostgreSQL too; those
runs carry the `postgres` marker (`-m "not postgres"` leaves them out). A finished game's
review is made by the quick stand-in of tests/web/fake_review.py (a test of the real reviewer
puts it back).

The services the app calls (webapp.platform.deps: the bot makers, the reviewer, the par's search,
the
date) are the test's own, handed to `create_app`: a test changes what its app calls through
the fixtures `makers`, `review`, `par` and `today`, never by patching a module."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

from tests.dbs import migrate_sqlite_template, migrated_database
from tests.web.fake_review import fake_review
from webapp import create_app
from webapp.games import botplay
from webapp.games.seats import new_seed
from webapp.platform.deps import BotMaker, Deps
from webapp.platform.jobs import Searchers
from webapp.solo import pars, records

CSRF_RE = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"|"X-CSRFToken": "([^"]+)"')


def csrf_from(html: str) -> str:
    """The CSRF token a page carries (form field or htmx header)."""
    m = CSRF_RE.search(html)
    assert m, "the page carries no CSRF token"
    return m.group(1) or m.group(2)


class SessionTemplates(BytecodeCache):
    """Compiled templates kept in memory for the whole run: each test's app would otherwise
    parse and compile every template it renders again (jinja checks each template's source
    against what was compiled, so a changed template is compiled anew)."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        """Fill the bucket from memory when this template was compiled before."""
        code = self.compiled.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep what was compiled."""
        self.compiled[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = SessionTemplates()


class Phone:
    """One browser: a test client with its own cookies, posting forms with the page's token."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.token = ""

    def get(self, url: str, **kw: Any) -> Any:
        resp = self.client.get(url, **kw)
        html = resp.get_data(as_text=True)
        if resp.status_code < 400:
            m = CSRF_RE.search(html)
            if m:
                self.token = m.group(1) or m.group(2)
        return resp

    def post(self, url: str, data: dict[str, Any] | None = None, **kw: Any) -> Any:
        if not self.token:
            self.get("/")
        body = {"csrf_token": self.token, **(data or {})}
        return self.client.post(url, data=body, **kw)


DATABASES = [pytest.param("sqlite"), pytest.param("postgres", marks=pytest.mark.postgres)]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Tests marked both_databases that reach a database run once on each kind."""
    if ("db_kind" in metafunc.fixturenames
            and metafunc.definition.get_closest_marker("both_databases")):
        metafunc.parametrize("db_kind", DATABASES, indirect=True)


@pytest.fixture
def db_kind(request: pytest.FixtureRequest) -> str:
    """'sqlite', or 'postgres' for the PostgreSQL run of a test marked both_databases."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file the migrations ran on, once per session; each test gets a copy."""
    return migrate_sqlite_template(tmp_path_factory.mktemp("template") / "migrated.sqlite3")


@pytest.fixture
def db_url(db_kind: str, tmp_path: Path, sqlite_template: Path) -> Iterator[str]:
    """A fresh database at the newest migration: SQLite, or PostgreSQL (a new schema) for the
    second run of a test marked both_databases."""
    with migrated_database(db_kind, tmp_path, sqlite_template) as url:
        yield url


class StandIn:
    """A service of the test's app that calls `work`, which the test sets (or keeps)."""

    def __init__(self, work: Callable[..., Any]) -> None:
        self.work = work

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.work(*args, **kwargs)


class Today:
    """The date of the test's app: `day` once the test sets it, else the real one."""

    def __init__(self, day: str | None = None) -> None:
        self.day = day

    def __call__(self) -> str:
        return self.day or records.today()


@pytest.fixture
def makers(searchers: Searchers) -> dict[str, BotMaker]:
    """The app's bot makers (bots.levels), the test's own copy: a test puts its bot in."""
    return botplay.stock_makers(searchers.bots)


@pytest.fixture
def review() -> StandIn:
    """The app's reviewer: the quick stand-in (no test waits for the bots' play-outs)."""
    return StandIn(fake_review)


@pytest.fixture
def par(searchers: Searchers) -> StandIn:
    """The app's par: the strong bot's, in the search process."""
    return StandIn(pars.BotPar(searchers.jobs))


@pytest.fixture
def today() -> Today:
    """The app's date: the real one until the test sets `today.day`."""
    return Today()


class Seeds:
    """The app's new tables' dice seeds: random ones until a test names a `prefix`, then
    "<prefix>-1", "<prefix>-2" ...: the same dice on every run."""

    def __init__(self) -> None:
        self.prefix: str | None = None
        self.count = 0

    def __call__(self) -> str:
        if self.prefix is None:
            return new_seed()
        self.count += 1
        return f"{self.prefix}-{self.count}"


@pytest.fixture
def seeds() -> Seeds:
    """The app's dice seeds for new tables (random until the test sets `seeds.prefix`)."""
    return Seeds()


@pytest.fixture
def deps(makers: dict[str, BotMaker], review: StandIn, par: StandIn, today: Today,
         seeds: Seeds, searchers: Searchers) -> Deps:
    """The services of the test's app (webapp.platform.deps)."""
    return Deps(makers=makers, review=review, par=par, today=today, new_seed=seeds,
                searchers=searchers)


@pytest.fixture
def app(db_url: str, tmp_path: Path, deps: Deps) -> Iterator[Flask]:
    """A fresh app on a fresh database, htmx served from the local copy."""
    application = create_app({
        "TESTING": True,
        "DATABASE_URL": db_url,
        "HTMX_URL": "/static/vendor/htmx.min.js",
        "SECRET_KEY": "test-secret",
        "RATELIMIT_ENABLED": False,
        # a loaded test machine starts the bots' process slowly: the deadlines' own tests
        # (tests/web/test_deadlines.py) set theirs
        "HINT_SECONDS": 300.0,
        "BOT_TURN_SECONDS": 300.0,
        "BOT_REQUEST_SECONDS": 3000.0,
    }, deps)
    application.jinja_env.bytecode_cache = TEMPLATES
    yield application
    application.extensions["jobs"].shutdown()  # its jobs end before their database goes
    application.extensions["store"].engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client (one browser)."""
    return app.test_client()


@pytest.fixture
def phone(app: Flask) -> Phone:
    """One phone."""
    return Phone(app.test_client())


@pytest.fixture
def phones(app: Flask) -> list[Phone]:
    """Four phones, each with its own cookies."""
    return [Phone(app.test_client()) for _ in range(4)]
