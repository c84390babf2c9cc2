"""The strong Roll & Write bot: expectation over dice outcomes for rerolls, colour changes and
the choice of placement (what the next turn's dice are likely to allow)."""

from __future__ import annotations

from statistics import mean

from bots.rollwrite.evaluate import grid_value
from bots.rollwrite.greedy import STAR_COST, GreedyBot, best_draw, choose_value, chosen_tile
from facade.scoring import points_gained
from rollwrite import actions as A  # noqa: N812
from rollwrite.material import DICE, FACES, SHAPES, colour_of
from rollwrite.movegen import choose_options
from rollwrite.shape_index import SHAPE_IDS, SHAPE_INDEX, placement_index
from rollwrite.state import GameState

SAMPLES = 16  # imagined rolls per estimate
TOP = 8  # placements looked at more closely
REROLL_MARGIN = 0.0  # over 300 games vs greedy: 0.3 -> 68 %, 0.1 -> 80 %, 0.0 -> 83.5 %
LOOKAHEAD = 0.15  # weight of next turn's expected gain (tuned: 0.15-0.25 beat 0.45-0.8)


def immediate_gain(filled: int, bricks: int, mask: int) -> float:
    """Points a placement scores at once (its X put where it hurts least: counted as 1 per
    row / 2 per column when any line already holds an X, else the windows-only value)."""
    return float(points_gained(filled, bricks, mask))


def best_gain_by_shape(state: GameState, player: int, filled: int, bricks: int) -> dict[str, float]:
    """Per facade-sheet shape that fits: the most points one placement of it scores at once."""
    t = placement_index(state.mirror)
    out: dict[str, float] = {}
    for i in t.legal_indices(filled):
        tid = SHAPE_IDS[int(t.owner[i])]
        g = immediate_gain(filled, bricks, t.placements[i].mask)
        if g >= out.get(tid, -1.0):
            out[tid] = g
    return out


def expected_next_gain(state: GameState, player: int, filled: int, bricks: int,
                       rolls: list[tuple[str, ...]]) -> float:
    """Mean over imagined rolls of the best immediate points next turn."""
    gains = best_gain_by_shape(state, player, filled, bricks)
    if not gains:
        return 0.0
    sheet = state.sheets[player]
    open_ids = set(state.available_entries())
    best_per_roll = []
    for roll in rolls:
        whites = roll.count("white")
        best = 0.0
        for tid, g in gains.items():
            if g <= best or tid not in open_ids:
                continue
            colour = colour_of(tid)
            have = roll.count(colour) + whites + min(2, sheet.bonuses_left(colour))
            if SHAPES[tid].size <= have:
                best = g
        best_per_roll.append(best)
    return mean(best_per_roll)


def changed(dice: list[str], change: A.Change) -> list[str]:
    """The dice once a colour change (green ★) is made."""
    out = list(dice)
    for d in change.dice:
        out[d] = change.face
    return out


def reroll_subsets(dice: list[str]) -> list[tuple[int, ...]]:
    """The rerolls (red ★) weighed, in order: all the dice, or all but those showing one colour
    (and the whites)."""
    subsets = {tuple(range(DICE))}
    for keep in FACES:
        others = tuple(d for d, f in enumerate(dice) if f not in (keep, "white"))
        if others:
            subsets.add(others)
    return sorted(subsets)


def rerolled(dice: list[str], subset: tuple[int, ...], roll: tuple[str, ...]) -> list[str]:
    """The dice once those of `subset` show what `roll` gives them."""
    out = list(dice)
    for d in subset:
        out[d] = roll[d]
    return out


def drawings(state: GameState) -> list[tuple[float, int, int]]:
    """Every drawing of the chosen tile as (grid value, cells, brick cell), best first; the
    brick may be left off with a blue star (brick 0, the star's cost taken off its value)."""
    tid = chosen_tile(state)
    sheet = state.sheets[state.active]
    filled, bricks = sheet.building.filled, sheet.building.bricks
    t = placement_index(state.mirror)
    blue = sheet.stars_left("blue") > 0
    options: list[tuple[float, int, int]] = []
    for i in t.legal_indices(filled, [SHAPE_INDEX[tid]]):
        mask = t.placements[i].mask
        for cell in t.cell_bits[i]:
            options.append((grid_value(filled | mask, bricks | cell), mask, cell))
        if blue:
            options.append((grid_value(filled | mask, bricks) - STAR_COST, mask, 0))
    options.sort(key=lambda x: -x[0])
    return options


class StrongBot(GreedyBot):
    """Greedy values, plus expectations over dice: when to reroll or change colours, and
    which placement leaves the best chances for the next turn."""

    name = "strong"

    def _rolls(self, n: int = SAMPLES) -> list[tuple[str, ...]]:
        return [tuple(self.rng.choice(FACES) for _ in range(DICE)) for _ in range(n)]

    def _best_value(self, state: GameState, dice: list[str], draws: dict[str, float]) -> float:
        choices = choose_options(state, dice)
        if not choices:
            return -1.0
        return max(choose_value(state, c, draws) for c in choices)

    def _draw_values(self, state: GameState) -> dict[str, float]:
        return {t: best_draw(state, t)[0] for t in SHAPES}

    def before_choosing(self, state: GameState, player: int, options: list) -> A.Action:
        """Reroll or change colours when the expectation says so, then choose with look-ahead."""
        extra = self.useful_extra(state, player, options)
        if extra is not None:
            return extra
        draws = self._draw_values(state)
        now = self._best_value(state, state.dice, draws)
        sheet = state.sheets[player]
        if sheet.stars_left("green") > 0:
            best_change, best_v = None, now + STAR_COST + 0.2
            for a in options:
                if isinstance(a, A.Change):
                    v = self._best_value(state, changed(state.dice, a), draws)
                    if v > best_v:
                        best_change, best_v = a, v
            if best_change is not None:
                return best_change
        if sheet.stars_left("red") > 0:
            reroll = self._reroll(state, draws, now)
            if reroll is not None:
                return A.Reroll(player, reroll)
        choices = [a for a in options if isinstance(a, A.Choose)]
        if not choices:
            return A.End(player)
        return self._choose_with_lookahead(state, player, choices, draws)

    def _reroll(self, state: GameState, draws: dict[str, float], now: float
                ) -> tuple[int, ...] | None:
        """Dice to reroll when the expected best choice beats keeping these dice."""
        best, best_gain = None, STAR_COST + REROLL_MARGIN
        for subset in reroll_subsets(state.dice):
            values = []
            for roll in self._rolls():
                values.append(self._best_value(state, rerolled(state.dice, subset, roll), draws))
            gain = mean(values) - now
            if gain > best_gain:
                best, best_gain = subset, gain
        return best

    def _choose_with_lookahead(self, state: GameState, player: int, choices: list[A.Choose],
                               draws: dict[str, float]) -> A.Action:
        ranked = sorted(((choose_value(state, c, draws), c) for c in choices),
                        key=lambda x: -x[0])
        sheet = state.sheets[player]
        filled, bricks = sheet.building.filled, sheet.building.bricks
        rolls = self._rolls()
        best, best_v = ranked[0][1], -1e9
        seen: set[str] = set()
        for value, choice in ranked:
            if choice.tile in seen:
                continue
            seen.add(choice.tile)
            if len(seen) > TOP:
                break
            _, draw = best_draw(state, choice.tile)
            if draw is None:
                continue
            after_b = bricks | draw.brick
            future = expected_next_gain(state, player, filled | draw.mask, after_b, rolls)
            v = value + LOOKAHEAD * future
            if v > best_v:
                best, best_v = choice, v
        return best

    def draw(self, state: GameState) -> A.Draw:
        """Among the best drawings of the chosen tile, the one that leaves the best chances."""
        return self.best_drawing(state, drawings(state))

    def best_drawing(self, state: GameState, options: list[tuple[float, int, int]]) -> A.Draw:
        """Of `drawings(state)`, the TOP by grid value weighed by the chances they leave."""
        p = state.active
        tid = chosen_tile(state)
        building = state.sheets[p].building
        filled, bricks = building.filled, building.bricks
        rolls = self._rolls()
        best, best_v = options[0], -1e9
        for v, mask, cell in options[:TOP]:
            total = v + LOOKAHEAD * expected_next_gain(
                state, p, filled | mask, bricks | cell, rolls
            )
            if total > best_v:
                best, best_v = (v, mask, cell), total
        return A.Draw(p, tid, best[1], best[2])

