"""A Roll & Write game played by bots, printed in the terminal as it goes."""

from __future__ import annotations

import hashlib

from bots.levels import make_bot
from bots.playout import play_out
from facade.grid import render
from rollwrite import GameState, new_game
from rollwrite.game import text_log


def bot_seed(seed: str | int) -> int:
    """The bots' seed derived from the game's seed: the same in every process and run
    (Python's own `hash` of a string changes from one process to the next)."""
    digest = hashlib.sha256(f"demo-bots|{seed}".encode()).digest()
    return int.from_bytes(digest[:2])


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
    player = make_bot("rollwrite", bot, bot_seed(seed))  # one bot plays every seat
    play_out(state, dict.fromkeys(range(players), player))
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
