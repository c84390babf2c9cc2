"""`copenhagen train`: a learned evaluation trained by self-play (the solitaire's, or the
two-player game's), from a seed, resumable, with a progress line and its curve as SVG."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from bots.learned import CARD, SOLITAIRE, TWO_PLAYERS
from bots.learned.card import starting_network
from bots.learned.curve import svg
from bots.learned.ntuple import Network
from bots.learned.train import CURVE_EVERY, RATE, Run, load, save, train

# What each edition trains: its seats, where the package keeps its network, whether it is the
# card edition's.
EDITIONS = {"solitaire": (1, SOLITAIRE, False), "rollwrite": (2, TWO_PLAYERS, False),
            "card": (2, CARD, True)}
CHECKPOINT_EVERY = 500  # games between checkpoints: an interrupted run loses at most these


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's options."""
    parser.add_argument("--edition", choices=list(EDITIONS), default="solitaire",
                        help="the solitaire challenge (the network Roll & Write ships), Roll & "
                        "Write with two players (a network to compare: docs/learning.md), or the "
                        "card edition with two players (the network it ships)")
    parser.add_argument("--games", type=int, default=20_000, help="games to play (more, when "
                        "resuming: the run's total is what it had plus these; 0 with --resume "
                        "and --curve draws the curve again)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed: its games' dice")
    parser.add_argument("--out", type=Path, default=None,
                        help="the network (and beside it NAME.json: the run and its curve); "
                        "default: the edition's network in the package")
    parser.add_argument("--resume", action="store_true",
                        help="go on from the network at --out and its run")
    parser.add_argument("--rate", type=float, default=None, help="the step of each update "
                        "(default: bots/learned/train.py RATE)")
    parser.add_argument("--curve", type=Path, default=None,
                        help="write the curve there as SVG at every checkpoint")


def _bar(done: int, total: int, width: int = 30) -> str:
    filled = int(width * done / max(total, 1))
    return "[" + "#" * filled + "." * (width - filled) + "]"


def run(args: argparse.Namespace) -> int:
    """Train, checkpointing every CHECKPOINT_EVERY games; 2 when asked to resume nothing."""
    players, shipped, card = EDITIONS[args.edition]
    out: Path = shipped if args.out is None else args.out
    if args.resume:
        if not out.exists():
            print(f"copenhagen train: nothing to resume at {out}", file=sys.stderr)
            return 2
        trained = load(out)
        if trained.seed != args.seed:
            print(f"copenhagen train: {out} was trained with --seed {trained.seed}, "
                  f"not {args.seed}", file=sys.stderr)
            return 2
        if trained.players != players or trained.card != card:
            of = " of the card edition" if trained.card else ""
            print(f"copenhagen train: {out} was trained for {trained.players} player(s){of}, "
                  f"not the {args.edition}", file=sys.stderr)
            return 2
    else:
        network = starting_network() if card else Network.empty()
        trained = Run(network, args.seed, players, card)
    rate = RATE if args.rate is None else args.rate
    start_games, started = trained.network.games, time.monotonic()
    total = start_games + args.games

    measure = "wins against greedy, %" if card else "turns to 12"
    shown = [0.0]  # when the progress line was last written (at most twice a second)

    def progress(r: Run) -> None:
        now = time.monotonic()
        if now - shown[0] < 0.5 and r.network.games < total:
            return
        shown[0] = now
        done = r.network.games - start_games
        speed = done / max(time.monotonic() - started, 1e-9)
        last = f"{r.curve[-1][1]:.2f}" if r.curve else "-"
        left = (args.games - done) / speed if speed else 0
        print(f"\r{_bar(r.network.games, total)} {r.network.games:,}/{total:,} games, "
              f"{measure} (last {CURVE_EVERY} games) {last}, {speed:.1f} games/s, "
              f"{left / 60:.0f} min left ", end="", file=sys.stderr, flush=True)

    def curve() -> None:
        if args.curve is not None and trained.curve:
            if card:
                args.curve.write_text(svg(
                    trained.curve, f"The card game's network learning: its bot against the "
                    f"greedy bot, each {CURVE_EVERY} games", reference=50.0,
                    reference_label="as many wins as the greedy bot", axis="wins, %"))
            else:
                what = "solitaire" if players == 1 else f"{players}-player game"
                args.curve.write_text(svg(trained.curve, f"The {what}'s network learning: mean "
                                          f"turns of each {CURVE_EVERY} games"))

    while trained.network.games < total:
        train(trained, min(CHECKPOINT_EVERY, total - trained.network.games), rate, progress)
        save(trained, out)
        curve()
    curve()  # `--resume --games 0` draws the curve of a run again
    print(file=sys.stderr)
    print(f"{trained.network.games:,} games; the network is in {out}")
    return 0
