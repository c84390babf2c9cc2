"""The greedy Roll & Write bot: the best immediate value of every decision, from the view."""

from __future__ import annotations

import random
from functools import lru_cache

from bots.rollwrite.evaluate import best_brick, grid_value, sheet_value
from facade.scoring import newly_completed
from rollwrite import actions as A  # noqa: N812
from rollwrite.material import COAT_OF_ARMS_TRACK_BOXES, DICE, TRACK_LENGTH, TRACKS
from rollwrite.phases import Phase
from rollwrite.shape_index import SHAPE_INDEX, placement_index
from rollwrite.state import GameState

STAR_COST = 0.45
BONUS_COST = 0.3
DIE_LEFT_COST = 0.04  # every die left unused helps the other players a little


def placement_options(
    filled: int, bricks: int, tile: str, mirror: bool
) -> list[tuple[float, int, int]]:
    """(grid value, mask, X cell) of every legal placement of `tile` with its best X on a grid
    (filled and brick cells), with or without the table's mirror option."""
    t = placement_index(mirror)
    out = []
    for i in t.legal_indices(filled, [SHAPE_INDEX[tile]]):
        mask = t.placements[i].mask
        cell, v = best_brick(filled, bricks, mask, t.cell_bits[i])
        out.append((v, mask, cell))
    return out


# A searching bot's rollouts draw on the same grids again and again (every imagined future
# starts from the same sheet): the best drawing of a tile on a grid is kept. Profiled on
# 2026-11-25 (cProfile, one expert-vs-strong game) drawing values took 34 % of the time;
# the cache leaves every decision as it was (the same games, move for move).
@lru_cache(maxsize=1 << 16)
def _best_drawing(
    filled: int, bricks: int, tile: str, blue: bool, mirror: bool
) -> tuple[float, int, int] | None:
    """(value, cells, X cell; X cell 0 for an all-O drawing with a blue ★) of the best
    drawing of `tile` on a grid, or None when it fits nowhere."""
    best_v, best = -1e9, None
    for v, mask, cell in placement_options(filled, bricks, tile, mirror):
        if v > best_v:
            best_v, best = v, (v, mask, cell)
        if blue:
            clean = grid_value(filled | mask, bricks) - STAR_COST
            if clean > best_v:
                best_v, best = clean, (clean, mask, 0)
    return best


def best_draw(state: GameState, tile: str) -> tuple[float, A.Draw | None]:
    """The best way to draw `tile` now (an all-O draw counts the blue ★ it costs)."""
    p = state.active
    sheet = state.sheets[p]
    found = _best_drawing(sheet.building.filled, sheet.building.bricks, tile,
                          sheet.stars_left("blue") > 0, state.mirror)
    if found is None:
        return -1e9, None
    value, mask, cell = found
    return value, A.Draw(p, tile, mask, cell)


def choose_value(state: GameState, choice: A.Choose, draw_values: dict[str, float]) -> float:
    """Value of a choice: its best drawing, less the bonuses and stars it spends and the
    dice it leaves to the others."""
    left = len(state.turn_state.dice) - len(choice.dice)
    cost = BONUS_COST * choice.bonuses + DIE_LEFT_COST * left * (state.players - 1)
    if choice.new_choice:
        cost += STAR_COST
    return draw_values[choice.tile] - cost


def rank_choices(state: GameState, choices: list[A.Choose]) -> list[tuple[float, A.Choose]]:
    """Choices with their values, best first."""
    draw_values = {t: best_draw(state, t)[0] for t in {c.tile for c in choices}}
    ranked = [(choose_value(state, c, draw_values), c) for c in choices]
    ranked.sort(key=lambda x: -x[0])
    return ranked


def pick_value(state: GameState, player: int, track: str) -> float:
    """Worth of one more box on a track for a passive player."""
    sheet = state.sheets[player]
    marks = sheet.marks[track]
    if marks >= TRACK_LENGTH:
        return -1.0
    symbol = TRACKS[track].symbols[marks]
    value = 0.1 + 0.02 * marks
    if symbol == "+":
        value += 0.35
    elif symbol == "*":
        value += 0.5 if track != "red" else 0.4
    if marks == TRACK_LENGTH - 1:
        value += 2.0
    return value


def best_pick(state: GameState, player: int, options: list[A.Action]) -> A.Action:
    """The pick with the most worth (bots never decline: RULES 5.10)."""
    picks = [a for a in options if isinstance(a, A.Pick)]
    if not picks:
        return A.Pass(player)
    return max(picks, key=lambda a: (pick_value(state, player, a.track), -a.die))


def after_value(state: GameState, action: A.Action, player: int) -> float:
    """Sheet value for `player` after applying `action` to a copy."""
    copy = state.clone()
    copy.apply(action)
    return sheet_value(copy.sheets[player])


def arms_value(state: GameState, action: A.Action, player: int) -> float:
    """`after_value` of a coat-of-arms choice, from a copy of the sheet alone: a search's
    rollouts weigh these choices thousands of times, and a copy of the whole game for each
    took a fifth of the expert's time (cProfile, 2026-11-25). The sheet draws the cell and
    scores its lines, or marks the two boxes, as in the engine (RULES 3.4.2);
    tests/test_fast_paths.py compares it with `after_value`."""
    if isinstance(action, A.ArmsCell):
        sheet = state.sheets[player].copy()
        sheet.fill(1 << action.cell, 0)
        return sheet_value(sheet)
    if isinstance(action, A.ArmsTrack):
        sheet = state.sheets[player].copy()
        sheet.mark(action.colour, COAT_OF_ARMS_TRACK_BOXES, player)
        return sheet_value(sheet)
    return after_value(state, action, player)


def chosen_tile(state: GameState) -> str:
    """The tile the active player chose this turn: what a drawing draws (the engine asks for
    a drawing only once a tile is chosen)."""
    chosen = state.turn_state.chosen
    assert chosen is not None, "no tile is chosen: nothing to draw"
    return chosen.tile


class GreedyBot:
    """Best immediate value, with sensible tie-breaks; no look-ahead."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.seed = seed

    def state_of(self, view: dict, player: int) -> GameState:
        """A state rebuilt from what the player sees (the seed is not in the view)."""
        return GameState.from_view(view, self.rng.randrange(1 << 30))

    def choose(self, view: dict, player: int) -> A.Action:
        """The action for `player` in the position the view shows."""
        state = self.state_of(view, player)
        return self.decide(state, player)

    def decide(self, state: GameState, player: int) -> A.Action:
        """Decision on a full state rebuilt from the view."""
        options = state.legal_actions(player)
        if not options:
            raise ValueError("no decision to take for this player now")
        turn = state.turn_state
        if turn.phase == Phase.SETUP:
            return A.Setup(player, "red")
        if turn.phase == Phase.PASSIVE:
            return best_pick(state, player, options)
        if turn.pending_arms:
            return self.arms(state, player, options)
        if turn.chosen is None:
            return self.before_choosing(state, player, options)
        if not turn.drawn:
            return self.draw(state)
        return self.finish(state, player, options)

    # --- the steps of a turn
    def before_choosing(self, state: GameState, player: int, options: list) -> A.Action:
        """Choose the best tile (or use an extra cell first if it pays)."""
        extra = self.useful_extra(state, player, options)
        if extra is not None:
            return extra
        choices = [a for a in options if isinstance(a, A.Choose)]
        if choices:
            return rank_choices(state, choices)[0][1]
        rerolls = [a for a in options if isinstance(a, A.Reroll) and len(a.dice) == DICE]
        return rerolls[0] if rerolls else A.End(player)

    def draw(self, state: GameState) -> A.Action:
        """The best drawing of the chosen tile."""
        _, action = best_draw(state, chosen_tile(state))
        assert action is not None
        return action

    def finish(self, state: GameState, player: int, options: list) -> A.Action:
        """End the turn, after an extra cell if one pays."""
        extra = self.useful_extra(state, player, options)
        return extra if extra is not None else A.End(player)

    def useful_extra(self, state: GameState, player: int, options: list) -> A.Action | None:
        """A purple ★ extra cell when it completes a line now."""
        extras = [a for a in options if isinstance(a, A.Extra) and a.brick]
        if not extras:
            return None
        filled = state.sheets[player].building.filled
        for a in extras:
            if newly_completed(filled, filled | (1 << a.cell)):
                return a
        return None

    def arms(self, state: GameState, player: int, options: list) -> A.Action:
        """The coat-of-arms choice with the best sheet afterwards."""
        best = max(options, key=lambda a: (arms_value(state, a, player)
                                           if not isinstance(a, A.Undo) else -1e9))
        return best
