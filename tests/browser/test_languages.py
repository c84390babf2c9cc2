"""Every page in every phase, in French and in German, in a real browser: no English sentence is
left. Each page is read in English, French and German (`?lang=`), and any line of the French or
German page that is the very text of a line of the English page is English left over, unless
it is a player's name, a code, the notation or a word the languages share."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from boardgame import actions as CA  # noqa: N812
from boardgame import new_game as card_game
from tests.browser.conftest import PHONE
from tests.browser.screens import play_through, random_forward, shot, visit

pytestmark = pytest.mark.browser

NAMES = ("Ann", "Bo", "Cy")
# lines the three languages share: names of the game and its editions, the language switch,
# units and symbols; a line is left out too when it has no two words of three letters or more
SHARED = {"Copenhagen", "Copenhagen Roll & Write", "Roll & Write", "English", "Français",
          "Deutsch", "Bonus", "Score", "Points", "Total", "Code", "QR code", "Bot", "Bots",
          "Copenhagen — the card edition", "Copenhagen Roll & Write — solitaire"}
NOTATION = re.compile(r"^(p\d\s|[A-Z]\d[LR]?\b|[a-e]\d\b|copenhagen-game|edition:|players:|"
                      r"options:|seed:|#)")
WORD = re.compile(r"[^\W\d_]{3,}")
RW_LINES = ["p1 setup none", "p2 setup G", "p1 roll RRBWY", "p1 choose R2 with 1,2",
            "p1 draw R2:A1,a2", "p1 end"]
RW_PHASES = {"setup": 0, "roll": 2, "main": 3, "chosen": 4, "drawn": 5, "passive": 6}


def _leftovers(english: list[str], other: list[str]) -> list[str]:
    """Lines of the other language's page that are English lines word for word."""
    seen = set(english)
    out = []
    for line in other:
        if line not in seen or line in SHARED or NOTATION.match(line):
            continue
        words = [w for w in WORD.findall(line) if w not in NAMES]
        if len(words) >= 2:
            out.append(line)
    return out


def _lines(page: Any) -> list[str]:
    text = page.evaluate("() => document.body.innerText")
    return [line.strip() for line in text.splitlines() if line.strip()]


def _store(live_app: Any) -> Any:
    return live_app.extensions["store"]


def _rollwrite_table(live_app: Any, lines: list[str], players: int = 2,
                     dice: str = "manual") -> tuple[str, list[str]]:
    """A companion table with these actions played: its code and every seat's token."""
    store = _store(live_app)
    config = {"players": list(NAMES[:players]), "seed": "languages",
              "options": {"mirror": False, "dice": dice}}
    game = store.create_game("table", "rollwrite", config, players)
    tokens = [store.claim_seat(game, seat, name) for seat, name in enumerate(config["players"])]
    for line in lines:
        store.act(game, int(line[1]) - 1, line, None)
    return game.code, [t or "" for t in tokens]


def _finished_rollwrite(live_app: Any) -> tuple[str, list[str]]:
    store = _store(live_app)
    code, tokens = _rollwrite_table(live_app, [], 3, "seeded")
    game = store.game(code)
    play_through(store, game, random_forward(random.Random(5)))
    return code, tokens


def _card_table(live_app: Any, phase: str, seed: int = 3) -> tuple[str, str] | None:
    """A two-person card game played at random until seat 1 is to act in `phase` (or to the
    end for `over`): its code and the token of the seat to act."""
    rng = random.Random(seed)
    state = card_game(["Ann", "Bo"], seed)
    while not (state.phase == phase and state.active == 0):
        if state.is_over():
            return None
        actions = state.legal_actions()
        # building keeps the hand small: to reach a discard, only take cards
        wanted = CA.Take if phase == "discard" else CA.Build
        preferred = [a for a in actions if isinstance(a, wanted)]
        state.apply(rng.choice(preferred or actions))
        if state.seq > 400:
            return None
    store = _store(live_app)
    game = store.create_game("card", "boardgame", {**state.config, "mode": "table"}, 2)
    for line in state.log:
        store.act(game, CA.parse_action(line).player, line, None)
    token = store.claim_seat(game, 0, "Ann")
    store.claim_seat(game, 1, "Bo")
    return game.code, token or ""


@pytest.fixture(scope="module")
def pages(live_app: Any) -> list[tuple[str, str, dict[str, str]]]:
    """(name, path, cookies) of every page to read, in every phase of both editions."""
    out: list[tuple[str, str, dict[str, str]]] = [
        ("home", "/", {}), ("table-new", "/rollwrite/new", {}), ("dice-new", "/d/new", {}),
        ("card-new", "/card/new", {}), ("solo", "/s/", {}), ("print", "/print/", {}),
        ("print-facade", "/print/?kind=facade-sheet&two_player=1", {}),
        ("paste", "/r", {}), ("missing", "/no/such/page", {}),
    ]
    for phase, n in RW_PHASES.items():
        code, tokens = _rollwrite_table(live_app, RW_LINES[:n])
        for seat in (0, 1):
            out.append((f"rw-{phase}-seat{seat + 1}", f"/rollwrite/{code}",
                        {f"seat_{code}": tokens[seat]}))
        if phase == "passive":
            out.append((f"rw-{phase}-log", f"/rollwrite/{code}/log", {}))
            out.append((f"rw-{phase}-sheet", f"/rollwrite/{code}/sheet/1", {}))
            out.append((f"rw-{phase}-join", f"/rollwrite/{code}/join", {}))
    code, tokens = _finished_rollwrite(live_app)
    out += [("rw-over", f"/rollwrite/{code}", {f"seat_{code}": tokens[0]}),
            ("replay-start", f"/r/{code}", {}), ("replay-step", f"/r/{code}?at=9", {}),
            ("replay-turn", f"/r/{code}?turn=3", {})]
    for phase in ("act", "discard", "arms", "build", "over"):
        made = next(filter(None, (_card_table(live_app, phase, seed) for seed in range(3, 13))))
        code, token = made
        out.append((f"card-{phase}", f"/card/{code}", {f"seat_{code}": token}))
    out.append(("card-log", f"/card/{code}/log", {}))
    return out


@pytest.fixture(scope="module")
def reader(browser: Any, live_server: str) -> Iterator[Any]:
    """A phone with JavaScript off (the pages as the server sends them)."""
    context = browser.new_context(**PHONE, base_url=live_server, java_script_enabled=False)
    context.set_default_timeout(10_000)
    yield context
    context.close()


def test_the_phases_are_all_there(pages):
    names = {name for name, _path, _cookies in pages}
    assert {"rw-setup-seat1", "rw-passive-seat2", "rw-over", "card-act", "card-discard",
            "card-arms", "card-over"} <= names
    assert len(pages) >= 30


def _read(reader: Any, live_server: str, pages: list[tuple[str, str, dict[str, str]]],
          lang: str) -> Iterator[tuple[str, Any]]:
    """Open each page in `lang` in one tab (a new tab starts a renderer process, which cost
    more of the browser's CPU than the two loads it served: 15.4 s against 9.2 s), with its
    cookies; yields (name, the tab) while the page is shown."""
    page = reader.new_page()
    for name, path, cookies in pages:
        reader.clear_cookies()
        if cookies:
            reader.add_cookies([{"name": k, "value": v, "url": live_server}
                                for k, v in cookies.items()])
        joiner = "&" if "?" in path else "?"
        visit(page, f"{path}{joiner}lang={lang}")
        yield name, page
    page.close()


@pytest.fixture(scope="module")
def english(reader: Any, live_server: str, pages: list[tuple[str, str, dict[str, str]]]
            ) -> dict[str, list[str]]:
    """The text lines of every page in English, read once for both other languages (GETs
    change no game: tests/web/test_bots_pace.py)."""
    return {name: _lines(page) for name, page in _read(reader, live_server, pages, "en")}


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_no_english_sentence_is_left_on_any_page(reader, live_server, pages, english, shots,
                                                 lang):
    left: dict[str, list[str]] = {}
    seen: dict[str, int] = {}
    for name, page in _read(reader, live_server, pages, lang):
        assert page.get_attribute("html", "lang") == lang
        other = _lines(page)
        assert len(english[name]) >= 5 and other != english[name], (name, english[name][:5])
        found = _leftovers(english[name], other)
        seen[name] = len(other)
        if found:
            left[name] = found
        if name in ("rw-main-seat1", "card-act", "print"):
            shot(page, shots, f"lang-{lang}-{name}")
    assert len(seen) == len(english) == len(pages)
    assert left == {}


def test_a_line_left_in_english_is_found_and_names_codes_and_notation_are_not():
    english = ["Roll the dice first.", "Ann", "p1 roll RRBWY", "Copenhagen", "Bo and Cy"]
    french = ["Roll the dice first.", "Ann", "p1 roll RRBWY", "Copenhagen", "Bo and Cy",
              "Lancez d’abord les dés."]
    assert _leftovers(english, french) == ["Roll the dice first."]
