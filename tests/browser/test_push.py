"""Moves arrive at once (issue 29): two phones at a table, each move shown on the other phone
by the push stream (webapp/push/hub.py, static/push.js), with the CDN up and down; an idle table
page sends at most one request in 30 s; a page made visible again (a phone woken from sleep)
catches up at once; a phone whose stream drops says so, keeps up by polling, reconnects and
catches up with no move skipped.

The lag of a move is measured from the moment the server stored it (the store's change hook,
in this process: the live app runs in a thread here) to the moment the other phone's page
showed it (a MutationObserver in the page notes when the table's move number changes, by the
machine's clock: Date.now() in the page, time.time() here), so that neither the test's own
polling of the page nor Playwright's round trips are counted."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.browser.screens import shot
from tests.browser.test_table import ACT_BUTTONS, Table, _api, _offered, _seq, _start

pytestmark = pytest.mark.browser

# The goals for the lag from a move stored to its display on the other phone are
# measured here and printed (and quoted in the closing note), not asserted: a speed goal in a
# test fails on a busy machine (the team's rule: speed goals live in benchmarks). At load 5-7
# on the 2-core machine the lag measured 109-143 / 144-239 / 243-503 ms (median / p90 /
# worst), at 10-12 about twice that. What the tests assert is what push changes: the move
# arrives before a poll could have brought it.
LAG_P90_S = 0.25
LAG_WORST_S = 0.5
RECONNECT_S = 1.0  # static/push.js waits this long before opening a dropped stream again
IDLE_WINDOW_S = 30.0
IDLE_REQUESTS = 1  # the open stream counts once (it was opened before the window: 0 here)
HAND_OVERS = 24  # moves measured per run (turns 1-3 of a two-player game)
POLL_PERIOD_S = 1.5  # the table page's poll timer (silent while its stream is live)
POLLING_WINDOW_S = 7.5  # five poll periods: enough to see a page without its stream poll

# Each page notes when it first showed each move number (data-seq of the table's poll element,
# which every swap replaces): window.__shownAt(n) is the first moment a number >= n was shown.
SHOWN_JS = """
(() => {
  const seen = [];
  const now = () => Date.now();
  const note = () => {
    const el = document.querySelector('#table .poll');
    const n = el ? Number(el.getAttribute('data-seq')) : NaN;
    if (!Number.isNaN(n) && (!seen.length || seen[seen.length - 1][0] !== n)) seen.push([n, now()]);
  };
  new MutationObserver(note).observe(document, {subtree: true, childList: true,
                                                attributes: true, attributeFilter: ['data-seq']});
  window.__shownAt = (n) => {
    const hit = seen.find((e) => e[0] >= n);
    return hit ? hit[1] : null;
  };
})();
"""


def _watching(new_phone: Callable[..., Any], **fixed: Any) -> Callable[..., Any]:
    """`new_phone` whose pages note when they show each move (SHOWN_JS)."""

    def make(**kw: Any) -> Any:
        page = new_phone(**fixed, **kw)
        page.add_init_script(SHOWN_JS)
        return page

    return make


@contextmanager
def _stored(app: Any, code: str) -> Iterator[list[float]]:
    """The moments (time.time()) at which the server stored a change of game `code`."""
    store = app.extensions["store"]
    game_id = store.game(code).id
    times: list[float] = []

    def note(changed: int) -> None:
        if changed == game_id:
            times.append(time.time())

    # First of the listeners: the push hub's (which wakes the streams) and the clocks' run
    # after it, so the moment is the commit's. Appended last, it was noted after them: on a
    # loaded machine a page once showed a move 5 ms before its noted storing (a fresh clone
    # beside two CPU-bound processes, 2026-12-07).
    store.when_changed.insert(0, note)
    try:
        yield times
    finally:
        store.when_changed.remove(note)


def _live(page: Any) -> None:
    """Wait until the page's push stream is open and has passed its `ready` event."""
    page.wait_for_function("() => window.htmx !== undefined")
    page.wait_for_function(
        "() => document.documentElement.getAttribute('data-push-state') === 'live'")


def _shown_at(page: Any, seq: int, timeout_ms: int = 10_000) -> None:
    page.wait_for_function(
        "(seq) => { const el = document.querySelector('#table .poll');"
        " return el && Number(el.getAttribute('data-seq')) >= seq; }",
        arg=seq, timeout=timeout_ms, polling=20)  # the page notes the moment itself


def _lags(table: Table, count: int, stored: list[float]) -> list[float]:
    """Play `count` moves where the other phone must show the move; the lag of each, from
    the move stored to the other page showing it."""
    lags: list[float] = []
    for _ in range(400):
        if len(lags) >= count:
            break
        state = table.state()
        seat = state["view"]["to_act"][0]
        mover, other = table.phones[seat], table.phones[1 - seat]
        _shown_at(mover, state["seq"], 30_000)
        _shown_at(other, state["seq"], 30_000)
        before = len(stored)
        table.tap(mover, seat, state["view"]["turn"])
        _shown_at(other, state["seq"] + 1)
        assert len(stored) > before, "the move was not stored through the store"
        shown_ms = other.evaluate("(n) => window.__shownAt(n)", state["seq"] + 1)
        lags.append(shown_ms / 1000 - stored[before])
    return lags


def _figures(lags: list[float]) -> tuple[float, float, float]:
    """Median, p90 and worst."""
    ranked = sorted(lags)
    return statistics.median(ranked), ranked[max(0, -(-len(ranked) * 9 // 10) - 1)], ranked[-1]


@pytest.mark.parametrize("cdn", ["up", "down"])
def test_a_move_shows_on_the_other_phone_at_once(new_phone, shots, cdn, live_app):
    table = _start(_watching(new_phone, cdn=cdn), shots, "app")
    for page in table.phones:
        _live(page)
    with _stored(live_app, table.code) as stored:
        lags = _lags(table, HAND_OVERS, stored)
    median, p90, worst = _figures(lags)
    load = os.getloadavg()[0]
    print(f"\npush, CDN {cdn}: a move showed on the other phone {median * 1000:.0f} ms "
          f"(median), {p90 * 1000:.0f} ms (p90), {worst * 1000:.0f} ms (worst) after it was "
          f"stored, over {len(lags)} moves (load {load:.1f}; goals "
          f"{LAG_P90_S * 1000:.0f} / {LAG_WORST_S * 1000:.0f} ms)")
    assert min(lags) > -0.002, lags  # the page's clock is the machine's (to the ms)
    assert p90 < POLL_PERIOD_S, lags  # pushed: nine moves in ten before a poll could come
    assert worst <= 2 * POLL_PERIOD_S, lags


def test_an_idle_table_page_sends_at_most_one_request_in_30_seconds(new_phone, shots, live_app):
    table = _start(_watching(new_phone), shots, "app")
    guest = table.phones[1]
    _live(guest)
    sent: list[str] = []
    guest.on("request", lambda req: sent.append(f"{req.method} {req.url}"))
    guest.wait_for_timeout(IDLE_WINDOW_S * 1000)
    print(f"\nan idle table page sent {len(sent)} requests in {IDLE_WINDOW_S:.0f} s: {sent}")
    assert len(sent) <= IDLE_REQUESTS, sent
    # ... and it is still live: a move shows at once
    with _stored(live_app, table.code) as stored:
        lags = _lags(table, 1, stored)
    assert lags[0] < POLL_PERIOD_S, lags


# A page notes the move numbers its push stream brought (a listener added before the page's own,
# so when a number is noted the page's handler has run too), the polls it sent, how many swaps
# have settled (htmx's last event of a swap, where the page looks again) and how many times its
# poll was about to be sent (the timer's ticks too, which the page stops while its stream is
# live: heard on the window, after the page's own listener on the document has decided).
HEARD_JS = """
(() => {
  window.__heard = [];
  window.__polls = [];
  window.__settled = 0;
  window.__ticks = 0;
  document.addEventListener('htmx:afterSettle', () => { window.__settled += 1; });
  window.addEventListener('htmx:beforeRequest', (e) => {
    if (e.target.hasAttribute && e.target.hasAttribute('data-push')) window.__ticks += 1;
  });
  const Stream = window.EventSource;
  window.EventSource = function (url, options) {
    const source = new Stream(url, options);
    source.addEventListener('move', (e) => window.__heard.push(Number(e.lastEventId || e.data)));
    return source;
  };
  window.EventSource.prototype = Stream.prototype;
  const open = XMLHttpRequest.prototype.open, send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.__url = String(url);  // htmx opens before its beforeRequest event; it sends after
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (...body) {
    if (this.__url.includes('/poll')) window.__polls.push(this.__url);
    return send.call(this, ...body);
  };
})();
"""


def test_a_phone_told_of_its_own_move_before_its_answer_does_not_fetch_it_again(
        new_phone, shots, live_app):
    """The server tells every stream of a move as soon as it is stored, while it still writes
    the answer to the phone that made it: that phone may hear of its own move first. The
    answer then shows the move, and the page asks for nothing more: neither at once nor at its
    poll timer's next tick (which the page once let through, as it had asked htmx for a view
    that htmx could not send yet: a loaded machine made that extra fetch in one move of eight
    of the production server's test)."""
    table = _start(_watching(new_phone), shots, "app")
    for page in table.phones:
        _live(page)
    state = table.state()
    seat = state["view"]["to_act"][0]
    mover = table.phones[seat]
    mover.add_init_script(HEARD_JS)
    mover.reload()
    _live(mover)
    _shown_at(mover, state["seq"])
    action = next(a for a in _offered(mover) if a in _api(mover, table.code)["legal"])
    held: list[tuple[Any, Any]] = []  # the answer to the move, kept from the page for a while
    mover.route("**/act", lambda route: held.append((route, route.fetch())))
    mover.locator(ACT_BUTTONS).filter(
        has=mover.locator(f"input[name=action][value='{action}']")).locator("button").click()
    # the stream brings the move while the page still waits for its answer
    mover.wait_for_function("(n) => window.__heard.includes(n)", arg=state["seq"] + 1)
    for _ in range(500):  # the route's handler has the answer a moment later (10 s at most)
        if held:
            break
        mover.wait_for_timeout(20)
    assert _seq(mover) == state["seq"] and len(held) == 1
    settled = mover.evaluate("() => window.__settled")
    route, answer = held[0]
    route.fulfill(response=answer)
    _shown_at(mover, state["seq"] + 1)
    mover.wait_for_function("(n) => window.__settled > n", arg=settled)  # the page's last look
    ticks = mover.evaluate("() => window.__ticks")
    mover.wait_for_function("(n) => window.__ticks > n", arg=ticks,  # the poll timer's next tick
                            timeout=int(4 * POLL_PERIOD_S * 1000))
    assert mover.evaluate("() => window.__polls") == []
    assert _seq(mover) == _api(mover, table.code)["seq"] == state["seq"] + 1


def _visibility(page: Any, state: str) -> None:
    """The page becomes hidden or visible, as when a phone sleeps and wakes: headless chromium
    keeps every page visible, so the page's document says `state` and hears the event."""
    page.evaluate("""(state) => {
        Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => state});
        Object.defineProperty(document, 'hidden', {configurable: true,
                                                   get: () => state === 'hidden'});
        document.dispatchEvent(new Event('visibilitychange'));
    }""", state)


def test_a_page_made_visible_again_catches_up_at_once(new_phone, shots, live_app):
    """A phone asleep whose stream died without an error (a carrier dropped it): nothing
    reaches it, and its poll timer stays silent as the stream seems live. Woken, the page
    shows the moves made meanwhile at once, without waiting for any timer."""
    table = _start(_watching(new_phone), shots, "app")
    for page in table.phones:
        _live(page)
    hub = live_app.extensions["push"]
    state = table.state()
    seat = state["view"]["to_act"][0]
    mover, sleeper = table.phones[seat], table.phones[1 - seat]
    _shown_at(sleeper, state["seq"], 30_000)
    _visibility(sleeper, "hidden")
    hub.wake = lambda game_id: None  # the streams hear nothing: dead without an error
    try:
        with _stored(live_app, table.code) as stored:
            table.tap(mover, seat, state["view"]["turn"])
            assert len(stored) == 1
        # longer than the poll's period: neither the stream nor the timer brought the move
        sleeper.wait_for_timeout(POLL_PERIOD_S * 1000 + 500)
        assert _seq(sleeper) == state["seq"]
    finally:
        del hub.wake  # the class's own again: a new stream would hear the next move
    streams: list[str] = []
    sleeper.on("request", lambda req: streams.append(req.url) if "/push/" in req.url else None)
    woken_ms = time.time() * 1000
    _visibility(sleeper, "visible")
    _shown_at(sleeper, state["seq"] + 1, 5_000)
    caught_up = (sleeper.evaluate("(n) => window.__shownAt(n)", state["seq"] + 1) - woken_ms) / 1000
    print(f"\nvisible again: the move made while hidden showed after {caught_up * 1000:.0f} ms")
    assert caught_up < RECONNECT_S, caught_up  # no timer: the reconnect waits 1 s, the poll 1.5 s
    assert streams, "the stream of a page hidden for seconds is opened anew"
    _live(sleeper)
    with _stored(live_app, table.code) as stored:  # and the new stream brings the next move
        lags = _lags(table, 1, stored)
    assert lags[0] < POLL_PERIOD_S, lags
    assert _seq(sleeper) == _api(sleeper, table.code)["seq"]


def test_a_dropped_stream_says_so_keeps_up_and_resumes_without_a_gap(new_phone, shots,
                                                                      live_app):
    table = _start(_watching(new_phone), shots, "app")
    host, guest = table.phones
    for page in table.phones:
        _live(page)
    guest.context.route("**/push/**", lambda route: route.abort("connectionrefused"))
    live_app.extensions["push"].drop_all()  # the server goes away: every stream ends
    note = guest.locator(".push-note")
    note.wait_for(state="visible", timeout=10_000)
    assert "Reconnecting" in note.inner_text()
    shot(guest, shots, "push-reconnecting")
    # moves made meanwhile reach the guest by polling (the fallback)
    start = table.state()["seq"]
    table.play_until(lambda s: s["seq"] >= start + 3)
    head = table.state()["seq"]
    _shown_at(guest, head, 10_000)
    # the server is back: the stream reconnects after the last move the page saw
    guest.context.unroute("**/push/**")
    note.wait_for(state="hidden", timeout=15_000)
    with _stored(live_app, table.code) as stored:
        lags = _lags(table, 2, stored)
    assert max(lags) <= LAG_WORST_S * 4, lags
    assert _seq(guest) == _api(guest, table.code)["seq"]


def test_without_its_stream_a_page_polls_as_before(new_phone, shots, live_app):
    """A proxy that refuses the stream (or a browser without it): the page keeps up by
    polling every 1.5 s, as it did before the stream; the figures are the "before" ones."""
    table = _start(_watching(new_phone), shots, "app")
    for page in table.phones:
        page.context.route("**/push/**", lambda route: route.abort("connectionrefused"))
        page.reload()
        page.wait_for_function("() => window.htmx !== undefined")
    guest = table.phones[1]
    sent: list[str] = []
    guest.on("request", lambda req: sent.append(req.url) if "/poll" in req.url else None)
    guest.wait_for_timeout(POLLING_WINDOW_S * 1000)
    idle = list(sent)  # the polls of the window (the moves below bring more)
    per_window = len(idle) * IDLE_WINDOW_S / POLLING_WINDOW_S
    with _stored(live_app, table.code) as stored:
        lags = _lags(table, 8, stored)
    median, p90, worst = _figures(lags)
    print(f"\npolling only: an idle page sent {len(idle)} polls in {POLLING_WINDOW_S:.1f} s "
          f"({per_window:.0f} in {IDLE_WINDOW_S:.0f} s); a move "
          f"showed {median * 1000:.0f} ms (median), {p90 * 1000:.0f} ms (p90), "
          f"{worst * 1000:.0f} ms (worst) after it was stored, over {len(lags)} moves")
    assert len(idle) >= POLLING_WINDOW_S / POLL_PERIOD_S / 2, idle  # it polls (some slower)
    assert worst <= POLL_PERIOD_S * 3, lags  # one poll period, then a render, on a busy machine
