"""Two phones at a table on the production server, as `bash scripts/run.sh` starts it
(`copenhagen serve`: gunicorn, uvicorn workers, webapp/asgi.py), not on the werkzeug server
the other browser tests use: the pages, forms and moves go through `Pages` (the body read on
the event loop, the answer sent whole) and each move reaches the other phone by the stream the
event loop serves: the page fetches its view once per event, and its poll timer stays silent."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks.servers import AppServer
from tests.browser.conftest import phones_at
from tests.browser.test_push import POLL_PERIOD_S, _live, _shown_at
from tests.browser.test_table import _api, _start

pytestmark = pytest.mark.browser

MOVES = 8  # moves handed from one phone to the other


STREAMS_JS = ("() => performance.getEntriesByType('resource')"
              ".filter(e => e.name.includes('/push/')).length")


def _streams_opened(pages: list[Any]) -> list[int]:
    """How many push streams each page has opened so far."""
    return [page.evaluate(STREAMS_JS) for page in pages]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """`copenhagen serve` on a loopback port and a fresh SQLite file; its base URL."""
    with AppServer(f"sqlite:///{tmp_path / 'served.sqlite3'}", tmp_path / "served.log") as app:
        yield app.url


@pytest.fixture
def served_phone(browser: Any, served: str) -> Iterator[Callable[..., Any]]:
    """A phone (390×844, its own cookies) on the production server; page errors fail."""
    with phones_at(browser, served) as make:
        yield make


def _settled(host: Any) -> None:
    """Wait until the host's page shows the guest seated (the stream's `table` event for the
    join fetched the view: on a loaded machine that event may come after both streams are
    live, and its fetch was once counted as a ninth poll) and no request is out."""
    host.wait_for_function(
        "() => { const s = document.querySelector('#table .host .seats');"
        " return s && !s.textContent.includes('free seat')"
        " && !document.querySelector('.htmx-request'); }", polling=20)


def test_two_phones_play_on_the_production_server_and_each_move_is_pushed(
        served_phone: Callable[..., Any], shots: Path) -> None:
    table = _start(served_phone, shots, "app")  # the forms: new table, join
    for page in table.phones:
        _live(page)
    _settled(table.phones[0])  # the join's own fetch (its `table` event) is behind us
    polls: list[str] = []
    for n, page in enumerate(table.phones):
        page.on("request", lambda req, n=n: polls.append(f"phone {n}: {req.url}")
                if "/poll" in req.url else None)
    streams_before = _streams_opened(table.phones)
    for _ in range(MOVES):
        state = table.state()
        seat = state["view"]["to_act"][0]
        mover, other = table.phones[seat], table.phones[1 - seat]
        _shown_at(mover, state["seq"])
        table.tap(mover, seat, state["view"]["turn"])  # a form POST through Pages
        # the other phone shows it before its poll timer could have asked for it
        _shown_at(other, state["seq"] + 1, timeout_ms=int(POLL_PERIOD_S * 1000))
    # one fetch of its view per move, by the phone the stream told of it; no timer polled
    assert len(polls) == MOVES, polls
    streams_after = _streams_opened(table.phones)
    assert streams_after == streams_before  # the same stream all along: none was dropped
    assert all(_api(p, table.code)["seq"] == table.state()["seq"] for p in table.phones)
