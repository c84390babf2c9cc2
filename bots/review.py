"""The review of a finished game against the expert bot, for every kind of game: Roll & Write
with 2 to 4 players (in final points), the solitaire challenge (in turns to reach 12 points)
and the card edition (in final points, each turn judged from its seat's view only).

`review(game)` returns one stable dict (the web page and `copenhagen review --json` read it):

    edition     "rollwrite" or "boardgame"
    unit        "points" (higher is better) or "turns" (to reach 12; lower is better)
    rollouts    play-outs (worlds, for cards) per move judged
    thresholds  {inaccuracy, mistake, blunder}: the least loss, in the unit, for each label
    players     [{player, name, accuracy, inaccuracies, mistakes, blunders}]
    turns       [{turn, player, played, best, played_value, best_value, loss, label}]

`played` and `best` are the moves in the game's notation without the seat (`choose R5 with
1,3 / draw R5:A1,b1`; `take 3,4 / discard Y`); `loss` is never negative; `label` is "",
"inaccuracy", "mistake" or "blunder". The same game and seed give the same review.
"""

from __future__ import annotations

from typing import Any

from boardgame.state import GameState as CardState
from bots import card_review, rollwrite_review
from bots.review_labels import CARD, ROLLWRITE, SOLITAIRE, accuracy, label_of, summary
from facade.gametext import GameText, GameTextError, replay_text
from rollwrite.state import GameState as DiceState

REVIEW_SEED = 0  # the review's own dice, worlds and expert choices: the same review each time


def review(game: GameText, rollouts: int | None = None, seed: int = REVIEW_SEED
           ) -> dict[str, Any]:
    """The review of a game text: every turn against the expert's, an accuracy per player.
    `rollouts` None takes the kind's own (tuned for time). GameTextError when the text does
    not replay or is of an edition without a review."""
    actions = [text for _, text in game.actions]
    names = list(game.config["players"])
    if game.edition == "rollwrite":
        replay_text(game, DiceState)  # a line the engine refuses is named with its number
        solitaire = rollwrite_review.is_solitaire(game.config)
        scale = SOLITAIRE if solitaire else ROLLWRITE
        n = rollouts or (rollwrite_review.SOLITAIRE_ROLLOUTS if solitaire
                         else rollwrite_review.ROLLOUTS)
        turns = rollwrite_review.review_turns(game.config, actions, n, seed, scale)
    elif game.edition == "boardgame":
        replay_text(game, CardState)
        scale = CARD
        n = rollouts or card_review.ROLLOUTS[len(names)]
        turns = card_review.review_turns(
            card_review.played_turns(CardState(game.config), actions), n, seed, scale)
    else:
        raise GameTextError(f"no review for the edition '{game.edition}': rollwrite or "
                            "boardgame", code="text_edition", edition=game.edition)
    return summary(game.edition, names, turns, n, scale)


__all__ = ["REVIEW_SEED", "accuracy", "label_of", "review"]
