"""Roll & Write played on a learned evaluation: a network's value of a sheet is the turns still
to come before it holds 12 points, and the bot takes, at each of its decisions about its sheet
(the starting track, the tile with the dice paying for it, the drawing, the coat of arms, its
die picks), the one that leaves the fewest. `LearnedBot` (what trains) rolls and changes colours
as the strong bot does; `LearnedRollsBot` (the expert) weighs those by the network too."""

from __future__ import annotations

from typing import TypeVar

import numpy as np

from bots.learned.ntuple import BLUE_STARS, STAR_CAP, Network, indices, side_features
from bots.rollwrite.greedy import chosen_tile
from bots.rollwrite.strong import (
    StrongBot,
    changed,
    reroll_subsets,
    rerolled,
)
from facade.scoring import lines_points, newly_completed
from rollwrite import actions as A  # noqa: N812
from rollwrite.material import COAT_OF_ARMS_TRACK_BOXES, TARGET, colour_of
from rollwrite.movegen import choose_options
from rollwrite.phases import Phase
from rollwrite.shape_index import SHAPE_INDEX, placement_index
from rollwrite.sheet import Sheet
from rollwrite.state import GameState

REROLL_ROLLS = 8  # imagined rolls per reroll weighed

ActionT = TypeVar("ActionT", bound=A.Action)
Drawing = tuple[int, int]  # (cells, X cell; 0 for an all-O drawing with a blue ★)
Sheets = tuple[list[int], list[int], np.ndarray]  # cells, bricks, features: `indices`


def drawings_of(state: GameState, sheet: Sheet, tile: str) -> tuple[list[Drawing], Sheets]:
    """Every legal drawing of `tile` on `sheet`, and what the network reads of the sheet each
    leaves: its cells, bricks, and features (one row each) with the score and the blue ★ it
    spends (a copy of the sheet for each drawing took most of a decision's time;
    `tests/test_learned.py` compares this with the sheets the engine leaves)."""
    filled, bricks = sheet.building.filled, sheet.building.bricks
    t = placement_index(state.mirror)
    blue = sheet.stars_left("blue")
    found: list[Drawing] = []
    cells: list[int] = []
    xs: list[int] = []
    scores: list[int] = []
    for i in t.legal_indices(filled, [SHAPE_INDEX[tile]]):
        mask = t.placements[i].mask
        # the lines a placement completes are the same wherever its X goes: found once per
        # placement (most complete none), their points counted for each X (points_gained)
        lines = newly_completed(filled, filled | mask)
        for cell in (*t.cell_bits[i], *((0,) if blue > 0 else ())):
            found.append((mask, cell))
            cells.append(filled | mask)
            xs.append(bricks | cell)
            scores.append(lines_points(lines, bricks | cell) if lines else 0)
    # The features off the grid are the sheet's own but for the score and, for an all-O
    # drawing, the blue ★ it spends: one row each, filled in at once (a tuple built for each
    # drawing took a fifth of a review's time).
    features = np.tile(np.asarray(side_features(sheet), dtype=np.int64), (len(found), 1))
    features[:, 0] = np.minimum(sheet.score + np.asarray(scores, dtype=np.int64), TARGET)
    all_o = np.asarray([cell == 0 for _, cell in found], dtype=bool)
    features[all_o, BLUE_STARS] = min(max(blue - 1, 0), STAR_CAP)
    return found, (cells, xs, features)


def chosen_sheet(sheet: Sheet, choice: A.Choose) -> Sheet:
    """A copy of `sheet` once `choice` is made: the bonuses it adds spent, and a yellow ★ for a
    new choice (RULES 3.4; a copy of the whole game for each choice took most of a decision's
    time: `tests/test_learned.py` compares this with the engine's own)."""
    after = sheet.copy()
    after.bonuses_used[colour_of(choice.tile)] += choice.bonuses
    if choice.new_choice:
        after.stars_used["yellow"] += 1
    return after


class LearnedBot(StrongBot):
    """The strong bot's rerolls and colour changes; every choice about the own sheet by the
    network's turns to go."""

    name = "learned"

    def __init__(self, network: Network, seed: int = 0) -> None:
        super().__init__(seed)
        self.network = network

    def _fewest(self, options: list[ActionT], sheets: list[Sheet]) -> ActionT:
        """Of `options`, the one whose sheet (`sheets`, in the same order) leaves the fewest
        turns to go (the first of equals)."""
        values = self.network.sheet_values(sheets).tolist()
        return options[min(range(len(values)), key=values.__getitem__)]

    def _read(self, sheets: Sheets) -> list[float]:
        if not sheets[0]:
            return []
        return self.network.values(indices(*sheets)).tolist()

    def _choose_with_lookahead(self, state: GameState, player: int, choices: list[A.Choose],
                               draws: dict[str, float]) -> A.Action:
        """The choice whose best drawing leaves the fewest turns to go (the first of equals
        in the order the engine lists them)."""
        return self._best_choice(state, state.sheets[player], choices)[1]

    def _best_choice(self, state: GameState, sheet: Sheet, choices: list[A.Choose]
                     ) -> tuple[float, A.Choose]:
        """The turns to go after the best of `choices` (made on `sheet`) and its best drawing,
        and that choice (the first of equals in the order given)."""
        best, best_v = choices[0], float("inf")
        seen: dict[tuple, float] = {}
        for choice in choices:
            after_choice = chosen_sheet(sheet, choice)
            key = (choice.tile, tuple(side_features(after_choice)))
            if key not in seen:
                _, after = drawings_of(state, after_choice, choice.tile)
                seen[key] = min(self._read(after), default=float("inf"))
            if seen[key] < best_v:
                best, best_v = choice, seen[key]
        return best_v, best

    def _kept(self, state: GameState, player: int, options: list) -> tuple[float, A.Action]:
        """Keeping the dice as they are: the turns to go after the best choice of them, and
        that choice (the end of the turn, and the sheet as it stands, when they pay for no
        tile)."""
        sheet = state.sheets[player]
        choices = [a for a in options if isinstance(a, A.Choose)]
        if choices:
            return self._best_choice(state, sheet, choices)
        return float(self.network.sheet_values([sheet])[0]), A.End(player)

    def draw(self, state: GameState) -> A.Draw:
        """The drawing that leaves the fewest turns to go."""
        p = state.active
        tile = chosen_tile(state)
        found, after = drawings_of(state, state.sheets[p], tile)
        values = self._read(after)
        mask, cell = found[min(range(len(values)), key=values.__getitem__)]
        return A.Draw(p, tile, mask, cell)

    def arms(self, state: GameState, player: int, options: list) -> A.Action:
        """The coat of arms (a cell, or two boxes of a track) that leaves the fewest turns."""
        kept = [a for a in options if isinstance(a, A.ArmsCell | A.ArmsTrack)]
        if not kept:
            return super().arms(state, player, options)
        sheets = []
        for a in kept:
            s = state.sheets[player].copy()
            if isinstance(a, A.ArmsCell):
                s.fill(1 << a.cell, 0)
            else:
                s.mark(a.colour, COAT_OF_ARMS_TRACK_BOXES, player)
            sheets.append(s)
        return self._fewest(kept, sheets)

    def decide(self, state: GameState, player: int) -> A.Action:
        """As the strong bot, but the die picks and the starting track by the network too."""
        phase = state.turn_state.phase
        if phase in (Phase.PASSIVE, Phase.SETUP):
            kind, boxes = (A.Pick, 1) if phase == Phase.PASSIVE else (A.Setup, 2)
            options = [a for a in state.legal_actions(player) if isinstance(a, kind)]
            if options:
                sheets = []
                for a in options:
                    s = state.sheets[player].copy()
                    if a.track:  # a starting track may be declined (RULES 3.6)
                        s.mark(a.track, boxes, player)
                    sheets.append(s)
                return self._fewest(options, sheets)
        return super().decide(state, player)


class LearnedTilesBot(LearnedBot):
    """The learned bot that keeps the dice it has: its tile, drawing, coat of arms and die
    picks by the network, an extra cell when it completes a line, never a reroll or colour
    change; no randomness (the review's play-outs: bots.rollwrite_review.ROLLOUT_POLICY)."""

    name = "learned-tiles"

    def before_choosing(self, state: GameState, player: int, options: list) -> A.Action:
        """An extra cell when it completes a line; else the choice with the fewest turns to
        go, or the end of the turn when the dice pay for no tile."""
        extra = self.useful_extra(state, player, options)
        return extra if extra is not None else self._kept(state, player, options)[1]


class LearnedRollsBot(LearnedBot):
    """The learned bot whose rerolls (red ★) and colour changes (green ★) are the network's
    too: the turns to go after the best choice of the dice as they are, against those after
    the best choice of the changed dice, and the mean over imagined rolls of a reroll, each
    with the star spent (the network knows what a star left is worth)."""

    name = "learned-rolls"

    def _turn_value(self, state: GameState, sheet: Sheet, dice: list[str]) -> float:
        choices = choose_options(state, dice)
        if not choices:
            return float(self.network.sheet_values([sheet])[0])
        return self._best_choice(state, sheet, choices)[0]

    def before_choosing(self, state: GameState, player: int, options: list) -> A.Action:
        """An extra cell when it completes a line; else the step with the fewest turns to go:
        the best choice now, a colour change, or a reroll."""
        extra = self.useful_extra(state, player, options)
        if extra is not None:
            return extra
        sheet = state.sheets[player]
        best_v, best = self._kept(state, player, options)
        if sheet.stars_left("green") > 0:
            spent = sheet.copy()
            spent.stars_used["green"] += 1
            for a in options:
                if isinstance(a, A.Change):
                    v = self._turn_value(state, spent, changed(state.dice, a))
                    if v < best_v:
                        best, best_v = a, v
        if sheet.stars_left("red") > 0:
            spent = sheet.copy()
            spent.stars_used["red"] += 1
            rolls = self._rolls(REROLL_ROLLS)
            for subset in reroll_subsets(state.dice):
                values = [self._turn_value(state, spent, rerolled(state.dice, subset, roll))
                          for roll in rolls]
                v = sum(values) / len(values)
                if v < best_v:
                    best, best_v = A.Reroll(player, subset), v
        return best
