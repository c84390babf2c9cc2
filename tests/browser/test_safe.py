"""Safe in the open, in a real browser: the hot-seat card game never shows the last player's
hand to the next one (Back, htmx's history, offline reloads from the service worker), and the
phones stay live when the htmx CDN cannot be reached (the pinned copy of the app loads
instead; a changed CDN file is refused by its integrity hash)."""

from __future__ import annotations

import re
import statistics
from typing import Any

import pytest

from tests.browser.screens import fits_phone, shot
from tests.browser.test_table import WAIT_MS, Table, _create, _join_by_link
from webapp.platform.config import HTMX_CDN_URL, HTMX_SRI

pytestmark = pytest.mark.browser


def _hand(page: Any, tries: int = 3) -> str | None:
    """The hand the page shows (its `data-hand`), if any. A page that is replaced while it is
    read (a reload the page or its service worker starts, offline) is read again once loaded:
    the hand of the page that then shows is what counts."""
    from playwright.sync_api import Error as PlaywrightError

    for attempt in range(tries):
        try:
            return page.evaluate(
                "() => { const h = document.querySelector('[data-hand]');"
                " return h ? h.getAttribute('data-hand') : null; }")
        except PlaywrightError as error:
            if "context was destroyed" not in str(error) or attempt == tries - 1:
                raise
            page.wait_for_load_state("load")
    return None


def _all_storage(page: Any) -> str:
    """Everything the page's origin keeps where a later visitor could read it: htmx's history
    (sessionStorage/localStorage) and the service worker's Cache Storage."""
    return page.evaluate("""async () => {
      let out = JSON.stringify(Object.assign({}, sessionStorage)) +
                JSON.stringify(Object.assign({}, localStorage));
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const req of await cache.keys()) {
          out += req.url + (await (await cache.match(req)).text());
        }
      }
      return out;
    }""")


def test_back_and_an_offline_reload_after_passing_the_phone_show_no_hand(phone, shots):
    page = phone
    page.goto("/card/new")
    page.select_option("#kind0", "person")
    page.select_option("#kind1", "person")
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=name1]", "Bo")
    page.check("input[name=mode][value=hotseat]")
    page.click("button.big")
    page.wait_for_url(re.compile(r"/card/[A-Z0-9]{6}$"))
    code = page.url.rsplit("/", 1)[-1]
    page.wait_for_function("() => window.htmx !== undefined")
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.ready"
                           " .then(() => true)")
    # Ann takes the phone: her hand shows; she takes two harbour cards side by side
    page.locator(".pass-screen button").click()
    page.wait_for_selector("[data-hand]")
    ann = _hand(page)
    assert ann
    page.locator(".harbour a.pick").first.click()
    page.wait_for_selector(".slot.picked")
    page.locator(".harbour .slot:not(.picked) a.pick").first.click()
    page.locator(".actions .choices button").first.click()
    page.wait_for_selector(".pass-screen")  # "pass the phone to Bo"
    assert _hand(page) is None
    shot(page, shots, "safe-pass-to-bo")

    # Bo presses Back (htmx's history, then the browser's own), twice
    for _ in range(2):
        page.go_back()
        page.wait_for_load_state()
        # what Back must show (the pass screen, or the form before the game), once htmx has
        # settled it: then the hand's absence is the page's, not a page not drawn yet
        page.wait_for_function(
            """() => (document.querySelector('.pass-screen')
                      || location.pathname === '/card/new')
                     && !document.querySelector('.htmx-request, .htmx-settling, .htmx-swapping')""")
        assert _hand(page) is None, "Back showed a hand"
        # the whole page, not the game's fragment in place of the body
        assert page.locator("body > header").count() == 1, page.content()[:300]
        assert "pass-screen" in page.content() or "/card/new" in page.url
    page.goto(f"/card/{code}")
    assert "data-hand" not in _all_storage(page)  # no hand in any storage of the origin

    # offline: a reload is answered by the service worker, which kept no card page
    page.reload()
    page.wait_for_function("() => !!navigator.serviceWorker.controller")
    page.context.set_offline(True)
    try:
        page.reload()
        assert _hand(page) is None
        assert "data-hand" not in page.content()
    finally:
        page.context.set_offline(False)
    shot(page, shots, "safe-offline-reload")


def _htmx_started(page: Any) -> None:
    """Wait until htmx runs on the page: a boosted link has been processed by it (htmx marks
    the elements it has processed with an internal data property)."""
    page.wait_for_function(
        "() => window.htmx !== undefined && [...document.querySelectorAll('body *')]"
        ".some(el => el['htmx-internal-data'] !== undefined)", timeout=10_000)


def test_a_changed_cdn_file_is_refused_and_the_pinned_copy_runs(new_phone):
    page = new_phone(cdn="tampered")
    page.goto("/")
    _htmx_started(page)
    assert page.get_attribute("html", "data-htmx-local") == ""
    local = page.locator("script[src='/static/vendor/htmx.min.js']")
    assert local.count() == 1 and local.get_attribute("integrity") == HTMX_SRI


def test_the_cdn_copy_runs_with_its_integrity_hash(new_phone):
    page = new_phone(cdn="up")
    page.goto("/")
    _htmx_started(page)
    cdn = page.locator(f"script[src='{HTMX_CDN_URL}']")
    assert cdn.count() == 1 and cdn.get_attribute("integrity") == HTMX_SRI
    assert page.get_attribute("html", "data-htmx-local") is None


def test_two_phones_stay_live_without_the_cdn(new_phone, shots):
    """Without the CDN (a table without internet) the pages load the app's own copy of htmx
    and both phones see each other's moves by themselves; the lag is measured both ways and
    printed (how soon is `copenhagen bench --web`'s figure, not a test's). With the CDN, two
    phones play a whole game in tests/browser/test_table.py (this test's run with the CDN up
    repeated five turns of it: 9.6 s of CPU)."""
    host, guest = new_phone(cdn="down"), new_phone(cdn="down")
    code = _create(host, "Ana", "app")
    _htmx_started(host)
    assert host.get_attribute("html", "data-htmx-local") is not None  # the app's own copy
    _join_by_link(host, guest, code, "Ben", shots)
    host.wait_for_selector("#table .scores li:nth-child(2) .who:text('Ben')", timeout=WAIT_MS)
    table = Table(code, [host, guest], shots)
    table.play_until(  # five hand-overs at least, measured where the other phone was behind
        lambda s: s["view"]["over"] or (s["view"]["turn"] >= 5 and len(table.latencies) >= 5))
    for page in (host, guest):
        fits_phone(page)
    lags = table.latencies
    print(f"CDN down: lag between phones over {len(lags)} hand-overs: median "
          f"{statistics.median(lags):.2f} s, max {max(lags):.2f} s")
    assert len(lags) >= 5  # each seen by polling, without a reload (Table.wait_current)
