"""Bots at a web table, both editions: GET never changes a game (no page, poll or frame makes
a bot move), a person's move comes back with the bots' replies already in the log, and the
page then shows those replies one at a time ("frames" of the game as it stood after each,
offering no move) until it reaches the present, with "Skip ahead" to go there at once."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.web.conftest import Phone
from tests.web.test_card_game import hands_shown
from tests.web.test_card_routes import new_game, page_of, seq_on
from tests.web.test_solo import act, forward, start_bots, state_of
from webapp.games import botplay

HX = {"HX-Request": "true"}
POLL_RE = re.compile(r'hx-get="(/(?:rollwrite|card)/[A-Z0-9]+/poll\?[^"]+)"[^>]*'
                     r'hx-trigger="every ([\d.]+)s(?:, push)?"')
SEQ_RE = re.compile(r'/poll\?seq=(\d+)')
ROUNDS = 12  # rounds of GETs of the long run (each page once a round)


def store_of(app: Any) -> Any:
    return app.extensions["store"]


def snapshot(app: Any, code: str) -> tuple[Any, ...]:
    """Everything a write would change: the game's head, its action rows, its seats."""
    store = store_of(app)
    game = store.game(code)
    return (store.head(code), game.next_code, store.log(game), store.seats(game))


def poll_of(body: str) -> tuple[str, float]:
    """The poll a page asks for next and after how many seconds."""
    found = POLL_RE.search(body)
    assert found, "the page does not poll"
    return found.group(1).replace("&amp;", "&"), float(found.group(2))


def shown_seq(body: str) -> int:
    """The position a page or fragment shows (its poll's `seq`)."""
    found = SEQ_RE.search(body)
    assert found, "the page does not poll"
    return int(found.group(1))


# ------------------------------------------------------------------------- the games
def solo_game(app: Any, phone: Phone) -> str:
    """A solo Roll & Write game against two bots, played for a while, whose bots are then
    left waiting (as in a game from before bots played at once): a GET that moved a bot
    would change its log."""
    code = start_bots(phone, ("greedy", "greedy"))
    answered = 0
    while answered < 2:  # a few of the person's moves answered by the bots: frames to show
        before = state_of(app, code).seq
        legal = phone.client.get(f"/rollwrite/{code}/api").get_json()["legal"]
        act(phone, app, code, forward(legal))
        answered += state_of(app, code).seq > before + 1
    store = store_of(app)
    while 0 in (state := state_of(app, code)).to_act():  # the store alone: no bot plays after
        line = forward([str(a) for a in state.legal_actions(0)])
        store.act(store.game(code), 0, line, state.seq)
    assert botplay.waiting_on_bots(store, store.game(code))
    return code


def card_game(app: Any, phone: Phone) -> str:
    """A card game against two bots (this phone's own seat at the table), the bots answered
    one move and were left waiting after the next."""
    code = new_game(phone, ["person", "greedy", "strong"], mode="table")
    phone.post(f"/card/{code}/act", {"action": "p1 take 3,4", "seq": seq_on(page_of(phone, code))})
    store = store_of(app)
    state = store.state(store.game(code))
    take = next(str(a) for a in state.legal_actions(0) if " take " in str(a))
    store.act(store.game(code), 0, take, state.seq)  # the store alone: no bot plays after it
    assert botplay.waiting_on_bots(store, store.game(code))
    return code


def solo_urls(code: str, seq: int) -> list[list[str]]:
    """Every page and poll of a solo game, then the same asked at positions past, present,
    future and wrong (a group per position)."""
    urls = [f"/rollwrite/{code}", f"/rollwrite/{code}/poll", f"/rollwrite/{code}/version",
            f"/rollwrite/{code}/api",
            f"/rollwrite/{code}/sheet/1", f"/rollwrite/{code}/log", f"/rollwrite/{code}/hint",
            f"/rollwrite/{code}/next",
            f"/rollwrite/{code}/join", f"/rollwrite/{code}/qr.svg", f"/s/{code}",
            f"/s/{code}/result",
            f"/r/{code}", f"/r/{code}?at=3", f"/r/{code}/text", "/s/", "/"]
    positions = [[f"/rollwrite/{code}?at={n}", f"/rollwrite/{code}/poll?seq={n}",
                  f"/rollwrite/{code}/poll?seq={n}&seats=x", f"/rollwrite/{code}?at={n}&cell=a1"]
                 for n in (0, 1, seq - 5, seq - 1, seq, seq + 1, 999, -1, "x")]
    return [urls, *positions]


def card_urls(code: str, seq: int) -> list[list[str]]:
    """Every page and poll of a card game, then the same asked at positions past, present,
    future and wrong (a group per position)."""
    urls = [f"/card/{code}", f"/card/{code}/poll", f"/card/{code}/log", f"/card/{code}/hint",
            f"/card/{code}/join", f"/card/join?code={code}", f"/card/{code}?pick=3,4", "/"]
    positions = [[f"/card/{code}?at={n}", f"/card/{code}/poll?seq={n}",
                  f"/card/{code}?at={n}&pick=1,2"]
                 for n in (0, 1, seq - 3, seq - 1, seq, seq + 1, 999, -1, "x")]
    return [urls, *positions]


GAMES = pytest.mark.parametrize("make, urls", [(solo_game, solo_urls), (card_game, card_urls)],
                                ids=["solo", "card"])


def get_everything(app: Any, phone: Phone, make: Callable[[Any, Phone], str],
                   urls: Callable[[str, int], list[list[str]]], times: int,
                   lasting: float = 0.0) -> None:
    """GET every page and poll of a game whose bots wait, `times` over (and on until
    `lasting` seconds have passed), with the htmx header and without; the game's log, head
    and seats must not change. Once: every page with every position; more often: every page
    each round, the positions taken in turn."""
    code = make(app, phone)
    before = snapshot(app, code)
    pages, *positions = urls(code, before[0][0])
    started = time.monotonic()
    n = 0
    while n < times or time.monotonic() - started < lasting:
        n += 1
        every = pages + ([u for group in positions for u in group] if times == 1
                         else positions[n % len(positions)])
        for url in every:
            for headers in (HX, {}) if times == 1 else (HX if n % 2 else {},):
                resp = phone.get(url, headers=headers)
                assert resp.status_code < 500, url
    assert snapshot(app, code) == before


@pytest.mark.both_databases
@GAMES
def test_no_get_moves_a_waiting_bot_nor_changes_the_log(
        app: Any, phone: Phone, make: Callable[[Any, Phone], str],
        urls: Callable[[str, int], list[list[str]]]) -> None:
    get_everything(app, phone, make, urls, 1)


@pytest.mark.slow
@GAMES
def test_a_hundred_rounds_of_gets_change_nothing(
        app: Any, phone: Phone, make: Callable[[Any, Phone], str],
        urls: Callable[[str, int], list[list[str]]]) -> None:
    """As above, for long enough that a bot moving at its pace (0.8 s) would have moved:
    ROUNDS rounds and at least three of its steps (100 rounds took 68 s under load; the bot
    that moved at its pace would have moved within the first second)."""
    get_everything(app, phone, make, urls, ROUNDS, lasting=3 * botplay.BOT_STEP_SECONDS)


# ------------------------------------------------------------------------- frames
def follow_frames(phone: Phone, first: str, present: str, moves: str) -> list[int]:
    """From the page a move was redirected to (`first`), the polls a browser makes until the
    present, checking each frame: no move offered (no `moves` pattern), "Skip ahead" to the
    present, the next poll after BOT_STEP_SECONDS, the present's address for the address
    bar. Returns the positions shown, the present's last."""
    resp = phone.get(first)
    body = resp.get_data(as_text=True)
    assert f'http-equiv="refresh" content="0; url={present}"' in body  # no JavaScript: now
    shown = []
    for _ in range(60):
        url, seconds = poll_of(body)
        shown.append(shown_seq(body))
        if 'data-my-move="1"' in body or seconds != botplay.BOT_STEP_SECONDS:
            return shown  # the present
        assert not re.search(moves, body), "a frame offers a move"
        assert f'href="{present}">Skip ahead</a>' in body and 'data-my-move="0"' in body
        resp = phone.get(url, headers=HX)
        assert resp.status_code == 200
        if resp.headers.get("HX-Replace-Url"):
            assert resp.headers["HX-Replace-Url"] == present
        body = resp.get_data(as_text=True)
    raise AssertionError("the frames never reached the present")


@pytest.mark.both_databases
def test_solo_frames_step_through_each_bot_move_to_the_present(app: Any, phone: Phone) -> None:
    code = start_bots(phone, ("greedy", "random"))
    store = store_of(app)
    for _ in range(60):
        before = state_of(app, code).seq
        legal = phone.client.get(f"/rollwrite/{code}/api").get_json()["legal"]
        resp = act(phone, app, code, forward(legal))
        if state_of(app, code).seq > before + 1:
            break
    else:
        raise AssertionError("the bots never had a turn")
    head = store.head(code)[0]
    mine = before + 1
    assert resp.headers["Location"] == f"/rollwrite/{code}?at={mine}"
    moves = rf'/rollwrite/{code}/act"|name="action"|\?cell=|/rollwrite/{code}/hint"'
    shown = follow_frames(phone, resp.headers["Location"], f"/rollwrite/{code}", moves)
    assert shown == list(range(mine, head + 1))  # every bot move, one at a time, then now
    present = phone.get(f"/rollwrite/{code}/poll?seq={head}", headers=HX)
    assert present.status_code == 204
    # "Skip ahead": the present at once
    now = phone.get(f"/rollwrite/{code}").get_data(as_text=True)
    assert re.search(moves, now) and shown_seq(now) == head
    assert store.head(code)[0] == head


@pytest.mark.both_databases
def test_card_frames_show_only_the_viewers_own_hand_as_it_was(app: Any, phone: Phone) -> None:
    code = new_game(phone, ["person", "greedy", "greedy"], mode="table")
    store = store_of(app)
    game = store.game(code)
    resp = phone.post(f"/card/{code}/act", {"action": "p1 take 3,4",
                                         "seq": seq_on(page_of(phone, code))})
    head = store.head(code)[0]
    assert resp.headers["Location"] == f"/card/{code}?at=1" and head > 2
    moves = rf'name="action"|\?pick=|\?tile=|/card/{code}/hint"'
    shown = follow_frames(phone, resp.headers["Location"], f"/card/{code}", moves)
    bots = [r.seq for r in store.log(game) if r.seat in (1, 2)]
    assert shown == [1, *bots[:-1], head]
    for at in shown[:-1]:
        body = page_of(phone, code, f"?at={at}")
        assert hands_shown(body) and set(hands_shown(body)) == {
            tuple(store.state_at(game, at).hands[0])}  # its own hand, as it was then
    assert re.search(moves, page_of(phone, code))


def test_a_hot_seat_frame_shows_no_hand_and_no_pass_screen(app: Any, phone: Phone) -> None:
    code = new_game(phone, ["person", "person", "greedy"], mode="hotseat")
    store = store_of(app)
    game = store.game(code)
    for seat in (0, 1):
        phone.post(f"/card/{code}/reveal", {"seat": str(seat)})
        state = store.state(game)
        take = next(str(a) for a in state.legal_actions(seat) if " take " in str(a))
        resp = phone.post(f"/card/{code}/act", {"action": take, "seq": str(state.seq)})
    at = store.log(game)[-1].seq - len([r for r in store.log(game) if r.seat == 2])
    assert resp.headers["Location"] == f"/card/{code}?at={at}"
    frame = page_of(phone, code, f"?at={at}")
    assert "data-hand" not in frame and "/reveal" not in frame and "Skip ahead" in frame
    assert "Pass the phone to" in page_of(phone, code)  # the present: Ann's turn again


def test_the_frame_link_of_a_game_without_bots_shows_the_present(app: Any, phone: Phone
                                                                 ) -> None:
    code = new_game(phone, ["person", "person"], mode="hotseat")
    phone.post(f"/card/{code}/reveal", {"seat": "0"})
    state = store_of(app).state(store_of(app).game(code))
    take = next(str(a) for a in state.legal_actions(0) if " take " in str(a))
    resp = phone.post(f"/card/{code}/act", {"action": take, "seq": "0"})
    assert resp.headers["Location"] == f"/card/{code}"
    body = page_of(phone, code, "?at=0")
    assert shown_seq(body) == 1 and "Skip ahead" not in body
