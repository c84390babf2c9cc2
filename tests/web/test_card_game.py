"""Card-edition games through the web app: whole games (against a greedy bot to the end screen;
at a table of phones where no response carries another seat's hand, a bot's included, or the
deck order, and where a twin game differing only in hidden cards gives every seat the same
bytes; at one screen where each hand stays hidden between turns: RULES 2.4), and the rarer
moments reached on purpose from seeded engine games: discarding down to 7, a coat of arms,
paying with Change of colours, the end card coming up, and where the end card is."""

from __future__ import annotations

import html
import json
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from boardgame import actions as A  # noqa: N812
from boardgame.actions import cards_text
from boardgame.game import replay as engine_replay
from boardgame.material import COLOUR_INDEX, COLOURS, END_CARD, LETTER
from facade.grid import bits, cell_name
from tests.web.conftest import Phone
from tests.web.test_card_routes import (
    actions_on,
    new_game,
    page_of,
    reach,
    refused,
    seat_phone,
    seq_on,
    store_of,
)
from webapp.card.build import anchor, turn_of

LINK_RE = re.compile(r'href="(/card/[A-Z0-9]+\?[^"]+)"')
HAND_RE = re.compile(r'<section class="hand".*?</section>', re.S)


def links_on(body: str) -> list[str]:
    return [html.unescape(u).split("#")[0] for u in LINK_RE.findall(body)]


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
        return self.get(f"/card/{self.code}{query}").get_data(as_text=True)

    def look_around(self) -> None:
        """Everything a curious player may open: the table, poll answers, the latest moves
        one at a time (the frames a page shows after the bots moved), the log."""
        self.get(f"/card/{self.code}/poll?seq=-1", headers={"HX-Request": "true"})
        head = self.get(f"/card/{self.code}/poll?seq=0").get_json()["seq"]
        for at in range(max(0, head - 4), head):
            self.get(f"/card/{self.code}?at={at}")
            self.get(f"/card/{self.code}/poll?seq={at}", headers={"HX-Request": "true"})
        self.get(f"/card/{self.code}/log")

    def move(self, body: str, hint: bool = False) -> bool:
        """Make one move from this page, tapping through tile, cell and orientation; False if
        the page offers none."""
        if hint:
            self.get(f"/card/{self.code}/hint")
        for _ in range(40):
            lines = actions_on(body)
            builds = [a for a in lines if " build " in a or " arms " in a]
            if lines and (builds or self.rng.random() < 0.7 or not links_on(body)):
                line = self.rng.choice(builds or lines)
                resp = self.phone.post(f"/card/{self.code}/act",
                                       {"action": line, "seq": seq_of(body)})
                assert resp.status_code == 303, resp.get_data(as_text=True)[:600]
                return True
            links = links_on(body)
            if not links:
                raise AssertionError(f"a dead end on the player's turn: {body[-3000:]}")
            tiles = [u for u in links if "tile=" in u and "rot=" not in u]
            cells = [u for u in links if "cell=" in u]
            url = self.rng.choice(cells if cells and self.rng.random() < 0.7
                                  else tiles if tiles and self.rng.random() < 0.6 else links)
            body = self.get(url).get_data(as_text=True)
        return False


def _hand_section(body: str) -> str | None:
    m = HAND_RE.search(body)
    return m.group(0) if m else None


CARD_RE = re.compile(
    r'<span class="ccard c-(\w+)"[^>]*><svg.*?</svg><span class="n"[^>]*>×(\d+)</span>')
CSRF_RE = re.compile(r'(name="csrf_token" value="|"X-CSRFToken": ")[^"]+')


def hands_shown(body: str) -> list[tuple[int, ...]]:
    """Every hand a body shows, read back from each way the app writes one: the `data-hand`
    attribute, the cards of the hand section, and a JSON `hand`."""
    out: list[tuple[int, ...]] = [A.parse_cards(v) for v in re.findall(r'data-hand="([^"]*)"',
                                                                        body)]
    section = _hand_section(body)
    if section:
        counts = [0] * len(COLOURS)
        for colour, n in CARD_RE.findall(section):
            counts[COLOUR_INDEX[colour]] += int(n)
        out.append(tuple(counts))
    if body.lstrip().startswith("{"):
        data = json.loads(body)
        if isinstance(data, dict) and "hand" in data:
            out.append(tuple(data["hand"].get(c, 0) for c in COLOURS))
    return out


def _deck_orders(state: Any, n: int = 6) -> list[str]:
    """The order of the deck's next `n` cards, in the forms a page could leak it."""
    top = [LETTER.get(c, "E") for c in reversed(state.deck)][:n]
    names = [c for c in reversed(state.deck)][:n]
    if len(top) < n:
        return []
    return ["".join(top), ",".join(top), ", ".join(top), " ".join(top), ", ".join(names)]


class History:
    """A game's state after each number of its actions, replayed from the log."""

    def __init__(self, app: Any, game: Any) -> None:
        self.store = store_of(app)
        self.game = game
        self.states: dict[int, Any] = {}

    def at(self, seq: int | None) -> Any:
        """The state after `seq` actions (None: now)."""
        if seq is None:
            return self.store.state(self.game)
        if seq not in self.states:
            log = [r.text for r in self.store.log(self.game)]
            self.states[seq] = engine_replay(self.game.config, log[:seq])
        return self.states[seq]


def body_seq(body: str) -> int | None:
    """The number of actions the state a body shows had seen (a page's or a poll's seq)."""
    m = re.search(r'data-seq="(\d+)"|"seq": ?(\d+)', body)
    return int(m.group(1) or m.group(2)) if m else None


def check_no_leak(history: History | Any, game: Any, bodies: list[str],
                  seat: int | None) -> int:
    """No body shows a hand but `seat`'s own (every other seat's, bots' included, in every
    form the app writes a hand), the order of the deck, or the secret seed, each as of the
    state the body was made from; a seated table phone sees its own hand (the positive
    control). `history`: a History, or one state for every body. Returns bodies checked."""
    seed = str(game.config["seed"])
    for body in bodies:
        state = history.at(body_seq(body)) if isinstance(history, History) else history
        own = tuple(state.hands[seat]) if seat is not None else None
        shown = hands_shown(body)
        for hand in shown:
            assert hand == own, f"a hand {hand} reached seat {seat} (its own: {own})"
        for t, hand in enumerate(state.hands):
            if t != seat and tuple(hand) != own:
                assert f'data-hand="{cards_text(tuple(hand))}"' not in body
        for order in _deck_orders(state):
            assert order not in body, "the deck order reached a page"
        assert len(seed) < 8 or seed not in body, "the secret seed reached a page"
        if seat is not None and 'id="game"' in body and game.config.get("mode") == "table":
            assert own in shown, "a seated phone's own hand is missing"
    return len(bodies)


def twin(state: Any, seat: int | None) -> Any:
    """The same game with everything `seat` may not know changed: every other hand trades
    one card with the deck (for one of another colour), and the deck is reordered (its end
    card kept among the bottom 10)."""
    other = state.clone()
    deck = other.deck
    for t in range(other.players):
        hand = other.hands[t]
        for i in (i for i, n in enumerate(hand) if n and t != seat):
            k = next((k for k, c in enumerate(deck)
                      if c != END_CARD and COLOUR_INDEX[c] != i), None)
            if k is not None:
                hand[i] -= 1
                hand[COLOUR_INDEX[deck[k]]] += 1
                deck[k] = COLOURS[i]
                break
    other.deck = deck[:10][::-1] + deck[10:][::-1]
    return other


@contextmanager
def showing(app: Any, game: Any, state: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Within: the app sees `state` for this game."""
    store = store_of(app)
    real = store.state
    with monkeypatch.context() as m:
        m.setattr(store, "state", lambda g: state.clone() if g.id == game.id else real(g))
        yield


def seat_pages(phone: Phone, code: str, state: Any, seat: int | None) -> list[str]:
    """What a seat may open now: the table (a tile chosen, cards picked), both polls, the
    log, with every CSRF token blanked."""
    urls = [f"/card/{code}", f"/card/{code}?pick=1,2", f"/card/{code}/poll?seq=-1",
            f"/card/{code}/log"]
    if seat is not None and seat in state.to_act():
        tiles = sorted({a.tile for a in state.legal_actions(seat) if isinstance(a, A.Build)})
        urls += [f"/card/{code}?tile={t}" for t in tiles[:2]]
    out = []
    for url in urls:
        for headers in ({}, {"HX-Request": "true"}) if "/poll" in url else ({},):
            resp = phone.get(url, headers=headers)
            assert resp.status_code in (200, 204), url
            out.append(CSRF_RE.sub(r"\1", resp.get_data(as_text=True)))
    return out


def same_bytes_whatever_is_hidden(app: Any, phone: Phone, code: str, seat: int | None,
                                  monkeypatch: pytest.MonkeyPatch) -> int:
    """The information-flow check: a twin game that differs from this one only in what
    `seat` may not know gives that seat byte-identical pages. Returns pages compared."""
    store = store_of(app)
    game = store.game(code)
    state = store.state(game)
    other = twin(state, seat)
    if other.to_dict() == state.to_dict():
        return 0  # nothing hidden from this seat can differ (an end with one card left)
    if seat is not None:
        assert other.view(seat) == state.view(seat)
    assert other.player_view(seat) == state.player_view(seat)
    with showing(app, game, state, monkeypatch):
        real = seat_pages(phone, code, state, seat)
    with showing(app, game, other, monkeypatch):
        fake = seat_pages(phone, code, other, seat)
    for a, b in zip(real, fake, strict=True):
        assert a == b, "a page changed with something its seat may not know"
    check_no_leak(state, game, real, seat)
    return len(real)


@pytest.mark.both_databases
def test_a_whole_game_against_a_greedy_bot_reaches_the_end_screen_rules_2_7(
        app, phone):
    code = new_game(phone, ["person", "greedy"], names=["Ann", "Greta"])
    me = Player(phone, code, seed=3)
    store = store_of(app)
    game = store.game(code)
    moves = 0
    for _ in range(2000):
        body = me.page()
        if "Game over" in body:
            break
        assert "Your turn" in body, "the bot had not answered the last move"
        assert me.move(body, hint=moves % 9 == 0)
        moves += 1
    else:
        raise AssertionError("the game did not end")
    state = store.state(game)
    assert state.is_over() and moves > 5
    assert ("Ann wins!" in body) or ("Greta wins!" in body) or ("share the victory" in body)
    winner = state.names[state.winners()[0]]
    assert f"<td>{winner}</td><td>{state.scores()[state.winners()[0]]}</td>" in body
    assert "Empty cells" in body and "fewest empty cells" in body
    assert {r.seat for r in store.log(game)} == {0, 1}
    log = phone.get(f"/card/{code}/log").get_data(as_text=True)
    assert "Game over (" in log  # the engine's game_over event, worded with its reason


@pytest.mark.slow
def test_no_response_of_a_whole_table_game_shows_another_hand_or_the_deck_rules_2_4(
        app, phones, monkeypatch):
    """Every body sent to each phone (its table, polls, log, hints, moves) shows its own
    hand only, never the bot's nor the other person's, and never the deck order; and every
    few moves each seat gets the very same bytes from a twin game whose hidden cards differ.
    On SQLite only: what a page shows comes from the game's state, whichever database kept
    its log (the store's contract is tested on both); on PostgreSQL too it took 75 s."""
    code = new_game(phones[0], ["person", "person", "greedy"], mode="table",
                    names=["Ann", "Ben", "Bot"])
    phones[1].get(f"/card/{code}/join")
    assert phones[1].post(f"/card/{code}/join", {"seat": "1"}).status_code == 303
    people = [Player(phones[0], code, 11), Player(phones[1], code, 12)]
    spectator = Player(phones[2], code, 13)
    store = store_of(app)
    game = store.game(code)
    history = History(app, game)
    checked = twins = 0
    for step in range(1500):
        state = store.state(game)
        if state.is_over():
            break
        pages = [p.page() for p in people]
        assert all(_hand_section(b) for b in pages), "a seated phone must see its own hand"
        if step % 3 == 0:
            spectator.page()
        for i, p in enumerate(people):
            if step % 8 == 4 * i:
                p.look_around()
        if step % 10 == 0:
            for seat, phone in ((0, phones[0]), (1, phones[1]), (None, phones[2])):
                twins += same_bytes_whatever_is_hidden(app, phone, code, seat, monkeypatch)
        active = state.active
        assert active < 2, "the bot had not answered the last move"
        assert people[active].move(pages[active], hint=step % 11 == 0)
        for i, p in enumerate(people):
            checked += check_no_leak(history, game, p.bodies, i)
            p.bodies.clear()
        checked += check_no_leak(history, game, spectator.bodies, None)
        assert not any(_hand_section(b) for b in spectator.bodies)
        spectator.bodies.clear()
    else:
        raise AssertionError("the game did not end")
    assert checked > 200 and twins > 50
    final = store.state(game)
    for seat, phone in ((0, phones[0]), (1, phones[1]), (None, phones[2])):
        same_bytes_whatever_is_hidden(app, phone, code, seat, monkeypatch)
    assert final.is_over()


@pytest.mark.slow
def test_one_screen_game_hides_every_hand_between_turns(app, phone):
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
        assert state.active != 2, "the bot had not answered the last move"
        name = state.names[state.active]
        if "Pass the phone" in body:
            assert f"Pass the phone to {name}" in body
            assert "data-hand" not in body and "Your hand" not in body
            passes += 1
            assert phone.post(f"/card/{code}/reveal", {"seat": str(state.active)}
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


# ---------------------------------------------------------------------- states reached on purpose
def _arms_with_every_choice(state: Any) -> bool:
    kinds = {type(a) for a in state.legal_actions()}
    return state.phase == "arms" and kinds >= {A.ArmsWhite, A.ArmsAbility, A.ArmsRefresh}


def _change_is_a_real_choice(state: Any) -> bool:
    """Some placement can be paid for in more than one way, one of them with Change of
    colours."""
    if state.phase not in ("act", "build"):
        return False
    builds = [a for a in state.legal_actions() if isinstance(a, A.Build)]
    spots = [(a.tile, a.mask, a.brick) for a in builds]
    return any(a.change and spots.count((a.tile, a.mask, a.brick)) > 1 for a in builds)


def _ends_by_the_end_card(state: Any, action: Any) -> bool:
    after = state.clone()
    after.apply(action)
    return after.is_over() and str(after.end_reason) == "end card"


def _end_card_next(state: Any) -> bool:
    """The active player has a take after which the refill turns up the end card."""
    return state.phase == "act" and any(
        isinstance(a, A.Take) and _ends_by_the_end_card(state, a) for a in state.legal_actions())


def test_discarding_down_to_seven_offers_exactly_the_engines_choices_rules_2_5(app, phone):
    state = reach(lambda s: s.phase == "discard" and 0 in s.hands[s.active])
    code = seat_phone(app, phone, state)
    p, store = state.active, store_of(app)
    game = store.game(code)
    body = page_of(phone, code)
    over = state.hand_size(p) - 7
    assert f"You hold more than 7 cards: discard {over}." in body
    legal = {str(a) for a in state.legal_actions(p)}
    assert set(actions_on(body)) == legal and len(legal) > 1
    held = [c for c, n in zip(COLOURS, state.hands[p]) if n]
    missing = next(c for c in COLOURS if c not in held)
    seq = seq_on(body)
    for forged in (f"p{p + 1} discard {','.join([LETTER[held[0]]] * (over + 1))}",  # too many
                   f"p{p + 1} discard {','.join([LETTER[missing]] * over)}",  # not held
                   f"p{p + 1} take 3,4"):  # not now
        refused(app, phone, code, {"action": forged, "seq": seq}, 422)
    line = sorted(legal)[-1]
    assert phone.post(f"/card/{code}/act", {"action": line, "seq": seq}).status_code == 303
    after = store.state(game)
    assert after.log[-1] == line and after.hand_size(p) == 7 and after.phase != "discard"
    assert "You hold more than 7 cards" not in page_of(phone, code)


def test_a_coat_of_arms_offers_exactly_its_three_kinds_of_choice_rules_2_6(app, phones):
    state = reach(_arms_with_every_choice)
    p = state.active
    legal = state.legal_actions(p)
    whites = sorted(a.cell for a in legal if isinstance(a, A.ArmsWhite))
    buttons = {str(a) for a in legal if not isinstance(a, A.ArmsWhite)}
    code = seat_phone(app, phones[0], state)
    body = page_of(phones[0], code)
    assert "A coat of arms" in body
    assert set(re.findall(rf'href="/card/{code}\?cell=(\w\d)#myboard"', body)) == {
        cell_name(c) for c in whites}
    assert set(actions_on(body)) == buttons  # the abilities not held, and flipping back
    tapped = page_of(phones[0], code, f"?cell={cell_name(whites[0])}")
    assert set(actions_on(tapped)) == buttons | {f"p{p + 1} arms white {cell_name(whites[0])}"}
    filled = next(i for i in bits(state.boards[p].filled))
    owned = next(iter(state.abilities[p]))
    seq = seq_on(body)
    for forged in (f"p{p + 1} arms white {cell_name(filled)}",  # a filled cell
                   f"p{p + 1} arms ability {owned}",  # a tile already held
                   f"p{p + 1} build red-2:A1,b1 pay R,R"):  # not now
        refused(app, phones[0], code, {"action": forged, "seq": seq}, 422,
                )
    # each kind of choice, on its own copy of the game
    white = f"p{p + 1} arms white {cell_name(whites[0])}"
    ability = next(b for b in sorted(buttons) if " ability " in b)
    refresh = next(b for b in buttons if b.endswith(" refresh"))
    for phone, line in zip(phones, (white, ability, refresh)):
        copy = code if phone is phones[0] else seat_phone(app, phone, state)
        assert phone.post(f"/card/{copy}/act", {"action": line, "seq": seq}).status_code == 303
        store = store_of(app)
        after = store.state(store.game(copy))
        assert after.log[-1] == line
        if line == white:
            assert after.boards[p].filled >> whites[0] & 1
        elif line == ability:
            assert after.abilities[p][line.split()[-1]] == "active"
        else:
            assert "used" not in after.abilities[p].values()


def test_paying_with_change_of_colours_is_a_choice_on_the_page_rules_2_5(app, phone):
    state = reach(_change_is_a_real_choice)
    p = state.active
    builds = [a for a in state.legal_actions(p) if isinstance(a, A.Build)]
    chosen = next(a for a in builds if a.change and sum(
        (b.tile, b.mask, b.brick) == (a.tile, a.mask, a.brick) for b in builds) > 1)
    ways = {str(a) for a in state.builds_for(chosen.tile, chosen.mask, chosen.brick)}
    code = seat_phone(app, phone, state)
    rot, flip = turn_of(chosen.tile, chosen.mask, chosen.brick)
    cell = cell_name(anchor(chosen.mask, chosen.brick))
    body = page_of(phone, code, f"?tile={chosen.tile}&rot={rot}&flip={flip}&cell={cell}")
    assert {a for a in actions_on(body) if " build " in a} == ways
    box = body.split('class="preview-box"')[1]
    assert "Choose how to pay:" in box and "(Change of colours)" in box
    assert box.count("Build here: ") == len(ways)
    line = str(chosen)
    seq = seq_on(body)
    refused(app, phone, code, {"action": line.replace(" change", ""), "seq": seq}, 422,
            "other colours need Change of colours")
    other = next(i for i, n in enumerate(chosen.pay) if n and COLOURS[i] not in chosen.tile)
    absent = next((i for i in range(len(COLOURS)) if not state.hands[p][i]
                   and COLOURS[i] not in chosen.tile), None)
    if absent is not None:  # paid with a colour the hand does not hold
        pay = list(chosen.pay)
        pay[absent], pay[other] = pay[other], 0
        forged = line.replace(f"pay {cards_text(chosen.pay)}", f"pay {cards_text(tuple(pay))}")
        refused(app, phone, code, {"action": forged, "seq": seq}, 422)
    assert phone.post(f"/card/{code}/act", {"action": line, "seq": seq}).status_code == 303
    store = store_of(app)
    after = store.state(store.game(code))
    assert after.log[-1] == line and after.abilities[p]["change"] == "used"
    assert [a - b for a, b in zip(state.hands[p], after.hands[p])] == list(chosen.pay)


def test_the_end_card_coming_up_ends_the_game_on_every_screen_rules_2_7(app, phones):
    state = reach(_end_card_next)
    p = state.active
    take = next(a for a in state.legal_actions(p)
                if isinstance(a, A.Take) and _ends_by_the_end_card(state, a))
    code = seat_phone(app, phones[0], state)
    other = (p + 1) % state.players
    store = store_of(app)
    game = store.game(code)
    phones[1].client.set_cookie(f"seat_{code}", store.claim_seat(game, other, "x") or "")
    assert state.end_card == "deck" and len(state.deck) <= 10
    body = page_of(phones[0], code, f"?pick={take.first + 1},{take.second + 1}")
    assert f"among the last {len(state.deck)} cards of the deck" in body or len(state.deck) == 1
    assert str(take) in actions_on(body)
    assert phones[0].post(f"/card/{code}/act", {"action": str(take), "seq": seq_on(body)}
                          ).status_code == 303
    after = store.state(game)
    assert after.is_over() and after.end_card == "revealed"
    names = [after.names[w] for w in after.winners()]
    for phone in phones[:2]:
        end = page_of(phone, code)
        assert "Game over" in end and "The end card came up from the deck." in end
        assert "Your turn" not in end and 'name="action"' not in end
        assert (f"{names[0]} wins!" in end) if len(names) == 1 else ("share the victory" in end)
        assert "End card:" not in end
    assert "The end card is revealed" in phones[0].get(f"/card/{code}/log").get_data(as_text=True)
    refused(app, phones[1], code, {"action": f"p{other + 1} take 1,2",
                                   "seq": str(after.seq)}, 422)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_status_says_where_the_end_card_is_rules_2_7(app, phone, players):
    start = reach(lambda s: True, players=players)
    body = page_of(phone, seat_phone(app, phone, start))
    if players == 2:  # under the deck from the start
        assert "End card: somewhere in the last 10 cards of the deck." in body
    else:
        assert "End card: set aside. When the deck runs out, it is shuffled into" in body
    rebuilt = reach(lambda s: s.end_card == "deck" and len(s.deck) > 10, players=players)
    body = page_of(phone, seat_phone(app, phone, rebuilt))
    assert "End card: somewhere in the last 10 cards of the deck." in body
    near = reach(lambda s: s.end_card == "deck" and 1 < len(s.deck) <= 10, players=players)
    body = page_of(phone, seat_phone(app, phone, near))
    assert f"End card: among the last {len(near.deck)} cards of the deck." in body


@pytest.mark.slow
def test_a_seat_gets_the_same_bytes_whatever_it_may_not_know_rules_2_4(
        app, phones, monkeypatch):
    """In every phase, at 2 to 4 players: a twin game differing only in the other hands and
    the deck order gives each seat, and a spectator, exactly the same pages."""
    wants = [lambda s: s.seq == 0, lambda s: s.phase == "discard", _arms_with_every_choice,
             _change_is_a_real_choice, lambda s: s.end_card == "deck" and s.players > 2]
    compared = 0
    for k, want in enumerate(wants):
        state = reach(want, seeds=range(k, 300))
        code = seat_phone(app, phones[0], state)
        watcher = (state.active + 1) % state.players
        store = store_of(app)
        token = store.claim_seat(store.game(code), watcher, "w") or ""
        phones[1].client.set_cookie(f"seat_{code}", token)
        for phone, seat in ((phones[0], state.active), (phones[1], watcher), (phones[2], None)):
            compared += same_bytes_whatever_is_hidden(app, phone, code, seat, monkeypatch)
    assert compared > 60


def test_a_shared_victory_names_every_winner(app):
    """A full tie: the end screen names each winner (a filter jinja lacks once broke it)."""
    from flask import render_template

    players = [{"seat": s, "name": n, "score": 9, "empty": 3} for s, n in
               enumerate(["Ann", "Ben", "Cy"])]
    with app.test_request_context("/"):
        body = render_template("card/_end.html", winners=[0, 2], players=players,
                               end_reason="end card", chart=None)
    assert "Ann, Cy share the victory." in body and body.count('class="won"') == 2
