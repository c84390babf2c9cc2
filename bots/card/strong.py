"""The strong card-edition bot: search over build and take-card choices in sampled worlds."""

from __future__ import annotations

from statistics import mean

from boardgame import actions as A  # noqa: N812
from boardgame.material import END_CARD_DEPTH
from boardgame.phases import Phase
from boardgame.state import GameState
from bots.card.greedy import GreedyBot, hand_value

WORLDS = 6  # hidden cards dealt at random this many times
CANDIDATES = 14  # best greedy actions searched further (200-game runs: 8 -> 62 %, 14 -> 72 %)
NEXT_TURN = 1.0  # weight of the next action (150 games: 0.4 -> 57 %, 1.0 -> 66 %, 1.5 -> 62 %)
ROUND_DRAWS = 4  # cards drawn, about, before this player's next turn (everyone takes two)
# Measured over 2 x 200 games against greedy (seeds 11 and 23): playing the others' turns
# in each world 62-64 % -> 71-74 %; the end-of-deck card value alone +1.5-2 points.


def next_turn_chance(state: GameState) -> float:
    """Chance that the end card stays hidden until this player's next turn: it lies, unseen,
    among the bottom cards of the deck (RULES 2.4, 2.7); the deck size is public."""
    if state.end_card != "deck":
        return 1.0
    size = len(state.deck)
    bottom = min(END_CARD_DEPTH + 1, size)
    if bottom == 0:
        return 0.0
    return 1.0 - max(0, min(bottom, ROUND_DRAWS - (size - bottom))) / bottom


class StrongBot(GreedyBot):
    """For the main decision of a turn: each good candidate is played out in several worlds
    (the unseen deck and hands dealt at random from the view): the rest of the turn, then
    the others' turns, played greedily; it is valued by what it brings now plus the best
    action left for this player's next turn. Cards count for what they may still build."""

    name = "strong"
    worlds = WORLDS  # a subclass may search more or fewer of each
    candidates = CANDIDATES

    def choose(self, view: dict, player: int) -> A.Action:
        """The action for `player`, searched in sampled worlds."""
        worlds = [self.state_of(view, player) for _ in range(self.worlds)]
        state = worlds[0]
        options = state.legal_actions(player)
        if not options:
            raise ValueError("no decision to take for this player now")
        if state.phase in (Phase.DISCARD, Phase.ARMS) or len(options) == 1:
            return self.decide(state, player)
        now = {a: self.value(state, a) for a in options}  # actions are frozen: hashable
        ranked = sorted(options, key=lambda a: -now[a])[:self.candidates]
        return self.searched(worlds, ranked, now, player)

    def searched(self, worlds: list[GameState], ranked: list[A.Action],
                 now: dict[A.Action, float], player: int) -> A.Action:
        """Of the best candidates by their value now (`ranked`), the one whose value now plus
        the best action left for the next turn, averaged over the worlds, is highest."""
        best, best_v = ranked[0], -1e9
        for a in ranked:
            futures = [self._next_best(w, a, player) for w in worlds]
            v = now[a] + NEXT_TURN * mean(futures)
            if v > best_v:
                best, best_v = a, v
        return best

    def value(self, state: GameState, a: A.Action) -> float:
        """The greedy value, with cards worth only what they may still build: near the end
        of the deck taking cards is worth less and spending them costs less."""
        v = super().value(state, a)
        later = next_turn_chance(state)
        if later >= 1.0:
            return v
        if isinstance(a, A.Take) and v > 0:
            return v * later
        if isinstance(a, A.Build):
            hand = state.hands[a.player]
            spent = hand_value(hand) - hand_value([h - k for h, k in zip(hand, a.pay)])
            return v + (1.0 - later) * spent
        return v

    def _next_best(self, world: GameState, action: A.Action, player: int) -> float:
        """Play `action` in a world, finish the turn greedily, let the others play their
        turns greedily (with their sampled hands), then value the best action of this
        player's next turn."""
        w = world.clone()
        w.apply(action)
        guard = 0
        while not w.is_over() and w.active == player and guard < 10:
            w.apply(self.decide(w, player))
            guard += 1
        guard = 0
        while not w.is_over() and w.active != player and guard < 10 * w.players:
            w.apply(self.decide(w, w.active))  # the others take the cards they like
            guard += 1
        if w.is_over():
            return 10.0 if player in w.winners() else -10.0
        w.active = player
        w.phase = Phase.ACT
        options = w.legal_actions(player)
        return max((self.value(w, a) for a in options), default=0.0)
