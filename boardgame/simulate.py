"""Random legal self-play of the card edition with every invariant checked after every action."""

from __future__ import annotations

import random
from typing import Any

from boardgame.game import new_game, replay
from boardgame.material import COLOURS, SUPPLY_ABILITIES, TILE_COUNTS, WHITE_TILES
from boardgame.state import GameState
from facade.grid import supported
from facade.outcome import EndReason
from facade.selfplay import run_games

END_REASONS = (EndReason.TARGET_REACHED, EndReason.END_CARD, EndReason.NO_PROGRESS)  # 2.7, 5.7


def built_tiles(log: list[str]) -> int:
    """Tiles on the boards by the log: builds and white tiles from coats of arms."""
    return sum(1 for line in log if " build " in line or " arms white " in line)


def invariant_problems(
    before: GameState, after: GameState, total_cards: int, built: int | None = None
) -> list[str]:
    """What an applied action broke, in words (empty when all is well).

    `built` is `built_tiles(after.log)` when the caller keeps it up to date (rescanning the
    whole log after every action made `simulate` quadratic). A board whose cells and score
    are as before is not recounted: its recount was checked against that same score."""
    problems = []
    if after.card_total() != total_cards:
        problems.append(f"{after.card_total()} cards in play, expected {total_cards}")
    n = after.players
    placed_tiles = sum(after.tiles.values())
    full_supply = len(COLOURS) * sum(TILE_COUNTS[n].values()) + WHITE_TILES  # counts per colour
    if built is None:
        built = built_tiles(after.log)
    if placed_tiles + built != full_supply:
        problems.append(f"tiles: {placed_tiles} in supply + {built} built != {full_supply}")
    for ab in SUPPLY_ABILITIES:
        owners = sum(1 for a in after.abilities if ab in a)
        if owners + after.ability_supply[ab] != n:
            problems.append(f"ability {ab}: {owners} owned + supply != {n}")
    for p in range(n):
        b0, b1 = before.boards[p], after.boards[p]
        if b0.filled & ~b1.filled:
            problems.append(f"p{p + 1}: a tile vanished")
        new = b1.filled & ~b0.filled
        if new and not new & supported(b0.filled):
            problems.append(f"p{p + 1}: new tile rests on nothing")
        changed = (b0.filled, b0.bricks, before.scores_[p]) != (
            b1.filled, b1.bricks, after.scores_[p])
        if changed and after.scores_[p] != after.recount(p):
            problems.append(f"p{p + 1}: score {after.scores_[p]} != recount {after.recount(p)}")
        if any(h < 0 for h in after.hands[p]):
            problems.append(f"p{p + 1}: negative cards")
    return problems


def random_game(players: int, seed: int, check: bool = True) -> tuple[GameState, int]:
    """One uniform random legal game; the final state and how many invariant problems."""
    rng = random.Random(seed)
    state = new_game(players, seed)
    total = state.card_total()
    problems = 0
    built = 0
    if check:
        problems += sum(state.scores_[p] != state.recount(p) for p in range(players))
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        before = state.clone() if check else None
        state.apply(action)
        if check:
            built += built_tiles(state.log[len(before.log):])
            problems += len(invariant_problems(before, state, total, built))
    if check and replay(state.config, state.log) != state:
        problems += 1
    return state, problems


def simulate(players: int, games: int, seed: int, check: bool = True) -> dict[str, Any]:
    """Statistics of `games` random games (the JSON of `copenhagen simulate`)."""
    return run_games(
        "boardgame", players, games, seed, lambda n, s: random_game(n, s, check=check),
        END_REASONS, check,
    )
