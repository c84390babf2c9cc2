"""No engine text on any page (issue 37): every page a player reaches, in English, French and
German (the home page, the rules and their figures, both guided games step by step, a table
mid-turn with its picker, log and sheets, a finished game's replay step by step, its result,
review and puzzles, a card-edition table with its log and its build step, the dice-only table,
the pads page) is walked by following its links, and none shows a tile code ("P4", "B4L",
"red-3"), a line of the notation ("p1 choose B3 with 2,3,5", "B3:B1,a2,b2") or a Latin letter
standing for a colour on a die, a card, a chip or a track button, in its text, its accessible
names or its titles. The notation shows only where a game text is offered as text (a <pre> or
a <textarea> of the game)."""

from __future__ import annotations

import html as htmlmod
import re
from urllib.parse import urljoin, urlsplit

import pytest

from tests.web.conftest import Phone
from tests.web.test_card_routes import new_game, page_of, seq_on
from tests.web.test_review_page import drain, finished_game
from tests.web.test_solo import _to_main_phase, start_bots, start_challenge, state_of

LANGS = ("en", "fr", "de")
TILE_CODE = re.compile(r"(?<![\w-])(?:[RBPGY][2-5](?:L|R)?|(?:red|blue|purple|green|yellow|white)"
                       r"-[1-5])(?![\w-])")
NOTATION = re.compile(
    r"\bp[1-4] (?:roll|choose|draw|end|pick|take|build|setup|reroll|change|pass|discard|arms|"
    r"extra|unpick|undo)\b"
    r"|\b[a-eA-E][1-9],[a-eA-E][1-9]\b"  # cells as the notation writes them: "A1,b1"
    r"|(?<![\w-])[RBPGYW]{3,5}(?![\w-])"  # dice faces as letters: "RPWRP"
)
# a piece whose visible text is one Latin letter of a colour: a die, a chip, a card, a dot, a
# colour's button (a track, a face)
LETTER_MARK = re.compile(
    r'<(?:span|a|button|b)\b[^>]*class="(?:die|chip|ccard|dot|button face|track)\b[^"]*"[^>]*>'
    r"\s*(?:<b>)?\s*[RBPGYW]\s*(?:</b>|<small|<span|</)")
AS_TEXT = re.compile(r"<(pre|textarea|script|style)\b.*?</\1>", re.S)
ATTRS = re.compile(r'\b(?:aria-label|title|alt)="([^"]*)"')
SKIP = re.compile(r"/(?:push|poll|api|text|qr\.svg|version|next|lang|static)\b|\.(?:pdf|png|svg|js"
                  r"|webmanifest|ico|txt|xml)\b|/sw\.js|/hint|/try/")


def problems(body: str) -> list[str]:
    """What a page shows that is the engine's, not a player's words."""
    shown = AS_TEXT.sub(" ", body)
    texts = [htmlmod.unescape(t) for t in ATTRS.findall(shown)]
    text = htmlmod.unescape(re.sub(r"<[^>]+>", " ", shown))
    found = []
    for said in (text, *texts):
        found += [f"tile code {m.group(0)!r}" for m in TILE_CODE.finditer(said)]
        found += [f"notation {m.group(0)!r}" for m in NOTATION.finditer(said)]
    found += [f"letter for a colour: {m.group(0)[-60:]!r}" for m in LETTER_MARK.finditer(shown)]
    return found


def test_the_checks_catch_what_the_issue_saw():
    assert problems("<p>Anna lance WBPBR</p>") and problems("<li>p1 choose B3 with 2,3,5</li>")
    assert problems('<button aria-label="R2 RW">x</button>') and problems("<b>B3:B1,a2,b2</b>")
    assert problems('<span class="die c-green">G<small>1</small></span>')
    assert problems('<span class="ccard c-red" title="red"><b>R</b></span>')
    assert problems("<strong>G4L</strong>") and problems("Build red-3")
    assert not problems("<pre>p1 choose B3 with 2,3,5</pre><p>the X on b3, rows 1, 2</p>")
    assert not problems('<span class="die c-red"><svg class="mark"></svg><small>2</small></span>')


def _links(base: str, body: str) -> list[str]:
    out = []
    for href in re.findall(r'href="([^"#]+)', body):
        url = urljoin(base, htmlmod.unescape(href))
        parts = urlsplit(url)
        if parts.netloc not in ("", "localhost") or SKIP.search(parts.path):
            continue
        out.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return out


def _walk(phone: Phone, starts: list[str], limit: int) -> dict[str, list[str]]:
    """Every page reached from `starts` by links (up to `limit` pages): its problems."""
    seen: dict[str, list[str]] = {}
    todo = list(starts)
    while todo and len(seen) < limit:
        url = todo.pop(0)
        if url in seen:
            continue
        resp = phone.get(url)
        body = resp.get_data(as_text=True)
        seen[url] = problems(body) if resp.status_code < 400 and "<html" in body else []
        if resp.status_code < 300:
            todo += [u for u in _links(url, body) if u not in seen and u not in todo]
    return seen


def _games(app, phone: Phone) -> list[str]:
    """A table mid-turn (the tile picker up), a finished game with its review, a card table
    after a take, a dice-only table after a roll: their pages."""
    table = start_challenge(phone, "words-walk")
    _to_main_phase(phone, app, table)
    bots = start_bots(phone, ("greedy",))
    over = finished_game(app, seed="words-walk")
    phone.get(f"/r/{over.code}/review")
    drain(app, 120)
    card = new_game(phone, ["person", "greedy"], names=["Ann"])
    phone.post(f"/card/{card}/act", {"action": "p1 take 3,4", "seq": seq_on(page_of(phone, card))})
    body = page_of(phone, card)
    build = re.search(r'href="(/card/[A-Z0-9]+\?tile=[^"#]+)', body)
    dice = phone.post("/d/new", {"players": "2"}).headers.get("Location", "/d/new")
    starts = [f"/rollwrite/{table}", f"/rollwrite/{table}/log", f"/rollwrite/{bots}",
              f"/rollwrite/{bots}/log",
              f"/r/{over.code}", f"/r/{over.code}/review", f"/card/{card}", f"/card/{card}/log",
              urlsplit(dice).path]
    starts += [f"/r/{over.code}?at={n}" for n in range(1, state_of(app, over.code).seq, 7)]
    if build:
        starts.append(htmlmod.unescape(build.group(1)))
    return starts


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_shows_a_tile_code_a_notation_line_or_a_colour_letter(app, phone, lang):
    starts = _games(app, phone)
    phone.get(f"/lang/{lang}?next=/")
    learn = [f"/learn/{name}/{i}" for name in ("rollwrite", "card") for i in range(0, 40, 3)]
    pages = _walk(phone, ["/", "/rules/", "/rules/rollwrite", "/rules/card", "/print/", "/s/",
                          *starts, *learn], limit=260)
    assert len(pages) > 60
    for must in ("/rules/rollwrite", starts[0], starts[4], starts[5], starts[6], starts[7]):
        assert must in pages, must
    bad = {url: found for url, found in pages.items() if found}
    assert bad == {}, "\n".join(f"{url}: {found[:6]}" for url, found in bad.items())
