"""The review of a finished game against the expert bot, for every kind of game: Roll & Write
with 2 to 4 players (in final points), the solitaire challenge (in turns to reach 12 points)
and the card edition (in final points, each turn judged from its seat's view only).

`review(game)` returns one stable dict (the web page and `copenhagen review --json` read it):

    edition     "rollwrite" or "boardgame"
    unit        "points" (higher is better) or "turns" (to reach 12; lower is better)
    rollouts    play-outs (worlds, for cards) per move judged
    thresholds  {inaccuracy, mistake, blunder}: the least loss, in the unit, for each label
    schema      2 (a review without it is of schema 1: no words, pictures, luck or rating)
    players     [{player, name, accuracy, luck, rating, band, inaccuracies, mistakes, blunders,
                  score, turns (the solitaire: turns to 12, None if not reached)}]
    turns       [{turn, player, played, best, played_value, best_value, loss, label,
                  played_words, best_words, played_steps, best_steps, sheet, played_picture,
                  best_picture, why, why_steps, noise, in_noise, dice and luck (dice edition)}]

`played` and `best` are the moves in the game's notation without the seat (`choose R5 with
1,3 / draw R5:A1,b1`; `take 3,4 / discard Y`), `played_words` and `best_words` the same in
English words (`*_steps`: as codes with values, bots.words, for other languages); `loss` is
never negative; `label` is "", "inaccuracy", "mistake" or "blunder" ("" when the loss is
within `noise`: `in_noise`). `sheet` is the player's building as it stood (`filled`, `bricks`
bit masks, facade/grid.py) and `*_picture` the cells each move drew on it. `luck` (Roll &
Write): what the dice were worth against the average roll, in the unit (a player's: summed).
The same game and seed give the same review.
"""

from __future__ import annotations

from typing import Any

from boardgame.state import GameState as CardState
from bots import card_review, rollwrite_review
from bots.review_labels import CARD, ROLLWRITE, SOLITAIRE, accuracy, label_of, summary
from facade.gametext import GameText, GameTextError, replay_text
from rollwrite.material import TARGET
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
        final, _steps = replay_text(game, DiceState)  # a refused line is named by its number
        solitaire = rollwrite_review.is_solitaire(game.config)
        scale = SOLITAIRE if solitaire else ROLLWRITE
        n = rollouts or (rollwrite_review.SOLITAIRE_ROLLOUTS if solitaire
                         else rollwrite_review.ROLLOUTS)
        turns = rollwrite_review.review_turns(game.config, actions, n, seed, scale)
    elif game.edition == "boardgame":
        final, _steps = replay_text(game, CardState)
        scale = CARD
        n = rollouts or card_review.ROLLOUTS[len(names)]
        turns = card_review.review_turns(
            card_review.played_turns(CardState(game.config), actions), n, seed, scale)
    else:
        raise GameTextError(f"no review for the edition '{game.edition}': rollwrite or "
                            "boardgame", code="text_edition", edition=game.edition)
    result = summary(game.edition, names, turns, n, scale)
    for player, score in zip(result["players"], final.scores()):
        player["score"] = score  # final points (the solitaire's too)
    if scale.unit == "turns":
        reached = final.scores()[0] >= TARGET
        result["players"][0]["turns"] = final.turn + 1 if reached else None
    return result


__all__ = ["REVIEW_SEED", "accuracy", "label_of", "review"]
