"""Every page, in every phase of both editions, checked by axe-core (the accessibility engine,
fetched by scripts/fetch-axe.sh and injected by Playwright), in the light and the dark theme
(the phone's setting, `prefers-color-scheme`): no serious or critical violation. The
violations found are printed by impact per page, and written to a11y/axe-report-<test>.json in
the screenshots folder.

The games are moved on by the store and the bots (the test is about the pages, not about
tapping); each phase a player meets is visited once, the first time it comes up."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from bots.levels import make_bot
from tests.browser.conftest import PHONE, _missing
from tests.browser.screens import shot
from webapp.games import botplay

pytestmark = pytest.mark.browser

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
BLOCKING = ("critical", "serious")
MAX_ACTIONS = 3000


SCHEMES = ("light", "dark")
# What axe runs in the dark theme: the rules that read colours. The dark theme changes colours
# and nothing else (the `prefers-color-scheme: dark` blocks of static/*.css set colours,
# backgrounds, borders and shadows), so the other rules, run in the light theme, would find the
# same in the dark one. Each page and phase is loaded once and audited in both themes, where a
# whole pass was made in each: this file's tests took 58 s of CPU instead of 105, the guided
# game's audit 15 s instead of 34 (serial runs of the browser tests, 2026-11-29; the card
# sweep's fewer loads below are part of it). A colour too faint in the dark theme alone fails
# (tried: the dark theme's muted ink made #303136).
DARK_RULES = ["color-contrast", "link-in-text-block"]
_AXE_RUN = """async (rules) => {
  const options = {resultTypes: ['violations']};
  if (rules) options.runOnly = {type: 'rule', values: rules};
  const r = await axe.run(document, options);
  return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' :: ' +
      (n.failureSummary || '').split('\\n').slice(1, 2).join(''))}));
}"""


class Audit:
    """axe-core run on pages, in the light and the dark theme; what it found, by page."""

    def __init__(self, shots: Path, name: str) -> None:
        self.shots = shots
        self.name = name
        self.found: dict[str, list[dict[str, Any]]] = {}  # "<page> (<theme>)" -> violations

    def check(self, page: Any, name: str) -> list[dict[str, Any]]:
        """Run axe on the page as it is now, in the light theme (every rule) and then in the
        dark one (the colour rules); keep the violations of each under `name (theme)`, return
        them all. The page is left in the light theme."""
        page.wait_for_load_state("load")
        if not page.evaluate("() => typeof axe !== 'undefined'"):
            page.add_script_tag(path=str(AXE))
        out = []
        for scheme in SCHEMES:
            page.emulate_media(color_scheme=scheme)
            result = page.evaluate(_AXE_RUN, DARK_RULES if scheme == "dark" else None)
            self.found[f"{name} ({scheme})"] = result
            out += result
            background = page.evaluate("getComputedStyle(document.body).backgroundColor")
            dark = sum(int(v) for v in re.findall(r"\d+", background)[:3]) < 3 * 60
            assert dark == (scheme == "dark"), f"{name}: {background} in the {scheme} theme"
            shot(page, self.shots, f"a11y-{scheme}-{name}")
        page.emulate_media(color_scheme="light")
        return out

    def by_impact(self) -> dict[str, dict[str, int]]:
        """Per page: how many violations of each impact."""
        out: dict[str, dict[str, int]] = {}
        for name, violations in self.found.items():
            counts: dict[str, int] = {}
            for v in violations:
                counts[v["impact"] or "none"] = counts.get(v["impact"] or "none", 0) + 1
            out[name] = counts
        return out

    def report(self) -> None:
        """Print and save what was found; fail on any serious or critical violation."""
        counts = self.by_impact()
        print(f"\naxe-core, {self.name}: violations by impact per page")
        for name, c in counts.items():
            print(f"  {name}: {c or 'none'}")
        (self.shots / f"axe-report-{self.name}.json").write_text(
            json.dumps({"by_impact": counts, "violations": self.found}, indent=1))
        bad = {name: [f"{v['impact']} {v['id']}: {v['help']} {v['nodes']}" for v in vs
                      if v["impact"] in BLOCKING]
               for name, vs in self.found.items()}
        bad = {k: v for k, v in bad.items() if v}
        assert not bad, "serious or critical accessibility violations:\n" + json.dumps(
            bad, indent=1, ensure_ascii=False)


@pytest.fixture
def open_phone(browser: Any, live_server: str) -> Iterator[Callable[[], Any]]:
    """Phones in the light theme (the audit turns them dark and back); CSP bypassed so that axe
    can be injected."""
    if not AXE.exists():
        _missing(f"{AXE} is missing: bash scripts/fetch-axe.sh (scripts/setup.sh test runs it)")
    contexts: list[Any] = []

    def make() -> Any:
        context = browser.new_context(**PHONE, base_url=live_server, color_scheme="light",
                                      bypass_csp=True, locale="en-GB")
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def audit(shots: Path, request: pytest.FixtureRequest) -> Iterator[Audit]:
    """The pages' accessibility audit; reported (and failed on) at the end of the test."""
    folder = shots / "a11y"
    folder.mkdir(parents=True, exist_ok=True)
    found = Audit(folder, re.sub(r"\W+", "-", request.node.name))
    yield found
    found.report()


def _code(page: Any, prefix: str) -> str:
    m = re.search(rf"/{prefix}/([A-Z0-9]+)(\?at=\d+)?$", page.url)  # ?at=0: a bot began
    assert m, page.url
    return m.group(1)


def _rollwrite_phase(state: Any, seat: int) -> str:
    """What seat `seat`'s page shows now, as a name for the report."""
    view = state.player_view(seat)
    if view["over"]:
        return "end"
    if seat not in state.to_act():
        return "waiting"
    if view["phase"] in ("setup", "passive"):
        return {"setup": "setup", "passive": "passive-pick"}[view["phase"]]
    if view["phase"] in ("roll", "reroll"):
        return "roll"
    if "arms" in {str(a).split()[1] for a in state.legal_actions(seat)}:
        return "coat-of-arms"
    if view["chosen"]:
        return "draw"
    return "choose"


def test_every_roll_and_write_page_and_phase(open_phone, audit: Audit, live_app: Flask):
    store = live_app.extensions["store"]
    host, guest = open_phone(), open_phone()
    for name, url in (("home", "/"), ("table-new", "/rollwrite/new"), ("solo", "/s/"),
                      ("print", "/print/"), ("dice-new", "/d/new"), ("replay-paste", "/r")):
        host.goto(url)
        audit.check(host, name)
    host.goto("/rollwrite/new")
    host.check("input[name=seats][value='2']")
    host.fill("#name", "Ana")
    with host.expect_navigation():
        host.click("form button[type=submit]")
    code = _code(host, "rollwrite")
    audit.check(host, "table-host-invite")
    guest.goto(f"/rollwrite/{code}/join")
    audit.check(guest, "table-join")
    guest.fill("#name", "Ben")
    with guest.expect_navigation():
        guest.click("form button[type=submit]")
    game = store.game(code)
    bot = make_bot("rollwrite", "greedy", 0)
    seen: set[str] = set()
    for _ in range(MAX_ACTIONS):
        state = store.state(game)
        phase = _rollwrite_phase(state, 0)
        if phase not in seen:
            seen.add(phase)
            host.goto(f"/rollwrite/{code}")
            audit.check(host, f"table-{phase}")
            if phase == "draw":  # a cell tapped: the tile shown, the question
                host.locator("#table table.building td.cell a").first.click()
                host.wait_for_selector("#table section.placement")
                audit.check(host, "table-draw-cell-tapped")
            if phase == "passive-pick":
                guest.goto(f"/rollwrite/{code}")
                audit.check(guest, "table-guest-passive")
        if state.is_over():
            break
        seat = state.to_act()[0]
        if state.is_chance():
            action = str(state.chance_action())
        else:
            action = str(bot.decide(state, seat))
        store.act(game, seat, action, state.seq)
    assert {"setup", "roll", "choose", "draw", "passive-pick", "end"} <= seen, seen
    for name, url in (("table-sheet", f"/rollwrite/{code}/sheet/1"), ("table-log",
                                                                      f"/rollwrite/{code}/log"),
                      ("replay", f"/r/{code}"), ("replay-last", f"/r/{code}?at=9999")):
        host.goto(url)
        audit.check(host, name)
    # the dice-only table
    host.goto("/d/new")
    with host.expect_navigation():
        host.click("form button[type=submit]")
    audit.check(host, "dice-table")
    print(f"\nRoll & Write phases visited: {sorted(seen)}")


def test_solo_and_the_solitaire_result(open_phone, audit: Audit, live_app: Flask):
    store = live_app.extensions["store"]
    page = open_phone()
    page.goto("/s/")
    page.fill("#b-name", "Ana")
    page.check("input[name=bots][value='1']")
    with page.expect_navigation():
        page.click("text=Play against the bots")
    code = _code(page, "rollwrite")
    game = store.game(code)
    with live_app.app_context():
        botplay.play_pending(store, game)
    state = store.state(game)
    if 0 in state.to_act() and not state.is_chance():
        page.goto(f"/rollwrite/{code}/hint")
        audit.check(page, "solo-hint")
    page.goto(f"/rollwrite/{code}")
    audit.check(page, "solo-game")
    # the solitaire challenge, played to its end by the greedy bot
    page.goto("/s/")
    with page.expect_navigation():
        page.click("text=Play the challenge")
    code = _code(page, "rollwrite")
    game = store.game(code)
    bot = make_bot("rollwrite", "greedy", 0)
    for _ in range(MAX_ACTIONS):
        state = store.state(game)
        if state.is_over():
            break
        seat = state.to_act()[0]
        action = state.chance_action() if state.is_chance() else bot.decide(state, seat)
        store.act(game, seat, str(action), state.seq)
    page.goto(f"/rollwrite/{code}")
    audit.check(page, "solitaire-end")
    assert live_app.extensions["jobs"].drain(60)  # the par: the page as it is once known
    page.goto(f"/s/{code}/result")
    audit.check(page, "solitaire-result")


def _card_phase(page: Any) -> str:
    if page.locator(".endscreen").count():
        return "end"
    if not page.locator(".status.mine").count():
        return "waiting"
    prompt = page.inner_text(".status .prompt")
    if "discard" in prompt:
        return "discard"
    if "coat of arms" in prompt.lower():
        return "coat-of-arms"
    if "now build" in prompt:
        return "build"
    return "take"


def test_every_card_edition_page_and_phase(open_phone, audit: Audit, live_app: Flask):
    store = live_app.extensions["store"]
    page = open_phone()
    page.goto("/card/new")
    audit.check(page, "card-new")
    page.select_option("#kind0", "person")
    page.select_option("#kind1", "greedy")
    page.check("input[name=mode][value=table]")
    page.click("button.big")
    page.wait_for_url(re.compile(r"/card/[A-Z0-9]{6}$"))
    code = _code(page, "card")
    game = store.game(code)
    bot = make_bot("boardgame", "greedy", 0)
    seen: set[str] = set()
    looked: set[tuple[bool, bool, str]] = set()
    takes = 0
    for _ in range(MAX_ACTIONS):
        with live_app.app_context():
            botplay.play_pending(store, game)
        state = store.state(game)
        # The page is loaded when the game reaches a kind of position it has not been in (the
        # engine's phase, whose turn, over): loading it after every move as well took this test
        # from 13 to 26 s of CPU and found no other page.
        where = (state.is_over(), 0 in state.to_act(), str(state.phase))
        phase = ""
        if where not in looked:
            looked.add(where)
            page.goto(f"/card/{code}")
            phase = _card_phase(page)
        if phase and phase not in seen:
            seen.add(phase)
            audit.check(page, f"card-{phase}")
            if phase == "take" and page.locator(".harbour a.pick").count() >= 2:
                page.locator(".harbour a.pick").first.click()
                page.wait_for_selector(".slot.picked")
                audit.check(page, "card-take-picked")
            if page.locator(".tilechip").count():
                page.locator(".tilechip").first.click()
                page.locator("#placer .shape").wait_for()
                audit.check(page, "card-build-tile")
                page.locator(".board td.can a").first.click()
                page.locator(".pays button").first.wait_for()
                audit.check(page, "card-build-preview")
        if state.is_over():
            break
        if 0 not in state.to_act():
            continue
        legal = [str(a) for a in state.legal_actions(0)]
        # take cards for a while (so that a hand goes over 7: the discard), then play well
        take = [a for a in legal if " take " in a]
        action = take[0] if take and takes < 6 else str(bot.decide(state, 0))
        takes += action in take
        store.act(game, 0, action, state.seq)
    assert {"take", "end"} <= seen, seen
    for name, url in (("card-log", f"/card/{code}/log"), ("card-join", f"/card/{code}/join")):
        page.goto(url)
        audit.check(page, name)
    print(f"\ncard phases visited: {sorted(seen)}")


def test_the_solitaire_shared_event_pages(open_phone: Any, audit: Audit, live_app: Any,
                                          ) -> None:
    """axe-core finds no serious or critical violation on the leaderboard, records, device,
    friends' challenge and side-by-side pages, in the light and the dark theme."""
    page = open_phone()
    page.goto("/s/")
    page.fill("#fr-name", "Axel")
    with page.expect_navigation():
        page.click("text=Make a challenge link")
    link = page.url
    seed = live_app.extensions["boards"].challenge(link.rsplit("/", 1)[1])["seed"]
    with page.expect_navigation():
        page.click("text=Play this challenge")
    from bots.solitaire import play_state
    from tests.browser.test_leaderboard import _play, dice_of

    _play(page, play_state(dice_of(live_app, seed), "strong").log)
    game = re.search(r"/s/([A-Z0-9]+)/result", page.url).group(1)
    for name, url in (("friends", link), ("board", f"/s/leaderboard/{seed}"),
                      ("records", "/s/me"), ("device", "/s/device"),
                      ("compare", f"{link}/compare?a={game}&b={game}&turn=2")):
        page.goto(url)
        audit.check(page, f"leaderboard-{name}")


def test_the_turn_based_pages(open_phone: Any, audit: Audit) -> None:
    """axe-core finds no serious or critical violation on the turn-based pages (issue 39):
    the new game's form, a table with its clock, joining, My games; both themes."""
    page = open_phone()
    page.goto("/turns/new")
    audit.check(page, "turns-new")
    page.fill("#name", "Axel")
    with page.expect_navigation():
        page.click("form button[type=submit]")
    code = _code(page, "rollwrite")
    audit.check(page, "turns-table")
    guest = open_phone()
    guest.goto(f"/turns/{code}/join")
    audit.check(guest, "turns-join")
    page.goto("/me/games")
    audit.check(page, "turns-my-games")
