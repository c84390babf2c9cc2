""""Try it again": a reviewed turn that earned a mistake or a blunder, as a puzzle. Roll & Write:
the sheet as it stood and the same dice; the player picks a tile for those dice, then where to
draw it. Card edition: the same harbour, hand and facade; the player picks the turn's first
action among the legal ones (the rest of the turn is played as the review's play-outs play
it). The answer is valued by the review's own measure (the same play-outs, in the same worlds,
as the moves the review judged: bots.rollwrite_review.retry_value,
bots.card_review.retry_value) and set against the best move found. Nothing is stored and no
game changes: the game's log is only read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from boardgame import actions as CA  # noqa: N812
from bots import card_review
from bots.review import REVIEW_SEED
from bots.review_labels import CARD, ROLLWRITE, SOLITAIRE, Scale, better
from bots.rollwrite_review import is_solitaire, retry_value, turn_position
from rollwrite import actions as A  # noqa: N812
from webapp.platform.store import Game, Store

PUZZLE_LABELS = ("mistake", "blunder")  # the turns that open as a puzzle


@dataclass
class Puzzle:
    """A reviewed turn set again: where it stood, whose it was, what the review found."""

    index: int  # in the review's turns
    turn: dict[str, Any]  # the review's row
    before: Any  # the edition's state when the turn began (a card game's: only its seat's view
    # is ever shown)
    player: int
    scale: Scale
    rollouts: int
    played: list[Any] = field(default_factory=list)  # the card turn's actions as played


def scale_of(game: Game) -> Scale:
    """The review's scale for this game."""
    if game.edition != "rollwrite":
        return CARD
    return SOLITAIRE if is_solitaire(game.config) else ROLLWRITE


def is_puzzle(game: Game, turn: dict[str, Any]) -> bool:
    """Whether a reviewed turn opens as a puzzle: a mistake or blunder whose review says where
    it stood (schema 2), of either edition."""
    return (game.edition in ("rollwrite", "boardgame") and turn.get("label") in PUZZLE_LABELS
            and isinstance(turn.get("sheet"), dict))


def puzzle(store: Store, game: Game, body: dict[str, Any], index: int) -> Puzzle | None:
    """The puzzle of the review's turn `index`, or None when that turn is none."""
    turns = body.get("turns") or []
    if not 0 <= index < len(turns) or not is_puzzle(game, turns[index]):
        return None
    turn = turns[index]
    log = [r.text for r in store.log(game)]
    if game.edition == "boardgame":
        card = card_review.turn_position(dict(game.config), log, int(turn["turn"]),
                                         int(turn["player"]))
        if card is None:
            return None
        return Puzzle(index, turn, card[0], int(turn["player"]), CARD,
                      int(body.get("rollouts") or 1), card[1])
    found = turn_position(dict(game.config), log,
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
    if better(value, best, p.scale):
        best = value  # the answer is a candidate too: the best found is never worse than it
    loss = max(0.0, value - best) if p.scale.unit == "turns" else max(0.0, best - value)
    noise = float(p.turn.get("noise") or 0)
    played_draw = str(p.turn.get("played", "")).split(" / ")[-1]
    mine = " ".join(str(draw).split()[1:])
    return {"value": round(value, 2), "best": best, "loss": round(loss, 2),
            "best_found": loss <= max(noise, 0.0) or loss == 0,
            "played": mine == played_draw,
            "best_move": mine == str(p.turn.get("best", "")).split(" / ")[-1]}


def card_options(p: Puzzle) -> list[CA.Action]:
    """The card turn's first decision: every legal action of its seat (the engine's list)."""
    return list(p.before.legal_actions(p.player))


def _first(text: Any) -> str:
    """The first action of a turn in the review's notation (`take 3,4 / discard Y`)."""
    return str(text or "").split(" / ")[0]


def card_verdict(p: Puzzle, action: CA.Action) -> dict[str, Any]:
    """A card answer valued by the review's measure: the move played or the best move found
    started again gives the review's own number for it; any other first action is played out,
    the rest of the turn and the game by the review's greedy play-outs, in the review's worlds
    for this turn (its seed). Its value, the best move's, the loss (never negative), whether it
    is the best found (within the search's noise) and whether it is the move played."""
    mine = card_review.moves_text([action])
    played, best_first = mine == _first(p.turn.get("played")), mine == _first(p.turn.get("best"))
    best = float(p.turn.get("best_value") or 0)
    if best_first:
        value = best
    elif played:
        value = float(p.turn.get("played_value") or 0)
    else:
        value = card_review.retry_value(p.before, p.player, [action], p.rollouts, REVIEW_SEED)
    best = max(best, value)  # the answer is a candidate too: the best found is never worse
    loss = max(0.0, best - value)
    noise = float(p.turn.get("noise") or 0)
    return {"value": round(value, 2), "best": best, "loss": round(loss, 2),
            "best_found": loss <= max(noise, 0.0) or loss == 0, "played": played,
            "best_move": best_first}
