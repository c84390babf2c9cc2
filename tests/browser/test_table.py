"""The table companion in a real browser: two phones (390×844) play a whole two-player game
by tapping the page's buttons and cells, each seeing the other's moves through htmx polling,
without reloading; one turn is played with real dice typed in with the colour buttons."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

from rollwrite.material import COLOUR_OF_LETTER
from tests.browser.screens import fits_phone, shot, sideways_scrollers, small_targets, visit

pytestmark = pytest.mark.browser

# How long a page may take to reach a move by polling, without reloading: a guard, not a speed
# goal (the bots' replies are shown one frame at a time, webapp.games.botplay.BOT_STEP_SECONDS
# each, and a three-player turn of two bots is over a dozen frames; 10 s failed once on a
# loaded 2-core machine). How soon the other phone sees a move is measured and printed here,
# and is `copenhagen bench --web`'s figure.
WAIT_MS = 30_000
# How long a tap's POST may take: it answers after every bot it hands the turn to has played
# (webapp.games.botplay.play_pending), and a searching bot may take its whole budget
# (BOT_TURN_SECONDS, 5 s) before the greedy move stands in: a three-player turn of two strong
# bots is several such decisions. The page's default 10 s failed once on a loaded machine.
POST_MS = 60_000
MAX_STEPS = 600  # a two-player game takes about 200 taps; more means the game is stuck
# The order in which the test's player prefers what the page offers: whatever moves the game
# on fastest (a deterministic choice, so a run depends only on the dice).
PREFERRED = ("roll", "draw", "choose", "arms", "extra", "pass", "end", "setup", "pick")
SKIPPED = ("undo", "unpick")  # taking moves back would only lengthen the game
ACT_BUTTONS = "#table section.act form:has(input[name=action])"


def _seq(page: Any) -> int:
    """The move number the page shows (its htmx poll asks from there)."""
    url = page.get_attribute("#table .poll", "hx-get") or ""
    m = re.search(r"[?&]seq=(\d+)", url)
    assert m, f"no poll address with seq on {page.url}: {url!r}"
    return int(m.group(1))


def post_move(page: Any, code: str, action: str, seq: int) -> int:
    """Post `action` as the phone's forms do (its cookies and form token), without its page:
    the app's route reads it, a roll of the app's dice included. It asks for the route's JSON
    answer (a program's), so no page is drawn for it; returns the game's new move number."""
    token = json.loads(page.get_attribute("body", "hx-headers") or "{}")["X-CSRFToken"]
    resp = page.request.post(f"/rollwrite/{code}/act", headers={"Accept": "application/json"},
                             form={"csrf_token": token, "seq": str(seq), "action": action})
    assert resp.ok, (action, resp.status, resp.text()[:300])
    answer = resp.json()
    assert answer["ok"], answer
    return int(answer["seq"])


def _api(page: Any, code: str) -> dict[str, Any]:
    """The seat's view and legal actions, fetched with the phone's own cookies."""
    resp = page.request.get(f"/rollwrite/{code}/api")
    assert resp.ok, resp.status
    return resp.json()


def _offered(page: Any) -> list[str]:
    """The actions the page's buttons send, in page order."""
    return page.eval_on_selector_all(
        f"{ACT_BUTTONS} input[name=action]", "els => els.map(e => e.value)")


def _verb(action: str) -> str:
    return action.split()[1]


def _pick(offered: list[str], turn: int) -> str | None:
    """The button this test's player taps: by PREFERRED verb; passive players pick a die on
    odd turns (so picking is played too) and mark nothing on even ones."""
    usable = [a for a in offered if _verb(a) not in SKIPPED]
    order = list(PREFERRED)
    if turn % 2:
        order.remove("pick")
        order.insert(order.index("pass"), "pick")
    for verb in order:
        for action in usable:
            if _verb(action) == verb:
                return action
    return None


class Table:
    """Two (or more) phones at one table, with what the test measured."""

    def __init__(self, code: str, phones: list[Any], shots: Any, javascript: bool = True) -> None:
        self.code = code
        self.javascript = javascript  # without it, a phone that is behind reloads its page
        self.phones = phones
        self.shots = shots
        self.latencies: list[float] = []
        self.moved_at = time.monotonic()
        self.taps = 0
        self.shot_verbs: set[str] = set()
        self.small: dict[str, list[str]] = {}  # screen -> touch targets under 44 px
        self.problems: list[str] = []

    def state(self) -> dict[str, Any]:
        return _api(self.phones[0], self.code)

    def wait_current(self, page: Any, seq: int, measure: bool) -> None:
        """Wait (without reloading) until the page shows move `seq`; measure how long after
        the last move that took."""
        if _seq(page) >= seq:
            if measure and self.javascript:  # pushed: shown already, by now at the latest
                self.latencies.append(time.monotonic() - self.moved_at)
            return
        if not self.javascript:
            visit(page, f"/rollwrite/{self.code}")
            assert _seq(page) >= seq
            return
        page.wait_for_function(
            """(seq) => {
              const el = document.querySelector('#table .poll');
              const m = el && (el.getAttribute('hx-get') || '').match(/[?&]seq=(\\d+)/);
              return m && Number(m[1]) >= seq;
            }""", arg=seq, timeout=WAIT_MS, polling=50)
        if measure:
            self.latencies.append(time.monotonic() - self.moved_at)

    def tap(self, page: Any, seat: int, turn: int) -> str:
        """One move of `seat` through its page: a button the page offers, or first a
        highlighted cell of the building when the page asks where to draw."""
        legal = set(_api(page, self.code)["legal"])
        offered = _offered(page)
        assert set(offered) <= legal, f"the page offers illegal moves: {set(offered) - legal}"
        action = _pick(offered, turn)
        if action is None:  # a tile is chosen: tap a highlighted cell, then its draw button
            cells = page.locator("#table table.building td.cell a")
            assert cells.count(), f"seat {seat}: no button and no cell to tap; legal {legal}"
            cells.first.click()
            page.wait_for_selector(f"{ACT_BUTTONS} input[name=action][value*=' draw ']",
                                   state="attached")
            self.taps += 1
            self._shot(page, "draw-cell")
            return self.tap(page, seat, turn)
        if _verb(action) not in self.shot_verbs:
            self._shot(page, _verb(action))
        before = _seq(page)
        with page.expect_response(lambda r: r.request.method == "POST" and "/act" in r.url,
                                  timeout=POST_MS):
            page.locator(ACT_BUTTONS).filter(
                has=page.locator(f"input[name=action][value='{action}']")).locator("button").click()
        self.moved_at = time.monotonic()  # the server has stored the move
        self.wait_current(page, before + 1, measure=False)
        self.taps += 1
        return action

    def _shot(self, page: Any, verb: str) -> None:
        self.shot_verbs.add(verb)
        fits_phone(page)
        small = small_targets(page)
        if small:
            self.small[verb] = sorted(set(small))
        shot(page, self.shots, f"table-{verb}")

    def check(self) -> None:
        """What the test collected along the way: small touch targets."""
        if self.small:
            self.problems.append(f"touch targets under 44 px, by screen: {self.small}")
        assert not self.problems, "\n".join(self.problems)

    def play_until(self, done: Any, host_taps_only: bool = False) -> dict[str, Any]:
        """Play by the pages until `done(state)`; returns the last state. With
        `host_taps_only`, the other seats post the move this test's player would tap (their
        phones' own requests, without the page) and their phones only watch."""
        for _ in range(MAX_STEPS):
            state = self.state()
            if done(state):
                return state
            seat = state["view"]["to_act"][0]
            page = self.phones[seat]
            if host_taps_only and seat > 0:
                legal = _api(page, self.code)["legal"]
                action = _pick(legal, state["view"]["turn"])
                assert action is not None, legal
                post_move(page, self.code, action, state["seq"])
                self.moved_at = time.monotonic()
                continue
            self.wait_current(page, state["seq"], measure=True)
            self.tap(page, seat, state["view"]["turn"])
        raise AssertionError(f"no end after {MAX_STEPS} moves")


def _create(page: Any, name: str, dice: str) -> str:
    """Create a two-seat table from the home page; returns its code."""
    page.goto("/")
    page.click("a.way[href='/rollwrite/new']")
    page.check("input[name=seats][value='2']")
    page.fill("#name", name)
    page.check(f"input[name=dice][value='{dice}']")
    with page.expect_navigation():
        page.click("form button[type=submit]")
    m = re.search(r"/rollwrite/([A-Z0-9]+)$", page.url)
    assert m, page.url
    return m.group(1)


def _join_by_link(host: Any, guest: Any, code: str, name: str, shots: Any) -> None:
    """The second phone opens the join link the host's page shows and takes the free seat."""
    link = host.get_attribute("#table .host .joinlink a", "href")
    guest.goto(link)
    fits_phone(guest)
    shot(guest, shots, "table-join")
    guest.fill("#name", name)
    with guest.expect_navigation():
        guest.click("form button[type=submit]")
    assert guest.url.endswith(f"/rollwrite/{code}"), guest.url


def _start(new_phone: Any, shots: Any, dice: str, javascript: bool = True) -> Table:
    host, guest = new_phone(javascript=javascript), new_phone(javascript=javascript)
    code = _create(host, "Ana", dice)
    if javascript:
        host.wait_for_function("() => window.htmx !== undefined")
    fits_phone(host)
    shot(host, shots, f"table-host-{dice}{'' if javascript else '-nojs'}")
    _join_by_link(host, guest, code, "Ben", shots)
    seats = [_api(p, code)["seat"] for p in (host, guest)]
    assert seats == [0, 1]
    return Table(code, [host, guest], shots, javascript)


def test_two_phones_play_a_whole_app_dice_game_by_tapping(new_phone, shots):
    """The host taps every move of a whole game, the active ones and the passive picks; the
    guest's phone watches, its seat's moves posted without its page (the guest's buttons are
    the host's: tapped in the turns below, and in the solo games of test_solo.py). Tapping
    both seats took 50 s of CPU in a serial run, the host's alone 37 s (2026-11-29)."""
    started = time.monotonic()
    table = _start(new_phone, shots, "app")
    host, guest = table.phones

    final = table.play_until(lambda s: s["view"]["over"], host_taps_only=True)

    for page in table.phones:  # both phones reach the end screen by polling
        table.wait_current(page, final["seq"], measure=True)
        page.wait_for_selector("#table section.over", timeout=WAIT_MS)
        fits_phone(page)
    shot(host, shots, "table-over-host")
    shot(guest, shots, "table-over-guest")
    winners = final["view"]["winners"]
    names = ["Ana", "Ben"]
    heading = host.inner_text("#table section.over h2")
    assert all(names[w] in heading for w in winners), heading
    elapsed = time.monotonic() - started
    lat = sorted(table.latencies)
    print(f"\nwhole game: {table.taps} taps, {final['seq']} moves, {elapsed:.0f} s; the other "
          f"phone saw a move after {lat[len(lat) // 2]:.2f} s (median), {lat[-1]:.2f} s (max) "
          f"over {len(lat)} hand-overs; swiped sideways: {sideways_scrollers(host)}")
    table.check()


def test_one_turn_with_real_dice_typed_in_with_the_colour_buttons(new_phone, shots):
    table = _start(new_phone, shots, "real")
    host, guest = table.phones
    table.play_until(lambda s: s["view"]["phase"] == "roll")  # setup: both phones choose
    table.wait_current(host, table.state()["seq"], measure=True)
    assert host.locator("#table section.act a.button.face").count() == 6  # R B P G Y W
    typed = "GWRBY"
    for n, letter in enumerate(typed, start=1):
        host.click(f"#table section.act a.button.face.c-{COLOUR_OF_LETTER[letter]}")
        host.wait_for_function(
            "(n) => document.querySelectorAll('#table .faces-so-far .chip:not(.empty)').length"
            " === n", arg=n)
    fits_phone(host)
    shot(host, shots, "table-real-dice-typed")
    before = _seq(host)
    host.click("#table section.act button:has-text('These are the dice')")
    table.wait_current(host, before + 1, measure=False)
    classes = host.locator("#table .dice .die").evaluate_all("els => els.map(e => e.className)")
    letter_of = {colour: letter for letter, colour in COLOUR_OF_LETTER.items()}
    dice = [next(letter_of[c[2:]] for c in cls.split() if c.startswith("c-")) for cls in classes]
    assert "".join(dice) == typed  # RULES 3.2: the five dice the table rolled
    assert _api(host, table.code)["view"]["phase"] == "main"
    final = table.play_until(lambda s: s["view"]["turn"] == 2)
    assert final["view"]["active"] == 1  # the guest's turn comes next
    table.wait_current(guest, final["seq"], measure=True)
    shot(guest, shots, "table-real-dice-turn-2")
    table.check()


def test_host_page_names_the_guest_who_joins_without_reloading(new_phone, shots):
    table = _start(new_phone, shots, "app")
    table.phones[0].wait_for_selector("#table .scores li:nth-child(2) .who:text('Ben')",
                                      timeout=WAIT_MS)


def test_a_turn_is_played_with_javascript_off(new_phone, shots):
    """Plain forms and links: create, join by link, set up, roll, choose, tap a cell, draw,
    end, and the other phone's pick, each a full page load."""
    table = _start(new_phone, shots, "app", javascript=False)
    final = table.play_until(lambda s: s["view"]["turn"] == 2)
    assert final["view"]["active"] == 1
    assert table.taps >= 6  # setup x2, roll, choose, cell, draw, end, pick or pass
