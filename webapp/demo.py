"""A Roll & Write game played by bots, printed in the terminal as it goes."""

from __future__ import annotations

import random
from collections.abc import Callable

from facade.grid import render
from rollwrite import GameState, new_game
from rollwrite.actions import Action
from rollwrite.game import text_log


def _chooser(level: str, seed: int) -> Callable[[GameState, int], Action]:
    try:
        from rollwrite.bots import make_bot
    except ImportError:  # bots not there yet: random legal moves
        rng = random.Random(seed)
        return lambda state, p: rng.choice(state.legal_actions(p))
    bot = make_bot(level, seed)
    return lambda state, p: bot.choose(state.view(p), p)


def sheets_side_by_side(state: GameState) -> str:
    """Every building, with names and scores, next to each other."""
    blocks = []
    for s in state.sheets:
        pic = render(s.building.filled, s.building.bricks)
        head = f"{s.name} ({s.score})"
        blocks.append([head.ljust(12)] + [line.ljust(12) for line in pic])
    return "\n".join("   ".join(parts) for parts in zip(*blocks))


def play(players: int, seed: str | int, bot: str) -> GameState:
    """Play a whole game with one bot level in every seat."""
    names = ["Ana", "Bo", "Carl", "Dorte"][:players]
    state = new_game(names, seed)
    choose = _chooser(bot, hash(str(seed)) & 0xFFFF)
    while not state.is_over():
        if state.is_chance():
            state.apply(state.chance_action())
            continue
        p = state.to_act()[0]
        state.apply(choose(state, p))
    return state


def run_demo(players: int = 3, seed: str | int = "demo", bot: str = "greedy") -> int:
    """Print a whole bot game: the score sheet, then the final buildings."""
    state = play(players, seed, bot)
    print(text_log(state))
    print()
    print(sheets_side_by_side(state))
    print()
    print("The web app (table companion, solo play, pad printing) is the main job to come;")
    print("until it lands, `copenhagen demo` is what scripts/run.sh starts.")
    return 0
