"""Random legal self-play with every invariant checked after every action."""

from __future__ import annotations

import random
from typing import Any

from facade.grid import FULL, bits, supported
from facade.outcome import EndReason
from facade.scoring import building_points
from facade.selfplay import run_games
from rollwrite.actions import Draw, Undo
from rollwrite.game import new_game, replay
from rollwrite.material import (
    COLOURS,
    TRACK_COMPLETE_POINTS,
    TRACK_LENGTH,
    X_SIDE,
)
from rollwrite.sheet import Sheet
from rollwrite.state import GameState

END_REASONS = (EndReason.TARGET_REACHED, EndReason.NO_PROGRESS)  # RULES 3.5, 5.19


# The fingerprint of a sheet: what an action may change and the checks read.
Print = tuple[Any, ...]  # (filled, bricks, score, the five track marks, blue ★ used)

# Every REPLAY_EVERY-th game (the first among them) is replayed from its log at the end.
# A replay costs as much as applying the whole game again: replaying every game took 37 %
# of a checked 4-player run (5.3 of 14.1 ms a game), one in four takes 13 %. What a replay
# catches (notation that does not read back, state that the log does not hold, a result
# that depends on earlier games through a cache) shows in every game it touches, so a
# quarter of the games still finds it; the fuzz test replays every game.
REPLAY_EVERY = 4


def fingerprints(sheets: list[Sheet]) -> list[Print]:
    """The parts of each sheet the checks compare before and after an action."""
    return [
        (s.building.filled, s.building.bricks, s.score, tuple(s.marks.values()),
         s.stars_used["blue"])
        for s in sheets
    ]


def invariant_problems(before: GameState, after: GameState, action: object) -> list[str]:
    """What an applied action broke, in words (empty when all is well): `step_problems` on
    the sheets of a state before the action."""
    return step_problems(fingerprints(before.sheets), before.facade_sheet.mask, after, action)


def step_problems(
    before: list[Print], crossed: int, after: GameState, action: object,
    now: list[Print] | None = None,
) -> list[str]:
    """What an applied action broke, given the sheets' fingerprints and the crossed X-side
    entries before it (and after it, `now`, when the caller has them). A sheet whose
    fingerprint did not change is not checked again: it passed every check when it last
    changed (or at the start), and each check compares a sheet with itself before."""
    problems: list[str] = []
    undo = isinstance(action, Undo)
    if now is None:
        now = fingerprints(after.sheets)
    for p in range(len(now)):
        f0, f1 = before[p], now[p]
        if f1 == f0:
            continue
        problems += print_problems(p, f1)
        if undo:
            continue
        filled0, bricks0, filled1, bricks1 = f0[0], f0[1], f1[0], f1[1]
        new = filled1 & ~filled0
        if new:
            if not new & supported(filled0):
                problems.append(f"p{p + 1}: new cells rest on nothing")
            if isinstance(action, Draw) and action.player == p:
                xs = (bricks1 & new).bit_count()
                used_blue = f1[-1] - f0[-1]
                if xs != (0 if used_blue else 1):
                    problems.append(f"p{p + 1}: a drawn tile carries {xs} X")
        if filled0 & ~filled1:
            problems.append(f"p{p + 1}: a drawn cell was erased")
        if bricks0 & filled0 & ~bricks1 & filled1:
            problems.append(f"p{p + 1}: an X became an O")
    now_crossed = after.facade_sheet.mask
    if now_crossed != crossed:
        back = crossed & ~now_crossed
        if back and not undo:
            problems += [f"X-side entry {X_SIDE[i]} came back" for i in bits(back)]
        if now_crossed.bit_count() - crossed.bit_count() > 1:
            problems.append("more than one X-side entry crossed at once")
    return problems


def print_problems(p: int, f: Print) -> list[str]:
    """What is wrong with a sheet on its own, read from its fingerprint: cells off the grid
    or bricks on empty cells, a score that is not its recount (every complete line and
    every full track counted again), a track beyond its length."""
    filled, bricks, score, marks = f[0], f[1], f[2], f[3]
    recount = building_points(filled, bricks) + TRACK_COMPLETE_POINTS * marks.count(TRACK_LENGTH)
    if score == recount and not filled & ~FULL and not bricks & ~filled and (
        0 <= min(marks) and max(marks) <= TRACK_LENGTH
    ):
        return []  # the usual case, in one test
    problems = []
    if filled & ~FULL or bricks & ~filled:
        problems.append(f"p{p + 1}: cells outside the grid or bricks on empty cells")
    if score != recount:
        problems.append(f"p{p + 1}: score {score} but recount {recount}")
    problems += [f"p{p + 1}: {c} track has {m} marks"
                 for c, m in zip(COLOURS, marks) if not 0 <= m <= TRACK_LENGTH]
    return problems


def sheet_problems(p: int, sheet: Sheet) -> list[str]:
    """What is wrong with a sheet on its own (see `print_problems`)."""
    return print_problems(p, fingerprints([sheet])[0])


def random_game(
    players: int, seed: int, check: bool = True, undo: bool = False, replay_log: bool = True
) -> tuple[GameState, int]:
    """Play one uniform random legal game; returns the final state and invariant problems.

    With `check`, every action is checked (`step_problems`), and with `replay_log` the log
    is replayed at the end and must give the same state. `undo=False` leaves Undo out of
    the random choices (a random player that takes back moves only makes games longer);
    the rules of undo have tests of their own.
    """
    rng = random.Random(seed)
    state = new_game(players, seed)
    problems = 0
    prints: list[Print] = []
    crossed = 0
    if check:
        for p, sheet in enumerate(state.sheets):
            problems += len(sheet_problems(p, sheet))
        prints = fingerprints(state.sheets)
        crossed = state.facade_sheet.mask
    while not state.over:
        options = state.legal_actions()
        if not undo:
            if isinstance(options[0], Undo):  # listed first when there is one
                options = options[1:] or options
        action = rng.choice(options)
        state.apply(action)
        if check:
            now = fingerprints(state.sheets)
            if now != prints or state.facade_sheet.mask != crossed:
                problems += len(step_problems(prints, crossed, state, action, now))
                prints = now
                crossed = state.facade_sheet.mask
    if check and replay_log and replay(state.config, state.log) != state:
        problems += 1
    return state, problems


def simulate(
    players: int, games: int, seed: int, check: bool = True, replay_every: int = REPLAY_EVERY
) -> dict[str, Any]:
    """Statistics of `games` random games (the JSON of `copenhagen simulate`); with `check`,
    every `replay_every`-th game is also replayed from its log."""
    count = iter(range(games))

    def play(n: int, s: int) -> tuple[GameState, int]:
        replay_log = next(count) % replay_every == 0
        return random_game(n, s, check=check, replay_log=replay_log)

    result = run_games("rollwrite", players, games, seed, play, END_REASONS, check)
    if check:
        result["replayed"] = len(range(0, games, replay_every))
    return result
