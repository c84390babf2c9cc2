"""The rating bands of the review (bots.review_labels.BANDS): bot levels play whole games, the
review rates each seat, and the mean rating of each level is printed with its standard error.

    python -m benchmarks.review_bands --kind rollwrite --games 8 --json

Roll & Write and the card edition pair the levels as expert vs strong and greedy vs random
(seats alternate), so each game rates two levels; the solitaire plays each level alone. A
band ends halfway between the mean ratings of two neighbouring levels."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from statistics import mean, stdev
from typing import Any

from bots.levels import make_bot
from bots.playout import play_out
from bots.review import review
from facade.gametext import read_text, write_text

LEVELS = ("expert", "strong", "greedy", "random")
PAIRS = (("expert", "strong"), ("greedy", "random"))
EDITION = {"rollwrite": "rollwrite", "solitaire": "rollwrite", "card": "boardgame"}


def _game_text(kind: str, levels: list[str], seed: int) -> str:
    """A whole game of these bot levels, as a game text."""
    edition = EDITION[kind]
    engine = importlib.import_module(edition)
    state = engine.new_game(len(levels), seed)
    play_out(state, {i: make_bot(edition, lv, seed * 31 + i) for i, lv in enumerate(levels)})
    return write_text(edition, state.config["players"], state.config["options"],
                      state.config["seed"], state.log)


def ratings(kind: str, games: int, seed: int = 2026) -> dict[str, list[float]]:
    """Each level's ratings, one per game it played."""
    out: dict[str, list[float]] = {level: [] for level in LEVELS}
    for g in range(games):
        tables = ([[lv] for lv in LEVELS] if kind == "solitaire"
                  else [list(p) if g % 2 == 0 else list(reversed(p)) for p in PAIRS])
        for levels in tables:
            result = review(read_text(_game_text(kind, levels, seed + g)))
            for player, level in zip(result["players"], levels):
                if player["rating"] is not None:
                    out[level].append(player["rating"])
            print(kind, g, levels, [p["rating"] for p in result["players"]], file=sys.stderr,
                  flush=True)
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
    parser.add_argument("--kind", choices=sorted(EDITION), default="rollwrite")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = table(ratings(args.kind, args.games))
    print(json.dumps(result, indent=2) if args.json else result)


if __name__ == "__main__":
    main()
