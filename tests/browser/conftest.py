"""Fixtures of the browser tests: the real app served on a loopback port, Debian's chromium
driven by Playwright, and phones (390×844 touch screens) with or without JavaScript.

Pages load htmx as in production: from its CDN (pinned, with its integrity hash). The machine
has no internet, so each phone's browser answers the CDN's address itself: with the very file
the CDN serves (the pinned copy, `cdn="up"`), with nothing (`"down"`: a table without
internet), or with a changed file (`"tampered"`: the integrity check must refuse it).

Without chromium or Playwright the tests are skipped, except under CI=true where they fail."""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.serving import make_server

from tests.web.conftest import StandIn
from webapp import create_app
from webapp.platform.config import HTMX_CDN_URL
from webapp.platform.deps import Deps
from webapp.platform.jobs import Searchers
from webapp.review.reviews import BotReview

CHROMIUM = Path(os.environ.get("COPENHAGEN_CHROMIUM", "/usr/bin/chromium"))
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
SHOTS = Path(os.environ.get("COPENHAGEN_SHOTS", "/tmp/shots"))
HTMX_COPY = Path(__file__).resolve().parents[2] / "static" / "vendor" / "htmx.min.js"


def _missing(why: str) -> None:
    """Skip here, fail on CI: the browser tests must run there."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser tests cannot run under CI=true: {why}", pytrace=False)
    pytest.skip(why)


# the live app's reviewer: the real one (live_app sets it) unless a test sets another
REVIEWER = StandIn(None)


@pytest.fixture
def live_review(live_app: Flask) -> Iterator[StandIn]:
    """The live app's reviewer, for a test to set: the real one again after the test."""
    real = REVIEWER.work
    try:
        yield REVIEWER
    finally:
        REVIEWER.work = real


@pytest.fixture(scope="session")
def live_app(tmp_path_factory: pytest.TempPathFactory, searchers: Searchers) -> Iterator[Flask]:
    """The real app on a fresh SQLite file, served by werkzeug in a thread on a free loopback
    port (in `app.config["LIVE_URL"]`, no trailing slash); htmx comes from the local copy."""
    folder = tmp_path_factory.mktemp("live")
    REVIEWER.work = BotReview(searchers.jobs)
    app = create_app({
        "DATABASE_URL": f"sqlite:///{folder / 'live.sqlite3'}",
        "HTMX_URL": HTMX_CDN_URL,  # as in production; each phone answers the CDN itself
        "SECRET_KEY": "browser-test-secret",
        "RATELIMIT_ENABLED": False,
        "REVIEW_ROLLOUTS": 8,  # a real review, with few play-outs: the suite's cores are busy
        # The app is shared by every browser test of a worker: a review of each game they end
        # would queue before the one a test waits for. A review starts when its page is asked.
        "REVIEW_AFTER_GAME": False,
        # The first hint starts the search process (it imports the bots): on the loaded CI
        # machine that took longer than the product's 3 s (GET /hint answered 503 after
        # 3.1 s). The budget's own refusal is tested in tests/web (tests/web/test_deadlines.py).
        "HINT_SECONDS": 60.0,
    }, Deps(review=REVIEWER, searchers=searchers))
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # one line per request is enough
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        app.config["LIVE_URL"] = f"http://127.0.0.1:{server.port}"
        yield app
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        app.extensions["jobs"].shutdown()  # its reviews end before their database goes
        app.extensions["store"].engine.dispose()


@pytest.fixture(scope="session")
def live_server(live_app: Flask) -> str:
    """The base URL of the live app, e.g. http://127.0.0.1:41234."""
    return str(live_app.config["LIVE_URL"])


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless chromium (Debian's, not a Playwright download), one for the whole run."""
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError as err:
        _missing(f"Playwright is not installed ({err}); bash scripts/setup.sh test")
    if not CHROMIUM.exists():
        _missing(f"{CHROMIUM} is missing; bash scripts/system-packages.sh installs chromium")
    with sync_playwright() as pw:
        try:
            chromium = pw.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"],
            )
        except Error as err:
            _missing(f"chromium does not start: {err}".splitlines()[0])
        try:
            yield chromium
        finally:
            chromium.close()


class PageErrors:
    """What went wrong in a page besides the test's own checks: script errors and failed
    requests to our own server (4xx/5xx on a page's resources)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.errors: list[str] = []

    def _request_failed(self, req: Any) -> None:
        """A request that got no answer is an error, except one the browser cancelled itself
        because the page navigated away while it loaded (net::ERR_ABORTED): the next page's
        own loads are watched in turn, and any answer >= 400 is caught by `on_response`."""
        if "ERR_ABORTED" in str(req.failure) or req.url == HTMX_CDN_URL:
            return  # the CDN is down on purpose: the pages load the app's own copy
        if "ERR_INTERNET_DISCONNECTED" in str(req.failure):
            return  # the test took the phone offline: its polls fail until it is back
        if "/push/" in req.url and "ERR_CONNECTION_REFUSED" in str(req.failure):
            return  # the test refused the push stream (a proxy that does): the page polls
        self.errors.append(f"request failed: {req.method} {req.url} ({req.failure})")

    def watch(self, page: Any) -> Any:
        """Listen to one page; returns it."""
        page.on("pageerror", lambda exc: self.errors.append(f"script error: {exc}"))
        # a Content-Security-Policy violation (an inline script or style, a foreign host)
        page.on("console", lambda msg: self.errors.append(f"{msg.type}: {msg.text}")
                if "Content Security Policy" in msg.text else None)
        page.on("requestfailed", self._request_failed)

        def on_response(resp: Any) -> None:
            # Pages may answer 4xx on purpose (an error page the test asks for, a 409 swap);
            # the resources they load (CSS, scripts, images) must not.
            if (resp.status >= 400 and resp.url.startswith(self.base)
                    and resp.request.resource_type in ("stylesheet", "script", "image", "font")):
                self.errors.append(f"{resp.status} for {resp.url}")

        page.on("response", on_response)
        return page


def serve_cdn(context: Any, cdn: str) -> None:
    """Answer the htmx CDN's address in this browser context: "up" (the pinned file, with the
    CDN's CORS header), "down" (no answer: no internet) or "tampered" (a changed file)."""
    if cdn == "down":
        context.route(HTMX_CDN_URL, lambda route: route.abort("internetdisconnected"))
        return
    body = HTMX_COPY.read_bytes() + (b"\n/* changed */" if cdn == "tampered" else b"")
    headers = {"Content-Type": "application/javascript; charset=utf-8",
               "Access-Control-Allow-Origin": "*", "Cache-Control": "public, max-age=604800"}
    context.route(HTMX_CDN_URL, lambda route: route.fulfill(status=200, body=body,
                                                             headers=headers))


@contextmanager
def phones_at(browser: Any, base: str) -> Iterator[Callable[..., Any]]:
    """Make phones on the server at `base`: each a fresh browser context (own cookies) at
    390×844 with touch (or another `device`), and its page; `make(javascript=False)` turns
    scripts off, other keywords go to the browser context (`color_scheme="dark"`). Script
    errors and failed loads of the pages' resources fail the test at the end."""
    contexts: list[Any] = []
    watcher = PageErrors(base)

    def make(javascript: bool = True, locale: str = "en-GB", cdn: str = "up",
             device: dict[str, Any] = PHONE, timeout_ms: int = 10_000, **options: Any) -> Any:
        context = browser.new_context(
            **device, base_url=base, java_script_enabled=javascript, locale=locale, **options,
        )
        context.set_default_timeout(timeout_ms)
        serve_cdn(context, cdn)
        contexts.append(context)
        return watcher.watch(context.new_page())

    yield make
    for context in contexts:
        context.close()
    assert not watcher.errors, "the pages had errors:\n" + "\n".join(watcher.errors)


@pytest.fixture
def new_phone(browser: Any, live_server: str) -> Iterator[Callable[..., Any]]:
    """Make a phone on the live app (`phones_at`)."""
    with phones_at(browser, live_server) as make:
        yield make


@pytest.fixture
def phone(new_phone: Callable[..., Any]) -> Any:
    """One phone with JavaScript on."""
    return new_phone()


@pytest.fixture
def shots() -> Path:
    """The folder screenshots go to (COPENHAGEN_SHOTS, else /tmp/shots)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS
