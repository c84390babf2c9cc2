"""The app itself: factory, home page, languages, health check, error pages, htmx copy."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from webapp import create_app, migrate, services
from webapp.games import botplay
from webapp.platform.config import HTMX_CDN_URL, HTMX_SRI, HTMX_VERSION
from webapp.platform.deps import Deps

ROOT = Path(__file__).resolve().parents[2]


def test_home_page_lists_the_ways_in(client):
    html = client.get("/").get_data(as_text=True)
    for text in ("Table companion", "Dice only", "Play solo", "Print pads"):
        assert text in html
    assert "Coming soon" not in html  # every way in is built
    for href in ("/rollwrite/new", "/d/new", "/s/", "/card/new", "/print/", "/r"):
        assert f'href="{href}"' in html, href


def test_pages_load_htmx_from_the_configured_url(client):
    html = client.get("/").get_data(as_text=True)
    assert 'src="/static/htmx-loader.js" data-cdn="/static/vendor/htmx.min.js"' in html
    assert 'data-local="/static/vendor/htmx.min.js"' in html  # the fallback: the same copy
    assert f'data-integrity="{HTMX_SRI}"' in html


def test_default_htmx_url_is_the_pinned_cdn_version(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "TESTING": True})
    assert app.config["HTMX_URL"] == HTMX_CDN_URL and HTMX_VERSION in HTMX_CDN_URL
    html = app.test_client().get("/").get_data(as_text=True)
    assert f'data-cdn="{HTMX_CDN_URL}"' in html
    assert f'data-integrity="{HTMX_SRI}"' in html


def test_local_htmx_copy_matches_the_pinned_integrity_hash(client):
    resp = client.get("/static/vendor/htmx.min.js")
    assert resp.status_code == 200, "run scripts/setup.sh: it fetches the local htmx copy"
    digest = base64.b64encode(hashlib.sha384(resp.data).digest()).decode()
    assert f"sha384-{digest}" == HTMX_SRI


@pytest.mark.both_databases
def test_health_check_answers_with_the_database(client):
    resp = client.get("/healthz")
    assert resp.status_code == 200 and resp.get_json() == {"status": "ok"}


def test_language_follows_the_browser_then_the_switch(client):
    html = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"}).get_data(as_text=True)
    assert '<html lang="de">' in html
    resp = client.get("/lang/fr?next=/")
    assert resp.status_code == 302 and resp.headers["Location"].endswith("/")
    html = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert '<html lang="fr">' in html


def test_language_links_come_back_to_the_page_and_its_query_unless_it_is_overlong(client):
    html = client.get("/print/?pages=3").get_data(as_text=True)
    assert html.count('href="/lang/fr?next=/print/?pages%3D3"') == 1
    resp = client.get(f"/print/?pages=3&x={'y' * 5000}")
    html = resp.get_data(as_text=True)
    assert 'href="/lang/fr?next=/print/"' in html and "y" * 100 not in html
    assert client.get("/lang/fr?next=/print/").headers["Location"] == "/print/"


def test_language_switch_never_redirects_to_another_site(client):
    resp = client.get("/lang/fr?next=//evil.example/")
    assert resp.headers["Location"] == "/"


def test_unknown_address_gets_a_readable_404(client):
    resp = client.get("/no/such/page")
    assert resp.status_code == 404
    assert "There is nothing at this address." in resp.get_data(as_text=True)


def test_secret_key_is_kept_in_the_instance_folder(tmp_path):
    config = {"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "SECRET_KEY": None}
    a = create_app(config)
    key = Path(a.instance_path) / "secret_key"
    assert key.exists() and a.config["SECRET_KEY"] == key.read_text().strip()
    assert create_app(config).config["SECRET_KEY"] == a.config["SECRET_KEY"]


def test_production_refuses_to_start_without_a_secret_key(tmp_path, monkeypatch):
    import pytest

    monkeypatch.delenv("COPENHAGEN_SECRET_KEY", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    migrate({"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})  # production never does
    monkeypatch.setenv("COPENHAGEN_ENV", "production")
    with pytest.raises(RuntimeError, match="secret key"):
        create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    monkeypatch.setenv("COPENHAGEN_SECRET_KEY", "k" * 64)
    with pytest.raises(RuntimeError, match="COPENHAGEN_TRUSTED_HOSTS"):  # and its host names
        create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    monkeypatch.setenv("COPENHAGEN_TRUSTED_HOSTS", "copenhagen.example.org, .example.net")
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    assert app.config["SECRET_KEY"] == "k" * 64
    assert app.config["TRUSTED_HOSTS"] == ["copenhagen.example.org", ".example.net"]
    client = app.test_client()
    assert client.get("/healthz", base_url="http://copenhagen.example.org").status_code == 200
    assert client.get("/healthz", base_url="http://play.example.net").status_code == 200
    bad = client.get("/healthz", base_url="http://evil.example")
    assert bad.status_code == 400 and b"host name" in bad.data


def test_health_check_says_503_when_the_database_is_gone(app):
    from sqlalchemy import create_engine

    store = app.extensions["store"]
    store.engine = create_engine("postgresql+psycopg://postgres@127.0.0.1:1/none",
                                 connect_args={"connect_timeout": 2})
    resp = app.test_client().get("/healthz")
    assert resp.status_code == 503 and resp.get_json()["status"] == "down"


@pytest.mark.both_databases
def test_schema_of_the_migrations_matches_the_tables_the_code_uses(app):
    """Alembic's first migration creates exactly what webapp/platform/db.py describes."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from webapp.platform.db import metadata

    with app.extensions["store"].engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    assert diff == []


def test_app_is_installable_manifest_icons_and_service_worker(client):
    import json

    html = client.get("/").get_data(as_text=True)
    assert 'rel="manifest"' in html and 'id="offline-banner"' in html
    manifest = json.loads(client.get("/static/manifest.webmanifest").data)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon["src"]
    sw = client.get("/sw.js")
    assert sw.status_code == 200 and "javascript" in sw.content_type
    assert "caches.open" in sw.get_data(as_text=True)


def test_creating_tables_is_rate_limited_per_client(db_url):
    """One client cannot fill the database: the fourth table in a minute gets 429 and a
    readable message; nothing is stored for it."""
    from sqlalchemy import func, select

    from tests.web.conftest import Phone
    from webapp.platform.db import games

    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "t",
                      "CREATE_LIMIT": "3 per minute", "RATELIMIT_ENABLED": True})
    phone = Phone(app.test_client())
    phone.get("/d/new")
    codes = [phone.post("/d/new", {"count": "2"}).status_code for _ in range(4)]
    assert codes[:3] == [303, 303, 303] and codes[3] == 429
    with app.extensions["store"].engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(games)).scalar() == 3
    body = phone.post("/d/new", {"count": "2"}).get_data(as_text=True)
    assert "Too many requests" in body
    app.extensions["store"].engine.dispose()


def test_a_fault_of_the_limits_storage_is_logged_and_the_request_served(db_url, monkeypatch,
                                                                        caplog):
    """The limits' storage failing (its in-memory timer started twice by two requests at
    once, a Redis gone) costs no request a 500: the request is served, unlimited, and the
    fault logged."""
    from limits.storage import MemoryStorage

    from tests.web.conftest import Phone

    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "t",
                      "CREATE_LIMIT": "3 per minute", "RATELIMIT_ENABLED": True})

    def broken(*_args: object, **_kwargs: object) -> int:
        raise RuntimeError("threads can only be started once")

    monkeypatch.setattr(MemoryStorage, "incr", broken)
    phone = Phone(app.test_client())
    phone.get("/d/new")
    assert phone.post("/d/new", {"count": "2"}).status_code == 303
    assert "Failed to rate limit" in caplog.text
    app.extensions["store"].engine.dispose()


@pytest.mark.parametrize("proxies, separate", [(0, False), (1, True)])
def test_forwarded_client_addresses_count_only_behind_a_declared_proxy(db_url, proxies,
                                                                       separate):
    """With COPENHAGEN_PROXIES=1 the rate limit counts per client the proxy names; without it
    an X-Forwarded-For header is ignored (anyone could send one)."""
    from tests.web.conftest import Phone

    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "t",
                      "CREATE_LIMIT": "2 per minute", "RATELIMIT_ENABLED": True,
                      "PROXIES": proxies})
    phone = Phone(app.test_client())
    phone.get("/d/new")
    codes = [phone.post("/d/new", {"count": "2"},
                        headers={"X-Forwarded-For": f"203.0.113.{i}"}).status_code
             for i in range(3)]
    assert codes == ([303, 303, 303] if separate else [303, 303, 429])
    app.extensions["store"].engine.dispose()


# ------------------------------------------------------------------------- the request log
@pytest.fixture
def request_lines(caplog: pytest.LogCaptureFixture) -> Iterator[Callable[[], list[str]]]:
    """The request log's lines of what the test does next, from a handler of the test's own
    on the logger (which keeps to its own handler outside tests, its records not passed up)."""
    import logging

    from webapp.platform import requestlog

    caplog.set_level(logging.INFO, logger="copenhagen.requests")

    class Kept(logging.Handler):
        def __init__(self) -> None:
            super().__init__(logging.INFO)
            self.lines: list[str] = []

        def emit(self, record: logging.LogRecord) -> None:
            self.lines.append(record.getMessage())

    handler = Kept()
    requestlog.log.addHandler(handler)
    try:
        yield lambda: list(handler.lines)
    finally:
        requestlog.log.removeHandler(handler)


def test_each_request_logs_one_line_with_the_table_and_the_outcome(app, request_lines):
    import re

    from tests.web.conftest import Phone

    phone = Phone(app.test_client())
    phone.get("/rollwrite/new")
    resp = phone.post("/rollwrite/new", {"seats": "2", "name": "Ann", "dice": "app"})
    code = resp.headers["Location"].rsplit("/", 1)[1]
    before = len(request_lines())
    assert before == 2  # the form, the table made
    phone.get(f"/rollwrite/{code.lower()}")
    phone.get(f"/rollwrite/{code}/poll?seq=0", headers={"HX-Request": "true"})
    phone.post(f"/rollwrite/{code}/act", {"seq": "0", "action": "p1 end"})  # refused by the engine
    phone.post(f"/rollwrite/{code}/act", {"action": "p1 setup none"})  # no seq: refused
    phone.get("/rollwrite/ZZZZZZ")
    phone.get("/lang/fr?next=/")
    lines = request_lines()[before:]
    assert len(lines) == 6
    wanted = [
        rf"GET /rollwrite/{code.lower()} 200 table={code} outcome=ok",
        rf"GET /rollwrite/{code}/poll 204 table={code} outcome=ok",
        rf"POST /rollwrite/{code}/act 422 table={code} outcome=refused",
        rf"POST /rollwrite/{code}/act 400 table={code} outcome=refused",
        r"GET /rollwrite/ZZZZZZ 404 table=ZZZZZZ outcome=refused",
        r"GET /lang/fr 302 table=- outcome=ok",  # a language code is not a table
    ]
    for line, pattern in zip(lines, wanted):
        assert re.fullmatch(pattern + r" \d+\.\dms", line), line


def test_a_database_outage_is_logged_as_unavailable_not_refused(app, request_lines):
    """503 from the database-down handler (and from the health check) is the server's
    trouble, not a refusal of what the client asked."""
    from sqlalchemy import create_engine

    store = app.extensions["store"]
    store.engine = create_engine("postgresql+psycopg://postgres@127.0.0.1:1/none",
                                 connect_args={"connect_timeout": 2})
    client = app.test_client()
    resp = client.get("/rollwrite/ABC234")
    assert resp.status_code == 503 and resp.headers["Retry-After"] == "5"
    assert "Please try again" in resp.get_data(as_text=True)
    assert client.get("/healthz").status_code == 503
    lines = request_lines()
    assert len(lines) == 2
    assert " 503 table=ABC234 outcome=unavailable " in lines[0]
    assert " 503 table=- outcome=unavailable " in lines[1]


@pytest.mark.parametrize("status, outcome", [(200, "ok"), (303, "ok"), (304, "ok"),
                                             (400, "refused"), (409, "refused"),
                                             (429, "limited"), (500, "error"),
                                             (503, "unavailable")])
def test_the_outcome_of_a_status(status, outcome):
    from webapp.platform.requestlog import outcome_of

    assert outcome_of(status) == outcome


def test_a_rate_limited_request_is_logged_as_limited(db_url, request_lines):
    from tests.web.conftest import Phone

    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "t",
                      "CREATE_LIMIT": "1 per minute", "RATELIMIT_ENABLED": True})
    phone = Phone(app.test_client())
    phone.get("/d/new")
    assert [phone.post("/d/new", {"count": "2"}).status_code for _ in range(2)] == [303, 429]
    assert request_lines()[-1].startswith("POST /d/new 429 table=- outcome=limited ")
    app.extensions["store"].engine.dispose()


# ------------------------------------------------------------------------- the app's services
def test_two_apps_in_one_process_each_call_their_own_services(db_url):
    """The services (webapp.platform.deps) belong to an app, not to the process: two apps side
    by side, each its own date and bots; an app given none has the real ones."""
    config = {"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "t",
              "RATELIMIT_ENABLED": False}
    first = create_app(config, Deps(today=lambda: "2026-01-02"))
    second = create_app(config, Deps(today=lambda: "2027-03-04", makers={}))
    real = create_app(config)
    try:
        pages = [a.test_client().get("/s/").get_data(as_text=True) for a in (first, second)]
        assert 'value="2026-01-02"' in pages[0] and "2027-03-04" not in pages[0]
        assert 'value="2027-03-04"' in pages[1] and "2026-01-02" not in pages[1]
        with second.app_context():
            assert botplay.makers() == {}
        own = real.extensions["searchers"]  # made from its settings, none started yet
        assert own is not first.extensions["searchers"] and own.bots._pool is None
        with real.app_context():
            assert {m.searcher for m in botplay.makers().values()} == {own.bots}
            assert real.extensions["copenhagen"] == services.real(own)  # the real services
        with pytest.raises(LookupError, match="create_app"):
            Deps().today()  # a service left out is create_app's to fill
    finally:
        for a in (first, second, real):
            a.extensions["jobs"].shutdown()
            a.extensions["store"].engine.dispose()
