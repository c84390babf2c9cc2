"""Starting, replaying and reading back games of the card edition."""

from __future__ import annotations

from boardgame.state import GameState
from facade.selfplay import Games

# new_game(players, seed): 2 to 4 players; the seed fixes the deck order and every reshuffle
GAMES = Games(GameState)
new_game, replay, replay_events = GAMES.new_game, GAMES.replay, GAMES.replay_events


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
