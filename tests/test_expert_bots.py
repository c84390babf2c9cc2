
"""The expert bots (the card edition's search, Roll & Write's learned bot): legal actions only,
the same game from the same seeds, and decisions read from the seat's view only (issue 21)."""

import random
from functools import partial

import pytest

import boardgame
import rollwrite
from boardgame.material import COLOUR_INDEX, COLOURS
from bots.levels import LEVEL_NAMES, make_bot
from bots.rollwrite_expert import ExpertBot
from rollwrite.dice import seeded_roll
from tests.bot_helpers import random_positions

dice_bot = partial(make_bot, "rollwrite", "expert")
card_bot = partial(make_bot, "boardgame", "expert")
SAME_FIRST_ROLL = ("peek-a", "peek-16198")  # same first roll, other rerolls (test_bots_rules)


def test_expert_is_the_top_level_of_both_editions():
    assert LEVEL_NAMES[-1] == "expert"
    assert isinstance(dice_bot(1), ExpertBot)
    assert card_bot(1).choose  # the card edition has the level too


def test_dice_expert_only_returns_legal_actions():
    """Every kind of decision over positions of 1 and 2 players (IllegalAction otherwise)."""
    for players in (1, 2):
        bot = dice_bot(3)
        for state, p in random_positions(rollwrite, players, players * 7, 25):
            state.apply(bot.choose(state.view(p), p))


def test_card_expert_only_returns_legal_actions():
    bot = card_bot(3)
    for state, p in random_positions(boardgame, 2, 5, 10):
        state.apply(bot.choose(state.view(p), p))


def test_dice_expert_choice_does_not_depend_on_the_seed():
    """Two games with the same first roll and other dice later: the same choice, so the bot
    cannot be reading the seed (its rollouts use dice of its own)."""
    a, b = (rollwrite.new_game(1, seed) for seed in SAME_FIRST_ROLL)
    for s in (a, b):
        s.apply(s.chance_action())
    assert a.view(0) == b.view(0)
    assert seeded_roll(SAME_FIRST_ROLL[0], 1, 0) != seeded_roll(SAME_FIRST_ROLL[1], 1, 0)
    assert dice_bot(9).choose(a.view(0), 0) == dice_bot(9).choose(b.view(0), 0)


def test_card_expert_ignores_hidden_cards():
    """Other hands and the deck order change, the choice does not."""
    state = boardgame.new_game(2, 4)
    other = state.clone()
    other.hands[1] = [sum(state.hands[1]), 0, 0, 0, 0]
    random.Random(1).shuffle(other.deck)
    va, vb = state.view(0), other.view(0)
    assert va == vb or va["hands"][0] == vb["hands"][0]
    assert card_bot(2).choose(va, 0) == card_bot(2).choose(vb, 0)


def test_expert_games_are_reproducible_from_their_seeds():
    """Same seeds, same game move for move (a budget of rollouts, not of time)."""
    def game(seed: int) -> list[str]:
        state = rollwrite.new_game(1, seed)
        bot = dice_bot(5)
        while not state.is_over() and state.turn < 3:
            if state.is_chance():
                state.apply(state.chance_action())
            else:
                state.apply(bot.choose(state.view(0), 0))
        return list(state.log)

    assert game(8) == game(8)
    state = boardgame.new_game(2, 6)
    assert card_bot(4).choose(state.view(0), 0) == card_bot(4).choose(state.view(0), 0)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_dice_expert_is_the_learned_bot_at_every_table_size(players):
    """The Roll & Write expert plays as the learned bot, rolls included, on the shipped
    network (issue 40: it beats the search it replaced at every table size), decision for
    decision, from the view; its rerolls and colour changes are its own, not the strong
    bot's."""
    from bots.learned.bot import LearnedRollsBot
    from bots.learned.shipped import solitaire_network

    state = rollwrite.new_game(players, f"alike-{players}")
    experts = {p: ExpertBot(3 + p) for p in range(players)}
    learned = {p: LearnedRollsBot(solitaire_network(), 3 + p) for p in range(players)}
    decisions = 0
    while not state.is_over() and state.turn < 12:
        if state.is_chance():
            state.apply(state.chance_action())
            continue
        seat = state.to_act()[0]
        view = state.view(seat)
        action = experts[seat].choose(view, seat)
        assert action == learned[seat].choose(view, seat)
        state.apply(action)
        decisions += 1
    assert decisions > 20


def _other_world(state: boardgame.GameState, seat: int, rng: random.Random
                 ) -> boardgame.GameState:
    """The same position as `seat` knows it, the cards it cannot see dealt again: the other
    hands (their sizes kept) and the deck's colour cards shuffled together, the end card left
    where it lies."""
    other = state.clone()
    hidden = [c for p, hand in enumerate(other.hands) if p != seat
              for i, n in enumerate(hand) for c in [COLOURS[i]] * n]
    places = [i for i, c in enumerate(other.deck) if c in COLOURS]
    hidden += [other.deck[i] for i in places]
    rng.shuffle(hidden)
    for p, hand in enumerate(other.hands):
        if p != seat:
            size, other.hands[p] = sum(hand), [0] * len(hand)
            for c in hidden[:size]:
                other.hands[p][COLOUR_INDEX[c]] += 1
            hidden = hidden[size:]
    for i, c in zip(places, hidden):
        other.deck[i] = c
    return other


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_card_bots_decide_alike_in_every_world_their_seat_cannot_tell_apart(level):
    """Issue 40, item 3: mid-game positions of a 2-player game, the other hand and the deck
    dealt again from the cards the seat cannot see: its view is the same, and so is the move
    of the bot of each level (seeded alike)."""
    rng = random.Random(level)
    positions = random_positions(boardgame, 2, 31, 60)[5::9]
    assert len(positions) >= 5
    changed = 0
    for state, seat in positions:
        other = _other_world(state, seat, rng)
        changed += other.hands != state.hands or other.deck != state.deck
        assert other.view(seat) == state.view(seat)
        assert (make_bot("boardgame", level, 5).choose(state.view(seat), seat)
                == make_bot("boardgame", level, 5).choose(other.view(seat), seat))
    assert changed >= len(positions) - 1  # the hidden cards did move
