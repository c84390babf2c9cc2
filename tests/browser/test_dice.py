"""The dice-only screen in a real browser: a roll shows the seed's five dice with their
letters, a second phone watching the table sees them without reloading, and the same works
with JavaScript turned off."""

from __future__ import annotations

import time

import pytest

from rollwrite.dice import seeded_roll
from rollwrite.material import LETTER
from tests.browser.screens import fits_phone, shot, small_targets

pytestmark = pytest.mark.browser

# How long the watching phone may take to see a roll by polling (a guard, not a speed goal:
# `copenhagen bench --web` measures how soon; a loaded 2-core machine renders slowly).
GUARD_MS = 30_000


def _start_table(page, seed: str, players: int = 2) -> str:
    """Fill the dice-only form from the home page; returns the table's address."""
    page.goto("/")
    page.click("a.way[href='/d/new']")
    page.select_option("#count", str(players))
    page.fill("#name1", "Ana")
    page.fill("#seed", seed)
    with page.expect_navigation():
        page.click("form.dice-new button[type=submit]")
    assert "/d/" in page.url and not page.url.endswith("/d/new"), page.url
    return page.url


def _letters(page) -> list[str]:
    """Each die's face as its letter, read from its colour (a die shows its colour's mark, no
    letter); a blank die is "?"."""
    classes = page.locator("#dice-panel .dice-row .die").evaluate_all(
        "els => els.map(e => e.className)")
    faces = [next((c[2:] for c in cls.split() if c.startswith("c-")), "") for cls in classes]
    return [LETTER[f] if f else "?" for f in faces]


def test_one_roll_shows_the_seeded_dice_and_the_watching_phone_sees_it(
    new_phone, live_server, shots
):
    roller = new_phone()
    url = _start_table(roller, "browser-roll")
    roller.wait_for_function("() => window.htmx !== undefined")
    fits_phone(roller)
    shot(roller, shots, "dice-1-before-roll")
    watcher = new_phone()
    watcher.goto(url)
    assert _letters(watcher) == ["?"] * 5
    watcher.evaluate("() => { window.sameDocument = true; }")  # gone if the page reloads

    roller.click("button.dice-roll")
    expected = [LETTER[f] for f in seeded_roll("browser-roll", 1, 0)]
    roller.wait_for_function("() => !document.querySelector('#dice-panel .die-blank')")
    rolled_at = time.monotonic()
    assert _letters(roller) == expected  # RULES 3.2: five dice; the seed decides the faces
    assert roller.url == url  # htmx swapped the panel; no page load
    watcher.wait_for_function("() => !document.querySelector('#dice-panel .die-blank')",
                              timeout=GUARD_MS)
    seen_after = time.monotonic() - rolled_at
    assert _letters(watcher) == expected
    assert watcher.evaluate("() => window.sameDocument === true")  # polled, never reloaded
    print(f"\nthe watching phone saw the roll after {seen_after:.2f} s")
    fits_phone(roller)
    assert not small_targets(roller), small_targets(roller)
    shot(roller, shots, "dice-2-rolled")
    shot(watcher, shots, "dice-3-watcher")


def test_dice_table_rolls_and_passes_with_javascript_off(new_phone, shots):
    page = new_phone(javascript=False)
    url = _start_table(page, "browser-nojs")
    with page.expect_navigation():
        page.click("button.dice-roll")
    assert page.url == url  # POST -> 303 -> the table again
    assert _letters(page) == [LETTER[f] for f in seeded_roll("browser-nojs", 1, 0)]
    page.check("#dice-panel input[name=die][value='2']")
    with page.expect_navigation():
        page.click("#dice-panel button[value=reroll]")
    rerolled = [LETTER[f] for f in seeded_roll("browser-nojs", 1, 0)]
    rerolled[1] = LETTER[seeded_roll("browser-nojs", 1, 1)[1]]
    assert _letters(page) == rerolled
    with page.expect_navigation():
        page.click("#dice-panel button[value=next]")
    assert _letters(page) == ["?"] * 5
    shot(page, shots, "dice-4-nojs-next-player")
