"""The card edition on a learned evaluation: the n-tuple network's grid tuples read a player's
building, and its features off the grid the score, the cards left in the deck, the cards in hand
and the ability tiles; its value is the points the player will lack at the game's end (12 less
its final score: most games end on the end card, not at 12 points). `LearnedCardBot` takes, at
each decision, the one that leaves the fewest. It reads only what its seat knows: its building,
hand and tiles and the deck's size (never the others' hands or the deck's cards)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np

from boardgame import actions as A  # noqa: N812
from boardgame.material import ABILITIES, COLOUR_COUNT, COLOUR_INDEX, TARGET
from boardgame.state import GameState
from bots.card.greedy import GreedyBot
from bots.learned import CARD
from bots.learned.ntuple import Network, indices, side_layout
from facade.scoring import points_gained

CARD_CAP = 7  # cards of one colour counted up to this many (the hand limit)
ABILITY_STATES = {None: 0, "active": 1, "used": 2}  # an ability tile: not owned, or its side
DECK_STEP = 4  # the deck's size is read in steps of this many cards
DECK_STEPS = 16  # ... up to this many (60 cards and more: the last)
# Each feature off the grid is one of this many values: score, the deck's size, whether the end
# card is in it, the score and the deck's size together, cards of each colour, abilities.
CARD_SIDE = ((TARGET + 1, DECK_STEPS, 2, (TARGET + 1) * DECK_STEPS)
             + (CARD_CAP + 1,) * COLOUR_COUNT + (len(ABILITY_STATES),) * len(ABILITIES))
CARD_STARTS, CARD_SIZE = side_layout(CARD_SIDE)

Position = tuple[int, int, tuple[int, ...]]  # cells filled, bricks, features off the grid


def card_features(score: int, deck: int, end_in_deck: bool, hand: Sequence[int],
                  abilities: dict[str, str]) -> tuple[int, ...]:
    """The value of each feature off the grid: score (up to 12), the deck's size (`deck`
    cards, in steps), whether the end card is in it, the two together, cards of each colour
    (up to 7), and each ability tile (not owned, active, used)."""
    score = min(score, TARGET)
    steps = min(max(deck, 0) // DECK_STEP, DECK_STEPS - 1)
    return (score, steps, int(end_in_deck), score * DECK_STEPS + steps,
            *(min(n, CARD_CAP) for n in hand),
            *(ABILITY_STATES[abilities.get(ab)] for ab in ABILITIES))


def position(state: GameState, player: int) -> Position:
    """What the network reads of `player`'s position."""
    board = state.boards[player]
    return board.filled, board.bricks, card_features(
        state.scores_[player], len(state.deck), state.end_card == "deck", state.hands[player],
        state.abilities[player])


def after(state: GameState, a: A.Action) -> Position:
    """What the network reads of the acting player's position once `a` is applied (its
    building, score, hand and tiles: a copy of the game for each action would cost more than
    the rest of a decision; `tests/test_learned_card.py` compares this with the engine)."""
    p = a.player
    board = state.boards[p]
    filled, bricks = board.filled, board.bricks
    score = state.scores_[p]
    hand = list(state.hands[p])
    abilities = state.abilities[p]
    # the harbour's empty positions are filled again from the deck at the turn's end
    deck = len(state.deck) - sum(1 for card in state.harbour if card is None)
    used: tuple[str, ...] = ()
    if isinstance(a, A.Build):
        bricks |= a.brick
        score += points_gained(filled, bricks, a.mask)
        filled |= a.mask
        hand = [h - k for h, k in zip(hand, a.pay)]
        used = tuple(ab for ab, flag in (("discount", a.discount), ("change", a.change)) if flag)
    elif isinstance(a, A.Take):
        for pos in (a.first, a.second, a.extra):
            colour = None if pos is None else state.harbour[pos]
            if colour is not None:  # a legal take names cards, never an empty position
                hand[COLOUR_INDEX[colour]] += 1
                deck -= 1
        used = tuple(ab for ab, flag in (("any", abs(a.first - a.second) != 1),
                                          ("additional", a.extra is not None),
                                          ("both", a.both)) if flag)
    elif isinstance(a, A.Discard):
        hand = [h - k for h, k in zip(hand, a.cards)]
    elif isinstance(a, A.ArmsWhite):
        score += points_gained(filled, bricks, 1 << a.cell)
        filled |= 1 << a.cell
    elif isinstance(a, A.ArmsAbility):
        abilities = {**abilities, a.ability: "active"}
    elif isinstance(a, A.ArmsRefresh):
        abilities = {ab: "active" for ab in abilities}
    if used:
        abilities = {**abilities, **dict.fromkeys(used, "used")}
    return filled, bricks, card_features(score, deck, state.end_card == "deck", hand, abilities)


def rows(positions: Sequence[Position]) -> np.ndarray:
    """The weights each position reads (`ntuple.indices`)."""
    return indices([f for f, _, _ in positions], [b for _, b, _ in positions],
                   [s for _, _, s in positions], CARD_STARTS)


class LearnedCardBot(GreedyBot):
    """Every decision by the network: the action whose position leaves the fewest points
    lacking at the game's end (the first of equals, in the order the engine lists them)."""

    name = "learned"

    def __init__(self, network: Network, seed: int = 0) -> None:
        super().__init__(seed)
        self.network = network

    def values(self, state: GameState, options: Sequence[A.Action]) -> list[float]:
        """The points lacking at the game's end after each of `options`."""
        return self.network.values(rows([after(state, a) for a in options])).tolist()

    def decide(self, state: GameState, player: int) -> A.Action:
        """The action that leaves the fewest points lacking."""
        options = state.legal_actions(player)
        if not options:
            raise ValueError("no decision to take for this player now")
        if len(options) == 1:
            return options[0]
        values = self.values(state, options)
        return options[min(range(len(values)), key=values.__getitem__)]


def starting_network() -> Network:
    """Where training starts: every weight 0 but the score's, which read 12 less the score
    (from all weights 0, every position it has not seen looks best and 3,000 games of
    self-play never got past 2 points)."""
    network = Network.empty(CARD_SIZE)
    for score in range(TARGET + 1):
        network.weights[CARD_STARTS[0] + score] = TARGET - score
    return network


@cache
def card_network() -> Network:
    """The card edition's network the package ships, read once per process."""
    return Network.load(CARD, CARD_SIZE)
