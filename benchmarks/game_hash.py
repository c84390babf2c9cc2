"""One hash over many random games of both editions, to show a speed-up changed no game.

Run it before and after a change to the engines: `python -m benchmarks.game_hash [N]`
plays N games per player count (Roll & Write 1–4 players, every third with undo allowed,
every fifth with typed-in dice; the card edition N // 3 games at 2–4 players) and hashes,
action by action, every legal list (each waiting seat's too), the action chosen, the text of
its events and the scores; at about one step in fifty also the saved state, a load and a
copy of it, and the seat's view. Equal hashes: the same games, move for move.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

from boardgame.game import new_game as new_card_game
from rollwrite.actions import Undo
from rollwrite.game import GameState, new_game

SNAPSHOT_RATE = 0.02  # share of steps whose saved state, copies and view are hashed too


def _feed(h: Any, value: object) -> None:
    h.update(repr(value).encode())
    h.update(b"\0")


def _snapshot(h: Any, state: GameState) -> None:
    """Hash the saved state and the seat's view; a load and a copy must equal the state."""
    saved = state.to_dict()
    _feed(h, json.dumps(saved, sort_keys=True, default=str))
    if GameState.from_dict(saved) != state or state.clone() != state:
        raise AssertionError("a loaded or copied state differs from its original")
    _feed(h, json.dumps(state.player_view(0), sort_keys=True, default=str))


def rollwrite_game(h: Any, players: int, seed: int, undo: bool, manual: bool) -> None:
    """Feed one random Roll & Write game into `h`."""
    rng = random.Random(seed)
    state = new_game(players, seed, {"dice": "manual"} if manual else None)
    while not state.is_over():
        if state.is_chance():
            action = state.chance_action(rng)
            _feed(h, (str(action), [(e.kind, e.text) for e in state.apply(action)]))
            continue
        options = state.legal_actions()
        _feed(h, [str(a) for a in options])
        waiting = [p for p in range(players) if p not in state.to_act()]
        _feed(h, [[str(a) for a in state.legal_actions(p)] for p in waiting])
        if not undo and isinstance(options[0], Undo):
            options = options[1:] or options
        action = rng.choice(options)
        events = state.apply(action)
        _feed(h, (str(action), [(e.kind, e.text) for e in events], state.scores()))
        if rng.random() < SNAPSHOT_RATE:
            _snapshot(h, state)
    _feed(h, state.log)
    _feed(h, json.dumps(state.player_view(None), sort_keys=True, default=str))


def card_game(h: Any, players: int, seed: int) -> None:
    """Feed one random game of the card edition into `h`."""
    rng = random.Random(seed)
    state = new_card_game(players, seed)
    while not state.is_over():
        options = state.legal_actions()
        _feed(h, [str(a) for a in options])
        action = rng.choice(options)
        _feed(h, (str(action), [(e.kind, e.text) for e in state.apply(action)]))
    _feed(h, state.log)


def game_hash(games: int) -> str:
    """The hash of `games` Roll & Write games per player count and `games // 3` card games
    per player count."""
    h = hashlib.sha256()
    for players in (1, 2, 3, 4):
        for g in range(games):
            rollwrite_game(h, players, 1000 * players + g, undo=g % 3 == 0, manual=g % 5 == 1)
    for players in (2, 3, 4):
        for g in range(games // 3):
            card_game(h, players, g)
    return h.hexdigest()


if __name__ == "__main__":
    print(game_hash(int(sys.argv[1]) if len(sys.argv) > 1 else 150))
