"""The review of a finished Roll & Write game: each turn's tile and drawing beside the expert's
in the same position, the final points each leads to (mean of rollouts over imagined dice),
what the difference cost, and one accuracy figure per player.

Expected points come from play-outs of the greedy policy to the end of the game with dice of
the review's own seeds, never the game's later dice: a move is judged by what could be known
when it was made. The same seeds serve both moves of a turn, so their difference is not noise
between two samples of dice.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from statistics import mean
from typing import Any

from bots.rollwrite_search import ROLLOUT_POLICY, ExpertBot
from facade.gametext import GameText
from rollwrite import actions as A  # noqa: N812
from rollwrite.state import GameState

REVIEW_ROLLOUTS = 12  # play-outs to the end per move judged
REVIEW_SEED = 0  # the review's own dice and the expert's own choices: the same review each time
MAX_ROLLOUT_ACTIONS = 3000  # a play-out's guard
# Loss thresholds in final points. A 2-player game is a race to 12 points that bots win in
# about 10 own turns, so a turn brings about 1.2 points: an inaccuracy gives up about a quarter
# of a turn, a mistake more than half a turn, a blunder more than a whole turn. The lowest is
# above the noise of 12 paired play-outs (their mean difference moves by about 0.2 point).
INACCURACY = 0.3
MISTAKE = 0.7
BLUNDER = 1.5
ACCURACY_SCALE = 2.0  # a turn that loses this many points (or more) counts 0 % accurate


@dataclass
class TurnReview:
    """One turn of one player: the move played, the expert's, their expected final points."""

    turn: int
    player: int
    played: str
    best: str
    played_points: float
    best_points: float
    loss: float
    label: str


def label_of(loss: float) -> str:
    """`blunder`, `mistake`, `inaccuracy` or "" for a loss in final points."""
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return ""


def accuracy(losses: list[float]) -> float:
    """100 % for a game of best moves; each turn counts 100 × (1 − loss / ACCURACY_SCALE)."""
    if not losses:
        return 100.0
    return round(100 * mean(max(0.0, 1 - loss / ACCURACY_SCALE) for loss in losses), 1)


def final_points(state: GameState, player: int, seed: int) -> int:
    """`player`'s score at the end of a greedy play-out of a copy of `state` with the dice of
    `seed`."""
    world = state.clone()
    world.config["seed"] = seed
    world._due_roll = None
    for _ in range(MAX_ROLLOUT_ACTIONS):
        if world.is_over():
            break
        if world.is_chance():
            world.apply(world.chance_action())
            continue
        seat = world.to_act()[0]
        world.apply(ROLLOUT_POLICY.decide(world, seat))
    return world.scores()[player]


def expected_points(state: GameState, player: int, seeds: list[int]) -> float:
    """Mean final points of `player` over play-outs with these seeds."""
    return mean(final_points(state, player, s) for s in seeds)


def expert_move(before: GameState, player: int, seed: int) -> tuple[GameState, list[A.Action]]:
    """The expert's tile and drawing from `before` (from the seat's view): the state after
    them, and the actions."""
    bot = ExpertBot(seed)
    state = before.clone()
    actions: list[A.Action] = []
    for _ in range(8):  # choose, maybe a reroll or a colour change first, then draw
        action = bot.choose(state.view(player), player)
        if isinstance(action, (A.Reroll,)):
            return state, actions  # a reroll needs dice: judged as the tile chosen after it
        state.apply(action)
        actions.append(action)
        if isinstance(action, A.Draw):
            break
    return state, actions


def _turns(game: GameText) -> list[tuple[GameState, GameState, int, list[str]]]:
    """Per turn with a drawing: the state before its tile was chosen, the state after the
    drawing, the player and the actions between (as logged)."""
    state = GameState(game.config)
    out = []
    before: GameState | None = None
    played: list[str] = []
    for _, text in game.actions:
        t = state.turn_state
        fresh = (not state.is_chance() and t.phase == "main" and t.chosen is None
                 and not t.pending_arms)
        if fresh and before is None:
            before, played = state.clone(), []
        state.apply(text)
        if before is not None:
            played.append(state.log[-1])
            last = state.log[-1].split()
            if len(last) > 1 and last[1] == "draw":
                out.append((before, state.clone(), before.active, played))
                before = None
        if before is not None and state.turn != before.turn:
            before = None  # the turn ended without a drawing
    return out


def review(game: GameText, rollouts: int = REVIEW_ROLLOUTS, seed: int = REVIEW_SEED
           ) -> dict[str, Any]:
    """The review of a Roll & Write game text: every turn, and an accuracy per player."""
    if game.edition != "rollwrite":
        raise ValueError("the review reads Roll & Write games only for now")
    rng = random.Random(seed)
    turns: list[TurnReview] = []
    for before, after, player, played in _turns(game):
        seeds = [rng.randrange(1 << 30) for _ in range(rollouts)]
        best_state, best_actions = expert_move(before, player, rng.randrange(1 << 30))
        played_text = " / ".join(" ".join(line.split()[1:]) for line in played
                                 if line.split()[1] in ("choose", "draw"))
        best_text = " / ".join(" ".join(str(a).split()[1:]) for a in best_actions
                               if isinstance(a, (A.Choose, A.Draw)))
        played_pts = expected_points(after, player, seeds)
        if played_text == best_text or not best_actions:
            best_pts = played_pts
        else:
            best_pts = expected_points(best_state, player, seeds)
        loss = max(0.0, best_pts - played_pts)
        turns.append(TurnReview(before.turn + 1, player, played_text, best_text or played_text,
                                round(played_pts, 2), round(best_pts, 2), round(loss, 2),
                                label_of(loss)))
    names = list(game.config["players"])
    players = []
    for p, name in enumerate(names):
        own = [t for t in turns if t.player == p]
        players.append({
            "player": p, "name": name, "accuracy": accuracy([t.loss for t in own]),
            "inaccuracies": sum(t.label == "inaccuracy" for t in own),
            "mistakes": sum(t.label == "mistake" for t in own),
            "blunders": sum(t.label == "blunder" for t in own),
        })
    return {
        "edition": game.edition,
        "rollouts": rollouts,
        "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER},
        "players": players,
        "turns": [asdict(t) for t in turns],
    }
