"""The `copenhagen` command: demo game, simulations, benchmarks, solitaire, printable pads."""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import sys
from typing import Any


def _emit(data: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(data, indent=2))
    else:
        for key, value in data.items():
            print(f"{key}: {value}")


def cmd_demo(args: argparse.Namespace) -> int:
    """Play a Roll & Write game in the terminal and print it as a score sheet."""
    from webapp.demo import run_demo

    return run_demo(players=args.players, seed=args.seed, bot=args.bot)


def cmd_simulate(args: argparse.Namespace) -> int:
    """Random (or bot) self-play statistics."""
    if args.bots:
        from benchmarks.arena import match

        bots = [b.strip() for b in args.bots.split(",") if b.strip()]
        result = match(args.edition, bots, args.players, args.games, args.seed)
    elif args.edition == "rollwrite":
        from rollwrite.simulate import simulate

        result = simulate(args.players, args.games, args.seed)
    else:
        from boardgame.simulate import simulate as card_simulate

        result = card_simulate(args.players, args.games, args.seed)
    _emit(result, args.json)
    return 1 if result.get("invariant_violations") else 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Run every benchmark module (`benchmarks/*.py` with a `measure` function)."""
    import benchmarks

    result: dict[str, Any] = {}
    for info in pkgutil.iter_modules(benchmarks.__path__):
        if args.only and info.name not in args.only.split(","):
            continue
        module = importlib.import_module(f"benchmarks.{info.name}")
        measure = getattr(module, "measure", None)
        if measure is None:
            continue
        if not args.json:
            print(f"running {info.name} ...", file=sys.stderr)
        result.update(measure(quick=args.quick))
    _emit(result, args.json)
    return 0


def cmd_solitaire(args: argparse.Namespace) -> int:
    """The solitaire challenge of RULES 4 played by a bot."""
    from rollwrite.solitaire import play

    result = play(args.seed, args.bot)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"seed {result['seed']}, bot {result['bot']}: {result['turns']} turns to 12")
        print("\n".join(result["sheet"]))
        print("placements: " + " ".join(result["placements"]))
    return 0


def cmd_print(args: argparse.Namespace) -> int:
    """Printable pads as PDF."""
    from printables.cli import run

    return run(args)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(
        prog="copenhagen", description="Copenhagen and Copenhagen Roll & Write"
    )
    sub = parser.add_subparsers(dest="command", required=True)

    demo = sub.add_parser("demo", help="watch bots play a Roll & Write game in the terminal")
    demo.add_argument("--players", type=int, default=3, choices=[1, 2, 3, 4])
    demo.add_argument("--seed", default="demo")
    demo.add_argument("--bot", default="greedy", help="random, greedy or strong")
    demo.set_defaults(func=cmd_demo)

    sim = sub.add_parser("simulate", help="self-play statistics")
    sim.add_argument("--edition", choices=["rollwrite", "boardgame"], default="rollwrite")
    sim.add_argument("--players", type=int, default=4, choices=[1, 2, 3, 4])
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", default="", help="comma-separated levels, e.g. strong,greedy")
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(func=cmd_simulate)

    bench = sub.add_parser("bench", help="speed benchmarks (medians)")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--quick", action="store_true", help="short runs, for smoke tests")
    bench.add_argument("--only", default="", help="comma-separated benchmark modules")
    bench.set_defaults(func=cmd_bench)

    sol = sub.add_parser("solitaire", help="the solitaire challenge (RULES 4)")
    sol.add_argument("--seed", default="daily")
    sol.add_argument("--bot", default="strong")
    sol.add_argument("--json", action="store_true")
    sol.set_defaults(func=cmd_solitaire)

    pr = sub.add_parser("print", help="printable Roll & Write pads (PDF)")
    try:
        from printables.cli import add_arguments
    except ImportError:  # printables not installed in this tree
        pass
    else:
        add_arguments(pr)
    pr.set_defaults(func=cmd_print)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `copenhagen` console script."""
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:
        return 0
    except ValueError as error:  # bad bot level, edition or player count: say it plainly
        print(f"copenhagen {args.command}: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
