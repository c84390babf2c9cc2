"""The pictures of the README (issue 38): the app's main screens on a 390×844 phone, in the
light and the dark theme, and one on a 1280×800 laptop, each checked to be the real page (its
heading shown, no error page, a picture with some detail in it, not one flat colour).

With UPDATE_SCREENS=1 they are written into docs/screens/ (the README shows them), reduced to
at most 256 colours so that all of them stay small; otherwise into the screenshots' folder
(COPENHAGEN_SHOTS, /tmp/shots by default), where a run can be looked at without touching the
repository."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from PIL import Image

from bots.levels import make_bot
from bots.solitaire import play_state
from tests.browser.conftest import PHONE, phones_at
from tests.browser.screens import play_through
from tests.web.test_card_routes import reach

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
UPDATE = os.environ.get("UPDATE_SCREENS") == "1"
SCHEMES = ("light", "dark")
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
MAX_BYTES = 1_500_000  # every picture of docs/screens/ together
MIN_COLOURS = 12  # a page with text and pieces on it has many more; a blank one has 1 or 2
REVIEW_WAIT_MS = 180_000  # a real review with few play-outs, on busy cores


def folder() -> Path:
    """Where the pictures go: docs/screens/ with UPDATE_SCREENS=1, else the shots' folder."""
    where = ROOT / "docs" / "screens" if UPDATE else Path(
        os.environ.get("COPENHAGEN_SHOTS", "/tmp/shots")) / "readme"
    where.mkdir(parents=True, exist_ok=True)
    return where


def small_png(raw: bytes) -> bytes:
    """A screenshot as a PNG of at most 256 colours (the pages' flat colours survive it)."""
    image = Image.open(io.BytesIO(raw)).convert("RGB")
    out = io.BytesIO()
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        out, format="PNG", optimize=True)
    return out.getvalue()


def colours(png: bytes) -> int:
    """How many colours a picture has (up to 256: enough to tell a page from a blank)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    found = image.getcolors(maxcolors=257)
    return 257 if found is None else len(found)


def background(png: bytes) -> tuple[int, int, int]:
    """A picture's most frequent colour: the page's own background."""
    found = Image.open(io.BytesIO(png)).convert("RGB").getcolors(maxcolors=1 << 24)
    assert found
    _, colour = max(found)
    return (int(colour[0]), int(colour[1]), int(colour[2]))


# Scroll the page so that an element's top shows just under the sticky status line, if any.
_SCROLL_TO = """el => {
  const s = document.querySelector('#table .status');
  const h = s && getComputedStyle(s).position === 'sticky' ? s.getBoundingClientRect().height : 0;
  window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - h - 8);
}"""


def keep(page: Any, name: str, heading: str, at: str | None = None) -> bytes:
    """Check that the page is the one wanted (its first heading says `heading`, it is no
    error page) and save what the screen shows (from the top, or from element `at`) as
    name.png; the PNG's bytes."""
    page.wait_for_load_state("networkidle")
    title = page.locator("main h1, main h2").first
    title.wait_for()
    assert heading.lower() in title.inner_text().lower(), (page.url, title.inner_text())
    assert "error" not in page.title().lower() and "not found" not in page.title().lower()
    if at:
        page.locator(at).first.evaluate(_SCROLL_TO)
    else:
        page.evaluate("window.scrollTo(0, 0)")
    png = small_png(page.screenshot(scale="css", animations="disabled"))
    assert colours(png) >= MIN_COLOURS, f"{name}: a flat picture ({colours(png)} colours)"
    (folder() / f"{name}.png").write_bytes(png)
    return png


@pytest.fixture
def screens(browser: Any, live_server: str) -> Iterator[Callable[..., Any]]:
    """Make a browser page in a colour scheme: a phone (the default) or a laptop window.
    Script errors and failed loads fail the test at the end (`phones_at`)."""
    with phones_at(browser, live_server) as make:
        yield lambda scheme, device=PHONE: make(device=device, color_scheme=scheme,
                                                timeout_ms=15_000)


def _seat(page: Any, live_server: str, code: str, token: str) -> None:
    """Give the page's browser the seat of `token` at table `code`."""
    page.context.add_cookies([{"name": f"seat_{code}", "value": token, "url": live_server}])


def _rollwrite_table(live_app: Flask) -> tuple[str, str]:
    """A Roll & Write table of two people some turns in (greedy bots played them through the
    store), where the first player, with points on her sheet, has a tile to draw: its code and
    her seat's token."""
    store = live_app.extensions["store"]
    config = {"players": ["Ana", "Ben"], "seed": "readme-table",
              "options": {"mirror": False, "dice": "seeded"}}
    game = store.create_game("table", "rollwrite", config, 2)
    token = store.claim_seat(game, 0, "Ana")
    store.claim_seat(game, 1, "Ben")
    bots = {seat: make_bot("rollwrite", "greedy", seat) for seat in (0, 1)}
    state = play_through(
        store, game, lambda st, seat: str(bots[seat].choose(st.view(seat), seat)),
        stop=lambda st, seat: seat == 0 and st.scores()[0] >= 6 and any(
            " draw " in str(a) for a in st.legal_actions(0)))
    assert not state.is_over(), "the game ended before the moment wanted"
    assert token
    return game.code, token


def _card_table(live_app: Flask) -> tuple[str, str]:
    """A card-edition table of two people well into the game, the first to take: its code and
    her seat's token."""
    state = reach(lambda s: s.phase == "act" and s.active == 0 and len(s.log) > 40, players=2)
    store = live_app.extensions["store"]
    names = ["Ana", "Ben"]  # names play no part in the rules
    game = store.create_game("card", "boardgame",
                             {**state.config, "players": names, "mode": "table"}, 2)
    for line in state.log:
        store.act(game, int(line[1]) - 1, line, None)
    token = store.claim_seat(game, 0, names[0])
    store.claim_seat(game, 1, names[1])
    assert token
    return game.code, token


def _finished_challenge(live_app: Flask, page: Any) -> str:
    """A solitaire challenge started on the page and played to its end by the strong bot
    through the store: its code."""
    page.goto("/s/")
    page.fill("#c-name", "Ana")
    page.fill("#seed", "readme-review")
    with page.expect_navigation():
        page.click("text=Play the challenge")
    code = re.search(r"/rollwrite/([A-Z0-9]+)", page.url).group(1)
    store = live_app.extensions["store"]
    game = store.game(code)
    for line in play_state(game.config["seed"], "strong").log:
        store.act(game, 0, line, None)
    return code


def test_the_readme_screens_are_the_real_pages_in_light_and_dark(
        screens: Callable[..., Any], live_app: Flask, live_server: str) -> None:
    reader = screens("light")
    review = _finished_challenge(live_app, reader)
    reader.goto(f"/r/{review}/review")  # its background job starts: it runs meanwhile
    table, table_token = _rollwrite_table(live_app)
    card, card_token = _card_table(live_app)
    shots = {  # name: address, its first heading, where the picture starts
        "home": ("/", "Copenhagen", None),
        "table": (f"/rollwrite/{table}", "", "#table section.act"),
        "card": (f"/card/{card}", "", None),
        "solo": ("/s/", "Play solo", None),
        "print": ("/print/", "Print", None),
    }
    page = screens("light")
    _seat(page, live_server, table, table_token)
    _seat(page, live_server, card, card_token)
    sizes: dict[str, int] = {}
    corners: dict[str, set[tuple[int, int, int]]] = {s: set() for s in SCHEMES}
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        for name, (path, heading, at) in shots.items():
            answer = page.goto(path)
            assert answer is not None and answer.status == 200, (path, answer)
            png = keep(page, f"{name}-{scheme}", heading, at)
            sizes[f"{name}-{scheme}"] = len(png)
            corners[scheme].add(background(png))
    reader.wait_for_selector("table.review-turns", timeout=REVIEW_WAIT_MS)
    for scheme in SCHEMES:
        reader.emulate_media(color_scheme=scheme)
        png = keep(reader, f"review-{scheme}", "Review")
        sizes[f"review-{scheme}"] = len(png)
        corners[scheme].add(background(png))
    laptop = screens("light", LAPTOP)
    _seat(laptop, live_server, card, card_token)
    assert laptop.goto(f"/card/{card}").status == 200
    sizes["card-laptop"] = len(keep(laptop, "card-laptop", ""))
    # the dark pictures are dark and the light ones light
    assert all(sum(c) > 600 for c in corners["light"]), corners
    assert all(sum(c) < 200 for c in corners["dark"]), corners
    assert sum(sizes.values()) < MAX_BYTES, sizes
    print("\nREADME screens:", folder(), sizes, sum(sizes.values()), "bytes")
