"""A phone that loses its connection (the browser context's offline mode): the sheet it last
saw stays on screen with a banner saying the connection is gone, a reload is answered by the
service worker's copy, and when the connection returns the page catches up by itself with the
moves made meanwhile."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.screens import fits_phone, shot
from tests.browser.test_table import _api, _create, _join_by_link

pytestmark = pytest.mark.browser


def _seq(page: Any) -> int:
    m = re.search(r"[?&]seq=(\d+)", page.get_attribute("#table .poll", "hx-get") or "")
    return int(m.group(1)) if m else -1


def test_the_sheet_stays_readable_offline_and_catches_up_when_back(new_phone, shots):
    host, guest = new_phone(), new_phone()
    code = _create(host, "Ana", "app")
    _join_by_link(host, guest, code, "Ben", shots)
    # the service worker controls the page once it has loaded it again
    guest.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.ready"
                            " .then(() => true)")
    guest.reload()
    guest.wait_for_function("() => !!navigator.serviceWorker.controller")
    guest.wait_for_function("() => window.htmx !== undefined")
    # the worker keeps its copy of the page once the page has come (on a loaded machine a
    # moment later: offline before it, the reload below found only the home page's copy)
    guest.wait_for_function("() => caches.match(location.href).then((hit) => !!hit)")
    before = _seq(guest)

    guest.context.set_offline(True)
    guest.wait_for_selector("#offline-banner", state="visible", timeout=10_000)
    assert guest.locator("#table table.building").is_visible()  # the sheet is still there
    fits_phone(guest)
    shot(guest, shots, "offline-banner")

    # meanwhile the host plays (setup for both seats is due: the host's own setup)
    legal = [a for a in _api(host, code)["legal"] if " setup " in a]
    host.request.post(f"/rollwrite/{code}/act", form={
        "csrf_token": host.get_attribute("input[name=csrf_token]", "value"),
        "seq": str(_api(host, code)["seq"]), "action": legal[0]})
    moved = _api(host, code)["seq"]
    assert moved > before

    guest.reload()  # offline: the service worker's copy of the page answers
    assert guest.locator("#table table.building").count() == 1

    guest.context.set_offline(False)
    guest.wait_for_function(
        "(seq) => { const el = document.querySelector('#table .poll');"
        " const m = el && (el.getAttribute('hx-get') || '').match(/[?&]seq=(\\d+)/);"
        " return m && Number(m[1]) >= seq; }", arg=moved, timeout=15_000)
    assert guest.locator("#offline-banner").is_hidden()
    shot(guest, shots, "offline-back")
