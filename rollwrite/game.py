"""Starting, replaying and reading back games of Roll & Write."""

from __future__ import annotations

from facade.selfplay import Games
from rollwrite.actions import Action, parse_action
from rollwrite.state import GameState

# new_game(players, seed, options): options are `mirror` (RULES 5.12, default off) and `dice`:
# `seeded` (the game rolls from the seed) or `manual` (real dice typed in, companion mode)
GAMES = Games(GameState)
new_game, replay, replay_events = GAMES.new_game, GAMES.replay, GAMES.replay_events


def text_log(state: GameState) -> str:
    """The game as a score sheet: one line per turn with what stands (taken-back steps are
    left out), placements in the notation, points scored."""
    lines = [
        "Copenhagen Roll & Write — " + ", ".join(s.name for s in state.sheets),
        f"seed {state.config['seed']}, options {state.config['options']}",
    ]
    lines.append("Setup" if state.players == 2 else f"Turn 1: {state.sheets[0].name}")
    steps: list[list[str]] = []

    def flush() -> None:
        texts = [t for group in steps for t in group]
        if texts:
            lines.append("  " + "; ".join(texts))
        steps.clear()

    for _action, events in replay_events(state.config, state.log):
        group: list[str] = []
        for ev in events:
            if ev.kind == "turn_started":
                if group:
                    steps.append(group)
                    group = []
                flush()
                lines.append(ev.text[0].upper() + ev.text[1:])
            elif ev.kind == "undone":
                if steps:
                    steps.pop()
            else:
                group.append(ev.text)
        if group:
            steps.append(group)
    flush()
    lines.append("Final: " + ", ".join(f"{s.name} {s.score}" for s in state.sheets))
    return "\n".join(lines)


__all__ = ["Action", "GameState", "new_game", "parse_action", "replay", "text_log"]
