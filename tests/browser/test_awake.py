"""During a game the screen stays awake (the Wake Lock API) and the phone gives a short
vibration when it becomes its turn or its pick; each has an off switch remembered in
localStorage. The browser's Wake Lock and vibration are replaced by recorders, so the test
sees what the page asked for."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.screens import fits_phone, shot, small_targets
from tests.browser.test_table import _create

pytestmark = pytest.mark.browser

RECORDERS = """
window.__wake = []; window.__buzz = [];
Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: {
  request: (kind) => {
    window.__wake.push('request ' + kind);
    const handlers = [];
    return Promise.resolve({
      addEventListener: (e, f) => handlers.push(f),
      release: () => { window.__wake.push('release'); handlers.forEach(f => f());
                       return Promise.resolve(); },
    });
  }}});
Object.defineProperty(navigator, 'vibrate', {configurable: true,
  value: (ms) => { window.__buzz.push(ms); return true; }});
"""


def _phone(new_phone: Any) -> Any:
    page = new_phone()
    page.context.add_init_script(RECORDERS)
    return page


def _tap(page: Any, text: str) -> None:
    page.locator("#table section.act button", has_text=text).first.click()


def test_the_screen_stays_awake_and_the_phone_buzzes_on_its_turn(new_phone, shots):
    host, guest = _phone(new_phone), _phone(new_phone)
    code = _create(host, "Ana", "app")
    host.wait_for_function("() => window.__wake.length === 1")
    assert host.evaluate("window.__wake") == ["request screen"]
    assert host.locator(".screen-options input[data-option=awake]").is_checked()
    guest.goto(host.get_attribute("#table .host .joinlink a", "href"))
    guest.fill("#name", "Ben")
    with guest.expect_navigation():
        guest.click("form button[type=submit]")
    # setup: the host chooses first, then waits; when the guest has chosen, it is the host's
    # turn to roll: one short vibration, on the host's phone only
    _tap(host, "None")
    host.wait_for_function("() => document.querySelector('#table').dataset.myMove === '0'")
    _tap(guest, "None")
    host.wait_for_function("() => window.__buzz.length === 1", timeout=5000)
    assert host.evaluate("window.__buzz") == [200]
    assert guest.evaluate("window.__buzz") == []
    fits_phone(host)
    assert not small_targets(host), small_targets(host)
    shot(host, shots, "awake-switches")
    # the off switches: the lock released, and remembered after a reload
    host.locator(".screen-options input[data-option=awake]").uncheck()
    host.locator(".screen-options input[data-option=buzz]").uncheck()
    host.wait_for_function("() => window.__wake.includes('release')")
    host.goto(f"/rollwrite/{code}")
    # the page's script has read the switches (it shows them), then asked for nothing
    host.locator(".screen-options").wait_for(state="visible")
    assert host.evaluate("window.__wake") == []
    assert not host.locator(".screen-options input[data-option=awake]").is_checked()
    assert not host.locator(".screen-options input[data-option=buzz]").is_checked()


def test_the_switches_stay_hidden_without_javascript(new_phone):
    page = new_phone(javascript=False)
    page.goto("/rollwrite/new")
    page.check("input[name=seats][value='2']")
    page.fill("#name", "Ana")
    with page.expect_navigation():
        page.click("form button[type=submit]")
    assert re.search(r"/rollwrite/[A-Z0-9]+$", page.url)
    assert page.locator(".screen-options").count() == 1
    assert not page.locator(".screen-options").is_visible()
