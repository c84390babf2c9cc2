"""The screens a table meets first, on a 390×844 phone: the host of a table with a free seat
sees the invite (code, QR code, join link) at the top without scrolling, in both editions; and
tapping a cell of the building keeps the tapped cell, the tile shown on it and the question
"Which cell gets the X?" with its buttons on the screen together (with and without
JavaScript), instead of jumping to the top of the page."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.screens import fits_phone, shot, visit
from tests.browser.test_table import _api, _create, _offered, _pick

pytestmark = pytest.mark.browser

HEIGHT = 844
MAX_STEPS = 120


def _on_screen(page: Any, selector: str) -> dict[str, float]:
    """The box of the first element matching `selector`, which must lie wholly inside the
    visible 390×844 screen (the page as scrolled now)."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    top = page.evaluate("""() => {  // the sticky status header hides what is under it
      const s = document.querySelector('#table .status');
      if (!s || getComputedStyle(s).position !== 'sticky') return 0;
      const r = s.getBoundingClientRect();
      return r.top <= 0.5 && window.scrollY > 0 ? r.bottom : 0;
    }""")
    if top:
        assert box["y"] >= top - 0.5, f"{selector} is under the sticky header: {box} < {top}"
    assert box["y"] >= -0.5 and box["y"] + box["height"] <= HEIGHT + 0.5, (
        f"{selector} is off the screen: y {box['y']:.0f}..{box['y'] + box['height']:.0f} "
        f"(scrolled to {page.evaluate('window.scrollY')})")
    assert 0 <= box["x"] and box["x"] + box["width"] <= 390.5, f"{selector}: {box}"
    return box


def test_the_host_of_a_companion_table_sees_the_invite_first(phone, shots):
    code = _create(phone, "Ana", "app")
    phone.evaluate("window.scrollTo(0, 0)")
    for sel in ("#table .host .code", "#table .host img.qr", "#table .host .joinlink a"):
        _on_screen(phone, sel)
    assert code in phone.inner_text("#table .host .code")
    assert "/join" in phone.get_attribute("#table .host .joinlink a", "href")
    fits_phone(phone)
    shot(phone, shots, "invite-first-table")


def test_the_invite_moves_down_once_every_seat_is_taken(new_phone, shots):
    host, guest = new_phone(), new_phone()
    code = _create(host, "Ana", "app")
    guest.goto(host.get_attribute("#table .host .joinlink a", "href"))
    guest.fill("#name", "Ben")
    with guest.expect_navigation():
        guest.click("form button[type=submit]")
    host.goto(f"/rollwrite/{code}")
    order = host.evaluate("""() => {
      const els = [...document.querySelectorAll('#table > *')];
      return [els.findIndex(e => e.matches('.host')), els.findIndex(e => e.matches('.status'))];
    }""")
    assert order[0] > order[1], order  # the table full: the host's box is below the game


def test_the_card_edition_table_shows_the_invite_first(phone, shots):
    phone.goto("/card/new")
    phone.select_option("#kind0", "person")
    phone.select_option("#kind1", "person")
    phone.check("input[name=mode][value=table]")
    phone.click("button.big")
    phone.wait_for_url(re.compile(r"/card/[A-Z0-9]{6}$"))
    phone.evaluate("window.scrollTo(0, 0)")
    for sel in (".lobby h2", ".lobby .qr svg", ".lobby .link a"):
        _on_screen(phone, sel)
    fits_phone(phone)
    shot(phone, shots, "invite-first-card")


def _solo_vs_one_bot(page: Any, bot: str = "greedy") -> str:
    page.goto("/s/")
    page.fill("#b-name", "Ana")
    page.check("input[name=bots][value='1']")
    page.select_option("#level1", bot)
    with page.expect_navigation():
        page.click("text=Play against the bots")
    m = re.search(r"/rollwrite/([A-Z0-9]+)(\?at=\d+)?$", page.url)  # ?at=0: the bot began
    assert m, page.url
    return m.group(1)


def _to_a_placement(page: Any, code: str) -> None:
    """Play seat 0 (bots hurried) until the page asks to tap a cell for the chosen tile."""
    for _ in range(MAX_STEPS):
        state = _api(page, code)
        if 0 not in state["view"]["to_act"]:
            visit(page, f"/rollwrite/{code}")
            if page.locator("#table .botlog form button").count():
                with page.expect_navigation():
                    page.click("#table .botlog form button")
            continue
        visit(page, f"/rollwrite/{code}")
        action = _pick(_offered(page), state["view"]["turn"])
        if action is None and page.locator("#table table.building td.cell a").count():
            return
        assert action is not None, state
        with page.expect_navigation():
            page.locator("#table section.act form").filter(
                has=page.locator(f"input[name=action][value='{action}']")
            ).locator("button").click()
    raise AssertionError("no placement reached")


def _tap_and_check(page: Any, cell: Any, javascript: bool, shots: Any, name: str) -> None:
    """Tap a cell (or a link of the placement box); then the tapped cell, every previewed
    cell, the question and each of its buttons are on the screen at once."""
    if javascript:
        before = page.locator("#table .poll").get_attribute("hx-get")
        cell.click()
        page.wait_for_selector("#table section.placement")
        # the table swapped (its poll asks for the tapped position now) and settled ...
        page.wait_for_function(
            """(old) => { const p = document.querySelector('#table .poll');
                          return p && p.getAttribute('hx-get') !== old
                              && !document.querySelector('.htmx-swapping, .htmx-settling'); }""",
            arg=before)
        # ... and the page is done scrolling: the same scroll over two frames
        page.wait_for_function("""() => new Promise((done) => { const y = window.scrollY;
            requestAnimationFrame(() => requestAnimationFrame(() => done(window.scrollY === y)));
        })""")
    else:
        with page.expect_navigation():
            cell.click()
    assert page.evaluate("window.scrollY") > 0, "the page jumped to the top"
    _on_screen(page, "#table td.cell.tapped")
    for i in range(page.locator("#table td.cell.preview").count()):
        _on_screen(page, f"#table td.cell.preview >> nth={i}")
    _on_screen(page, "#table section.placement p.hint")
    for i in range(page.locator("#table section.placement button").count()):
        _on_screen(page, f"#table section.placement button >> nth={i}")
    shot_path = shots / f"{name}.png"
    page.screenshot(path=str(shot_path))  # the screen as the player sees it, not the page


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
def test_tapping_a_cell_keeps_the_tile_and_the_question_in_view(new_phone, shots, javascript):
    page = new_phone(javascript=javascript)
    code = _solo_vs_one_bot(page)
    _to_a_placement(page, code)
    page.evaluate("window.scrollTo(0, 0)")
    cells = page.locator("#table table.building td.cell a")
    tag = "js" if javascript else "nojs"
    _tap_and_check(page, cells.last, javascript, shots, f"tap-cell-{tag}")
    rotate = page.locator("#table section.placement a.button")
    if rotate.count():  # the next position of the same cell: still all in view
        _tap_and_check(page, rotate, javascript, shots,
                       f"tap-rotate-{tag}")
    other = page.locator("#table table.building td.cell:not(.tapped) a")
    _tap_and_check(page, other.first, javascript, shots,
                   f"tap-other-{tag}")
    # and the placement is played from there
    before = _api(page, code)["seq"]
    if javascript:
        page.locator("#table section.placement button").first.click()
        page.wait_for_function("(s) => !document.querySelector('#table section.placement')",
                               arg=before)
    else:
        with page.expect_navigation():
            page.locator("#table section.placement button").first.click()
    assert _api(page, code)["seq"] == before + 1


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
def test_the_solo_form_shows_only_the_levels_of_the_bots_chosen(new_phone, shots, javascript):
    page = new_phone(javascript=javascript)
    page.goto("/s/")
    for count in (1, 2, 3, 1):
        page.check(f"input[name=bots][value='{count}']")
        shown = [page.locator(f"#level{n}").is_visible() for n in (1, 2, 3)]
        assert shown == [n <= count for n in (1, 2, 3)], (count, shown)
        assert all(page.locator(f"label[for=level{n}]").is_visible() == (n <= count)
                   for n in (1, 2, 3))
    fits_phone(page)
    shot(page, shots, f"solo-form-1-bot-{'js' if javascript else 'nojs'}")
