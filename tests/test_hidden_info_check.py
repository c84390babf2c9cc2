"""The hidden-information check of `copenhagen bench --reliability` (issue 26): it follows whose
turn it really is in the card edition (a take that leaves 8 cards keeps the turn with its
player for the discard; a build can keep it for the coats of arms; the end shows nobody's),
and it counts a page that shows the previous player's hand, so a broken check cannot pass."""

from __future__ import annotations

import random

import boardgame
from benchmarks.reliability import hand_text, page_leaks, rightful_hand


def _page(hand: str) -> bytes:
    """A table page as the web app writes it, showing `hand`."""
    return (f'<main><section class="hand" aria-labelledby="hand-title" data-hand="{hand}">'
            f'<h2 id="hand-title">Your hand</h2></section></main>').encode()


def _kept_turn(phase: str, seed_from: int = 0) -> tuple[object, int, int]:
    """A 2-player card game just after an action that kept the turn with its player and led
    to `phase` ("discard": a take left 8 cards; "arms": a build earned a coat of arms), with
    that player's seat and turn."""
    for seed in range(seed_from, seed_from + 200):
        state, rng = boardgame.new_game(2, seed), random.Random(seed)
        for _ in range(400):
            if state.is_over():
                break
            seat, turn = state.active, state.turn
            state.apply(str(rng.choice(state.legal_actions())))
            if not state.is_over() and (state.active, state.turn) == (seat, turn):
                if state.phase.value == phase:
                    return state, seat, turn
                break
    raise AssertionError(f"no game reached {phase}")


def test_the_same_player_discarding_may_see_their_own_hand_only():
    state, seat, turn = _kept_turn("discard")
    assert sum(state.player_view(seat)["hand"].values()) > 7  # 8 cards or more: discard
    mine, theirs = hand_text(state, seat), hand_text(state, 1 - seat)
    assert rightful_hand(state, (seat, turn)) == mine
    assert not page_leaks(_page(mine), "no-store", mine)  # rightly shown: not a leak
    assert page_leaks(_page(mine), "private, max-age=60", mine)  # a cache may keep it
    assert page_leaks(_page(theirs), "no-store", mine)  # the other player's hand
    assert rightful_hand(state, (1 - seat, turn)) is None  # the other one did not ask now
    assert rightful_hand(state, (seat, turn - 1)) is None  # asked in an earlier turn


def test_abilities_keep_the_turn_too():
    state, seat, turn = _kept_turn("arms")
    assert rightful_hand(state, (seat, turn)) == hand_text(state, seat)


def test_once_the_turn_passes_the_previous_players_hand_is_a_leak():
    state, seat, turn = _kept_turn("discard")
    previous = hand_text(state, seat)
    rng = random.Random(1)
    while (state.active, state.turn) == (seat, turn):  # the discard, and the turn moves on
        state.apply(str(rng.choice(state.legal_actions())))
    assert rightful_hand(state, (seat, turn)) is None  # the phone is handed on
    now = state.active
    assert page_leaks(_page(previous), "no-store", None)  # nobody has asked yet
    assert page_leaks(_page(previous), "no-store", hand_text(state, now))  # the next one did
    assert rightful_hand(state, (now, state.turn)) == hand_text(state, now)
    assert not page_leaks(b"<main>Pass the phone to Bo</main>", "public, max-age=60", None)


def test_at_the_end_nobodys_hand_may_show():
    state, rng = boardgame.new_game(2, 3), random.Random(3)
    while not state.is_over():
        state.apply(str(rng.choice(state.legal_actions())))
    assert rightful_hand(state, (state.active, state.turn)) is None
    assert page_leaks(_page(hand_text(state, 0)), "no-store", None)


def test_hands_are_compared_as_the_page_writes_them():
    assert page_leaks(_page("R,Y") + _page("R,Y,G"), "no-store", "R,Y")  # a second hand
    assert not page_leaks(_page("R,Y") + _page("R,Y"), "no-store", "R,Y")
    assert page_leaks(_page("-"), "no-store", None)  # even an empty hand is a hand shown
