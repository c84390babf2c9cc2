"""The greedy card-edition bot: the best immediate value of every decision, from the view."""

from __future__ import annotations

import random
from functools import lru_cache

from boardgame import actions as A  # noqa: N812
from boardgame.material import ARMS_CELLS, ARMS_ROWS, COLOUR_INDEX, HAND_LIMIT, TILES
from boardgame.state import GameState
from bots.potential import grid_value

ARMS_LINES = frozenset(("row", r) for r in ARMS_ROWS)
ARMS_VALUE = 1.3
CARD_VALUE = 0.28  # what a card in hand is worth, roughly
CELL_VALUE = 0.35  # tuned over 300 greedy-random games: 0.2 -> 88.5 %, 0.35 -> 93 %
ABILITY_COST = 0.5  # using an ability tile (it needs a coat of arms to come back)
ABILITY_PREFERENCE = ("both", "discount", "change", "additional")


def board_value(state: GameState, player: int, filled: int, bricks: int) -> float:
    """The board's promise, with coats of arms: rows 2, 4, 6 and the covered cells."""
    return _board_value(filled, bricks)


@lru_cache(maxsize=65536)
def _board_value(filled: int, bricks: int) -> float:
    covered = (filled & ARMS_CELLS).bit_count()
    return (
        grid_value(filled, bricks, ARMS_LINES, ARMS_VALUE)
        + ARMS_VALUE * covered
        + CELL_VALUE * filled.bit_count()  # fewer empty cells: the tie-break, and progress
    )


def hand_value(hand: list[int] | tuple[int, ...]) -> float:
    """Cards are worth more when they gather in few colours (big tiles need many)."""
    return _hand_value(tuple(hand))


@lru_cache(maxsize=65536)
def _hand_value(hand: tuple[int, ...]) -> float:
    return sum(CARD_VALUE * n + 0.06 * n * n for n in hand)


# Sizes of the tiles, read once: a build's value is asked millions of times in a review's
# play-outs (cProfile of one card review, 2026-11-26: 2.4 M calls, a quarter of its CPU). With
# the direct calls below, the card reviews of `copenhagen bench --only review` (3 games, CPU s,
# 2026-11-26, load 1-2 on the 2 cores): median 22.94 before, 19.42 and 19.86 after (two runs),
# the review of game 77 byte-identical.
TILE_SIZES = {tid: shape.size for tid, shape in TILES.items()}


def build_value(state: GameState, a: A.Build) -> float:
    """Change in board promise, less the cards paid and the abilities used. (The cached
    values are called directly, the same numbers in the same order as board_value and
    hand_value give: this is the play-outs' hottest function.)"""
    board = state.boards[a.player]
    hand = state.hands[a.player]
    before = _board_value(board.filled, board.bricks)
    after = _board_value(board.filled | a.mask, board.bricks | a.brick)
    cost = _hand_value(tuple(hand)) - _hand_value(tuple([h - k for h, k in zip(hand, a.pay)]))
    return after - before - cost - ABILITY_COST * (a.discount + a.change) + 0.15 * TILE_SIZES[
        a.tile]


def take_value(state: GameState, a: A.Take) -> float:
    """What the cards taken add to the hand, less the abilities used (the cached hand values
    called directly: the same numbers as hand_value)."""
    own = state.hands[a.player]
    hand = list(own)
    harbour = state.harbour
    for pos in (a.first, a.second, a.extra):
        colour = None if pos is None else harbour[pos]
        if colour is not None:
            hand[COLOUR_INDEX[colour]] += 1
    over = max(0, sum(hand) - HAND_LIMIT)
    used = (abs(a.first - a.second) != 1) + (a.extra is not None) + a.both
    gained = _hand_value(tuple(hand)) - _hand_value(tuple(own)) - 0.4 * over
    return gained - ABILITY_COST * used + (0.6 if a.both else 0.0)


def discard_value(state: GameState, a: A.Discard) -> float:
    """The hand that is kept."""
    return hand_value([h - k for h, k in zip(state.hands[a.player], a.cards)])


def arms_value(state: GameState, a: A.Action) -> float:
    """Coat-of-arms choices: a scoring white tile first, then abilities in a useful order."""
    p = a.player
    if isinstance(a, A.ArmsWhite):
        board = state.boards[p]
        cell = 1 << a.cell
        return board_value(state, p, board.filled | cell, board.bricks) - board_value(
            state, p, board.filled, board.bricks
        )
    if isinstance(a, A.ArmsAbility):
        return 2.0 - 0.2 * ABILITY_PREFERENCE.index(a.ability)
    used = sum(1 for v in state.abilities[p].values() if v == "used")
    return 0.9 * used


class GreedyBot:
    """Best immediate value, with sensible tie-breaks; no look-ahead."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def state_of(self, view: dict, player: int) -> GameState:
        """A full state consistent with the view (hidden cards sampled, never peeked)."""
        return GameState.from_view(view, player, self.rng)

    def choose(self, view: dict, player: int) -> A.Action:
        """The action for `player` in the position the view shows."""
        return self.decide(self.state_of(view, player), player)

    def decide(self, state: GameState, player: int) -> A.Action:
        """Decision on a full state (its hidden parts are samples)."""
        options = state.legal_actions(player)
        if not options:
            raise ValueError("no decision to take for this player now")
        if len(options) == 1:  # one legal choice: nothing to value (the same choice)
            return options[0]
        best, best_v = options[0], self.value(state, options[0])
        for a in options[1:]:
            v = self.value(state, a)
            if v > best_v:  # the first of equals wins: listing order is the tie-break
                best, best_v = a, v
        return best

    def value(self, state: GameState, a: A.Action) -> float:
        """Immediate value of an action."""
        if isinstance(a, A.Build):
            return build_value(state, a)
        if isinstance(a, A.Take):
            return take_value(state, a)
        if isinstance(a, A.Discard):
            return discard_value(state, a)
        if isinstance(a, A.Pass):
            return -0.5
        return arms_value(state, a)
