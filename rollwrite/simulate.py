"""Random legal self-play with every invariant checked after every action."""

from __future__ import annotations

import random
from typing import Any

from facade.grid import FULL, supported
from facade.outcome import EndReason
from facade.selfplay import run_games
from rollwrite.actions import Draw, Undo
from rollwrite.game import new_game, replay
from rollwrite.material import TRACK_LENGTH, X_SIDE
from rollwrite.state import GameState

END_REASONS = (EndReason.TARGET_REACHED, EndReason.NO_PROGRESS)  # RULES 3.5, 5.19


def invariant_problems(before: GameState, after: GameState, action: object) -> list[str]:
    """What an applied action broke, in words (empty when all is well)."""
    problems = []
    for p, (s0, s1) in enumerate(zip(before.sheets, after.sheets)):
        b0, b1 = s0.building, s1.building
        if b1.filled & ~FULL or b1.bricks & ~b1.filled:
            problems.append(f"p{p + 1}: cells outside the grid or bricks on empty cells")
        if b0.filled & ~b1.filled and not isinstance(action, Undo):
            problems.append(f"p{p + 1}: a drawn cell was erased")
        if b0.bricks & b0.filled & ~b1.bricks & b1.filled and not isinstance(action, Undo):
            problems.append(f"p{p + 1}: an X became an O")
        new = b1.filled & ~b0.filled
        if new and not isinstance(action, Undo):
            if not new & supported(b0.filled):
                problems.append(f"p{p + 1}: new cells rest on nothing")
            if isinstance(action, Draw) and action.player == p:
                xs = (b1.bricks & new).bit_count()
                used_blue = s1.stars_used["blue"] - s0.stars_used["blue"]
                if xs != (0 if used_blue else 1):
                    problems.append(f"p{p + 1}: a drawn tile carries {xs} X")
        if s1.score != s1.recount():
            problems.append(f"p{p + 1}: score {s1.score} but recount {s1.recount()}")
        for c, m in s1.marks.items():
            if not 0 <= m <= TRACK_LENGTH:
                problems.append(f"p{p + 1}: {c} track has {m} marks")
    was, now = before.facade_sheet, after.facade_sheet
    for i in range(len(X_SIDE)):
        if was.is_crossed(i) and not now.is_crossed(i) and not isinstance(action, Undo):
            problems.append(f"X-side entry {X_SIDE[i]} came back")
    if len(now.crossed_entries()) - len(was.crossed_entries()) > 1:
        problems.append("more than one X-side entry crossed at once")
    return problems


def random_game(
    players: int, seed: int, check: bool = True, undo: bool = False
) -> tuple[GameState, int]:
    """Play one uniform random legal game; returns the final state and invariant problems.

    `undo=False` leaves Undo out of the random choices (a random player that takes back
    moves only makes games longer); the rules of undo have tests of their own.
    """
    rng = random.Random(seed)
    state = new_game(players, seed)
    problems = 0
    while not state.is_over():
        options = state.legal_actions()
        if not undo:
            if isinstance(options[0], Undo):  # listed first when there is one
                options = options[1:] or options
        action = rng.choice(options)
        before = state.clone() if check else None
        state.apply(action)
        if check:
            problems += len(invariant_problems(before, state, action))
    if check and replay(state.config, state.log) != state:
        problems += 1
    return state, problems


def simulate(players: int, games: int, seed: int, check: bool = True) -> dict[str, Any]:
    """Statistics of `games` random games (the JSON of `copenhagen simulate`)."""
    return run_games(
        "rollwrite", players, games, seed, lambda n, s: random_game(n, s, check=check),
        END_REASONS, check,
    )
