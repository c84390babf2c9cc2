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

# Imagined futures per candidate, the same dice for every candidate; fewer with more players,
# as each future then holds more turns. Solitaire seeds 0-9 (strong: 11.9 turns), CPU time:
# 3 candidates x 6 futures 12.1 turns (p95 38 ms); 4 x 10, two own turns ahead 11.5 (80 ms);
# 6 x 10 11.6 (102 ms); 4 x 16 11.3 (136 ms).
ROLLOUTS = {1: 24, 2: 24, 3: 12, 4: 8}
# With these values (2026-11-25, nice'd on a loaded 2-core machine): vs strong 73.3 %
# (61.0-82.9 %, 60 games, simulate --seed 101) and 63.0 % (53.2-71.8 %, 100 more games):
# 66.9 % (59.3-73.7 %) over 160; vs greedy 87.5 % (40 games, seed 101) and 90.0 % (30, seed
# 202): 88.6 % (79.0-94.1 %) over 70; solitaire seeds 0-199: 11.38 turns where strong needs
# 11.78 (paired difference -0.41, standard error 0.11); decision time p95 113 ms of CPU.
CANDIDATES = 4  # best tiles (and drawings) by the strong bot's values, searched further
HORIZON = 2  # own turns played out after the current one (and the others' turns between)
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


def roll_out(state: GameState, player: int, seed: int, horizon: int = HORIZON) -> float:
    """Play on from `state` (changed in place) with the greedy policy for every seat and the
    dice of `seed`, until this player has played `horizon` more turns (the others theirs in
    between) or the game ends; the value then."""
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

