"""`copenhagen replay FILE|-`: read a shareable game text (facade.gametext), replay it through
the engine of its edition, print every step and the final scores."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TextIO

from boardgame.state import GameState as CardGame
from facade.errors import IllegalAction
from facade.gametext import GameText, GameTextError, read_text, replay_text
from rollwrite.state import GameState as RollWriteState

ENGINES: dict[str, Callable[[dict[str, Any]], Any]] = {
    "rollwrite": RollWriteState,
    "boardgame": CardGame,
}


def engine_of(game: GameText) -> Callable[[dict[str, Any]], Any]:
    """The engine factory of the text's edition; GameTextError for an unknown edition."""
    factory = ENGINES.get(game.edition)
    if factory is None:
        raise GameTextError(
            f"no engine for the edition '{game.edition}': use {' or '.join(ENGINES)}",
            code="text_edition", edition=game.edition,
        )
    return factory


def replay(text: str) -> tuple[GameText, Any, list[Any]]:
    """Read and replay a game text: (the text as read, the final state, the steps)."""
    game = read_text(text)
    state, steps = replay_text(game, engine_of(game))
    return game, state, steps


def report(text: str, out: TextIO) -> None:
    """Replay a game text and print each step (notation, then what it caused) and the end."""
    game, state, steps = replay(text)
    names = list(game.config["players"])
    print(f"{game.edition}: {', '.join(names)}", file=out)
    if not game.seeded:
        print("no seed given: the rolls are taken as written", file=out)
    width = len(str(len(steps)))
    for n, step in enumerate(steps, start=1):
        said = "; ".join(e.text for e in step.events if e.text)
        print(f"{n:>{width}}. {step.action}" + (f"  — {said}" if said else ""), file=out)
    over = bool(state.is_over())
    print(("final scores: " if over else "scores so far: ")
          + ", ".join(f"{name} {score}" for name, score in zip(names, state.scores())), file=out)
    if over:
        won = [names[w] for w in state.winners()]
        print(("winner: " if len(won) == 1 else "shared victory: ") + ", ".join(won), file=out)


def run(path: str, out: TextIO | None = None) -> int:
    """The subcommand: 0 when the whole text replays, 2 (with the line and why) when not."""
    out = out or sys.stdout
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except (OSError, UnicodeDecodeError) as err:
        print(f"copenhagen replay: cannot read {path}: {err}", file=sys.stderr)
        return 2
    try:
        report(text, out)
    except IllegalAction as err:  # GameTextError names the line
        print(f"copenhagen replay: {err}", file=sys.stderr)
        return 2
    return 0


__all__ = ["ENGINES", "engine_of", "replay", "report", "run"]
