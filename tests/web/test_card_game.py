"""Whole card-edition games through the web app: against a greedy bot to the end screen, at a
table of phones where no response ever carries another player's hand or the deck order, and
at one screen where each hand stays hidden between turns (RULES 2.4: hands are secret)."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest

from boardgame.actions import cards_text
from boardgame.material import LETTER
from tests.web.conftest import Phone
from tests.web.test_card_routes import actions_on, new_game, store_of
from webapp.views import card as card_view

LINK_RE = re.compile(r'href="(/c/[A-Z0-9]+\?[^"]+)"')
HAND_RE = re.compile(r'<section class="hand".*?</section>', re.S)


def links_on(body: str) -> list[str]:
    return [html.unescape(u) for u in LINK_RE.findall(body)]


def seq_of(body: str) -> str:
    return re.search(r'data-seq="(\d+)"', body).group(1)


class Player:
    """A person playing through the screen: taps links and buttons the page offers (a seeded
    random choice, builds first), and keeps every body the app sent."""

    def __init__(self, phone: Phone, code: str, seed: int) -> None:
        self.phone = phone
        self.code = code
        self.rng = random.Random(seed)
        self.bodies: list[str] = []

    def get(self, url: str, **kw: Any) -> Any:
        resp = self.phone.get(url, **kw)
        assert resp.status_code in (200, 204), (url, resp.status_code)
        self.bodies.append(resp.get_data(as_text=True))
        return resp

    def page(self, query: str = "") -> str:
        return self.get(f"/c/{self.code}{query}").get_data(as_text=True)

    def look_around(self) -> None:
        """Everything a curious player may open: the table, poll answers, the log."""
        self.get(f"/c/{self.code}/poll?seq=-1", headers={"HX-Request": "true"})
        self.get(f"/c/{self.code}/poll?seq=0")
        self.get(f"/c/{self.code}/log")

    def move(self, body: str, hint: bool = False) -> bool:
        """Make one move from this page, tapping through tile, cell and orientation; False if
        the page offers none."""
        if hint:
            self.get(f"/c/{self.code}/hint")
        for _ in range(40):
            lines = actions_on(body)
            builds = [a for a in lines if " build " in a or " arms " in a]
            if lines and (builds or self.rng.random() < 0.7 or not links_on(body)):
                line = self.rng.choice(builds or lines)
                resp = self.phone.post(f"/c/{self.code}/act",
                                       {"action": line, "seq": seq_of(body)})
                assert resp.status_code == 303, resp.get_data(as_text=True)[:600]
                return True
            links = [u for u in links_on(body) if "o=" not in u or self.rng.random() < 0.3]
            if not links:
                raise AssertionError(f"a dead end on the player's turn: {body[-3000:]}")
            tiles = [u for u in links if "tile=" in u and "cell=" not in u]
            url = self.rng.choice(tiles if tiles and self.rng.random() < 0.6 else links)
            body = self.get(url).get_data(as_text=True)
        return False


def _hand_section(body: str) -> str | None:
    m = HAND_RE.search(body)
    return m.group(0) if m else None


def _deck_orders(state: Any) -> list[str]:
    """The order of the deck, top first, in the forms a page could leak it."""
    top = [LETTER.get(c, "E") for c in reversed(state.deck)][:8]
    return ["".join(top), ",".join(top), ", ".join(top)] if len(top) == 8 else []


def check_no_leak(state: Any, game: Any, bodies: list[str], own: str | None,
                  others: list[str]) -> int:
    """No body shows another seat's hand section, the deck order or the secret seed; the
    viewer's own hand section (the positive control) does appear. Returns bodies checked."""
    seed = str(game.config["seed"])
    for body in bodies:
        for section in others:
            if section != own:
                assert section not in body, "another player's hand reached this phone"
        for order in _deck_orders(state):
            assert order not in body, "the deck order reached a page"
        assert seed not in body, "the secret seed reached a page"
    if own is not None:
        assert any(own in b for b in bodies if 'id="game"' in b), "own hand never shown"
    return len(bodies)


@pytest.fixture
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots step at every poll (the 0.8 s pace is for people, and tested elsewhere)."""
    monkeypatch.setattr(card_view, "BOT_STEP_SECONDS", 0.0)


def test_a_whole_game_against_a_greedy_bot_reaches_the_end_screen_rules_2_7(
        app, phone, quick_bots):
    code = new_game(phone, ["person", "greedy"], names=["Ann", "Greta"])
    me = Player(phone, code, seed=3)
    store = store_of(app)
    game = store.game(code)
    moves = 0
    for _ in range(2000):
        body = me.page()
        if "Game over" in body:
            break
        if "Your turn" in body:
            assert me.move(body, hint=moves % 9 == 0)
            moves += 1
        else:
            me.get(f"/c/{code}/poll?seq={seq_of(body)}", headers={"HX-Request": "true"})
    else:
        raise AssertionError("the game did not end")
    state = store.state(game)
    assert state.is_over() and moves > 5
    assert ("Ann wins!" in body) or ("Greta wins!" in body) or ("share the victory" in body)
    winner = state.names[state.winners()[0]]
    assert f"<td>{winner}</td><td>{state.scores()[state.winners()[0]]}</td>" in body
    assert "Empty cells" in body and "fewest empty cells" in body
    assert {r.seat for r in store.log(game)} == {0, 1}
    log = phone.get(f"/c/{code}/log").get_data(as_text=True)
    assert "Game over: " in log


def test_no_response_of_a_whole_table_game_shows_another_hand_or_the_deck_rules_2_4(
        app, phones, quick_bots):
    code = new_game(phones[0], ["person", "person", "greedy"], mode="table",
                    names=["Ann", "Ben", "Bot"])
    phones[1].get(f"/c/{code}/join")
    assert phones[1].post(f"/c/{code}/join", {"seat": "1"}).status_code == 303
    people = [Player(phones[0], code, 11), Player(phones[1], code, 12)]
    spectator = Player(phones[2], code, 13)
    store = store_of(app)
    game = store.game(code)
    checked = 0
    for step in range(1500):
        state = store.state(game)
        if state.is_over():
            break
        pages = [p.page() for p in people]
        sections = [_hand_section(b) for b in pages]
        assert all(sections), "a seated phone must see its own hand"
        if step % 3 == 0:
            spectator.page()
        for i, p in enumerate(people):
            if step % 8 == 4 * i:
                p.look_around()
        active = state.active
        if active < 2:
            assert people[active].move(pages[active], hint=step % 11 == 0)
        else:
            people[step % 2].get(f"/c/{code}/poll?seq={state.seq}",
                                 headers={"HX-Request": "true"})
        for i, p in enumerate(people):
            checked += check_no_leak(state, game, p.bodies, sections[i],
                                     [s for j, s in enumerate(sections) if j != i])
            p.bodies.clear()
        checked += check_no_leak(state, game, spectator.bodies, None, sections)
        assert not any(_hand_section(b) for b in spectator.bodies)
        spectator.bodies.clear()
    else:
        raise AssertionError("the game did not end")
    assert checked > 200


def test_one_screen_game_hides_every_hand_between_turns(app, phone, quick_bots):
    code = new_game(phone, ["person", "person", "random"], mode="hotseat",
                    names=["Ann", "Ben", "Rob"])
    me = Player(phone, code, seed=5)
    store = store_of(app)
    game = store.game(code)
    passes = 0
    for _ in range(1500):
        state = store.state(game)
        body = me.page()
        if state.is_over():
            break
        if state.active == 2:
            assert "data-hand" not in body and "Your hand" not in body
            me.get(f"/c/{code}/poll?seq={state.seq}", headers={"HX-Request": "true"})
            continue
        name = state.names[state.active]
        if "Pass the phone" in body:
            assert f"Pass the phone to {name}" in body
            assert "data-hand" not in body and "Your hand" not in body
            passes += 1
            assert phone.post(f"/c/{code}/reveal", {"seat": str(state.active)}
                              ).status_code == 303
            continue
        own = _hand_section(body)
        assert own and f"Your turn, {name}" in body
        mine, other = state.hands[state.active], state.hands[1 - state.active]
        assert f'data-hand="{cards_text(tuple(mine))}"' in body
        if other != mine:
            assert f'data-hand="{cards_text(tuple(other))}"' not in body
        assert me.move(body)
    else:
        raise AssertionError("the game did not end")
    assert passes >= 4
