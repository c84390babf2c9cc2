"""Play with the keyboard only (issue 41), in Chromium at 1280×800: a solo Roll & Write game
against a greedy bot (roll, choose a tile, tap a cell, choose the X, end the turn, pick from
the bot's dice; coats of arms when they come), the card edition against a bot (take cards,
build, abilities, discard) and both guided games. Every key is counted (Tab to reach a
control, the arrow keys inside the building's grid, Enter to press it); after every swap of
the page (the player's own actions, the bots' moves shown one at a time) the focus must not be
on the page's body, and the bots' moves must leave it where it was.

The counts are printed (`-s`): a typical Roll & Write turn (roll to end of turn) must take at
most 20 keys; the code before issue 41 needed about 55."""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from boardgame.phases import ARMS, DISCARD
from bots.levels import make_bot
from tests.browser.keyboard import Keyboard
from tests.browser.test_table import _api, _seq
from webapp.learn.routes import SCRIPTS

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
TURNS = 4  # whole turns of the player, as in the trial
MAX_MOVES = 120
MAX_ACTIONS = 3000  # engine actions of a whole table game, both seats
TYPICAL_TURN_KEYS = 20

# the element each step presses, found the same way on any version of the pages
BUTTON_OF = """(line) => {
  for (const input of document.querySelectorAll('#table form input[name=action]'))
    if (input.value === line) return input.form.querySelector('button');
  return null;
}"""
FIRST_CELL = """() => {  // the first cell that may be tapped, reading from row 1 (the bottom) up
  const links = [...document.querySelectorAll('#table table.building td.cell a')];
  links.sort((a, b) => b.closest('tr').rowIndex - a.closest('tr').rowIndex ||
    a.closest('td').cellIndex - b.closest('td').cellIndex);
  return links[0] || null;
}"""


@pytest.fixture
def desk(browser: Any, live_server: str) -> Iterator[Callable[..., Any]]:
    """A laptop's browser (1280×800, keyboard, no touch) on the live app."""
    contexts: list[Any] = []

    def make(locale: str = "en-GB") -> Any:
        context = browser.new_context(**DESKTOP, base_url=live_server, locale=locale)
        context.set_default_timeout(20_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def start_solo(page: Any) -> str:
    """A solo Roll & Write game against one greedy bot; its code."""
    page.goto("/s/")
    page.fill("#b-name", "Ana")
    page.check("input[name=bots][value='1']")
    page.select_option("#level1", "greedy")
    with page.expect_navigation():  # "Play against the bots", in any language
        page.click("form:has(#b-name) button[type=submit]")
    m = re.search(r"/rollwrite/([A-Z0-9]+)", page.url)
    assert m, page.url
    return m.group(1)


def _my_move(page: Any, code: str) -> dict[str, Any]:
    """Wait until the page shows the present with a move of the player's; the seat's API."""
    for _ in range(60):
        state = _api(page, code)
        if state["view"]["over"]:
            return state
        page.wait_for_function(
            "(seq) => { const p = document.querySelector('#table .poll');"
            " const t = document.querySelector('#table');"
            " return t && t.dataset.myMove === '1' && p &&"
            " new RegExp('[?&]seq=' + seq + '(&|$)').test(p.getAttribute('hx-get')); }",
            arg=state["seq"], timeout=30_000)
        if _api(page, code)["seq"] == state["seq"]:
            return state
    raise AssertionError("the player's move never came")


def _target(page: Any, legal: list[str]) -> tuple[str, Any]:
    """The step to take now and the element that takes it."""
    verbs = {line.split()[1] for line in legal}

    def button(line: str) -> Any:
        return page.evaluate_handle(BUTTON_OF, line).as_element()

    if "roll" in verbs:
        line = next(x for x in legal if x.split()[1] == "roll")  # the page posts it without
        return "roll", button(" ".join(line.split()[:2]))  # its faces: the server rolls
    if "setup" in verbs:
        return "setup", page.locator("#table section.act form button").first.element_handle()
    if "pick" in verbs or "pass" in verbs:
        picks = page.locator("#table ul.picks form button")
        if picks.count():
            return "pick", picks.first.element_handle()
        return "pick", button(next(x for x in legal if x.split()[1] == "pass"))
    if "arms" in verbs:
        tracks = page.locator("#table section.act .buttons form button.track")
        if tracks.count():
            return "arms", tracks.first.element_handle()
    if "choose" in verbs:
        return "choose", page.locator("#table .choices-list form button").first.element_handle()
    if "draw" in verbs or "arms" in verbs:
        placement = page.locator("#table section.placement form button")
        if placement.count():
            return "place", placement.first.element_handle()
        return "cell", page.evaluate_handle(FIRST_CELL).as_element()
    if "end" in verbs:
        return "end", button(next(x for x in legal if x.split()[1] == "end"))
    raise AssertionError(f"no step for {legal}")


def play_rollwrite(page: Any, code: str, turns: int) -> dict[str, Any]:
    """Play `turns` whole turns of seat 0 (and the picks between them) with the keyboard."""
    kb = Keyboard(page)
    kb.watch()
    turn_keys: list[int] = []
    pick_keys: list[int] = []
    setup_keys: list[int] = []
    lost_after: list[str] = []  # the steps after which the focus fell to the body
    steps: list[list[tuple[str, int]]] = []
    current: list[tuple[str, int]] = []
    for _ in range(MAX_MOVES):
        state = _my_move(page, code)
        if state["view"]["over"] or len(turn_keys) >= turns:
            break
        step, target = _target(page, state["legal"])
        assert target is not None, (step, state["legal"])
        lost = len(kb.lost())
        kb.act(step, target)
        keys = kb.by_step[-1][1]
        if len(kb.lost()) > lost:
            lost_after.append(step)
        if step in ("pick", "setup"):
            (pick_keys if step == "pick" else setup_keys).append(keys)
            continue
        current.append((step, keys))
        if step == "end":
            turn_keys.append(sum(k for _s, k in current))
            steps.append(current)
            current = []
    return {"turns": turn_keys, "picks": pick_keys, "setup": setup_keys, "steps": steps,
            "lost": kb.lost(), "lost_after": lost_after, "urgent": kb.urgent(),
            "said": page.locator("#say p").all_inner_texts(),
            "moved": page.evaluate("() => window.__kb.moved")}


def test_a_roll_and_write_turn_takes_at_most_20_keys_and_the_focus_stays(desk):
    page = desk()
    code = start_solo(page)
    out = play_rollwrite(page, code, TURNS)
    print(f"\nRoll & Write by keyboard: keys per turn {out['turns']} "
          f"(median {statistics.median(out['turns'])}), per pick {out['picks']}, "
          f"setup {out['setup']}, "
          f"steps {out['steps']}")
    assert len(out["turns"]) == TURNS
    assert not out["lost_after"], f"the focus fell to the body after {out['lost_after']}"
    assert not out["lost"], f"the focus fell to the body after these swaps: {out['lost']}"
    assert not out["moved"], f"the bots' moves moved the focus: {out['moved']}"
    typical = [sum(k for _s, k in t) for t in out["steps"]
               if [s for s, _k in t] == ["roll", "choose", "cell", "place", "end"]]
    assert typical, out["steps"]
    assert max(typical) <= TYPICAL_TURN_KEYS, typical
    assert max(out["picks"] or [0]) <= 10, out["picks"]
    # said: the moves in the polite region, the player's own turn in the assertive one
    assert len(out["said"]) >= 3, out["said"]
    assert any(t.startswith("Your move. Turn ") for t in out["urgent"]), out["urgent"]


def _card_step(page: Any) -> tuple[str, Any]:
    """The card edition's next step as the tapping test plays it (test_card.py): a build when
    a tile is offered, else two harbour cards and the take, else the first button."""
    def first(selector: str) -> Any:
        loc = page.locator(selector)
        return loc.first.element_handle() if loc.count() else None

    if (pay := first("#game .pays button")) is not None:
        return "pay", pay
    if page.locator("#placer").count():
        return "brick", first("#game .board td.can a")
    if (tile := first("#game .tilechip")) is not None:
        return "tile", tile
    if (take := first("#game .actions .choices button")) is not None:
        return "take", take
    if page.locator("#game .harbour a.pick").count() >= 2 and not page.locator(
            "#game .actions form button").count():
        return "card", first("#game .harbour .slot:not(.picked) a.pick")
    if (cell := first("#game .board td.can a")) is not None and not page.locator(
            "#game .preview-box button.confirm").count():
        return "white-cell", cell
    if (confirm := first("#game .preview-box button.confirm")) is not None:
        return "white-confirm", confirm
    return "button", first("#game .actions form button")


def start_card_hotseat(page: Any) -> None:
    """A card game on one screen against the greedy bot, from its form; the page at its table."""
    page.goto("/card/new")
    page.select_option("#kind0", "person")
    page.select_option("#kind1", "greedy")
    page.check("input[name=mode][value=hotseat]")
    page.click("button.big")
    page.wait_for_url(re.compile(r"/card/[A-Z0-9]{6}(\?at=\d+)?$"))


def test_the_card_edition_by_keyboard_keeps_the_focus(desk):
    page = desk()
    start_card_hotseat(page)
    kb = Keyboard(page)
    kb.watch()
    turns: list[list[tuple[str, int]]] = [[]]
    lost_after: list[str] = []
    for _ in range(MAX_MOVES):
        if len(turns) > 8 or page.locator("#game .endscreen").count():
            break
        page.wait_for_selector("#game .status.mine", timeout=30_000)
        step, target = _card_step(page)
        assert target is not None, step
        lost = len(kb.lost())
        kb.act(step, target)
        if len(kb.lost()) > lost:
            lost_after.append(step)
        turns[-1].append(kb.by_step[-1])
        if not page.locator("#game .status.mine").count():
            turns.append([])
    print(f"\ncard edition by keyboard: {turns}")
    # each building is a grid of one Tab stop (static/play-keys.js), its cells named
    boards = page.locator("#game table.board")
    assert boards.count() >= 2 and boards.count() == page.locator(
        "#game table.board[role=grid][aria-describedby]").count()
    for i in range(boards.count()):
        assert boards.nth(i).locator("[data-cell][tabindex='0']").count() == 1
        assert boards.nth(i).locator("[data-cell]").count() == 45
    builds = [k for t in turns for s, k in t if s == "brick"]
    assert builds, "no tile was built by keyboard"
    assert len(turns) > 8
    assert {"card", "take"} <= {s for t in turns for s, _k in t}
    assert not lost_after, f"the focus fell to the body after {lost_after}"
    assert not kb.lost(), kb.lost()
    assert not page.evaluate("() => window.__kb.moved")
    assert page.locator("#say p").count() >= 3  # the bot's moves, the turns, the points


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_the_guided_games_by_keyboard_focus_each_step_and_read_it(desk, name: str):
    """After each step the focus is on the next step's control (its highlight keeps the
    focus ring), which the step's sentence describes (aria-describedby)."""
    page = desk()
    page.goto(f"/learn/{name}/0")
    kb = Keyboard(page)
    kb.watch()
    keys = []
    for index in range(len(SCRIPTS[name].steps)):
        control = page.locator('[aria-current="step"]')
        assert control.count() == 1
        assert control.get_attribute("aria-describedby") == "learn-says"
        assert page.locator("#learn-says").inner_text().strip()  # the sentence it points to
        if index:  # the focus is already there, after the previous step
            assert page.evaluate("() => document.activeElement.id") == "step-now", kb.focused()
            ring = page.evaluate("() => getComputedStyle(document.activeElement).outlineWidth")
            assert float(ring.removesuffix("px")) >= 2, ring
        kb.act(f"step {index + 1}", control.element_handle())
        page.wait_for_selector(f'#learn[data-step="{index + 1}"]')
        keys.append(kb.by_step[-1][1])
    print(f"\nguided game {name} by keyboard: keys per step {keys}")
    assert not kb.lost(), kb.lost()
    assert max(keys[1:]) == 1  # Enter only: each step's control has the focus already


RING = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).slice(0, 4).map(Number);
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05); };
  const a = document.activeElement;
  let bg = null;
  for (let el = a.parentElement; el && !bg; el = el.parentElement) {
    const c = rgb(getComputedStyle(el).backgroundColor);
    if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) bg = c;
  }
  bg = bg || rgb(getComputedStyle(document.body).backgroundColor);
  const s = getComputedStyle(a);
  const status = document.querySelector('.tbl .status');
  const r = a.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, Math.max(0, r.top + 2));
  const under = !!(status && top && !status.contains(a) && status.contains(top));
  return {what: a === document.body ? 'body' : a.outerHTML.slice(0, 80),
          width: parseFloat(s.outlineWidth), style: s.outlineStyle,
          contrast: contrast(rgb(s.outlineColor), bg), under: !!under,
          /* a two-tone ring: its halo (the first shadow) stands out where the ink does not */
          halo: s.boxShadow === 'none' ? 0 : Math.min(contrast(rgb(s.boxShadow), bg),
            contrast(rgb(s.boxShadow), rgb(s.outlineColor)))};
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_focus_ring_shows_everywhere_and_the_sticky_status_never_covers_it(
        browser, live_server: str, scheme: str) -> None:
    """Tab forwards through a game page with a placement previewed, then Shift+Tab back up:
    every control shows a solid ring of 2 px or more, 3:1 against what is behind it (its ink,
    or its halo where the ink is of the background's tone), and none is hidden under the
    sticky status header."""
    context = browser.new_context(**DESKTOP, base_url=live_server, color_scheme=scheme,
                                  locale="en-GB")
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        code = start_solo(page)
        kb = Keyboard(page)
        kb.watch()
        for _ in range(12):
            step, target = _target(page, _my_move(page, code)["legal"])
            kb.act(step, target)
            if step == "cell":
                break
        bad = []
        for key in ["Tab"] * 40 + ["Shift+Tab"] * 40:
            page.keyboard.press(key)
            ring = page.evaluate(RING)
            if ring["what"] == "body":
                continue
            if ring["width"] < 2 or ring["style"] != "solid" or max(
                    ring["contrast"], ring["halo"]) < 3 or ring["under"]:
                bad.append(ring)
        assert not bad, bad
    finally:
        context.close()


def test_the_building_is_one_tab_stop_and_the_arrow_keys_move_between_its_cells(desk):
    """A tile chosen: the focus is on the grid, on the lowest cell the tile fits; the arrow
    keys move up, down and across as the sheet is drawn (row 1 at the bottom), Home and End
    to the row's ends; Tab leaves the grid and Shift+Tab comes back to the same cell."""
    page = desk()
    code = start_solo(page)
    kb = Keyboard(page)
    kb.watch()
    for _ in range(12):
        step, target = _target(page, _my_move(page, code)["legal"])
        if step == "cell":
            break
        kb.act(step, target)
    else:
        raise AssertionError("no tile was chosen")
    cell = "() => document.activeElement.getAttribute('data-cell')"
    start = page.evaluate(cell)
    assert start and re.fullmatch(r"[a-e][1-9]", start), kb.focused()
    assert "fits here" in page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert page.locator("#table table[role=grid] [data-cell][tabindex='0']").count() == 1
    assert page.locator("#table table[role=grid] [data-cell]").count() == 45
    col, row = start[0], int(start[1])
    moves = [("ArrowUp", f"{col}{row + 1}"), ("ArrowDown", start), ("End", f"e{row}"),
             ("Home", f"a{row}"), ("ArrowRight", f"b{row}"), ("ArrowUp", f"b{row + 1}")]
    for key, expected in moves:
        page.keyboard.press(key)
        assert page.evaluate(cell) == expected, (key, expected, kb.focused())
    page.keyboard.press("Tab")
    assert not page.evaluate("() => !!document.activeElement.closest('table[role=grid]')")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(cell) == f"b{row + 1}"


def test_every_roll_and_write_phase_by_keyboard_keeps_the_focus(desk, live_app):
    """A table of two whose second seat the greedy bot plays through the store: each phase the
    host meets (setup, roll, choose, cell, place, coats of arms, end, picks) is played once with
    the keyboard from its page; after each the focus is on a control, never the body."""
    store = live_app.extensions["store"]
    page = desk()
    page.goto("/rollwrite/new")
    page.check("input[name=seats][value='2']")
    page.fill("#name", "Ana")
    with page.expect_navigation():
        page.click("form button[type=submit]")
    code = re.search(r"/rollwrite/([A-Z0-9]+)", page.url).group(1)
    game = store.game(code)
    bot = make_bot("rollwrite", "greedy", 1)
    kb = Keyboard(page)
    seen: dict[str, int] = {}
    lost_after: list[str] = []
    for _ in range(MAX_ACTIONS):
        # the game read again each time: a state asked of the game object read at the start
        # may come from the store's cache of a position this process saw, not the log's end
        game = store.game(code)
        state = store.state(game)
        if state.is_over() or {"arms", "pick", "place"} <= set(seen):
            break
        if state.is_chance() and state.active != 0:
            store.act(game, state.active, str(state.chance_action()), state.seq)
            continue
        seat = 0 if state.is_chance() else state.to_act()[0]
        if seat != 0:
            store.act(game, seat, str(bot.decide(state, seat)), state.seq)
            continue
        if page.evaluate("() => !window.__kb") or _seq(page) != state.seq:
            page.goto(f"/rollwrite/{code}")
            kb.watch()
        legal = [str(a) for a in state.legal_actions(0)]
        step, target = _target(page, legal)
        assert target is not None, (step, legal, page.url, state.seq, _seq(page),
                                    page.inner_text("#table")[:600])
        lost = len(kb.lost())
        kb.act(step, target)
        seen[step] = seen.get(step, 0) + 1
        if len(kb.lost()) > lost or kb.focused() == "body":
            lost_after.append(step)
    print(f"\nRoll & Write phases played by keyboard: {seen}")
    assert {"setup", "roll", "choose", "cell", "place", "end", "pick"} <= set(seen), seen
    assert not lost_after, lost_after


def test_the_card_editions_discard_and_coat_of_arms_by_keyboard(desk, live_app):
    """The card edition's rarer phases (discard down to 7; a coat of arms: a white tile or an
    ability tile), reached by the greedy bot playing both seats through the store, then played
    once each with the keyboard from the page: the focus lands on a control, never the body."""
    store = live_app.extensions["store"]
    page = desk()
    start_card_hotseat(page)
    game = store.game(page.url.split("?")[0].rsplit("/", 1)[-1])
    bots = [make_bot("boardgame", "greedy", seat) for seat in (0, 1)]
    kb = Keyboard(page)
    played: dict[str, list[tuple[str, int]]] = {}
    lost_after: list[str] = []
    for _ in range(MAX_ACTIONS):
        state = store.state(game)
        if state.is_over() or {DISCARD.value, ARMS.value} <= set(played):
            break
        seat = state.active
        phase = state.phase.value
        if seat == 0 and phase in (DISCARD.value, ARMS.value) and phase not in played:
            page.goto(f"/card/{game.code}")
            kb.watch()
            while store.state(game).active == 0 and store.state(game).phase.value == phase:
                step, target = _card_step(page)
                assert target is not None, (phase, step)
                lost = len(kb.lost())
                kb.act(step, target)
                played.setdefault(phase, []).append(kb.by_step[-1])
                if len(kb.lost()) > lost or kb.focused() == "body":
                    lost_after.append(f"{phase}: {step}")
            continue
        store.act(game, seat, str(bots[seat].decide(state, seat)), state.seq)
    print(f"\ncard edition's rarer phases by keyboard: {played}")
    assert {DISCARD.value, ARMS.value} & set(played), "neither phase came in a whole game"
    assert not lost_after, lost_after
