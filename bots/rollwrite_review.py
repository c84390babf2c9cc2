"""The review of a Roll & Write game: each turn's tile and drawing beside the expert's in the
same position, and what each leads to (mean of play-outs over imagined dice): final points with
2 or more players, turns to reach 12 points in the solitaire challenge (1 player).

Play-outs follow the learned bot (the expert's network; it keeps the dice it rolls) to the end
of the game with dice of the review's own seeds, never the game's later dice: a move is judged
by what could be known when it was made. The same seeds serve both moves of a turn, so their
difference is not noise between two samples of dice. A turn is judged from the moment its tile
is chosen (after any reroll: the dice are then known), against the expert's best tile for those
dice: where it would rather roll again, it is asked as if it had no red ★ left. The rolls are
judged on their own (issue 37): each reroll (red ★) or colour change (green ★) the player made
before choosing the tile, against the expert's step there, and where the player kept the dice,
the expert's reroll or change if it would have made one; a reroll's new dice come from the
play-outs' seeds, never the game's.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial
from statistics import mean
from typing import Any

from bots.learned.bot import LearnedTilesBot
from bots.learned.shipped import solitaire_network
from bots.review_labels import (
    Scale,
    TurnReview,
    judged,
    paired_noise,
    played_holds,
    turn_rng,
)
from bots.rollwrite.evaluate import grid_value
from bots.rollwrite.greedy import rank_choices
from bots.rollwrite_expert import ExpertBot
from bots.words import Said, dice_move, dice_reason, english
from rollwrite import actions as A  # noqa: N812
from rollwrite.material import DICE, FACES, TARGET
from rollwrite.state import GameState

MAX_ROLLOUT_ACTIONS = 3000  # a play-out's guard
# The play-outs' player: the expert's network choosing every tile, drawing, coat of arms and
# die pick, without rerolls or colour changes (with the expert's own weighing of those, which
# imagines 8 rolls of each reroll, a review took 20 to 80 times as long as with greedy
# play-outs: a 12-turn solitaire 64 s of CPU, a 20-turn two-player game 382 s). Its choices use
# no randomness. Against greedy play-outs, on
# the same 40 games a level (`python -m benchmarks.review_bands`, seeds 3000-3039, 2026-11-30;
# the table in bots.review_labels): the levels stand further apart where they stood closest
# (mean ratings 4.8 standard errors apart, not 1.9, for strong and greedy in the solitaire; 7.2,
# not 3.6, for greedy and random with two players) and a move's noise is about half (the mean
# paired standard error of a strong bot's decision: 0.16 turn, not 0.22, in the solitaire;
# 0.54 point, not 1.04, with two players), for about 2.5 times the CPU (a 12-turn solitaire
# 3.0 -> 7.5 s, a 20-turn two-player game 4.6 -> 12.8 s; a card game's review takes 10-15 s).
ROLLOUT_POLICY = LearnedTilesBot(solitaire_network())
UNREACHED = 5  # turns added to a solitaire play-out that ends without 12 points
# Play-outs per move judged, chosen for a review in the web app's background worker to take
# well under 20 s of CPU. Measured with `time` on whole reviews (nice'd, on the 2-core machine
# shared with other jobs, 2026-11-25, `copenhagen review FILE`): 2-player games of 20 turns
# (strong vs greedy, seed 77) 3.5 s and 22 turns (greedy vs random, seed 12) 3.9 s with 12;
# solitaire games of 12 turns (strong, seed 5) 5.2 s, 15 turns (greedy, seed 8) 6.2 s and 32
# turns (random, seed 11) 9.6 s with 96. Turns to 12 vary more with the dice than final points
# do: see bots.review_labels.SOLITAIRE. Issue 37 judges the rolls too (more play-outs a turn)
# and its bands had to be measured on 40 games a level on the same shared machine: the
# solitaire takes 32 (the noise of a difference grows by about 1.7; a loss within it earns no
# label, NOISE_SE). These times are the greedy play-outs'; the learned bot's take about 2.5
# times as long (above), each move's noise about half: the longest of 30 random players'
# challenges (seeds 0-29; seed 19, 47 turns, 17 of them drawn) 8.3 s (2026-11-30).
ROLLOUTS = 12
SOLITAIRE_ROLLOUTS = 32


# Luck: per turn, what the dice as they stood when the tile was chosen (after any reroll) were
# worth against the mean over all 7,776 rolls in the same position (the 252 different ones,
# each weighted by how many orders of the dice give it). A roll is worth what the greedy bot's
# best tile for it adds to the building's promise (bots.potential: points of complete lines
# plus a share of open ones; 0 when no tile fits): a static value, without play-outs.
# Play-outs were tried first (2026-11-26): valued by 4 or 16 greedy play-outs, a roll that
# completes row 1 and one that places nothing came out 2.28 and 0.28, then 0.09 and 0.09
# points (the play-outs' spread of some 3 points drowned a one-roll difference); this value
# tells them apart every time (+0.90 and -1.26 points) in some 10 ms a turn. In the solitaire a
# point of promise counts TURNS_PER_POINT turns: the expert's 9.515 turns to 12 points (seeds
# 0-199, `copenhagen solitaire --bot expert`, the learned expert of 2026-11-29; its search
# before took 10.40).
TURNS_PER_POINT = 9.515 / 12


def is_solitaire(config: dict) -> bool:
    """Whether a Roll & Write game is the solitaire challenge: one player (RULES 4; the web
    app's challenge games also keep a `challenge` entry in their config, game texts do not)."""
    return len(config["players"]) == 1


def seeded(state: GameState, seed: int) -> GameState:
    """A copy of `state` whose dice still to come are rolled from `seed`, whether the game's
    own came from a seed or were typed in (companion mode: an unseeded roll would make the
    review differ from one run to the next)."""
    world = state.clone()
    world.config["seed"] = seed
    world.config["options"]["dice"] = "seeded"
    world._due_roll = None
    return world


def final_value(state: GameState, player: int, seed: int, scale: Scale) -> float:
    """A play-out of a copy of `state` with the dice of `seed`: `player`'s final
    points, or in the solitaire challenge the turns taken to reach 12 points."""
    world = seeded(state, seed)
    for _ in range(MAX_ROLLOUT_ACTIONS):
        if world.is_over():
            break
        if world.is_chance():
            world.apply(world.chance_action())
            continue
        seat = world.to_act()[0]
        world.apply(ROLLOUT_POLICY.decide(world, seat))
    if scale.unit == "turns":
        reached = world.scores()[player] >= TARGET
        return world.turn + 1 + (0 if reached else UNREACHED)
    return world.scores()[player]


def expected_value(state: GameState, player: int, seeds: list[int], scale: Scale) -> float:
    """Mean `final_value` over play-outs with these seeds."""
    return mean(final_values(state, player, seeds, scale))


def final_values(state: GameState, player: int, seeds: list[int], scale: Scale) -> list[float]:
    """`final_value` of each play-out with these seeds."""
    return [final_value(state, player, s, scale) for s in seeds]


def without_rerolls(state: GameState, player: int) -> GameState:
    """A copy of `state` in which `player` has no red ★ left: the expert's best tile for the
    dice rolled (the played tile was chosen with them), not its wish to roll again."""
    kept = state.clone()
    sheet = kept.sheets[player]
    sheet.stars_used["red"] += sheet.stars_left("red")
    return kept


def expert_move(before: GameState, player: int, seed: int) -> tuple[GameState, list[A.Action]]:
    """The expert's tile and drawing from `before` (from the seat's view), its choices seeded
    from the review's `seed` for this turn: the state after them, and the actions (none when
    the expert would reroll first; ending with `end`, no drawing, when its extra cell leaves
    dice that pay for no tile)."""
    rng = turn_rng(seed, before.turn, player, "expert")
    bot = ExpertBot(rng.randrange(1 << 30))
    state = seeded(before, rng.randrange(1 << 30))  # the expert imagines dice of its own
    actions: list[A.Action] = []
    for _ in range(8):  # choose, maybe a colour change or an extra cell first, then draw
        if state.is_over():
            break
        action = bot.choose(state.view(player), player)
        if isinstance(action, A.Reroll):
            action = bot.choose(without_rerolls(state, player).view(player), player)
        if isinstance(action, A.Reroll):
            return state, []  # no tile to judge: the played one stands
        state.apply(action)
        actions.append(action)
        if isinstance(action, A.Draw | A.End):  # an extra cell may leave no tile to pay
            break
    return state, actions


def _fresh(state: GameState) -> bool:
    """The active player has dice and no tile yet: the moment a turn's tile is chosen."""
    t = state.turn_state
    return (not state.is_chance() and t.phase == "main" and t.chosen is None
            and not t.pending_arms)


def played_turns(config: dict, actions: list[str]
                 ) -> list[tuple[GameState, GameState, int, list[str]]]:
    """Per turn with a drawing that stands: the state when its tile was chosen, the state
    after the drawing, the player, and the active player's steps between that stand (as
    logged; a step taken back with `undo` is left out)."""
    return [t[:4] for t in _turns_and_rolls(config, actions)]


def _turns_and_rolls(config: dict, actions: list[str]
                     ) -> list[tuple[GameState, GameState, int, list[str],
                                     list[tuple[GameState, A.Action]]]]:
    """`played_turns`, each with its roll decisions: the state before each reroll (red ★)
    or colour change (green ★) the player made before choosing the tile, and that step."""
    state = GameState(config)
    found: dict[int, tuple[GameState, GameState, int, list[str],
                           list[tuple[GameState, A.Action]]]] = {}
    before: GameState | None = None
    steps: list[str] = []
    rolls: dict[int, list[tuple[GameState, A.Action]]] = {}
    for text in actions:
        fresh = _fresh(state)
        if fresh:
            before, steps = state.clone(), []
        turn = state.turn
        kept = state.clone() if fresh else None
        state.apply(text)
        line = state.log[-1].split()
        if before is None or state.turn != turn or line[0] != f"p{before.active + 1}":
            continue
        if kept is not None and line[1] in ("reroll", "change"):
            rolls.setdefault(turn, []).append((kept, A.parse_action(state.log[-1])))
        if line[1] == "undo":
            undone = steps.pop() if steps else ""
            if undone.split()[1:2] == ["draw"]:
                found.pop(turn, None)  # the drawing was taken back: another one follows
        else:
            steps.append(state.log[-1])
            if line[1] == "draw":
                found[turn] = (before, state.clone(), before.active, list(steps),
                               rolls.get(turn, []))
    return [found[t] for t in sorted(found)]


def roll_move(state: GameState, player: int, seed: int) -> A.Action | None:
    """The expert's reroll or colour change at `state` (a tile still to choose), or None when
    it would keep the dice."""
    if state.sheets[player].stars_left("red") + state.sheets[player].stars_left("green") == 0:
        return None
    rng = turn_rng(seed, state.turn, player, "roll")
    bot = ExpertBot(rng.randrange(1 << 30))
    world = seeded(state, rng.randrange(1 << 30))
    action = bot.before_choosing(world, player, world.legal_actions(player))
    return action if isinstance(action, A.Reroll | A.Change) else None


def after_step(state: GameState, action: A.Action) -> GameState:
    """A copy of `state` after one step."""
    world = state.clone()
    world.apply(action)
    return world


def judge_rolls(before: GameState, after: GameState, player: int,
                rolls: list[tuple[GameState, A.Action]], played_values: list[float],
                seeds: list[int], seed: int, scale: Scale) -> list[dict[str, Any]]:
    """The turn's roll decisions (issue 37: the strong bot's rerolls and colour changes are
    much of its strength, and a review that judged only tiles rated it like the greedy bot):
    each reroll or colour change the player made, against the expert's step there (keeping
    the dice: its tile for them); and, where the player kept the dice, the expert's reroll or
    change if it would have made one. Valued by the same play-outs as the tile (the dice a
    reroll brings come from the play-out's seed, never the game's); the loss never negative."""
    out = []
    moments: list[tuple[GameState, A.Action | None]] = list(rolls)
    if not rolls:
        moments.append((before, None))  # the player kept the dice: did the expert?
    for state, played in moments:
        best = roll_move(state, player, seed)
        if played is None and best is None:
            continue
        if played == best:
            out.append({"played": str(played), "best": str(best), "loss": 0.0, "noise": 0.0})
            continue
        if played is None:
            mine = played_values
        else:
            mine = final_values(after_step(state, played), player, seeds, scale)
        if best is None:
            best_state, _ = expert_move(state, player, seed)
            theirs = final_values(best_state, player, seeds, scale)
        else:
            theirs = final_values(after_step(state, best), player, seeds, scale)
        loss = mean(mine) - mean(theirs) if scale.unit == "turns" else mean(theirs) - mean(mine)
        out.append({"played": str(played) if played else "keep",
                    "best": str(best) if best else "keep",
                    "loss": round(max(0.0, loss), 2),
                    "noise": round(paired_noise(mine, theirs), 2)})
    return out


def _moves_text(lines: list[str]) -> str:
    """`choose R5 with 1,3 / draw R5:A1,b1,...`: the tile and its drawing in the notation,
    after any extra cell (purple ★); `extra A4 / end` for a turn that draws no tile."""
    return " / ".join(" ".join(x.split()[1:]) for x in lines
                      if x.split()[1] in ("extra", "choose", "draw", "end"))


def turn_seeds(seed: int, turn: int, player: int, rollouts: int) -> list[int]:
    """The play-outs' dice seeds of a turn: the same for every move judged in it (the review's
    and a retry's, webapp/review/puzzles.py)."""
    dice = turn_rng(seed, turn, player, "dice")
    return [dice.randrange(1 << 30) for _ in range(rollouts)]


SHOWN = (A.Choose, A.Change, A.Extra, A.Draw, A.ArmsCell, A.ArmsTrack)  # steps a turn shows


def steps_said(before: GameState, actions: list[A.Action]) -> list[Said]:
    """The steps of a turn (from `before`) as codes with values, each with the dice as they
    stood when it was taken (a colour change turns them)."""
    state = before.clone()
    out = []
    for action in actions:
        if isinstance(action, SHOWN):
            out.append(dice_move(action, list(state.dice)))
        try:
            state.apply(action)
        except ValueError:
            pass  # a step after others' picks: its words need no state after it
    return out


def picture(before: GameState, after: GameState, player: int) -> dict[str, Any]:
    """What a move changed on its player's sheet: the cells drawn (and which hold an X), the
    boxes marked on each track."""
    b, a = before.sheets[player], after.sheets[player]
    return {"cells": a.building.filled & ~b.building.filled,
            "bricks": a.building.bricks & ~b.building.bricks,
            "marks": {c: a.marks[c] - b.marks[c] for c in a.marks if a.marks[c] != b.marks[c]}}


def with_dice(state: GameState, faces: list[str]) -> GameState:
    """A copy of `state` (a tile still to choose) with these dice instead of its own."""
    world = state.clone()
    world.turn_state.dice = list(faces)
    return world


def roll_value(state: GameState, player: int) -> float:
    """What the dice of `state` are worth to `player` (whose tile is still to choose): what
    the greedy bot's best tile for them adds to the building's promise, in points."""
    choices = [a for a in state.legal_actions(player) if isinstance(a, A.Choose)]
    if not choices:
        return 0.0
    building = state.sheets[player].building
    return max(0.0, rank_choices(state, choices)[0][0]
               - grid_value(building.filled, building.bricks))


def _all_rolls() -> list[tuple[list[str], float]]:
    """Every different roll of the dice with its probability (orders of the dice / 6^5)."""
    out = []
    for faces in combinations_with_replacement(FACES, DICE):
        orders = factorial(DICE)
        for face in set(faces):
            orders //= factorial(faces.count(face))
        out.append((list(faces), orders / len(FACES) ** DICE))
    return out


ALL_ROLLS = _all_rolls()


def luck(before: GameState, player: int, scale: Scale) -> float:
    """How much better the dice of `before` were for `player` than the average roll in that
    position (over all rolls): positive when they helped, in the review's unit (points, or
    turns saved in the solitaire)."""
    world = before.clone()
    average = 0.0
    for faces, chance in ALL_ROLLS:
        world.turn_state.dice = faces
        average += chance * roll_value(world, player)
    points = roll_value(before, player) - average
    return points * TURNS_PER_POINT if scale.unit == "turns" else points


def review_turns(config: dict, actions: list[str], rollouts: int, seed: int, scale: Scale
                 ) -> list[TurnReview]:
    """Every turn with a drawing, the played move and the expert's judged by paired
    play-outs with dice of the review's own seeds; each with its words, the sheet as it
    stood and what each move drew on it."""
    out = []
    for before, after, player, steps, rolls in _turns_and_rolls(config, actions):
        seeds = turn_seeds(seed, before.turn, player, rollouts)
        best_state, best_actions = expert_move(before, player, seed)
        played_text = _moves_text(steps)
        best_text = _moves_text([str(a) for a in best_actions])
        played_values = final_values(after, player, seeds, scale)
        if played_text == best_text or not best_actions:
            best_values, best_state, best_actions = played_values, after, []
        else:
            best_values = final_values(best_state, player, seeds, scale)
            if played_holds(played_values, best_values, scale):  # the played move is best
                best_values, best_state, best_actions = played_values, after, []
                best_text = played_text
        played_said = steps_said(before, [A.parse_action(x) for x in steps])
        best_said = steps_said(before, best_actions) if best_actions else played_said
        turn = judged(before.turn + 1, player, played_text, best_text or played_text,
                      mean(played_values), mean(best_values), scale,
                      paired_noise(played_values, best_values))
        sheet = before.sheets[player]
        turn.more.update({
            "played_steps": played_said, "best_steps": best_said,
            "played_words": english(played_said, capital=True),
            "best_words": english(best_said, capital=True),
            "dice": list(before.dice),
            "sheet": {"filled": sheet.building.filled, "bricks": sheet.building.bricks,
                      "marks": dict(sheet.marks)},
            "played_picture": picture(before, after, player),
            "best_picture": picture(before, best_state, player),
        })
        why = _best_reason(before, best_actions or [A.parse_action(x) for x in steps])
        turn.more.update({"why_steps": why, "why": english(why),
                          "choice": len(before.legal_actions(player)) > 1,
                          "luck": round(luck(before, player, scale), 2),
                          "rolls": judge_rolls(before, after, player, rolls, played_values,
                                               seeds, seed, scale)})
        out.append(turn)
    return out


def _best_reason(before: GameState, actions: list[A.Action]) -> list[Said]:
    """Why the best move found is good: the reason of its drawing (bots.words)."""
    state = before.clone()
    for action in actions:
        if isinstance(action, A.Draw):
            return dice_reason(state, action)
        try:
            state.apply(action)
        except ValueError:
            break
    return []


def turn_position(config: dict, actions: list[str], turn: int, player: int
                  ) -> tuple[GameState, list[str]] | None:
    """The position of a reviewed turn (numbered from 1, as the review numbers them): the
    state when its tile was chosen and the steps played; None if the game has no such turn."""
    for before, _after, who, steps in played_turns(config, actions):
        if before.turn + 1 == turn and who == player:
            return before, steps
    return None


def retry_value(before: GameState, player: int, moves: list[A.Action], rollouts: int,
                scale: Scale, seed: int) -> float:
    """What another choice at a reviewed turn is worth, by the review's own measure: the same
    play-outs (the turn's dice seeds, `rollouts` of them) as the moves the review judged.
    IllegalAction if the moves are not legal there."""
    state = before.clone()
    for move in moves:
        state.apply(move)
    return expected_value(state, player, turn_seeds(seed, before.turn, player, rollouts), scale)
