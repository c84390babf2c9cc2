"""The strong card-edition bot: search over build and take-card choices in sampled worlds."""

from __future__ import annotations

from statistics import mean

from boardgame import actions as A  # noqa: N812
from boardgame.bots.greedy import GreedyBot
from boardgame.state import GameState

WORLDS = 8  # hidden cards dealt at random this many times
CANDIDATES = 8  # best greedy actions searched further
NEXT_TURN = 1.0  # weight of the next action (150 games: 0.4 -> 57 %, 1.0 -> 66 %, 1.5 -> 62 %)


class StrongBot(GreedyBot):
    """For the main decision of a turn: each good candidate is played out in several worlds
    (the unseen deck and hands dealt at random from the view), and valued by what it brings
    now plus the best action it leaves for the next turn, harbour refill included."""

    name = "strong"

    def choose(self, view: dict, player: int) -> A.Action:
        """The action for `player`, searched in sampled worlds."""
        worlds = [self.state_of(view, player) for _ in range(WORLDS)]
        state = worlds[0]
        options = state.legal_actions(player)
        if not options:
            raise ValueError("no decision to take for this player now")
        if state.phase in ("discard", "arms") or len(options) == 1:
            return self.decide(state, player)
        ranked = sorted(options, key=lambda a: -self.value(state, a))[:CANDIDATES]
        best, best_v = ranked[0], -1e9
        for a in ranked:
            futures = [self._next_best(w, a, player) for w in worlds]
            v = self.value(state, a) + NEXT_TURN * mean(futures)
            if v > best_v:
                best, best_v = a, v
        return best

    def _next_best(self, world: GameState, action: A.Action, player: int) -> float:
        """Play `action` in a world, finish the turn greedily, then value the best action
        of this player's next turn (others' turns are not simulated)."""
        w = world.clone()
        w.apply(action)
        guard = 0
        while not w.is_over() and w.active == player and guard < 10:
            w.apply(self.decide(w, player))
            guard += 1
        if w.is_over():
            return 10.0 if player in w.winners() else -10.0
        w.active = player
        w.phase = "act"
        options = w.legal_actions(player)
        return max((self.value(w, a) for a in options), default=0.0)
