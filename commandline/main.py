"""The `copenhagen` command: demo game, simulations, benchmarks, solitaire, printable pads,
replays of game texts."""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import pkgutil
import sys
from typing import Any

from facade.errors import IllegalAction

# Each command imports what it needs inside its own function: `copenhagen --help` (or any one
# command) starts in 0.45 s that way, 1.75 s with every command's imports at the top (the web
# app, the benchmarks, both simulations), measured with `time python -c "import
# commandline.main"` against one importing them all, on the loaded test machine.


def _bot_level(text: str) -> str:
    """An argparse type: one bot level, refused at parse time when unknown."""
    from bots.levels import check_level

    try:
        return check_level(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _bot_levels(text: str) -> list[str]:
    """An argparse type: comma-separated bot levels, each checked like `_bot_level`."""
    return [_bot_level(b.strip()) for b in text.split(",") if b.strip()]


def _positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number of at least 1")
    return n


def _emit(data: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(data, indent=2))
    else:
        for key, value in data.items():
            print(f"{key}: {value}")


def cmd_demo(args: argparse.Namespace) -> int:
    """Play a Roll & Write game in the terminal and print it as a score sheet."""
    from commandline.demo import run_demo

    return run_demo(players=args.players, seed=args.seed, bot=args.bot)


def cmd_simulate(args: argparse.Namespace) -> int:
    """Random (or bot) self-play statistics."""
    if args.bots:
        from benchmarks.arena import match

        result = match(args.edition, args.bots, args.players, args.games, args.seed)
    elif args.edition == "rollwrite":
        from rollwrite.simulate import REPLAY_EVERY, simulate

        result = simulate(args.players, args.games, args.seed,
                          replay_every=args.replay_every or REPLAY_EVERY)
    else:
        from boardgame.simulate import simulate as card_simulate

        result = card_simulate(args.players, args.games, args.seed)
    _emit(result, args.json)
    return 1 if result.get("invariant_violations") else 0


# Benchmarks run only when asked for (`bench --web`, ..., or by name in --only): those that
# start servers, and the long runs (minutes). A plain `bench` stays under a minute. Each is a
# flag of its own; its help says what it measures and why it is not run by default.
ASKED_FOR_BENCHMARKS = {
    "web": "the web app under load: gunicorn and 50 simulated phones (it starts a server)",
    "solo": "a solo game against three strong bots on the real server: the turnaround of a "
            "turn (it starts a server)",
    "push": "2,000 idle push streams on one server while phones play: move times, memory per "
            "stream, push lag (it starts a server)",
    "cpu": "the server's CPU per request, by kind: a health check, a poll, the API, a table "
           "page, a move (it starts a server)",
    "reliability": "load, kill -9, a database restart, races between two servers and forged "
                   "requests on real servers",
    # How long `bench --strength` takes (benchmarks/strength.py), measured on the 2-core machine
    # (2026-11-29, --jobs 2: 21 min 35 s; --quick 31 s; with the learned Roll & Write expert
    # about 15 min, most of it the card edition's matches).
    "strength": "the bots' strength on held-out seeds, each figure beside issue 40's goal with "
                "its 95 %% interval: the expert against the strong (320 games) and the greedy "
                "bot (160) in both editions, 200 solitaire challenges for each of the 4 bot "
                "levels, the expert's move times (about 15 minutes on a 2-core machine; with "
                "--quick about 30 s)",
    "leaderboard": "100,000 results on one seed in PostgreSQL: the leaderboard page's and a "
                   "player's rank's p95",
    # benchmarks/review.py: 3 reviews per kind of game, 5-25 s of CPU each.
    "review": "how long a finished game's review takes, per kind of game (CPU seconds of 3 "
              "reviews each, about 3 minutes on a 2-core machine)",
    "async": "turn-based tables in PostgreSQL: 10,000 open games with 30,000 seats, My games' "
             "p95, the clocks' sweep, 1,000 notifications to a local push service",
}
# A flag whose benchmark module has another name (`async` is a Python keyword).
BENCHMARK_MODULES = {"async": "turns"}


def cmd_bench(args: argparse.Namespace) -> int:
    """Run the benchmark modules (`benchmarks/*.py` with a `measure` function)."""
    import benchmarks

    result: dict[str, Any] = {}
    only = args.only.split(",") if args.only else []
    only += [BENCHMARK_MODULES.get(name, name) for name in ASKED_FOR_BENCHMARKS
             if getattr(args, name)]
    asked = {BENCHMARK_MODULES.get(name, name) for name in ASKED_FOR_BENCHMARKS}
    for info in pkgutil.iter_modules(benchmarks.__path__):
        if only and info.name not in only:
            continue
        if not only and info.name in asked:
            continue
        module = importlib.import_module(f"benchmarks.{info.name}")
        measure = getattr(module, "measure", None)
        if measure is None:
            continue
        if not args.json:
            print(f"running {info.name} ...", file=sys.stderr)
        spread = {"jobs": args.jobs} if "jobs" in inspect.signature(measure).parameters else {}
        result.update(measure(quick=args.quick, **spread))
    _emit(result, args.json)
    return 0


def cmd_solitaire(args: argparse.Namespace) -> int:
    """The solitaire challenge of RULES 4 played by a bot: on practice dice, or with the
    installation's key (--database-url) on the web challenge's own dice."""
    from commandline.solitaire import run

    return run(args.seed, args.bot, args.json, args.database_url)


def cmd_print(args: argparse.Namespace) -> int:
    """Printable pads as PDF."""
    from printables.cli import run

    return run(args)


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a shareable game text step by step."""
    from commandline.replay import run

    return run(args.file)


def cmd_review(args: argparse.Namespace) -> int:
    """Review a finished game text turn by turn against the expert bot."""
    from commandline.review import run

    return run(args.file, args.rollouts, args.json)


def cmd_leaderboard(args: argparse.Namespace) -> int:
    """Operator's changes to the solitaire leaderboards."""
    from commandline.leaderboard import run

    return run(args)


def cmd_train(args: argparse.Namespace) -> int:
    """Self-play training of a learned evaluation."""
    from commandline.train import run

    return run(args)


def cmd_serve(args: argparse.Namespace) -> int:
    """The web app under gunicorn."""
    from commandline.serve import run

    return run(args)


def cmd_migrate(_args: argparse.Namespace) -> int:
    """Bring the database (COPENHAGEN_DATABASE_URL) to the newest schema."""
    from webapp import migrate

    before, after = migrate()
    if before == after:
        print(f"copenhagen migrate: the schema is up to date ({after})")
    else:
        print(f"copenhagen migrate: {before or 'empty database'} -> {after}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(
        prog="copenhagen", description="Copenhagen and Copenhagen Roll & Write"
    )
    sub = parser.add_subparsers(dest="command", required=True)

    demo = sub.add_parser("demo", help="watch bots play a Roll & Write game in the terminal")
    demo.add_argument("--players", type=int, default=3, choices=[1, 2, 3, 4])
    demo.add_argument("--seed", default="demo")
    demo.add_argument("--bot", default="greedy", type=_bot_level,
                      help="random, greedy, strong or expert")
    demo.set_defaults(func=cmd_demo)

    sim = sub.add_parser("simulate", help="self-play statistics")
    sim.add_argument("--edition", choices=["rollwrite", "boardgame"], default="rollwrite")
    sim.add_argument("--players", type=int, default=4, choices=[1, 2, 3, 4])
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", default=[], type=_bot_levels,
                     help="comma-separated levels, e.g. strong,greedy")
    sim.add_argument("--replay-every", type=_positive, default=None, metavar="N",
                     help="Roll & Write: replay every N-th game from its log (1: all; "
                     "default: rollwrite.simulate.REPLAY_EVERY, 4)")
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(func=cmd_simulate)

    bench = sub.add_parser("bench", help="speed benchmarks (medians): engines, placements, "
                                         "pads and their preview, the strong bots (under a "
                                         "minute); the options add longer runs")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--quick", action="store_true", help="short runs, for smoke tests")
    bench.add_argument("--only", default="", help="comma-separated benchmark modules")
    bench.add_argument("--jobs", type=_positive, default=None, metavar="N",
                       help="processes the bots' games are spread over (--strength; default: "
                       "one a core)")
    for name, what in ASKED_FOR_BENCHMARKS.items():
        bench.add_argument(f"--{name}", action="store_true", help=f"{what} (not run by default)")
    bench.set_defaults(func=cmd_bench)

    sol = sub.add_parser("solitaire", help="the solitaire challenge (RULES 4)")
    sol.add_argument("--seed", default="daily")
    sol.add_argument("--bot", default="strong", type=_bot_level)
    sol.add_argument("--json", action="store_true")
    sol.add_argument("--database-url", default=None,
                     help="the web app's database: play the challenge on its dice (they come "
                     "from the seed and the installation's key); without it, practice dice")
    sol.set_defaults(func=cmd_solitaire)

    pr = sub.add_parser("print", help="printable Roll & Write pads (PDF)")
    try:
        from printables.cli import add_arguments
    except ImportError:  # printables not installed in this tree
        pass
    else:
        add_arguments(pr)
    pr.set_defaults(func=cmd_print)

    rep = sub.add_parser("replay", help="replay a game text (the web app's 'download as text')")
    rep.add_argument("file", help="the game text, or - to read it from standard input")
    rep.set_defaults(func=cmd_replay)

    rev = sub.add_parser("review", help="review a finished game text (Roll & Write, solitaire "
                         "or cards) against the expert bot")
    rev.add_argument("file", help="the game text, or - to read it from standard input")
    rev.add_argument("--rollouts", type=_positive, default=None,
                     help="play-outs to the end per move judged (default: tuned per kind of "
                     "game, see bots/rollwrite_review.py and bots/card_review.py)")
    rev.add_argument("--json", action="store_true")
    rev.set_defaults(func=cmd_review)

    from commandline.leaderboard import add_arguments as leaderboard_arguments
    from commandline.serve import add_arguments as serve_arguments
    from commandline.train import add_arguments as train_arguments

    board = sub.add_parser("leaderboard", help="hide an entry of a solitaire leaderboard")
    leaderboard_arguments(board)
    board.set_defaults(func=cmd_leaderboard)

    serve = sub.add_parser("serve", help="the web app on http://HOST:PORT (gunicorn)")
    serve_arguments(serve)
    serve.set_defaults(func=cmd_serve)
    train = sub.add_parser("train", help="train a learned evaluation by play: the "
                           "solitaire's (self-play) or the card edition's (resumable; issue 40)")
    train_arguments(train)
    train.set_defaults(func=cmd_train)
    mig = sub.add_parser("migrate", help="bring the database (COPENHAGEN_DATABASE_URL) to the "
                         "newest schema: once, before `copenhagen serve` starts")
    mig.set_defaults(func=cmd_migrate)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `copenhagen` console script.

    Bad options are refused by argparse (exit 2, with usage); a rule the engines refuse
    (IllegalAction, NotationError: e.g. a player count the edition does not allow) is said
    plainly with exit 2. Anything else is a bug and keeps its traceback.
    """
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:
        return 0
    except IllegalAction as error:  # NotationError is one too
        print(f"copenhagen {args.command}: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
