"""The expert Roll & Write bot: the strong bot's best few candidates for a turn's tile and its
drawing, each played out over imagined dice by the greedy policy; the best average wins.

It decides from `state.view(seat)` alone: the state it searches is rebuilt from the view
(`GameState.from_view`) with seeds of its own for the dice still to come, so it never sees the
real seed. Its strength is a fixed budget of rollouts, not of time: a game is the same from its
seed on any machine.
"""

from __future__ import annotations

from bots.rollwrite.evaluate import sheet_value
from bots.rollwrite.greedy import GreedyBot, rank_choices
from bots.rollwrite.strong import StrongBot, drawings
from rollwrite import actions as A  # noqa: N812
from rollwrite.state import GameState

# Imagined futures per candidate (the same dice for every candidate) and the own turns each
# plays out after the current one (the others' turns between), by number of players.
# Chosen 2026-11-25 from 200-game runs vs strong (simulate --seed 303, 2 players): 10 futures,
# one turn ahead 65.3 % (58.4-71.5); 20 futures 72.5 % (65.9-78.2); two turns ahead 71.8 %
# (65.2-77.5). Both together (24 futures, two turns), 400 games, --seed 101: vs strong 73.3 %
# (68.7-77.4), short of the 75 % asked; CPU p95 132 ms a decision (quiet machine, 3 games vs
# greedy), room for more: 40 futures (p95 about 270 ms) was tried but its 400 games did not
# finish in the time this stop had.
# The solitaire keeps 16 futures one turn ahead: seeds 0-199, 11.38 turns to 12 (strong
# 11.78); 24 futures two turns ahead did worse there, 11.68.
ROLLOUTS = {1: 16, 2: 24, 3: 12, 4: 8}
HORIZONS = {1: 1, 2: 2, 3: 2, 4: 2}
CANDIDATES = 4  # best tiles (and drawings) by the strong bot's values, searched further
OPPONENT_WEIGHT = 0.5  # how much the others' progress counts against this player's
WIN_BONUS = 6.0  # a rollout in which this player has won (or the others have)

ROLLOUT_POLICY = GreedyBot(0)  # greedy decisions use no randomness


def position_value(state: GameState, player: int) -> float:
    """How good a (rolled-out) position is for `player`: its sheet's value less a share of
    the best other sheet's, and a bonus once the game is won or lost."""
    own = sheet_value(state.sheets[player])
    others = [sheet_value(s) for i, s in enumerate(state.sheets) if i != player]
    value = own - OPPONENT_WEIGHT * max(others, default=0.0)
    if state.is_over():
        value += WIN_BONUS if player in state.winners() else -WIN_BONUS
    return value


def roll_out(state: GameState, player: int, seed: int, horizon: int | None = None) -> float:
    """Play on from `state` (changed in place) with the greedy policy for every seat and the
    dice of `seed`, until this player has played `horizon` more turns (HORIZONS by number of
    players when not given; the others theirs in between) or the game ends; the value then."""
    if horizon is None:
        horizon = HORIZONS[state.players]
    state.config["seed"] = seed
    state._due_roll = None  # a roll made for the searched state's seed is not this one's
    stop = state.turn + horizon * state.players + 1
    guard = 0
    while not state.is_over() and state.turn < stop and guard < 400:
        guard += 1
        if state.is_chance():
            state.apply(state.chance_action())
            continue
        seat = state.to_act()[0]
        state.apply(ROLLOUT_POLICY.decide(state, seat))
    return position_value(state, player)


class ExpertBot(StrongBot):
    """The strong bot's rerolls, colour changes and picks; its tile choice and its drawing
    searched by rollouts of the greedy policy over imagined dice."""

    name = "expert"

    def _search(self, state: GameState, player: int, candidates: list[A.Action]) -> A.Action:
        """The candidate with the best mean value over the same imagined futures."""
        if len(candidates) == 1:
            return candidates[0]
        seeds = [self.rng.randrange(1 << 30) for _ in range(ROLLOUTS[state.players])]
        best, best_v = candidates[0], -1e9
        for action in candidates:
            total = 0.0
            for seed in seeds:
                world = state.clone()
                world.apply(action)
                total += roll_out(world, player, seed)
            if total > best_v:
                best, best_v = action, total
        return best

    def before_choosing(self, state: GameState, player: int, options: list) -> A.Action:
        """The strong bot's extra cells, colour changes and rerolls; then the tile, searched."""
        action = super().before_choosing(state, player, options)
        if not isinstance(action, A.Choose):
            return action
        choices = [a for a in options if isinstance(a, A.Choose)]
        candidates: list[A.Action] = [action]
        tiles = {action.tile}
        for _, choice in rank_choices(state, choices):
            if len(candidates) >= CANDIDATES:
                break
            if choice.tile not in tiles:
                tiles.add(choice.tile)
                candidates.append(choice)
        return self._search(state, player, candidates)

    def draw(self, state: GameState) -> A.Action:
        """The best few drawings of the chosen tile by grid value, searched."""
        p = state.active
        tid = state.turn_state.chosen.tile
        options = drawings(state)  # listed once, for the strong bot's pick and the search
        strong = self.best_drawing(state, options)
        candidates: list[A.Action] = [strong]
        for _, mask, cell in options:
            if len(candidates) >= CANDIDATES:
                break
            if (mask, cell) != (strong.mask, strong.brick):
                candidates.append(A.Draw(p, tid, mask, cell))
        return self._search(state, p, candidates)

