"""The rating bands of the review (bots.review_labels.BANDS): bot levels play whole games, the
review rates each seat, and the mean rating of each level is printed with its standard error.

    python -m benchmarks.review_bands --kind rollwrite solitaire card --against greedy \
        --games 40 --seed 3000 --json

(the measurement bots.review_labels.BANDS comes from; with the learned bot's play-outs, Roll &
Write took 45 minutes and the solitaire 30, side by side with other work on the 2-core machine
of 2026-11-30; 15 minutes each with greedy play-outs).

Roll & Write and the card edition pair the levels as expert vs strong and greedy vs random
(seats alternate), so each game rates two levels; with `--against LEVEL` every level plays
that one instead (seats alternate; a level against itself is rated in both seats), so that
each is rated across the same table: a rating depends on the opponent too (in the card
edition, strong rated worse than greedy when strong faced the expert and greedy the random
bot, and better when both faced the greedy bot). The solitaire plays each level alone. A band
ends halfway between the mean ratings of two neighbouring levels."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from statistics import mean, stdev
from typing import Any, TextIO

from bots.levels import make_bot
from bots.playout import play_out
from bots.review import review
from bots.review_labels import CARD, ROLLWRITE, SOLITAIRE, Scale, rating
from facade.gametext import read_text, write_text

LEVELS = ("expert", "strong", "greedy", "random")
PAIRS = (("expert", "strong"), ("greedy", "random"))
SCALES: dict[str, Scale] = {"rollwrite": ROLLWRITE, "solitaire": SOLITAIRE, "card": CARD}
EDITION = {"rollwrite": "rollwrite", "solitaire": "rollwrite", "card": "boardgame"}


def _game_text(kind: str, levels: list[str], seed: int) -> str:
    """A whole game of these bot levels, as a game text."""
    edition = EDITION[kind]
    engine = importlib.import_module(edition)
    state = engine.new_game(len(levels), seed)
    play_out(state, {i: make_bot(edition, lv, seed * 31 + i) for i, lv in enumerate(levels)})
    return write_text(edition, state.config["players"], state.config["options"],
                      state.config["seed"], state.log)


def seatings(kind: str, game: int, against: str | None) -> list[list[str]]:
    """The tables of game number `game` of a kind: the seats' levels (alternating by game)."""
    if kind == "solitaire":
        return [[lv] for lv in LEVELS]
    pairs = PAIRS if against is None else tuple((lv, against) for lv in LEVELS)
    return [list(p) if game % 2 == 0 else list(reversed(p)) for p in pairs]


def ratings(kinds: list[str], games: int, seed: int = 2026, dump: TextIO | None = None,
            against: str | None = None) -> dict[str, dict[str, list[float]]]:
    """Per kind, each level's ratings, one per seat it played (the kinds' games interleaved:
    game g of every kind before game g + 1 of any); with `dump`, one JSON line per seat
    reviewed (its kind, level, the game's seed, each decision's loss, noise and whether it had
    a choice, a roll decision marked "roll"), to weigh rating formulas on the same reviews."""
    out: dict[str, dict[str, list[float]]] = {k: {level: [] for level in LEVELS} for k in kinds}
    for g in range(games):
        for kind in kinds:
            for levels in seatings(kind, g, against):
                result = review(read_text(_game_text(kind, levels, seed + g)))
                for player, level in zip(result["players"], levels):
                    if level == against and set(levels) != {against}:
                        continue  # the opponent's seat: it is rated in its games against itself
                    if player["rating"] is not None:
                        out[kind][level].append(player["rating"])
                    if dump is not None:
                        dump.write(json.dumps({"kind": kind, "level": level, "seed": seed + g,
                                               "rating": player["rating"],
                                               "turns": _decisions(result, player["player"])})
                                   + "\n")
                        dump.flush()
                print(kind, g, levels, [p["rating"] for p in result["players"]],
                      file=sys.stderr, flush=True)
    return out


def _decisions(result: dict[str, Any], player: int) -> list[list[Any]]:
    """A seat's decisions in a review: [loss, noise, had a choice] per turn, and
    [loss, noise, True, "roll"] per roll decision (dice edition)."""
    out: list[list[Any]] = []
    for t in result["turns"]:
        if t["player"] == player:
            out.append([t["loss"], t["noise"], t.get("choice", True)])
            out.extend([r["loss"], r["noise"], True, "roll"] for r in t.get("rolls", []))
    return out


def from_dump(path: str) -> dict[str, dict[str, list[float]]]:
    """Per kind, each level's ratings recomputed by `bots.review_labels.rating` from a dump's
    decisions: the rating's formula weighed again without reviewing the games again."""
    out: dict[str, dict[str, list[float]]] = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            losses = [d[0] for d in row["turns"] if d[2]]
            rated = rating(losses, SCALES[row["kind"]])
            if rated is not None:
                out.setdefault(row["kind"], {lv: [] for lv in LEVELS})[row["level"]].append(rated)
    return out


def table(found: dict[str, list[float]]) -> dict[str, Any]:
    """Per level: games, mean rating, its standard error; the bands' upper ends."""
    rows = {level: {"games": len(v), "mean": round(mean(v), 1) if v else None,
                    "se": round(stdev(v) / len(v) ** 0.5, 1) if len(v) > 1 else None}
            for level, v in found.items()}
    means = [rows[level]["mean"] for level in LEVELS]
    ends = [round((a + b) / 2, 1) for a, b in zip(means, means[1:]) if a is not None
            and b is not None]
    return {"levels": rows, "band_ends": ends}


def main() -> None:
    """Measure and print the table (JSON with --json)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--kind", choices=sorted(EDITION), nargs="+", default=["rollwrite"])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=2026, help="the first game's seed")
    parser.add_argument("--dump", help="a file to append each seat's turns to (JSON lines)")
    parser.add_argument("--against", choices=LEVELS,
                        help="every level plays this one (two-player kinds), not the pairs")
    parser.add_argument("--from-dump", help="rate again the decisions of a dump, not new games")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.from_dump:
        found = from_dump(args.from_dump)
    elif args.dump:
        with open(args.dump, "a", encoding="utf-8") as dump:
            found = ratings(args.kind, args.games, args.seed, dump, args.against)
    else:
        found = ratings(args.kind, args.games, args.seed, against=args.against)
    result = {kind: table(levels) for kind, levels in found.items()}
    print(json.dumps(result, indent=2) if args.json else result)


if __name__ == "__main__":
    main()
