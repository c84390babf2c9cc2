"""Starting, replaying and reading back games of the card edition."""

from __future__ import annotations

from typing import Any

from boardgame.state import GameState
from facade.events import Event
from facade.selfplay import apply_log, player_names


def new_game(
    players: int | list[str], seed: int | str = 0, options: dict[str, Any] | None = None
) -> GameState:
    """A new game for 2 to 4 players; the seed fixes the deck order and every reshuffle."""
    return GameState({"players": player_names(players), "seed": seed, "options": options or {}})


def replay(config: dict[str, Any], log: list[str]) -> GameState:
    """The state reached by applying a logged game to its config: exact, step by step."""
    state = GameState(config)
    apply_log(state, log)
    return state


def replay_events(config: dict[str, Any], log: list[str]) -> list[tuple[str, list[Event]]]:
    """Each logged action with the events it caused."""
    return apply_log(GameState(config), log)


def text_log(state: GameState) -> str:
    """The game as a score sheet: one line per turn, builds in the notation, points."""
    lines = [
        "Copenhagen — " + ", ".join(state.names),
        f"seed {state.config['seed']}",
        f"Turn 1: {state.names[0]}",
    ]
    current: list[str] = []
    for _action, events in replay_events(state.config, state.log):
        for ev in events:
            if ev.kind == "turn_started":
                if current:
                    lines.append("  " + "; ".join(current))
                current = []
                lines.append(ev.text[0].upper() + ev.text[1:])
            else:
                current.append(ev.text)
    if current:
        lines.append("  " + "; ".join(current))
    lines.append("Final: " + ", ".join(f"{n} {s}" for n, s in zip(state.names, state.scores())))
    return "\n".join(lines)
