"""The card edition in a real browser on a 390×844 phone: a game against a greedy bot played
by tapping harbour cards, tiles and cells, the bot's replies (played before the move's
answer) shown through htmx polling one at a time, no response ever carrying the bot's hand
or the deck order; building by turning a tile over and round; the one-screen game's "pass
the phone" screen; the same game without scripts; and the main screens on a 1280×800
laptop."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from boardgame import actions as A  # noqa: N812
from tests.browser.conftest import PageErrors, serve_cdn
from tests.browser.screens import fits_phone, shot, small_targets
from tests.web.test_card_game import History, check_no_leak
from tests.web.test_card_routes import CHIRAL, reach

pytestmark = pytest.mark.browser

MAX_TAPS = 400
LAPTOP = {"viewport": {"width": 1280, "height": 800}}


def _check(page: Any, shots: Any, name: str) -> None:
    fits_phone(page)
    assert not small_targets(page), small_targets(page)
    shot(page, shots, f"card-{name}")


def _seq(page: Any) -> int:
    return int(page.get_attribute("#game", "data-seq") or "-1")


def _new_game(page: Any, seats: dict[str, str], mode: str = "hotseat") -> str:
    page.goto("/card/new")
    for field, kind in seats.items():
        page.select_option(f"#{field}", kind)
    page.check(f"input[name=mode][value={mode}]")
    page.click("button.big")
    page.wait_for_url(re.compile(r"/card/[A-Z0-9]{6}(\?at=\d+)?$"))  # ?at=0: a bot began
    return page.url.split("?")[0].rsplit("/", 1)[-1]


def _my_move(page: Any, shots: Any = None) -> None:
    """One move by tapping: a build if a tile is offered (tile, where its brick goes, first
    payment), else two harbour cards side by side (or whatever button the page offers).
    With `shots`, the build step is photographed (tile chosen, placement previewed)."""
    buttons = page.locator(".actions form button")
    if page.locator(".tilechip").count():
        page.locator(".tilechip").first.click()
        page.locator("#placer .shape").wait_for()
        if shots:
            _check(page, shots, "build-tile")
        page.locator(".board td.can a").first.click()
        page.locator(".pays button").first.wait_for()
        if shots:
            _check(page, shots, "build-preview")
        page.locator(".pays button").first.click()
    elif page.locator(".harbour a.pick").count() >= 2 and not buttons.count():
        page.locator(".harbour a.pick").first.click()
        page.wait_for_selector(".slot.picked")
        page.locator(".harbour .slot:not(.picked) a.pick").first.click()
        page.locator(".actions .choices button").first.click()
    elif page.locator(".board td.can a").count():  # a white tile: its cell, then confirm
        page.locator(".board td.can a").first.click()
        page.locator(".preview-box button.confirm").click()
    else:
        page.locator(".actions form button").first.click()


class Recorder:
    """Every answer of our server to a page: the bodies of its html pages, fragments and
    JSON, read after each step (htmx swaps keep them readable; a page the browser has
    navigated away from keeps none, and is listed in `lost`)."""

    def __init__(self, page: Any, base: str) -> None:
        self.base = base
        self.pending: list[Any] = []
        self.bodies: list[str] = []
        self.lost: list[str] = []
        page.on("response", self._arrived)

    def _arrived(self, resp: Any) -> None:
        self.pending.append(resp)

    def drain(self) -> list[str]:
        """The bodies of the answers received since the last call."""
        from playwright.sync_api import Error

        out = []
        while self.pending:
            resp = self.pending.pop(0)
            kind = resp.headers.get("content-type", "")
            if not (resp.url.startswith(self.base) and 200 <= resp.status < 300
                    and ("html" in kind or "json" in kind)):
                continue
            try:
                out.append(resp.text())
            except Error:
                self.lost.append(resp.url.removeprefix(self.base))
        self.bodies += out
        return out


def test_a_game_against_a_greedy_bot_by_tapping(phone, shots, live_app, live_server):
    """A whole game by tapping; no answer the phone receives (pages, htmx fragments, polls)
    holds the bot's hand or the order of the deck, as of the moment it was sent."""
    recorder = Recorder(phone, live_server)
    code = _new_game(phone, {"kind0": "person", "kind1": "greedy"})
    assert len(recorder.drain()) == 1 and recorder.lost == ["/card/new"]  # the form's page
    store = live_app.extensions["store"]
    game = store.game(code)
    history = History(live_app, game)
    _check(phone, shots, "start")
    bot_steps = built = checked = mine = 0
    for _tap in range(MAX_TAPS):
        if phone.locator(".endscreen").count():
            break
        if phone.locator(".status.mine").count():
            before = _seq(phone)
            building = phone.locator(".tilechip").count() > 0
            _my_move(phone, shots if building and not built else None)
            built += building
            mine += 1
            phone.wait_for_function(f"() => +document.querySelector('#game').dataset.seq "
                                    f"!= {before}")
        else:  # the bot's moves, shown one per poll: no move offered meanwhile
            before = _seq(phone)
            shown = phone.evaluate("""() => { const g = document.querySelector('#game');
              return {mine: !!g.querySelector('.status.mine'),
                      skip: g.querySelectorAll('.status a.button').length,
                      acts: g.querySelectorAll("form[action$='/act']").length}; }""")
            assert shown["mine"] or (shown["skip"] == 1 and shown["acts"] == 0), shown
            phone.wait_for_function(f"() => +document.querySelector('#game').dataset.seq "
                                    f"> {before}", timeout=8000)
            bot_steps += 1
            if bot_steps == 1:
                _check(phone, shots, "bot-turn")
        checked += check_no_leak(history, game, recorder.drain(), 0)
    else:
        raise AssertionError("the game did not end")
    assert bot_steps > 3 and built > 0
    assert phone.locator(".endscreen table.final tr").count() == 3
    _check(phone, shots, "end")
    checked += check_no_leak(history, game, recorder.drain(), 0)
    assert checked >= bot_steps + mine  # every move brought at least a page or a fragment
    assert recorder.lost == ["/card/new"]
    assert sum('id="game"' in b for b in recorder.bodies) > bot_steps


def test_skip_ahead_and_the_pass_the_phone_screen(phone, shots):
    _new_game(phone, {"kind0": "person", "kind1": "person", "kind2": "strong"})
    assert phone.locator(".pass-screen").count() == 1
    assert phone.locator(".hand").count() == 0
    _check(phone, shots, "pass-phone")
    phone.click(".pass-screen button")
    phone.wait_for_selector(".hand")
    _check(phone, shots, "revealed")
    _my_move(phone)
    phone.wait_for_selector(".pass-screen")
    assert phone.locator(".hand").count() == 0  # the next person must tap first
    assert "Player 2" in phone.inner_text(".pass-screen h1")


def test_the_card_game_works_without_javascript(new_phone, shots):
    page = new_phone(javascript=False)
    code = _new_game(page, {"kind0": "person", "kind1": "random"})
    page.locator(".harbour a.pick").first.click()
    page.locator(".harbour .slot:not(.picked) a.pick").first.click()
    page.locator(".actions .choices button").first.click()
    page.wait_for_url(re.compile(rf"/card/{code}$"))  # the bot has answered: the present at once
    assert page.locator(".status.mine").count() == 1
    assert _seq(page) >= 2
    _check(page, shots, "no-script")


# ---------------------------------------------------------------------- building; a laptop
def _stored(live_app: Any, state: Any, seat: int = 0) -> tuple[str, str]:
    """An engine game stored in the live app as a table of people: its code and the token
    of `seat`."""
    store = live_app.extensions["store"]
    game = store.create_game("card", "boardgame", {**state.config, "mode": "table"},
                             state.players)
    for line in state.log:
        store.act(game, A.parse_action(line).player, line, None)
    token = store.claim_seat(game, seat, state.names[seat])
    assert token
    return game.code, token


@pytest.fixture
def laptop(browser: Any, live_server: str) -> Iterator[Any]:
    """A 1280×800 laptop window: its own cookies, a mouse, no touch."""
    watcher = PageErrors(live_server)
    context = browser.new_context(**LAPTOP, base_url=live_server, locale="en-GB")
    context.set_default_timeout(10_000)
    serve_cdn(context, "up")
    yield watcher.watch(context.new_page())
    context.close()
    assert not watcher.errors, "the pages had errors:\n" + "\n".join(watcher.errors)


def _chiral_buildable(state: Any) -> bool:
    return state.phase == "act" and state.active == 0 and any(
        isinstance(a, A.Build) and a.tile in CHIRAL for a in state.legal_actions())


def _seat(page: Any, live_server: str, code: str, token: str) -> None:
    page.context.add_cookies([{"name": f"seat_{code}", "value": token, "url": live_server}])
    page.goto(f"/card/{code}")


def _shape(page: Any) -> str:
    return page.inner_html("#placer .shape")


def _build_by_turning(page: Any, shots: Any, name: str, phone: bool) -> None:
    """Choose the chiral tile, rotate and flip it (the picture changes each time), tap where
    its brick goes, check the preview, and build."""
    chip = next(c for c in page.locator(".tilechip").all()
                if c.get_attribute("href").split("tile=")[1].split("#")[0] in CHIRAL)
    chip.click()
    page.locator("#placer .shape").wait_for()
    first = _shape(page)
    page.click("#placer a:has-text('Rotate')")
    page.wait_for_function("s => document.querySelector('#placer .shape').innerHTML != s",
                           arg=first)
    turned = _shape(page)
    page.click("#placer a:has-text('Flip')")
    page.wait_for_function("s => document.querySelector('#placer .shape').innerHTML != s",
                           arg=turned)
    assert page.locator(".board td.anchor a").count() or page.locator(".nofit").count()
    if not page.locator(".board td.anchor a").count():  # this side up it fits nowhere
        page.click("#placer a:has-text('Flip')")
        page.locator(".board td.anchor a").first.wait_for()
    if phone:
        fits_phone(page)
        assert not small_targets(page), small_targets(page)
    shot(page, shots, f"card-{name}-build-tile")
    page.locator(".board td.anchor a").first.click()
    page.locator(".preview-box").wait_for()
    box = page.inner_text(".preview-box")
    assert "costs" in box and "Build here" in box
    assert page.locator(".board td.preview").count() == page.locator(
        "#placer .shape td:not(.off)").count()
    if phone:
        fits_phone(page)
        assert not small_targets(page), small_targets(page)
    shot(page, shots, f"card-{name}-build-preview")
    before = _seq(page)
    page.locator(".preview-box button").first.click()
    page.wait_for_function(f"() => +document.querySelector('#game').dataset.seq > {before}")


def test_building_by_rotating_and_flipping_on_a_phone_and_a_laptop(
        phone, laptop, shots, live_app, live_server):
    state = reach(_chiral_buildable)
    for page, name in ((phone, "phone"), (laptop, "laptop")):
        code, token = _stored(live_app, state)
        _seat(page, live_server, code, token)
        _build_by_turning(page, shots, name, page is phone)
        log = live_app.extensions["store"].log(live_app.extensions["store"].game(code))
        assert " build " in log[len(state.log)].text


def test_building_works_without_javascript(new_phone, shots, live_app, live_server):
    page = new_phone(javascript=False)
    state = reach(_chiral_buildable)
    code, token = _stored(live_app, state)
    _seat(page, live_server, code, token)
    page.locator(".tilechip").first.click()
    # a link without JavaScript: the click returns once the next page has started to load, so
    # its address can be there before its body (a CI run counted 0 shapes there)
    page.wait_for_load_state()
    assert "#placer" in page.url and page.locator("#placer .shape").count() == 1
    if page.locator("#placer a:has-text('Rotate')").count():
        page.click("#placer a:has-text('Rotate')")
    page.locator(".board td.anchor a").first.click()
    page.locator(".preview-box button").first.click()
    assert page.url.endswith(f"/card/{code}")
    log = live_app.extensions["store"].log(live_app.extensions["store"].game(code))
    assert " build " in log[len(state.log)].text


def test_the_main_screens_on_a_laptop(laptop, shots, live_app, live_server):
    """The start of a game, and the end of one (by the end card, three players), at
    1280×800: two columns, nothing cut off or scrolling sideways."""
    _new_game(laptop, {"kind0": "person", "kind1": "greedy", "kind2": "strong"})
    assert laptop.evaluate("document.scrollingElement.scrollWidth") <= 1280
    assert "End card: set aside" in laptop.inner_text(".status")
    shot(laptop, shots, "card-laptop-start")
    over = reach(lambda s: s.is_over() and str(s.end_reason) == "end card", players=3)
    code, token = _stored(live_app, over)
    _seat(laptop, live_server, code, token)
    assert laptop.locator(".endscreen").count() == 1
    assert "The end card came up" in laptop.inner_text(".endscreen")
    assert laptop.evaluate("document.scrollingElement.scrollWidth") <= 1280
    left = laptop.locator(".endscreen").bounding_box()
    assert left and left["width"] > 900  # the end screen spans both columns
    shot(laptop, shots, "card-laptop-end")


def test_a_white_tile_from_a_coat_of_arms_by_tapping(phone, shots, live_app, live_server):
    """The white tile's cells are marked on the building, and the confirm button comes up
    right under it."""
    state = reach(lambda s: s.phase == "arms" and s.active == 0 and any(
        isinstance(a, A.ArmsWhite) for a in s.legal_actions()))
    code, token = _stored(live_app, state)
    _seat(phone, live_server, code, token)
    assert "A coat of arms" in phone.inner_text(".status")
    phone.locator(".myboard .board td.can a").first.click()
    confirm = phone.locator(".myboard .preview-box button.confirm")
    confirm.wait_for()
    assert phone.locator(".board td.preview.c-white").count() == 1
    _check(phone, shots, "white-tile")
    confirm.click()
    phone.wait_for_function(f"() => +document.querySelector('#game').dataset.seq > "
                            f"{len(state.log)}")
    log = live_app.extensions["store"].log(live_app.extensions["store"].game(code))
    assert " arms white " in log[len(state.log)].text
