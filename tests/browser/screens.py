"""Checks the browser tests make on every screen: it fits a 390 px phone, its touch targets
are big enough, and a screenshot of it is kept for people to look at."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

PHONE_WIDTH = 390
MIN_TAP = 44  # px, the smallest comfortable touch target (WEB brief, WCAG 2.5.5)

# Elements sticking out past the right edge of the screen (cut off by overflow: hidden, or
# making the page scroll sideways), as "tag.class: right edge" strings. Content of a box that
# scrolls sideways by itself (overflow-x: auto, a wide table) is left out when the box fits.
_WIDER_THAN_SCREEN = """(width) => {
  const out = [];
  const inScroller = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const o = getComputedStyle(a).overflowX;
      if (o === 'auto' || o === 'scroll') return true;
    }
    return false;
  };
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.right <= width + 0.5 && r.left >= -0.5) continue;  // most: within the screen
    if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.closest('.visually-hidden') || inScroller(el)) continue;
    const name = `${el.tagName.toLowerCase()}.${el.className}`;
    out.push(`${name}: ${Math.round(r.left)}..${Math.round(r.right)}`);
  }
  return out.slice(0, 10);
}"""

# Buttons, links and fields in <main> smaller than the minimum, as "text: w×h" strings.
# Links inside running text (a sentence in a <p>) are exempt, as WCAG exempts inline links.
_SMALL_TARGETS = """(min) => {
  const out = [];
  const sel = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]';
  for (const el of document.querySelectorAll('main ' + sel.split(', ').join(', main '))) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.matches('input[type=radio], input[type=checkbox]') && el.labels.length) {
      const l = el.labels[0].getBoundingClientRect();
      if (l.height >= min && l.width >= min) continue;  // the label is the target
    }
    const inline = getComputedStyle(el).display === 'inline';
    if (el.tagName === 'A' && inline && el.closest('p')) continue;
    if (r.height < min - 0.5 || r.width < min - 0.5) {
      const name = (el.innerText || el.value || el.name || el.tagName).trim().slice(0, 30);
      const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
      out.push(`${el.tagName.toLowerCase()} "${name}": ${size}`);
    }
  }
  return out;
}"""


def visit(page: Any, url: str, tries: int = 3) -> None:
    """Go to `url`. Without JavaScript a table page reloads itself (a `<meta refresh>` every
    few seconds, at once after a bot's frame); when that reload starts while the test is
    leaving the page, the browser drops the test's navigation for it (Chromium says
    "interrupted by another navigation", or "net::ERR_ABORTED" when the reload won the
    race), and the test goes again: what a player tapping the link would do."""
    from playwright.sync_api import Error as PlaywrightError

    for attempt in range(tries):
        try:
            page.goto(url)
            return
        except PlaywrightError as error:
            dropped = ("interrupted by another navigation", "net::ERR_ABORTED")
            if not any(why in str(error) for why in dropped) or attempt == tries - 1:
                raise
            page.wait_for_load_state("load")


def fits_phone(page: Any) -> None:
    """The page does not scroll sideways at 390 px and nothing sticks out past the edge."""
    page.wait_for_load_state()  # a page still navigating has no document to measure yet
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"{page.url} scrolls sideways: {width} px wide"
    wide = page.evaluate(_WIDER_THAN_SCREEN, PHONE_WIDTH)
    assert not wide, f"{page.url}: elements stick out past the {PHONE_WIDTH} px screen: {wide}"


def sideways_scrollers(page: Any) -> list[str]:
    """Boxes inside the page that the player has to swipe sideways to read in full."""
    return page.evaluate("""() => [...document.querySelectorAll('main *')].filter(el => {
      const o = getComputedStyle(el).overflowX;
      return (o === 'auto' || o === 'scroll') && el.scrollWidth > el.clientWidth + 1;
    }).map(el => `${el.tagName.toLowerCase()}.${el.className}: ` +
               `${el.scrollWidth} px in ${el.clientWidth}`)""")


def small_targets(page: Any) -> list[str]:
    """The touch targets in <main> smaller than 44×44 px."""
    return page.evaluate(_SMALL_TARGETS, MIN_TAP)


SHOT_MAX_PX = 6000  # CSS pixels of a page's height kept in a screenshot
# Screenshots are for people: taken on a developer's machine, or in CI when a folder is named.
TAKE_SHOTS = os.environ.get("CI") != "true" or bool(os.environ.get("COPENHAGEN_SHOTS"))


def _height(page: Any, tries: int = 3) -> int:
    """The page's full height in CSS pixels; a page that starts navigating meanwhile (one that
    reloads itself when the phone is back online) is read again once it has loaded."""
    from playwright.sync_api import Error as PlaywrightError

    for _ in range(tries - 1):
        try:
            return int(page.evaluate("() => document.documentElement.scrollHeight"))
        except PlaywrightError:
            page.wait_for_load_state()
    return int(page.evaluate("() => document.documentElement.scrollHeight"))


def shot(page: Any, folder: Path, name: str) -> Path:
    """Save a full-page screenshot as folder/name.png. A full-page screenshot leaves empty
    `style=""` attributes behind (Playwright sizes the page for it); they are taken away, or
    htmx would keep them in its history and the page's CSP would refuse them on Back.
    Under CI=true no shot is taken unless COPENHAGEN_SHOTS names a folder: nobody looks at
    them there, and they were a third of the page tour's time (37 -> 25 s)."""
    path = folder / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.png"
    # A whole game's end screen is long: at the phone's 2 device pixels per CSS pixel Chromium
    # once took over 45 s to paint it in CI. One pixel per CSS pixel, and at most SHOT_MAX_PX
    # of the page's height, keep every shot small.
    if not TAKE_SHOTS:
        return path
    height = min(_height(page), SHOT_MAX_PX)
    width = page.viewport_size["width"] if page.viewport_size else 390
    page.screenshot(path=str(path), full_page=True, scale="css", timeout=45_000,
                    clip={"x": 0, "y": 0, "width": width, "height": height})
    page.evaluate("() => document.querySelectorAll('[style=\"\"]')"
                  ".forEach(el => el.removeAttribute('style'))")
    return path


def same_site_links(page: Any, base: str) -> list[str]:
    """The addresses of this site a page links to (no static files, no fragments, no files to
    download such as the pads' PDF)."""
    hrefs = page.eval_on_selector_all(
        "a[href]:not([download])", "els => els.map(e => e.getAttribute('href'))")
    out = []
    for href in hrefs:
        url = urljoin(page.url, href).split("#")[0]
        path = urlsplit(url).path
        if url.startswith(base) and not path.startswith("/static/") and not path.endswith(
            (".pdf", ".png", ".svg")
        ):
            out.append(url)
    return out


def crawl(
    page: Any, base: str, visit: Callable[[Any], None], limit: int = 40
) -> list[tuple[str, int]]:
    """Visit every page reachable by links from the home page (up to `limit`), running
    `visit` on each once; returns (address, status) in visiting order. The language switch's
    links are not followed (the crawl stays in the language it starts in), and a link that
    lands on a page already visited (a redirect to it) is not visited again: each page's
    three language links made the tour visit every page four times in each language."""
    seen: list[tuple[str, int]] = []
    queue = [base + "/"]
    done: set[str] = set()
    while queue and len(seen) < limit:
        url = queue.pop(0)
        if url in done:
            continue
        done.add(url)
        resp = page.goto(url)
        if page.url != url and page.url in done:
            continue
        done.add(page.url)
        seen.append((page.url, resp.status if resp else 0))
        visit(page)
        queue.extend(u for u in same_site_links(page, base)
                     if u not in done and not urlsplit(u).path.startswith("/lang/"))
    return seen


def play_through(store: Any, game: Any, choose: Callable[[Any, int], str],
                 stop: Callable[[Any, int], bool] = lambda _state, _seat: False) -> Any:
    """Play a stored game through the store: the engine's rolls as they come, else the first
    seat to act plays `choose(state, seat)`, until the game ends or `stop(state, seat)` holds
    before a move; the state reached."""
    state = store.state(game)
    while not state.is_over():
        if state.is_chance():
            state, _ = store.act(game, None, str(state.chance_action()), None)
            continue
        seat = state.to_act()[0]
        if stop(state, seat):
            break
        state, _ = store.act(game, seat, choose(state, seat), None)
    return state


def random_forward(rng: Any) -> Callable[[Any, int], str]:
    """A `choose` for play_through: a random legal action of the seat, never a take-back."""
    def choose(state: Any, seat: int) -> str:
        return str(rng.choice([str(a) for a in state.legal_actions(seat)
                               if not str(a).endswith("undo")]))
    return choose
