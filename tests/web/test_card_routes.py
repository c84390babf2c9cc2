"""The card edition's routes: new game, the table, actions and every way to get one wrong
(a clear message, a 4xx status, the game unchanged), joining, hot seat, polling, hint, log."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from boardgame import actions as A  # noqa: N812
from boardgame.actions import cards_text
from boardgame.game import new_game as engine_game
from facade.grid import cell_name
from facade.shapes import Shape
from tests.web.conftest import Phone
from webapp.card.build import TURNS, anchor, image, image_of, turn_of
from webapp.games import botplay
from webapp.games.seats import NAME_MAX

ACTION_RE = re.compile(r'name="action" value="([^"]+)"')
SEQ_RE = re.compile(r'data-seq="(\d+)"')


def new_game(phone: Phone, kinds: list[str], mode: str = "hotseat",
             names: list[str] | None = None) -> str:
    """Create a game through the form; its code."""
    phone.get("/card/new")
    form: dict[str, Any] = {"mode": mode}
    for i in range(4):
        form[f"kind{i}"] = kinds[i] if i < len(kinds) else "none"
        if names and i < len(names):
            form[f"name{i}"] = names[i]
    resp = phone.post("/card/new", form)
    assert resp.status_code == 303, resp.get_data(as_text=True)[:400]
    return resp.headers["Location"].split("?")[0].rsplit("/", 1)[-1]  # ?at=0: a bot began


def store_of(app: Any) -> Any:
    return app.extensions["store"]


def page_of(phone: Phone, code: str, query: str = "") -> str:
    resp = phone.get(f"/card/{code}{query}")
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def actions_on(body: str) -> list[str]:
    """The action lines the page offers as buttons."""
    return [html.unescape(a) for a in ACTION_RE.findall(body)]


def seq_on(body: str) -> str:
    m = SEQ_RE.search(body)
    assert m, "the page offers no move"
    return m.group(1)


def refused(app: Any, phone: Phone, code: str, data: dict[str, Any], status: int,
            words: str = "") -> str:
    """POST an action that must be refused: its status, its message, the log unchanged."""
    store = store_of(app)
    game = store.game(code)
    before = store.log(game)
    resp = phone.post(f"/card/{code}/act", data)
    body = resp.get_data(as_text=True)
    assert resp.status_code == status, body[:600]
    assert 'role="alert"' in body
    assert words in body, body[:800]
    assert store.log(game) == before
    return body


# ---------------------------------------------------------------------- new game
def test_home_lists_the_card_edition(client):
    body = client.get("/").get_data(as_text=True)
    assert "Copenhagen — the card edition" in body
    assert 'href="/card/new"' in body


def test_new_game_form_offers_people_and_four_bot_levels(client):
    body = client.get("/card/new").get_data(as_text=True)
    for value in ("person", "random", "greedy", "strong", "expert", "hotseat", "table"):
        assert f'value="{value}"' in body
    assert 'name="csrf_token"' in body


@pytest.mark.both_databases
def test_new_game_seats_bots_and_names_players_rules_2_4(app, phone):
    code = new_game(phone, ["person", "strong", "random"], names=["Ada", "", "Rob"])
    store = store_of(app)
    game = store.game(code)
    seats = store.seats(game)
    assert [s.bot for s in seats] == [None, "strong", "random"]
    assert game.config["players"] == ["Ada", "Bot 2", "Rob"]
    assert game.kind == "card" and game.edition == "boardgame"
    assert store.state(game).players == 3


def test_same_names_are_told_apart_even_at_full_length(app, phone):
    long = "x" * NAME_MAX  # the same limit as every other form's (facade/limits.py)
    code = new_game(phone, ["person", "person", "person"], names=[long, long, long])
    names = store_of(app).game(code).config["players"]
    assert len(set(names)) == 3 and all(len(n) <= NAME_MAX for n in names)


def test_new_game_errors_keep_the_form_and_create_nothing(app, phone):
    phone.get("/card/new")
    cases = [
        ({"kind0": "person", "kind1": "none", "kind2": "none", "kind3": "none"}, "2 to 4"),
        ({"kind0": "greedy", "kind1": "strong"}, "at least one person"),
        ({"kind0": "person", "kind1": "wizard"}, "Seat 2"),
        ({"kind0": "person", "kind1": "greedy", "name0": "x" * (NAME_MAX + 1)}, "too long"),
        ({"kind0": "person", "kind1": "person", "mode": "mail"}, "how you play"),
    ]
    store = store_of(app)
    with store.engine.connect() as conn:
        from sqlalchemy import func, select

        from webapp.platform.db import games
        count = conn.execute(select(func.count()).select_from(games)).scalar()
    for form, words in cases:
        resp = phone.post("/card/new", form)
        body = resp.get_data(as_text=True)
        assert resp.status_code == 400, form
        assert words in body and 'role="alert"' in body
    with store.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(games)).scalar() == count


def test_one_person_against_bots_holds_the_seat_by_cookie(app, phone):
    code = new_game(phone, ["person", "greedy"], mode="hotseat")
    store = store_of(app)
    game = store.game(code)
    assert game.config["mode"] == "table"  # one person: nothing to hide from anyone
    assert store.seats(game)[0].token
    body = page_of(phone, code)
    assert "Your hand" in body and "Pass the phone" not in body


# ---------------------------------------------------------------------- the table screen
def test_table_shows_harbour_hand_supply_building_and_players(app, phone):
    code = new_game(phone, ["person", "greedy"])
    body = page_of(phone, code)
    state = store_of(app).state(store_of(app).game(code))
    for pos in range(1, 8):
        assert f'<span class="pos">{pos}</span>' in body
    assert f'data-hand="{cards_text(tuple(state.hands[0]))}"' in body
    assert f"Deck: {len(state.deck)} cards" in body
    assert "12 white tiles" in body
    for name in ("Additional card", "Construction discount", "Change of colours",
                 "Both actions", "Any cards"):
        assert name in body
    assert body.count('class="board"') == 2  # mine, and the bot's under its name
    assert "Bot 2" in body and "3 cards" in body  # the bot's hand size, not its cards


@pytest.mark.slow
def test_takes_offered_are_exactly_the_engine_takes_rules_2_5(app, phone):
    code = new_game(phone, ["person", "greedy"])
    store = store_of(app)
    state = store.state(store.game(code))
    legal = {str(a) for a in state.legal_actions(0) if " take " in str(a)}
    offered: set[str] = set()
    for a in range(1, 8):
        for b in range(a + 1, 8):
            offered |= {x for x in actions_on(page_of(phone, code, f"?pick={a},{b}"))
                        if " take " in x}
            for c in range(1, 8):
                if c not in (a, b):
                    offered |= {x for x in actions_on(page_of(phone, code, f"?pick={a},{b},{c}"))
                                if " take " in x}
    assert offered == legal


def test_tapping_two_cards_then_taking_them_moves_the_game(app, phone):
    code = new_game(phone, ["person", "greedy"])
    body = page_of(phone, code, "?pick=3,4")
    lines = actions_on(body)
    assert "p1 take 3,4" in lines
    resp = phone.post(f"/card/{code}/act", {"action": "p1 take 3,4", "seq": seq_on(body)})
    assert resp.status_code == 303
    store = store_of(app)
    rows = store.log(store.game(code))
    assert rows[0].text == "p1 take 3,4" and rows[0].seat == 0
    # the bot answered before the POST returned; the page shows its moves from the take on
    assert len(rows) > 1 and {r.seat for r in rows[1:]} == {1}
    assert store.state(store.game(code)).active == 0
    assert resp.headers["Location"] == f"/card/{code}?at=1"


def reach(want: Callable[[Any], bool], seeds: range = range(200), players: int = 0) -> Any:
    """The first state where `want` holds in seeded random engine games (2 to 4 players in
    turn, or `players`), builds chosen four times in five: the same state on every run."""
    for seed in seeds:
        state = engine_game(players or 2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while True:
            if want(state):
                return state
            if state.is_over():
                break
            legal = state.legal_actions()
            builds = [a for a in legal if isinstance(a, A.Build)]
            state.apply(rng.choice(builds if builds and rng.random() < 0.8 else legal))
    raise AssertionError("no seeded game reaches the state wanted")


def seat_phone(app: Any, phone: Phone, state: Any, seat: int | None = None) -> str:
    """Store an engine game (its config and log, through `Store.act`) as a table of people
    and give `phone` the seat of `seat` (the active one by default); the table's code."""
    store = store_of(app)
    game = store.create_game("card", "boardgame", {**state.config, "mode": "table"},
                             state.players)
    for line in state.log:
        store.act(game, A.parse_action(line).player, line, None)
    seat = state.active if seat is None else seat
    token = store.claim_seat(game, seat, state.names[seat])
    assert token
    phone.client.set_cookie(f"seat_{game.code}", token)
    assert store.state(game).to_dict() == state.to_dict()
    return game.code


SHAPE_RE = re.compile(r'<table class="shape".*?</table>', re.S)
ANCHOR_RE = re.compile(r'<a href="(/card/\w+\?[^"]*cell=(\w\d)[^"]*)"[^>]*aria-label="Brick on')


def shape_on(body: str) -> Shape:
    """The tile's picture on the page, read back: hatched brick, plain windows."""
    table = SHAPE_RE.search(body)
    assert table, "no tile picture on the page"
    rows = re.findall(r"<tr>(.*?)</tr>", table.group(0), re.S)
    marks = ["".join("B" if " brick" in c else "W" if " window" in c else "."
                     for c in re.findall(r'<td class="([^"]*)"', r)) for r in rows]
    return Shape.from_rows(marks)


def turn_links(body: str) -> dict[str, str]:
    """The Rotate and Flip links of the build step, by their word."""
    return {word: html.unescape(url) for url, word in
            re.findall(r'<a class="button secondary"[^>]* href="([^"]+)"[^>]*>\W*(Rotate|Flip)</a>',
                       body)}


CHIRAL = ("red-3", "red-5", "blue-3", "blue-4", "yellow-3", "yellow-4", "yellow-5")


def _chiral_with_misfit(state: Any) -> bool:
    """A chiral tile is buildable, and one of its ways of lying fits nowhere."""
    if state.phase not in ("act", "build"):
        return False
    builds = [a for a in state.legal_actions() if isinstance(a, A.Build)]
    for tile in {a.tile for a in builds} & set(CHIRAL):
        fits = {image_of(a.mask, a.brick) for a in builds if a.tile == tile}
        if any(image(tile, *t) not in fits for t in TURNS):
            return True
    return False


def test_build_by_rotating_flipping_and_tapping_where_the_brick_goes_rules_2_3(app, phone):
    """Every way a tile lies that fits somewhere is reached by Rotate and Flip; its picture
    is what gets built, its dashed cells are where the brick goes, and together they offer
    exactly the engine's builds of that tile."""
    state = reach(_chiral_with_misfit)
    code = seat_phone(app, phone, state)
    p = state.active
    builds = [a for a in state.legal_actions(p) if isinstance(a, A.Build)]
    tile = sorted({a.tile for a in builds} & set(CHIRAL))[0]
    engine = {str(a) for a in builds if a.tile == tile}
    fits = {image_of(a.mask, a.brick) for a in builds if a.tile == tile}
    body = page_of(phone, code, f"?tile={tile}")
    assert "Tap a dashed cell" in body and "Build here" not in body
    assert shape_on(body) in fits  # it starts in a way that fits
    queue, seen_urls, shapes, offered = [f"/card/{code}?tile={tile}"], set(), set(), set()
    while queue:
        url = queue.pop()
        if url in seen_urls:
            continue
        seen_urls.add(url)
        body = page_of(phone, code, url.split(code, 1)[1].split("#")[0])
        shape = shape_on(body)
        shapes.add(shape)
        links = turn_links(body)
        assert "Flip" in links  # a chiral tile: turning it over gives new ways to lie
        queue += list(links.values())
        anchors = ANCHOR_RE.findall(body)
        assert bool(anchors) == (shape in fits)
        assert ("doesn't fit anywhere in this orientation" in body) == (shape not in fits)
        for link, cell in anchors:
            preview = page_of(phone, code, html.unescape(link).split(code, 1)[1].split("#")[0])
            lines = [a for a in actions_on(preview) if " build " in a]
            assert lines and "Build here" in preview and "costs" in preview
            for line in lines:
                a = A.parse_action(line)
                assert image_of(a.mask, a.brick) == shape == shape_on(preview)
                assert cell_name(a.brick.bit_length() - 1) == cell
            offered |= set(lines)
    assert fits <= shapes and offered == engine
    assert any(image(tile, *t) not in fits for t in TURNS)
    misfit = next(t for t in TURNS if image(tile, *t) not in fits)
    body = page_of(phone, code, f"?tile={tile}&rot={misfit[0]}&flip={misfit[1]}")
    assert "doesn't fit anywhere in this orientation" in body
    assert not ANCHOR_RE.findall(body) and shape_on(body) == image(tile, *misfit)
    line = sorted(offered)[0]
    resp = phone.post(f"/card/{code}/act", {"action": line, "seq": seq_on(body)})
    assert resp.status_code == 303
    assert store_of(app).log(store_of(app).game(code))[-1].text == line


def test_a_tile_that_looks_the_same_flipped_has_no_flip_button(app, phone):
    state = reach(lambda s: any(isinstance(a, A.Build) and a.tile.endswith("-2")
                                for a in s.legal_actions()))
    code = seat_phone(app, phone, state)
    tile = next(a.tile for a in state.legal_actions() if isinstance(a, A.Build)
                and a.tile.endswith("-2"))
    body = page_of(phone, code, f"?tile={tile}")
    assert set(turn_links(body)) == {"Rotate"}
    rotated = page_of(phone, code, turn_links(body)["Rotate"].split(code, 1)[1].split("#")[0])
    assert shape_on(rotated) == shape_on(body).rotated()


def test_cost_explained_from_the_engines_discount_reasons_rules_2_6(app, phone):
    """The preview of a placement lists the discounts the engine gives for it."""
    store = store_of(app)
    code = new_game(phone, ["person", "greedy"])
    game = store.game(code)
    found: list = []
    for _ in range(300):  # both seats play greedily until seat 1 may build at a discount
        state = store.state(game)
        assert not state.is_over(), "no discounted placement in a whole game"
        if state.active == 0 and state.phase in ("act", "build"):
            tiles = {a.tile for a in state.legal_actions(0) if " build " in str(a)}
            found = [pl for t in sorted(tiles) for pl in state.placements(t, 0) if pl.discounts]
            if found:
                break
        with app.app_context():  # the app's bots
            line = botplay.decide(game, state, state.active, "greedy")
        store.act(game, state.active, line, state.seq)
    pl = found[0]
    want = {str(a) for a in state.builds_for(pl.tile, pl.mask, pl.brick)}
    rot, flip = turn_of(pl.tile, pl.mask, pl.brick)
    cell = cell_name(anchor(pl.mask, pl.brick))
    body = page_of(phone, code, f"?tile={pl.tile}&rot={rot}&flip={flip}&cell={cell}")
    assert {a for a in actions_on(body) if " build " in a} == want
    box = body.split('class="preview-box"')[1].split("</section>")[0]
    assert f"on {', '.join(pl.cells)}" in box and "costs" in box
    assert ("next to a tile of the same colour" in box) == (
        "adjacent_same_colour" in pl.discounts)
    assert ("Construction discount" in box) == ("construction_discount" in pl.discounts)


def test_a_forged_build_step_address_shows_no_preview(app, phone):
    """A cell where the brick cannot go, or numbers out of range, preview nothing."""
    state = reach(lambda s: any(isinstance(a, A.Build) for a in s.legal_actions()))
    code = seat_phone(app, phone, state)
    tile = next(a.tile for a in state.legal_actions() if isinstance(a, A.Build))
    for query in ("&cell=e9", "&rot=9999&flip=7&cell=a1", "&rot=-1&cell=zz", "&flip=x"):
        resp = phone.get(f"/card/{code}?tile={tile}{query}")
        body = resp.get_data(as_text=True)
        assert resp.status_code == 200 and 'class="shape"' in body
        assert "preview-box" not in body


# ---------------------------------------------------------------------- refused actions
def test_illegal_take_is_refused_with_the_engines_reason(app, phone):
    code = new_game(phone, ["person", "greedy"])
    body = page_of(phone, code)
    refused(app, phone, code, {"action": "p1 take 2,2", "seq": seq_on(body)}, 422,
            "Take each harbour position once.")


@pytest.mark.parametrize("lang, words", [
    ("en", "Take each harbour position once."),
    ("fr", "Prenez chaque emplacement du port une seule fois."),
    ("de", "Nimm jeden Platz im Hafen nur einmal."),
])
def test_a_refusal_is_worded_in_the_pages_language(app, phone, lang, words):
    """Issue 22: the engine's refusal comes in the page's language, from its code."""
    code = new_game(phone, ["person", "greedy"])
    body = page_of(phone, code, f"?lang={lang}")
    phone.client.set_cookie("lang", lang)
    body = refused(app, phone, code, {"action": "p1 take 2,2", "seq": seq_on(body)}, 422)
    assert html.escape(words, quote=False) in body or words in body, body[:1500]


def test_unaffordable_build_is_refused(app, phone):
    code = new_game(phone, ["person", "greedy"])
    body = page_of(phone, code)
    refused(app, phone, code, {"action": "p1 build purple-5:A1,a2,a3,a4,a5 pay P,P,P,P,P",
                               "seq": seq_on(body)}, 422, "purple cards and have")


def test_forged_payment_in_another_colour_is_refused_rules_2_6(app, phone):
    code = new_game(phone, ["person", "greedy"])
    body = page_of(phone, code)
    refused(app, phone, code, {"action": "p1 build red-2:A1,b1 pay G,G", "seq": seq_on(body)},
            422, "other colours need Change of colours")


def test_garbled_action_is_refused_in_words_not_notation(app, phone):
    """A game page speaks like a player: a move it cannot read is refused by pointing at the
    moves the page offers, never by teaching the notation (that is the game-text page's job)."""
    code = new_game(phone, ["person", "greedy"])
    body = page_of(phone, code)
    page = refused(app, phone, code, {"action": "take everything", "seq": seq_on(body)}, 422,
                   "cannot be read: choose one of the moves the page offers")
    assert "p1 take" not in page
    refused(app, phone, code, {"action": "p1 take 3,4"}, 400, "Reload")


def test_acting_for_another_seat_is_403(app, phones):
    code = new_game(phones[0], ["person", "person", "greedy"], mode="table")
    body = page_of(phones[0], code)
    refused(app, phones[0], code, {"action": "p2 take 3,4", "seq": seq_on(body)}, 403,
            "Not your seat")
    refused(app, phones[1], code, {"action": "p1 take 3,4", "seq": seq_on(body)}, 403,
            "join first")  # a phone without a seat


def test_out_of_turn_is_refused_with_whose_turn_it_is(app, phones):
    code = new_game(phones[0], ["person", "person"], mode="table")
    phones[1].get(f"/card/{code}/join")
    assert phones[1].post(f"/card/{code}/join", {"seat": "1"}).status_code == 303
    body = page_of(phones[1], code)
    assert "Your hand" in body and "Your turn" not in body
    refused(app, phones[1], code, {"action": "p2 take 3,4", "seq": "0"}, 422, "turn")


@pytest.mark.both_databases
def test_a_stale_page_gets_409_and_nothing_changes(app, phone):
    code = new_game(phone, ["person", "greedy"])
    body = page_of(phone, code)
    seq = seq_on(body)
    assert phone.post(f"/card/{code}/act", {"action": "p1 take 3,4", "seq": seq}).status_code == 303
    refused(app, phone, code, {"action": "p1 take 1,2", "seq": seq}, 409, "moved first")


def test_unknown_table_is_404_with_a_message(phone):
    resp = phone.get("/card/ZZZZZZ")
    assert resp.status_code == 404 and "no table with the code" in resp.get_data(as_text=True)


# ---------------------------------------------------------------------- joining
@pytest.mark.both_databases
def test_join_by_code_link_and_qr_then_the_seat_is_taken(app, phones):
    code = new_game(phones[0], ["person", "person", "person"], mode="table",
                    names=["Ann", "Ben", "Cy"])
    body = page_of(phones[0], code)
    assert "<svg" in body and f"/card/{code}/join" in body and "Ben, Cy" in body
    resp = phones[1].get(f"/card/join?code={code.lower()}")
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/card/{code}/join")
    join_page = phones[1].get(f"/card/{code}/join").get_data(as_text=True)
    assert "I am Ben" in join_page and "I am Ann" not in join_page
    resp = phones[1].post(f"/card/{code}/join", {"seat": "1"})
    assert resp.status_code == 303
    assert any(c.key == f"seat_{code}" for c in phones[1].client._cookies.values())
    assert phones[1].get(f"/card/{code}/join").status_code == 303  # seated: on to the table
    assert "Your hand" in page_of(phones[1], code)
    again = phones[2].post(f"/card/{code}/join", {"seat": "1"})
    assert again.status_code == 409 and "took seat 2 a moment ago" in again.get_data(as_text=True)
    bad = phones[2].post(f"/card/{code}/join", {"seat": "9"})
    assert bad.status_code == 400
    assert phones[2].get("/card/join?code=").status_code == 400


def test_hotseat_games_cannot_be_joined_from_another_phone(app, phones):
    code = new_game(phones[0], ["person", "person"], mode="hotseat")
    resp = phones[1].post(f"/card/{code}/join", {"seat": "1"})
    assert resp.status_code == 400 and "one shared screen" in resp.get_data(as_text=True)


# ---------------------------------------------------------------------- hot seat
def test_hotseat_hides_each_hand_until_its_owner_taps(app, phones):
    phone, stranger = phones[0], phones[1]
    code = new_game(phone, ["person", "person"], mode="hotseat", names=["Ann", "Ben"])
    store = store_of(app)
    game = store.game(code)
    state = store.state(game)
    body = page_of(phone, code)
    assert "Pass the phone to Ann" in body and "I am Ann, show my hand" in body
    assert "data-hand" not in body and "Your hand" not in body
    refused(app, phone, code, {"action": "p1 take 3,4", "seq": "0"}, 403, "not your seat")
    assert phone.post(f"/card/{code}/reveal", {"seat": "1"}).status_code == 409
    assert stranger.post(f"/card/{code}/reveal", {"seat": "0"}).status_code == 403
    assert phone.post(f"/card/{code}/reveal", {"seat": "0"}).status_code == 303
    body = page_of(phone, code)
    assert f'data-hand="{cards_text(tuple(state.hands[0]))}"' in body
    assert "Pass the phone" not in body
    assert "data-hand" not in page_of(stranger, code)  # the link alone shows no hand
    take = next(a for a in state.legal_actions(0) if str(a).startswith("p1 take"))
    assert phone.post(f"/card/{code}/act", {"action": str(take), "seq": "0"}
                      ).status_code == 303
    state = store.state(game)
    body = page_of(phone, code)
    if state.active == 1:
        assert "Pass the phone to Ben" in body
        assert "data-hand" not in body and "Your hand" not in body
    for hand in state.hands:
        assert f'data-hand="{cards_text(tuple(hand))}"' not in body


def test_hotseat_hide_button_hides_the_hand_again(app, phone):
    code = new_game(phone, ["person", "person"], mode="hotseat")
    phone.post(f"/card/{code}/reveal", {"seat": "0"})
    assert "data-hand" in page_of(phone, code)
    assert phone.post(f"/card/{code}/hide").status_code == 303
    assert "data-hand" not in page_of(phone, code)


def test_back_to_a_page_htmx_kept_no_copy_of_gets_the_whole_page(app, phone):
    """htmx restores such a page (the card game keeps no copy: hands) by asking for it with
    HX-Request and HX-History-Restore-Request, and puts the answer in place of the whole body:
    the answer is the page with its header and footer, never the game's fragment alone (which
    left a page without them after Back, 2026-12-08)."""
    code = new_game(phone, ["person", "person"], mode="hotseat")
    fragment = phone.get(f"/card/{code}", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "<header" not in fragment and 'id="game"' in fragment
    restored = phone.get(f"/card/{code}", headers={
        "HX-Request": "true", "HX-History-Restore-Request": "true"}).get_data(as_text=True)
    assert "<header" in restored and "<footer" in restored and 'id="game"' in restored


# ---------------------------------------------------------------------- bots, poll, skip
@pytest.mark.both_databases
def test_poll_answers_204_when_nothing_moved_and_json_without_htmx(app, phone):
    code = new_game(phone, ["person", "greedy", "greedy"])
    store = store_of(app)
    body = page_of(phone, code)
    phone.post(f"/card/{code}/act", {"action": "p1 take 3,4", "seq": seq_on(body)})
    head = store.head(code)[0]
    assert head > 1  # the bots answered the take
    resp = phone.get(f"/card/{code}/poll?seq={head}", headers={"HX-Request": "true"})
    assert resp.status_code == 204
    data = phone.get(f"/card/{code}/poll?seq={head - 1}").get_json()
    assert data["seq"] == head and data["changed"] is True and data["your_turn"] is True
    assert data["bots_pending"] is False
    assert set(data) == {"seq", "status", "changed", "active", "phase", "your_turn",
                         "bots_pending", "next"}
    assert store.head(code)[0] == head


def test_skip_ahead_plays_the_bots_of_a_game_left_waiting(app, phones):
    """A game whose bots were left waiting (started before bots played at once): pages and
    polls leave it so, "skip ahead" (a POST, for the players only) plays them."""
    code = new_game(phones[0], ["person", "strong", "random"])
    store = store_of(app)
    store.act(store.game(code), 0, "p1 take 3,4", 0)  # the store alone: no bot plays after it
    assert store.head(code)[0] == 1 and botplay.waiting_on_bots(store, store.game(code))
    body = page_of(phones[0], code)
    assert f'action="/card/{code}/skip"' in body and "Skip ahead" in body
    phones[0].get(f"/card/{code}/poll?seq=0", headers={"HX-Request": "true"})
    assert store.head(code)[0] == 1
    assert phones[1].post(f"/card/{code}/skip").status_code == 403  # not at this table
    resp = phones[0].post(f"/card/{code}/skip")
    assert resp.status_code == 303 and resp.headers["Location"] == f"/card/{code}"
    state = store.state(store.game(code))
    assert state.active == 0 or state.is_over()
    assert {r.seat for r in store.log(store.game(code))} >= {0, 1, 2}


def test_bots_decide_from_their_view_only(app, phone):
    """Changing what a bot cannot see (another hand, the deck order) never changes its move."""
    code = new_game(phone, ["person", "greedy"])
    store = store_of(app)
    game = store.game(code)
    body = page_of(phone, code)
    phone.post(f"/card/{code}/act", {"action": "p1 take 3,4", "seq": seq_on(body)})
    state = store.state_at(game, 1)  # as the bot found it, answering the take
    assert state.active == 1
    with app.app_context():  # the app's bots
        seen = botplay.decide(game, state, 1, "greedy")
    other = state.clone()
    hand = other.hands[0]
    give = next(i for i in range(5) if hand[i])
    colours = ("red", "yellow", "green", "blue", "purple")
    swap_at = next(k for k, c in enumerate(other.deck) if c in colours and c != colours[give])
    taken = colours.index(other.deck[swap_at])
    other.deck[swap_at] = colours[give]
    hand[give] -= 1
    hand[taken] += 1
    other.deck.reverse()
    assert other.view(1) == state.view(1) and other.to_dict() != state.to_dict()
    with app.app_context():
        assert botplay.decide(game, other, 1, "greedy") == seen


# ---------------------------------------------------------------------- log and hint
def test_log_lists_the_events_in_words_and_the_notation_only_as_the_game_text(app, phone):
    code = new_game(phone, ["person", "greedy"], names=["Ann"])
    body = page_of(phone, code)
    phone.post(f"/card/{code}/act", {"action": "p1 take 3,4", "seq": seq_on(body)})
    log = phone.get(f"/card/{code}/log").get_data(as_text=True)
    rows, _sep, text = log.partition('<pre class="notation">')
    assert "Ann takes" in rows and "p1 take 3,4" not in rows and "p1 take 3,4" in text


def test_hint_suggests_a_legal_move_with_a_reason(app, phones):
    code = new_game(phones[0], ["person", "greedy"])
    resp = phones[0].get(f"/card/{code}/hint")
    body = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "Why:" in body
    box = body.split('class="hint"', 1)[1].split("</section>", 1)[0]
    line = html.unescape(re.search(r'name="action" value="([^"]+)"', box).group(1))
    assert line not in box.replace(f'value="{line}"', "")  # words only, no notation shown
    store = store_of(app)
    assert line in {str(a) for a in store.state(store.game(code)).legal_actions(0)}
    assert phones[1].get(f"/card/{code}/hint").status_code == 403


def test_hint_out_of_turn_says_so(app, phones):
    code = new_game(phones[0], ["person", "person"], mode="table")
    phones[1].post(f"/card/{code}/join", {"seat": "1"})
    resp = phones[1].get(f"/card/{code}/hint")
    assert resp.status_code == 409 and "your own turn" in resp.get_data(as_text=True)


def test_every_engine_event_is_worded_for_translation(app):
    """The log words each event from its code and data (so FR/DE can translate it), never by
    falling back to the engine's English text; in French and German, never in English."""
    from flask_babel import force_locale

    from boardgame.game import new_game as engine_game
    from bots.levels import make_bot
    from webapp.words.event_i18n import event_text

    kinds: set[str] = set()
    with app.test_request_context("/"):
        for seed in range(3):
            state = engine_game(3, seed=seed)
            bots = [make_bot("boardgame", "greedy", s) for s in range(3)]
            while not state.is_over():
                for ev in state.apply(bots[state.active].choose(state.view(state.active),
                                                                 state.active)):
                    d = ev.to_dict()
                    d["text"] = "FALLBACK"
                    english = event_text("boardgame", d)
                    assert english not in ("", "FALLBACK"), ev
                    for lang in ("fr", "de"):
                        with force_locale(lang):
                            said = event_text("boardgame", d)
                        assert said not in ("", "FALLBACK", english), (lang, ev)
                    kinds.add(ev.kind)
    assert {"took", "built", "scored", "turn_started", "game_over"} <= kinds


def test_hotseat_never_reveals_nor_plays_a_bots_seat(app, phone):
    code = new_game(phone, ["greedy", "person", "person"], mode="hotseat")
    store = store_of(app)
    game = store.game(code)
    assert store.log(game)[0].seat == 0  # the bot started: it has played its turn
    resp = phone.post(f"/card/{code}/reveal", {"seat": "0"})
    assert resp.status_code == 409 and 'role="alert"' in resp.get_data(as_text=True)
    body = page_of(phone, code, "?pick=3,4")
    assert "data-hand" not in body and 'name="action"' not in body
    refused(app, phone, code, {"action": "p1 take 3,4", "seq": "0"}, 403, "not your seat")


def test_latest_moves_are_grouped_by_turn_newest_first(app, phone):
    code = new_game(phone, ["person", "greedy"], names=["Ann", "Greta"])
    body = page_of(phone, code)
    phone.post(f"/card/{code}/act", {"action": "p1 take 3,4", "seq": seq_on(body)})
    moves = page_of(phone, code).split('class="events"')[1]
    t1, t2, t3 = (moves.index(f"Turn {n}: ") for n in (1, 2, 3))
    assert t3 < t2 < moves.index("Greta takes") < t1 < moves.index("Ann takes")


@pytest.mark.parametrize(("lang", "why", "english"), [("fr", "Pourquoi", "gathers"),
                                                      ("de", "Warum", "gathers")])
def test_hint_speaks_the_page_language_and_shows_no_notation(app, phones, lang, why, english):
    """The hint's move and its reason come from codes with values (bots.words), worded in the
    page's language: no English reason on a French or German page, no `p1 take` line."""
    phones[0].get(f"/lang/{lang}?next=/")
    code = new_game(phones[0], ["person", "greedy"])
    body = phones[0].get(f"/card/{code}/hint").get_data(as_text=True)
    box = body.split('class="hint"', 1)[1].split("</section>", 1)[0]
    assert why in box and english not in box and " the " not in box
    assert "p1 " not in box.replace('value="p1 ', "")
