""""Try it again": a reviewed Roll & Write turn that earned a mistake or a blunder, as a puzzle.
The sheet as it stood and the same dice; the player picks a tile for those dice, then where to
draw it; the answer is valued by the review's own measure (the same play-outs as the moves the
review judged, bots.rollwrite_review.retry_value) and set against the best move found. Nothing
is stored and no game changes: the game's log is only read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bots.review import REVIEW_SEED
from bots.review_labels import CARD, ROLLWRITE, SOLITAIRE, Scale
from bots.rollwrite_review import is_solitaire, retry_value, turn_position
from rollwrite import actions as A  # noqa: N812
from rollwrite.state import GameState
from webapp.store import Game, Store

PUZZLE_LABELS = ("mistake", "blunder")  # the turns that open as a puzzle


@dataclass
class Puzzle:
    """A reviewed turn set again: where it stood, whose it was, what the review found."""

    index: int  # in the review's turns
    turn: dict[str, Any]  # the review's row
    before: GameState
    player: int
    scale: Scale
    rollouts: int


def scale_of(game: Game) -> Scale:
    """The review's scale for this game."""
    if game.edition != "rollwrite":
        return CARD
    return SOLITAIRE if is_solitaire(game.config) else ROLLWRITE


def is_puzzle(game: Game, turn: dict[str, Any]) -> bool:
    """Whether a reviewed turn opens as a puzzle: a Roll & Write mistake or blunder whose
    review says where it stood (schema 2)."""
    return (game.edition == "rollwrite" and turn.get("label") in PUZZLE_LABELS
            and isinstance(turn.get("sheet"), dict))


def puzzle(store: Store, game: Game, body: dict[str, Any], index: int) -> Puzzle | None:
    """The puzzle of the review's turn `index`, or None when that turn is none."""
    turns = body.get("turns") or []
    if not 0 <= index < len(turns) or not is_puzzle(game, turns[index]):
        return None
    turn = turns[index]
    found = turn_position(dict(game.config), [r.text for r in store.log(game)],
                          int(turn["turn"]), int(turn["player"]))
    if found is None:
        return None
    return Puzzle(index, turn, found[0], int(turn["player"]), scale_of(game),
                  int(body.get("rollouts") or 1))


def choices(p: Puzzle) -> list[A.Choose]:
    """The tiles the dice allow (each with the dice it takes)."""
    return [a for a in p.before.legal_actions(p.player) if isinstance(a, A.Choose)]


def drawings(p: Puzzle, choice: A.Choose) -> list[A.Draw]:
    """Where the chosen tile may be drawn, cells in board order."""
    state = p.before.clone()
    state.apply(choice)
    found = [a for a in state.legal_actions(p.player) if isinstance(a, A.Draw)]
    return sorted(found, key=lambda a: (a.mask, a.brick))


def verdict(p: Puzzle, choice: A.Choose, draw: A.Draw) -> dict[str, Any]:
    """The answer valued by the review's measure: its value, the best move's, what it gives up
    (never negative), whether it is the best found (within the search's noise) and whether it
    is the move played."""
    value = retry_value(p.before, p.player, [choice, draw], p.rollouts, p.scale, REVIEW_SEED)
    best = float(p.turn.get("best_value") or 0)
    loss = max(0.0, value - best) if p.scale.unit == "turns" else max(0.0, best - value)
    noise = float(p.turn.get("noise") or 0)
    played_draw = str(p.turn.get("played", "")).split(" / ")[-1]
    mine = " ".join(str(draw).split()[1:])
    return {"value": round(value, 2), "best": best, "loss": round(loss, 2),
            "best_found": loss <= max(noise, 0.0) or loss == 0,
            "played": mine == played_draw,
            "best_move": mine == str(p.turn.get("best", "")).split(" / ")[-1]}
