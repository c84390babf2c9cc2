"""What a review says of a move: its loss against the expert's in the review's unit, the label
that loss earns, and one accuracy figure per player; the scales of each kind of game."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from math import sqrt
from statistics import mean, stdev
from typing import Any


@dataclass(frozen=True)
class Scale:
    """The unit a kind of game is judged in and the losses that earn each label."""

    unit: str  # "points" (final points, higher is better) or "turns" (to reach 12, lower)
    inaccuracy: float
    mistake: float
    blunder: float
    accuracy_scale: float  # a turn that loses this much (or more) counts 0 % accurate
    name: str = "rollwrite"  # the kind of game, for its rating bands

    def thresholds(self) -> dict[str, float]:
        """The three thresholds, by label (the review's `thresholds`)."""
        return {"inaccuracy": self.inaccuracy, "mistake": self.mistake, "blunder": self.blunder}


# Roll & Write with 2 or more players, in final points. A 2-player game is a race to 12
# points that bots win in about 10 own turns, so a turn brings about 1.2 points: an
# inaccuracy gives up about a quarter of a turn, a mistake more than half a turn, a blunder
# more than a whole turn. The lowest is above the noise of 12 paired play-outs (their mean
# difference moves by about 0.2 point).
ROLLWRITE = Scale("points", 0.3, 0.7, 1.5, 2.0)
# The solitaire challenge, in turns to reach 12 points (lower is better; the strong bot needs
# about 11.8, the expert 11.4). Turns to 12 vary with the dice: one move's play-outs differ by
# 1 to 2.5 turns (standard deviation) from one set of dice to the next, so the paired
# difference of two moves over 64 play-outs has a standard error of 0.12-0.3 turn (median per
# game, 3 games of strong, greedy and random play, 2026-11-25), about 0.1-0.25 at the 96 the
# review uses: an inaccuracy is above it, a blunder gives up a whole turn of the challenge.
SOLITAIRE = Scale("turns", 0.4, 0.7, 1.0, 1.5, "solitaire")
# The card edition, in final points. Bots score 5 to 11 points over some 24 own turns of a
# 2-player game, in lumps (a row 1-2 points, a column 2-4). Final points after greedy
# play-outs in dealt worlds vary much more than in Roll & Write (the play diverges in each
# world): the paired difference of two moves over 48 worlds has a standard error of about 0.45
# point in the first turns, 0.3 midway and 0.2 near the end (2026-11-25, strong vs greedy,
# seed 9): an inaccuracy is above it. Over whole 2-player games with these thresholds and 48
# worlds, the expert bot (whose own search differs from the review's) had no turn labelled in
# 24 (99.8 %) where the strong bot across the table had 6 (81.9 %); greedy 5 in 25 (90.8 %)
# and a random player 9 (80.1 %): the labels tell players apart. An inaccuracy gives up about
# one turn's points, a blunder about a column's.
CARD = Scale("points", 0.5, 1.0, 2.0, 2.5, "card")

# The rating: RATING_SCALE x the mean loss per decision that had a choice (rerolls and colour
# changes included, each loss counted at most as the scale's blunder), in the kind's unit (lower
# is better; 0 plays like the reviewer). Its bands are named for the bot level a player plays
# like: each band ends halfway between the mean ratings of the levels next to it in the
# measured order. Measured on 40 games a level and kind, seeds 3000-3039, the reviews at their
# default play-outs, with `python -m benchmarks.review_bands --kind K --against greedy --games
# 40 --seed 3000 --dump FILE` (Roll & Write and the solitaire 2026-11-30, the learned expert's
# moves valued by the learned bot's play-outs; the card edition 2026-11-29; the solitaire plays
# each level alone, so `--against` changes nothing there; the card runs were each level's
# games and reviews in a process of its own, and the command itself gives the same ratings for
# seeds 3000-3001). Every level plays the greedy bot, seats alternating by game, and the greedy
# bot against itself is rated in both seats (80 ratings):
#
#   kind        expert      strong      greedy      random       games a level -> band ends
#   rollwrite    1.6 ± 0.4  27.5 ± 2.3  51.7 ± 2.3  73.9 ± 2.0   40   -> 14.6, 39.6, 62.8
#   solitaire    0.6 ± 0.2  22.3 ± 1.0  28.7 ± 0.8  34.9 ± 0.9   40   -> 11.5, 25.5, 31.8
#   card         3.5 ± 0.5  71.5 ± 3.2  79.3 ± 2.2  114.5 ± 2.9   40   -> 37.5, 75.4, 96.9
#
# (mean ± standard error). The reference is the review's as it is (the expert's move in each
# position, valued by the learned bot's play-outs over imagined dice in the dice editions and by
# the expert's own measure over dealt worlds in the card edition); it orders the levels in all
# three kinds. The same games with greedy play-outs (the review before; the learned expert's
# moves): Roll & Write 4.8, 35.1, 56.3, 70.7, the solitaire 0.8, 19.1, 22.0, 36.3
# (bots.rollwrite_review.ROLLOUT_POLICY: why the learned bot plays them); with the search as
# the expert and greedy play-outs (2026-11-29): 11.0, 21.1, 45.2, 64.2 and 5.3, 12.3, 18.1,
# 41.4. Why every level plays the same opponent: a rating depends on the table as well
# as the player. The earlier bands (2026-11-28, 21-22 games a level, seeds 2026-2047) paired
# the levels as expert vs strong and greedy vs random, and in the card edition the strong bot,
# across from the expert, rated worse than the greedy bot across from the random one (78.2 ±
# 3.9 against 73.2 ± 4.8); against the greedy bot, the strong bot's seat rated better than the
# greedy one's in 30 of 40 card games and 38 of 40 Roll & Write games. The greedy bot's own
# rating moves with its opponent: in the card edition 80.0 against random, 79.3 against
# itself, 82.9 against strong, 85.4 against the expert; in Roll & Write 33.7, 45.2, 52.9 and
# 48.3. Judging the rolls orders the solitaire (8 games before, tiles only: greedy 7.3 rated
# better than strong 17.6).
RATING_SCALE = 100
BAND_GAMES = {"rollwrite": 40, "solitaire": 40, "card": 40}  # games of each bot level the
# bands were measured on, by kind (the page says so)
BANDS: dict[str, list[tuple[str, float]]] = {  # kind -> (band, highest rating in it)
    "rollwrite": [("expert", 14.6), ("strong", 39.6), ("greedy", 62.8), ("random", 1e9)],
    "solitaire": [("expert", 11.5), ("strong", 25.5), ("greedy", 31.8), ("random", 1e9)],
    "card": [("expert", 37.5), ("strong", 75.4), ("greedy", 96.9), ("random", 1e9)],
}


# The review JSON's schema: 1 (issue 21) had no `schema` key and no words or pictures; 2 (issue
# 28) adds per turn the moves in words and as codes with values, the sheet as it stood and
# what each move drew on it, why the best move is good, the search's noise; per player the
# luck of the dice, a rating and its band. The web page reads both.
SCHEMA = 2


@dataclass
class TurnReview:
    """One turn of one player: the move played, the expert's, what each is worth in the
    review's unit, what the played one lost and the label that earns."""

    turn: int
    player: int
    played: str
    best: str
    played_value: float
    best_value: float
    loss: float
    label: str
    more: dict[str, Any] = field(default_factory=dict)  # words, picture, noise: said as is


def label_of(loss: float, scale: Scale = ROLLWRITE) -> str:
    """`blunder`, `mistake`, `inaccuracy` or "" for a loss in the scale's unit."""
    if loss >= scale.blunder:
        return "blunder"
    if loss >= scale.mistake:
        return "mistake"
    if loss >= scale.inaccuracy:
        return "inaccuracy"
    return ""


def accuracy(losses: list[float], scale: Scale = ROLLWRITE) -> float:
    """100 % for a game of best moves; each turn counts 100 × (1 − loss / accuracy scale)."""
    if not losses:
        return 100.0
    return round(100 * mean(max(0.0, 1 - loss / scale.accuracy_scale) for loss in losses), 1)


def better(value: float, than: float, scale: Scale) -> bool:
    """Whether `value` is strictly better than `than` in the scale's unit (fewer turns, more
    points): the best move found is the expert's only when it is, else the move played."""
    return value < than if scale.unit == "turns" else value > than


def judged(turn: int, player: int, played: str, best: str, played_value: float,
           best_value: float, scale: Scale, noise: float = 0.0) -> TurnReview:
    """A turn's review from the values of both moves; the loss is never negative (the
    expert's move is the benchmark, a better one costs nothing) and lower turns are better.
    A loss within `noise` (NOISE_SE standard errors of the paired difference of the two
    moves' play-outs) earns no label: the search cannot tell the two moves apart."""
    if scale.unit == "turns":
        loss = max(0.0, played_value - best_value)
    else:
        loss = max(0.0, best_value - played_value)
    loss = round(loss, 2)
    label = label_of(loss, scale) if loss > noise else ""
    return TurnReview(turn, player, played, best, round(played_value, 2), round(best_value, 2),
                      loss, label, {"noise": round(noise, 2), "in_noise": 0 < loss <= noise})


def played_holds(played: list[float], best: list[float], scale: Scale) -> bool:
    """The played move is at least as good as the expert's by the same play-outs: then it is
    the best move found, and the review shows no other as better (issue 37: a "best" valued
    worse than the move played contradicted the page's own numbers)."""
    if scale.unit == "turns":
        return mean(played) <= mean(best)
    return mean(played) >= mean(best)


# A difference counts as the search's when it exceeds this many standard errors of the paired
# play-outs' mean difference (about 95 % one-sided: a loss this large is rarely the dice's).
NOISE_SE = 2.0


def paired_noise(played: list[float], best: list[float]) -> float:
    """NOISE_SE standard errors of the mean of the paired differences `best - played` (the
    same dice or worlds for both moves): 0 with fewer than two play-outs."""
    if len(played) < 2 or len(played) != len(best):
        return 0.0
    diffs = [b - p for p, b in zip(played, best)]
    return NOISE_SE * stdev(diffs) / sqrt(len(diffs))


def rating(losses: list[float], scale: Scale) -> float | None:
    """The mean loss per decision that had a choice, each counted at most as the scale's
    blunder, scaled (RATING_SCALE x the loss in the unit: lower is better, 0 plays like the
    reviewer); None without such a decision."""
    if not losses:
        return None
    return round(RATING_SCALE * mean(min(loss, scale.blunder) for loss in losses), 1)


def band_of(rated: float | None, scale: Scale) -> str | None:
    """The named band of a rating, from the bands measured for the kind of game."""
    if rated is None:
        return None
    for name, upper in BANDS[scale.name]:
        if rated <= upper:
            return name
    return BANDS[scale.name][-1][0]


def turn_rng(seed: int, turn: int, player: int, what: str) -> random.Random:
    """The review's own randomness for one use (`what`: its dice, its worlds, the expert's
    choices) in one turn: from the seed, the turn and the player alone, so a turn's review
    depends neither on other turns nor on how much randomness its other uses took."""
    return random.Random(f"review|{seed}|{turn}|{player}|{what}")


def _turn_dict(t: TurnReview) -> dict[str, Any]:
    """A turn as the JSON gives it: its fields, then what `more` holds."""
    out = {k: v for k, v in vars(t).items() if k != "more"}
    out.update(t.more)
    return out


def summary(edition: str, names: list[str], turns: list[TurnReview], rollouts: int,
            scale: Scale) -> dict[str, Any]:
    """The review as the web page and `copenhagen review --json` read it."""
    players = []
    for p, name in enumerate(names):
        own = [t for t in turns if t.player == p]
        lucky = [t.more["luck"] for t in own if "luck" in t.more]
        chosen = [t.loss for t in own if t.more.get("choice", True)]
        chosen += [r["loss"] for t in own for r in t.more.get("rolls", [])]  # rerolls, changes
        rated = rating(chosen, scale)
        players.append({
            "player": p, "name": name, "accuracy": accuracy([t.loss for t in own], scale),
            "luck": round(sum(lucky), 2) if lucky else None,
            "rating": rated, "band": band_of(rated, scale),
            "inaccuracies": sum(t.label == "inaccuracy" for t in own),
            "mistakes": sum(t.label == "mistake" for t in own),
            "blunders": sum(t.label == "blunder" for t in own),
        })
    return {
        "schema": SCHEMA,
        "edition": edition,
        "unit": scale.unit,
        "rollouts": rollouts,
        "thresholds": scale.thresholds(),
        "players": players,
        "turns": [_turn_dict(t) for t in turns],
    }
