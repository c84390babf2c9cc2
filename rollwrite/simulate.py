"""Random legal self-play with every invariant checked after every action."""

from __future__ import annotations

import random
from typing import Any

from facade.grid import FULL, bits, supported
from facade.outcome import EndReason
from facade.selfplay import run_games
from rollwrite.actions import Draw, Undo
from rollwrite.game import new_game, replay
from rollwrite.material import TRACK_LENGTH, X_SIDE
from rollwrite.sheet import Sheet
from rollwrite.state import GameState

END_REASONS = (EndReason.TARGET_REACHED, EndReason.NO_PROGRESS)  # RULES 3.5, 5.19


def invariant_problems(before: GameState, after: GameState, action: object) -> list[str]:
    """What an applied action broke, in words (empty when all is well).

    `before` needs only its sheets and facade sheet (`checked_part` of the state). A sheet
    whose building, tracks and score are as before is not recounted: its recount was
    checked against that same score after the previous action (or at the start)."""
    problems = []
    undo = isinstance(action, Undo)
    for p, (s0, s1) in enumerate(zip(before.sheets, after.sheets)):
        b0, b1 = s0.building, s1.building
        if b1.filled & ~FULL or b1.bricks & ~b1.filled:
            problems.append(f"p{p + 1}: cells outside the grid or bricks on empty cells")
        if b0.filled & ~b1.filled and not undo:
            problems.append(f"p{p + 1}: a drawn cell was erased")
        if b0.bricks & b0.filled & ~b1.bricks & b1.filled and not undo:
            problems.append(f"p{p + 1}: an X became an O")
        new = b1.filled & ~b0.filled
        if new and not undo:
            if not new & supported(b0.filled):
                problems.append(f"p{p + 1}: new cells rest on nothing")
            if isinstance(action, Draw) and action.player == p:
                xs = (b1.bricks & new).bit_count()
                used_blue = s1.stars_used["blue"] - s0.stars_used["blue"]
                if xs != (0 if used_blue else 1):
                    problems.append(f"p{p + 1}: a drawn tile carries {xs} X")
        if (b0.filled, b0.bricks, s0.score, s0.marks) != (b1.filled, b1.bricks, s1.score, s1.marks):
            problems += sheet_problems(p, s1)
    was, now = before.facade_sheet.mask, after.facade_sheet.mask
    back = was & ~now
    if back and not undo:
        problems += [f"X-side entry {X_SIDE[i]} came back" for i in bits(back)]
    if now.bit_count() - was.bit_count() > 1:
        problems.append("more than one X-side entry crossed at once")
    return problems


def sheet_problems(p: int, sheet: Sheet) -> list[str]:
    """A sheet's score against its recount, and its tracks within their length."""
    problems = []
    if sheet.score != sheet.recount():
        problems.append(f"p{p + 1}: score {sheet.score} but recount {sheet.recount()}")
    for c, m in sheet.marks.items():
        if not 0 <= m <= TRACK_LENGTH:
            problems.append(f"p{p + 1}: {c} track has {m} marks")
    return problems


def checked_part(state: GameState) -> GameState:
    """The part of a state `invariant_problems` reads as `before`: copies of the sheets and
    the facade sheet (a whole clone after every action took a fifth of `simulate`)."""
    part = GameState.__new__(GameState)
    part.sheets = [s.copy() for s in state.sheets]
    part.facade_sheet = state.facade_sheet.copy()
    return part


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
    if check:
        for p, sheet in enumerate(state.sheets):
            problems += len(sheet_problems(p, sheet))
    while not state.is_over():
        options = state.legal_actions()
        if not undo:
            if isinstance(options[0], Undo):  # listed first when there is one
                options = options[1:] or options
        action = rng.choice(options)
        before = checked_part(state) if check else None
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
