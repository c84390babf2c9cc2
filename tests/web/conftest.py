"""Fixtures of the web tests: an app on a fresh SQLite file, clients that carry a CSRF token."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.dbs import database
from webapp import create_app

CSRF_RE = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"|"X-CSRFToken": "([^"]+)"')


def csrf_from(html: str) -> str:
    """The CSRF token a page carries (form field or htmx header)."""
    m = CSRF_RE.search(html)
    assert m, "the page carries no CSRF token"
    return m.group(1) or m.group(2)


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


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Every web test runs on SQLite and on PostgreSQL (a fresh schema each time)."""
    with database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def app(db_url: str, tmp_path: Path) -> Iterator[Flask]:
    """A fresh app on a fresh database, htmx served from the local copy."""
    application = create_app({
        "TESTING": True,
        "DATABASE_URL": db_url,
        "HTMX_URL": "/static/vendor/htmx.min.js",
        "SECRET_KEY": "test-secret",
        "RATELIMIT_ENABLED": False,
    })
    yield application
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
