"""Turn-based tables in Chromium (issue 39): two phones play a game across a simulated day,
one of them closed in between (its clock runs out, the bot plays its move, the other phone
sees it live; the closed one comes back through My games at its seat); the service worker's
`push` (a real push message, delivered by the browser's DevTools protocol) and
`notificationclick` handlers; the offer of notifications only after a first move."""

from __future__ import annotations

import json
import logging
import os
import re
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.serving import make_server

from tests.browser.conftest import PHONE, SHOTS, PageErrors, serve_cdn
from tests.browser.screens import shot
from tests.browser.test_table import Table, _api
from webapp import create_app
from webapp.platform.config import HTMX_CDN_URL
from webapp.platform.deps import Deps
from webapp.platform.jobs import Searchers

pytestmark = pytest.mark.browser

START = datetime(2026, 11, 2, 19, 0, tzinfo=UTC)
TURN_SHOTS = Path(os.environ.get("COPENHAGEN_TURN_SHOTS", str(SHOTS / "turns")))


class Clock:
    """The server's clock, moved by the test."""

    def __init__(self) -> None:
        self.at = START

    def __call__(self) -> datetime:
        return self.at


@pytest.fixture(scope="module")
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="module")
def turn_app(tmp_path_factory: pytest.TempPathFactory, clock: Clock,
             searchers: Searchers) -> Iterator[Flask]:
    """The app with the test's clock, served on a free loopback port; its background worker
    is off: the test runs the clocks' sweep when the simulated time comes."""
    folder = tmp_path_factory.mktemp("turns")
    app = create_app({
        "DATABASE_URL": f"sqlite:///{folder / 'turns.sqlite3'}", "HTMX_URL": HTMX_CDN_URL,
        "SECRET_KEY": "turns-browser-secret", "RATELIMIT_ENABLED": False,
        "REVIEW_AFTER_GAME": False, "TURNS_WORKER": False,
        "WEBPUSH_SUBJECT": "mailto:operator@copenhagen.example", "WEBPUSH_HOSTS": "127.0.0.1",
    }, Deps(now=clock, searchers=searchers))
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    app.config["LIVE_URL"] = f"http://127.0.0.1:{server.port}"
    try:
        yield app
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        app.extensions["jobs"].shutdown()
        app.extensions["store"].engine.dispose()


class Phones:
    """Browser contexts at 390×844 on the turn app; each may be closed and opened again with
    what it kept (its cookies: the player's key)."""

    def __init__(self, browser: Any, base: str) -> None:
        self.browser, self.base = browser, base
        self.watcher = PageErrors(base)
        self.contexts: list[Any] = []

    def open(self, state: dict[str, Any] | None = None) -> Any:
        context = self.browser.new_context(**PHONE, base_url=self.base, locale="en-GB",
                                           storage_state=state)
        context.set_default_timeout(30_000)  # a loaded machine: as the table tests wait
        serve_cdn(context, "up")
        self.contexts.append(context)
        return self.watcher.watch(context.new_page())

    def close(self) -> None:
        for context in self.contexts:
            context.close()
        assert not self.watcher.errors, "\n".join(self.watcher.errors)


@pytest.fixture
def phones(browser: Any, turn_app: Flask) -> Iterator[Phones]:
    made = Phones(browser, turn_app.config["LIVE_URL"])
    yield made
    made.close()


def snap(page: Any, name: str) -> None:
    TURN_SHOTS.mkdir(parents=True, exist_ok=True)
    shot(page, TURN_SHOTS, name)


def says(page: Any, words: str) -> None:
    """Wait (with the page's deadline) until the clock's panel says `words`."""
    page.wait_for_function(
        "(w) => (document.querySelector('#turns-panel') || {}).innerText?.includes(w)", arg=words)


def create(page: Any, name: str) -> str:
    page.goto("/")
    page.click("a.way[href='/turns/new']")
    page.check("input[name=clock][value='1']")
    page.fill("#name", name)
    with page.expect_navigation():
        page.click("form button[type=submit]")
    m = re.search(r"/rollwrite/([A-Z0-9]+)", page.url)
    assert m, page.url
    return m.group(1)


def test_two_phones_play_across_a_simulated_day_one_closed_in_between(phones, turn_app, clock):
    anna = phones.open()
    code = create(anna, "Anna")
    anna.wait_for_function("() => window.htmx !== undefined")
    assert anna.locator("#turns-panel").is_visible()
    assert anna.locator(".push-offer").count() == 0  # never offered before a first move
    snap(anna, "1-anna-new-turn-game")
    link = anna.get_attribute("#turns-panel .invite a", "href")
    bo = phones.open()
    bo.goto(link)
    bo.fill("#name", "Bo")
    with bo.expect_navigation():
        bo.click("form button[type=submit]")
    assert re.search(f"/rollwrite/{code}$", bo.url), bo.url
    table = Table(code, [anna, bo], TURN_SHOTS)
    # both choose at once at the start (the dice edition asks everyone who must act)
    assert "Your move" in anna.inner_text("#turns-panel")
    assert "Your move" in bo.inner_text("#turns-panel")
    snap(bo, "2-bo-joined-both-to-move")
    table.play_until(lambda st: st["view"]["to_act"] == [1])  # until Bo alone must act
    says(anna, "Waiting for Bo")
    assert anna.locator(".push-offer").count() == 1  # after a first move: offered
    snap(anna, "3-anna-evening-waiting-for-bo")
    says(bo, "Your move")
    snap(bo, "4-bo-evening-your-move")
    kept = bo.context.storage_state()
    bo.context.close()  # Bo's phone is off for the night
    seq = _api(anna, code)["seq"]
    clock.at = START + timedelta(days=1, minutes=5)  # a day later: Bo's clock has run out
    done = turn_app.extensions["turns"].clocks.sweep()
    assert done.timed_out == 1
    says(anna, "The bot played 1 move for Bo")  # live: the push stream brought it
    assert _api(anna, code)["seq"] > seq
    snap(anna, "5-anna-next-day-the-bot-played-for-bo")
    bo = phones.open(kept)  # Bo's phone again, with its player key
    bo.goto("/me/games")
    assert code in bo.inner_text(".my-games")
    snap(bo, "6-bo-next-day-my-games")
    with bo.expect_navigation():
        bo.click(f".my-games a[href='/me/games/{code}/open']")
    assert re.search(f"/rollwrite/{code}$", bo.url), bo.url
    assert _api(bo, code)["seat"] == 1
    assert "The bot played 1 move for Bo" in bo.inner_text("#turns-panel")
    assert bo.locator(".push-offer").count() == 0  # the bot's move is not Bo's first
    snap(bo, "7-bo-next-day-back-at-the-table")


def test_the_service_worker_shows_a_push_and_a_click_opens_the_table(phones, turn_app):
    anna = phones.open()
    code = create(anna, "Anna")
    context = anna.context
    context.grant_permissions(["notifications"], origin=turn_app.config["LIVE_URL"])
    anna.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    anna.reload()  # a page the worker controls
    anna.wait_for_function("() => !!navigator.serviceWorker.controller")
    cdp = context.new_cdp_session(anna)
    found: list[str] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda ev: found.extend(r["registrationId"] for r in ev["registrations"]))
    cdp.send("ServiceWorker.enable")
    for _ in range(50):  # the registration's event (a deadline of 5 s)
        if found:
            break
        anna.wait_for_timeout(100)
    assert found, "no service worker registration"
    payload = json.dumps({"title": "Your move", "body": f"It is your move at table {code} with Bo.",
                          "tag": f"table-{code}", "url": f"/me/games/{code}/open"})
    cdp.send("ServiceWorker.deliverPushMessage", {
        "origin": turn_app.config["LIVE_URL"], "registrationId": found[-1], "data": payload})
    notes = None
    for _ in range(100):  # until the worker has shown it (a deadline of 10 s)
        notes = anna.evaluate(
            """() => navigator.serviceWorker.ready.then((r) => r.getNotifications())
                 .then((ns) => ns.length ? ns.map((n) => ({title: n.title, body: n.body,
                                                          tag: n.tag, url: n.data.url})) : null)""")
        if notes:
            break
        anna.wait_for_timeout(100)
    assert notes == [{"title": "Your move", "body": f"It is your move at table {code} with Bo.",
                      "tag": f"table-{code}", "url": f"/me/games/{code}/open"}]
    anna.goto("/me/games")  # somewhere else; the click brings the table back
    worker = context.service_workers[0]
    worker.evaluate("""() => self.registration.getNotifications().then((ns) => {
        self.dispatchEvent(new NotificationEvent("notificationclick", {notification: ns[0]}));
    })""")
    anna.wait_for_url(re.compile(f"/rollwrite/{code}$"))
    left = anna.evaluate("() => navigator.serviceWorker.ready"
                         ".then((r) => r.getNotifications()).then((n) => n.length)")
    assert left == 0  # the click closed it
