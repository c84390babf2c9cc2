"""The rules pages (/rules/...): every number a figure prints agrees with the engine for that
figure's position (replayed here from its config and action lines, apart from the module that
built it), the sections' anchors, hreflang and canonical links, the French and German pages
without English, robots.txt and the sitemap, a title and a description on every page reachable
from the home page, and the help line under each phase of the game pages."""

from __future__ import annotations

import html as htmlmod
import re
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest

from boardgame import actions as CA  # noqa: N812
from boardgame.game import new_game as new_card_game
from boardgame.material import COLOURS as CARD_COLOURS
from boardgame.material import TILES as CARD_TILES
from facade.view import building_rows
from rollwrite import actions as RA  # noqa: N812
from rollwrite.game import new_game as new_dice_game
from rollwrite.material import SHAPES as DICE_SHAPES
from tests.web.test_i18n import _english_sentences, _visible_text
from webapp.learn.rules_figures import Figure, card_figures, rollwrite_figures
from webapp.learn.rules_routes import CARD_SECTIONS, ROLLWRITE_SECTIONS

FIGURE_RE = re.compile(r'<figure class="fig" id="fig-([\w-]+)">(.*?)</figure>', re.S)
NUM_RE = re.compile(r'<b class="num" data-num="([^"]+)">(-?\d+)</b>')
CELL_RE = re.compile(r'data-cell="([a-e][1-9])" data-mark="([XO]?)"')
PAGES = {"/rules/rollwrite": rollwrite_figures, "/rules/card": card_figures}


# ------------------------------------------------------------------ the engine, replayed here
def _replay(fig: Figure, upto: int | None = None) -> tuple[Any, list[Any]]:
    """The figure's position rebuilt from its config and log (the first `upto` actions), and
    the events of every action, by the engine alone."""
    make = new_dice_game if fig.edition == "rollwrite" else new_card_game
    state = make(fig.config["players"], fig.config["seed"], fig.config.get("options"))
    events = []
    for line in fig.log[:upto]:
        events.append(state.apply(line))
    return state, events


def _last(fig: Figure, kind: type, parse: Any) -> Any:
    return next(a for a in map(parse, reversed(fig.log)) if isinstance(a, kind))


def engine_value(fig: Figure, key: str) -> int:
    """What the engine says for a figure's number key (see webapp/learn/rules_figures.py)."""
    shown = len(fig.log) - _shown(fig)
    if key.startswith("before."):
        state, events = _replay(fig, shown)
        key = key.removeprefix("before.")
    else:
        state, events = _replay(fig)
    name, *args = key.split(":")
    parse = RA.parse_action if fig.edition == "rollwrite" else CA.parse_action
    if name == "score":
        return state.scores()[int(args[0])]
    if name == "empty":
        board = state.sheets[int(args[0])].building if fig.edition == "rollwrite" else \
            state.boards[int(args[0])]
        return board.empty
    if name == "points":
        return next(e.data["points"] for evs in events for e in evs
                    if e.kind == "scored" and e.player == int(args[0]) and
                    str(e.data["line"]) == args[1])
    if name in ("bonuses_left", "stars_left"):
        return getattr(state.sheets[int(args[0])], name)(args[1])
    if name == "marked":
        return state.sheets[int(args[0])].marks[args[1]]
    if name == "hand":
        return state.hands[int(args[0])][CARD_COLOURS.index(args[1])]
    if name == "cost":
        return next(e.data["cost"] for e in events[-1] if e.kind == "built")
    if name == "size":
        return DICE_SHAPES[args[0]].size if fig.edition == "rollwrite" else \
            CARD_TILES[args[0]].size
    if name in ("dice_used", "bonuses"):
        chosen = _last(fig, RA.Choose, parse)
        return len(chosen.dice) if name == "dice_used" else chosen.bonuses
    if name == "cells_offered":
        before, _ = _replay(fig, len(fig.log) - 1)
        return sum(1 for a in before.legal_actions(int(args[0])) if isinstance(a, RA.ArmsCell))
    if name == "position":
        take = _last(fig, CA.Take, parse)
        return {"1": take.first, "2": take.second, "3": take.extra}[args[0]] + 1
    if name == "arms_earned":
        return sum(e.data["count"] for evs in events[shown:] for e in evs
                   if e.kind == "arms_unlocked" and e.player == int(args[0]))
    if name == "turn":
        return state.turn + 1
    raise AssertionError(f"no engine reading for the key {key!r}: add one")


def _shown(fig: Figure) -> int:
    """How many of the last actions the figure is about: its `before` is the position before
    them (the module keeps that state; its log length tells the count)."""
    for n in range(1, len(fig.log) + 1):
        state, _ = _replay(fig, len(fig.log) - n)
        if state.to_dict() == fig.before.to_dict():
            return n
    raise AssertionError(f"{fig.id}: its 'before' state is no position of its log")


def check_figure(fig: Figure, printed: dict[str, int], cells: dict[str, str]) -> list[str]:
    """Every way a figure's printed numbers and cells disagree with the engine."""
    wrong = []
    for key, value in fig.numbers.items():
        if key not in printed and value:  # a track hides what is down to 0
            wrong.append(f"{fig.id}: {key} is never printed")
    for key, value in printed.items():
        want = engine_value(fig, key)
        if value != want:
            wrong.append(f"{fig.id}: prints {key} = {value}, the engine says {want}")
    if cells:
        state, _ = _replay(fig)
        board = state.sheets[fig.seat].building if fig.edition == "rollwrite" else \
            state.boards[fig.seat]
        rows = building_rows(board.filled, board.bricks)
        for name, mark in cells.items():
            want = rows[9 - int(name[1])]["abcde".index(name[0])]
            if mark != want:
                wrong.append(f"{fig.id}: cell {name} shows {mark!r}, the engine has {want!r}")
    return wrong


def _figures_on(page: str) -> dict[str, tuple[dict[str, int], dict[str, str]]]:
    out = {}
    for fid, body in FIGURE_RE.findall(page):
        printed = {k: int(v) for k, v in NUM_RE.findall(body)}
        cells = dict(CELL_RE.findall(body))
        out[fid] = (printed, cells)
    return out


@pytest.mark.parametrize("path", list(PAGES))
def test_every_number_a_figure_prints_is_the_engines(client, path):
    page = client.get(path).get_data(as_text=True)
    on_page = _figures_on(page)
    figures = PAGES[path]()
    assert set(on_page) == set(figures), "every figure is on its page, nothing else"
    wrong = []
    checked = 0
    for fid, fig in figures.items():
        printed, cells = on_page[fid]
        wrong += check_figure(fig, printed, cells)
        checked += len(printed)
    assert not wrong, "\n".join(wrong)
    assert checked >= 12  # the figures do print numbers


def test_a_wrong_number_or_cell_is_caught(client):
    """The check above can fail: one changed number, one changed cell."""
    page = client.get("/rules/rollwrite").get_data(as_text=True)
    printed, cells = _figures_on(page)["scoring"]
    fig = rollwrite_figures()["scoring"]
    assert check_figure(fig, printed, cells) == []
    bad = dict(printed, **{"score:0": printed["score:0"] + 1})
    assert any("score:0" in w for w in check_figure(fig, bad, cells))
    flipped = dict(cells, a1="X" if cells["a1"] == "O" else "O")
    assert any("cell a1" in w for w in check_figure(fig, printed, flipped))


def test_the_figures_show_what_their_sections_teach():
    """The scripted positions say what the text says: doubled windows-only row, a column with
    a brick, an overhang resting on one cell, a coat of arms taken as an O cell."""
    rw = rollwrite_figures()
    lines = {ln["line"]: ln for ln in rw["scoring"].lines}
    assert lines["1"]["windows_only"] and lines["1"]["points"] == 2
    assert not lines["2"]["windows_only"] and lines["2"]["points"] == 1
    assert lines["a"]["kind"] == "column" and lines["a"]["points"] == 2
    assert rw["placement"].support and rw["placement"].data["overhang"]
    assert rw["coat-of-arms"].log[-1].split()[1] == "arms"
    for kind in ("reroll", "change", "new-choice", "no-x", "extra"):
        assert f"star-{kind}" in rw
    card = card_figures()
    assert card["build-neighbour"].numbers["cost"] < card["build-neighbour"].numbers[
        f"size:{card['build-neighbour'].data['tile']}"]
    taken = card["take"].data["taken"]
    assert abs(taken[0] - taken[1]) == 1
    taken = card["take-any"].data["taken"]
    assert abs(taken[0] - taken[1]) > 1


def _took_with(fig: Figure) -> list[str]:
    """The abilities the engine says the figure's take used, from its replayed events."""
    shown = len(fig.log) - _shown(fig)
    _, events = _replay(fig)
    return next(e.data["abilities"] for evs in events[shown:] for e in evs if e.kind == "took")


def test_the_ability_figures_use_their_abilities():
    """Additional card takes two neighbours and a third card with that tile (the engine says
    so); Both actions takes and builds in one turn, the same player, the build last."""
    card = card_figures()
    extra = card["take-additional"]
    take = CA.parse_action(extra.log[-1])
    assert isinstance(take, CA.Take) and take.extra is not None
    assert abs(take.first - take.second) == 1 and take.extra not in (take.first, take.second)
    assert _took_with(extra) == ["additional"]
    assert extra.data["taken"] == [take.first, take.second, take.extra]
    before, _ = _replay(extra, len(extra.log) - 1)
    assert before.usable(extra.seat, "additional")
    both = card["both"]
    shown = [CA.parse_action(line) for line in both.log[len(both.log) - _shown(both):]]
    assert isinstance(shown[0], CA.Take) and shown[0].both
    assert isinstance(shown[-1], CA.Build)
    assert all(isinstance(a, CA.Discard) for a in shown[1:-1])
    assert {a.player for a in shown} == {both.seat}
    assert _took_with(both) == ["both"]


@pytest.mark.parametrize(("path", "sections"),
                         [("/rules/rollwrite", ROLLWRITE_SECTIONS), ("/rules/card", CARD_SECTIONS)])
def test_sections_have_stable_anchors_and_the_contents_link_them(client, path, sections):
    page = client.get(path).get_data(as_text=True)
    ids = re.findall(r'<section id="([\w-]+)"', page)
    assert ids == list(sections)
    for anchor in sections:
        assert f'href="#{anchor}"' in page


@pytest.mark.parametrize("path", ["/rules/", "/rules/rollwrite", "/rules/card"])
def test_rules_pages_carry_hreflang_alternates_and_a_canonical_link(client, path):
    page = client.get(path + "?lang=de").get_data(as_text=True)
    base = "http://localhost" + path
    # each language version names itself (Lighthouse's canonical audit fails a French or German
    # page whose canonical is another hreflang location); the bare address names itself
    assert f'<link rel="canonical" href="{base}?lang=de">' in page
    assert f'<link rel="canonical" href="{base}">' in client.get(path).get_data(as_text=True)
    assert f'<link rel="canonical" href="{base}">' in client.get(path + "?lang=xx").get_data(
        as_text=True)
    for code in ("en", "fr", "de"):
        assert f'<link rel="alternate" hreflang="{code}" href="{base}?lang={code}">' in page
    assert f'<link rel="alternate" hreflang="x-default" href="{base}">' in page
    assert '<html lang="de">' in page


@pytest.mark.parametrize(("lang", "words"), [("fr", "Comment jouer"), ("de", "So wird gespielt")])
def test_french_and_german_rules_pages_leave_no_english(client, lang, words):
    english = _english_sentences()
    for path in ("/rules/", "/rules/rollwrite", "/rules/card"):
        page = client.get(f"{path}?lang={lang}").get_data(as_text=True)
        text = _visible_text(page)
        left = sorted(s for s in english if s in text)
        assert not left, f"{lang} {path} still shows English: {left}"
        title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
        description = re.search(r'<meta name="description" content="([^"]*)"', page).group(1)
        assert htmlmod.unescape(title) not in english
        assert htmlmod.unescape(description) not in english
    assert words in client.get(f"/rules/?lang={lang}").get_data(as_text=True)


def test_robots_and_sitemap(client):
    robots = client.get("/robots.txt")
    assert robots.status_code == 200 and robots.mimetype == "text/plain"
    body = robots.get_data(as_text=True)
    assert "Allow: /rules/" in body and "Disallow: /rollwrite/" in body
    assert "Sitemap: http://localhost/sitemap.xml" in body
    sitemap = client.get("/sitemap.xml")
    assert sitemap.mimetype == "application/xml"
    xml = sitemap.get_data(as_text=True)
    locs = re.findall(r"<loc>http://localhost([^<]*)</loc>", xml)
    for path in ("/rules/", "/rules/rollwrite", "/rules/card", "/s/"):
        assert path in locs
        assert f'hreflang="fr" href="http://localhost{path}?lang=fr"' in xml
    # no page of the sitemap is one robots.txt keeps crawlers from (Allow lines are exact)
    allowed = [line.split(": ", 1)[1] for line in body.splitlines() if line.startswith("Allow")]
    disallowed = [line.split(": ", 1)[1] for line in body.splitlines()
                  if line.startswith("Disallow")]
    for path in locs:
        blocked = any(path.startswith(d) for d in disallowed)
        assert not blocked or any(re.fullmatch(a.replace("$", ""), path) or
                                  (not a.endswith("$") and path.startswith(a))
                                  for a in allowed), path


# ------------------------------------------------------------------ every page reachable from home
SKIP = ("/lang/", "/static/", "/sw.js", "/favicon.ico")


def _links(page: str) -> list[str]:
    return [htmlmod.unescape(h) for h in re.findall(r'<a [^>]*href="([^"#]*)[^"]*"', page)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_page_reachable_from_home_has_a_title_and_a_description(client, lang):
    client.set_cookie("lang", lang)
    seen: set[str] = set()
    queue = ["/"]
    descriptions = set()
    while queue and len(seen) < 60:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.add(path)
        resp = client.get(path, follow_redirects=True)  # /learn/<game> resumes at its step
        assert resp.status_code == 200, path
        if resp.mimetype != "text/html":
            continue
        page = resp.get_data(as_text=True)
        title = re.search(r"<title>\s*(.*?)\s*</title>", page, re.S)
        description = re.search(r'<meta name="description" content="([^"]+)"', page)
        assert title and title.group(1).strip(), f"{path}: no title"
        assert description and len(description.group(1)) >= 50, f"{path}: no description"
        descriptions.add(description.group(1))
        for link in _links(page):
            target = urlsplit(urljoin("http://localhost" + path, link))
            if target.netloc != "localhost" or target.path.startswith(SKIP):
                continue
            queue.append(target.path + (f"?{target.query}" if target.query else ""))
    assert {"/", "/rules/", "/rules/rollwrite", "/rules/card", "/s/"} <= seen
    assert len(descriptions) >= 4  # the home and the rules pages describe themselves
    if lang == "fr":
        english = _english_sentences()
        assert not [d for d in descriptions if htmlmod.unescape(d) in english]


# ------------------------------------------------------------------ help under each phase
def test_the_companion_says_what_may_be_done_now_and_links_the_rules(phone):
    phone.get("/s/")
    resp = phone.post("/s/challenge", {"name": "Ann", "seed": "rules"})
    code = resp.headers["Location"].rsplit("/", 1)[1]
    page = phone.get(f"/rollwrite/{code}").get_data(as_text=True)
    assert 'class="phase-help"><a hx-boost="false" href="/rules/rollwrite#turn">' in page
    assert 'class="rules-link" href="/rules/rollwrite"' in page
    page = phone.get(f"/rollwrite/{code}?lang=de").get_data(as_text=True)
    assert "Wirf die fünf Würfel; dann wähle eine Farbe" in page


def test_the_card_game_says_what_may_be_done_now_and_links_the_rules(phone):
    phone.get("/card/new")
    resp = phone.post("/card/new", {"mode": "hotseat", "kind0": "person", "kind1": "greedy",
                                 "kind2": "none", "kind3": "none"})
    assert resp.status_code == 303
    code = resp.headers["Location"].split("?")[0].rsplit("/", 1)[-1]
    page = phone.get(f"/card/{code}").get_data(as_text=True)
    assert '<p class="phase-help"><a hx-boost="false" href="/rules/card#take">' in page
    assert 'class="rules-link" href="/rules/card"' in page
