"""`copenhagen leaderboard hide SEED WHO`: an operator takes an entry off a seed's
leaderboard (or puts it back with --show); WHO is the game's code or the name shown. With
--same-address, every entry of the seed started from the same address as WHO's goes with it
(in bulk: a player who scouted the dice with throwaway players; the board shows how many
players one address holds). It works on the app's database (COPENHAGEN_DATABASE_URL, else
the SQLite file of the app)."""

# The web app is imported inside the functions that need it, as in commandline/main.py
# (the command line starts in 0.45 s instead of 1.75 s).

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The subcommand's arguments."""
    sub = parser.add_subparsers(dest="action", required=True)
    hide = sub.add_parser("hide", help="hide a leaderboard entry (its game code or name)")
    hide.add_argument("seed", help="the challenge's seed, e.g. 2026-11-26 or 2026-W48")
    hide.add_argument("who", help="the entry's game code (e.g. K7MPQ2) or its name")
    hide.add_argument("--show", action="store_true", help="show the entry again")
    hide.add_argument("--same-address", action="store_true",
                      help="also every entry of the seed started from the same address")
    hide.add_argument("--database-url", default=None,
                      help="the database (default: as the web app: COPENHAGEN_DATABASE_URL "
                           "or its SQLite file)")


def run(args: argparse.Namespace) -> int:
    """Hide (or show) the entries; exit 1 when none matched."""
    from webapp import create_app

    app = create_app({"DATABASE_URL": args.database_url} if args.database_url else {})
    try:
        count = app.extensions["boards"].hide(args.seed, args.who, hidden=not args.show,
                                              same_address=args.same_address)
    finally:
        app.extensions["jobs"].shutdown()
    word = "shown again" if args.show else "hidden"
    if not count:
        print(f"copenhagen leaderboard: no entry '{args.who}' on the leaderboard of "
              f"'{args.seed}' (give the game's code or the name shown)", file=sys.stderr)
        return 1
    print(f"{count} entr{'y' if count == 1 else 'ies'} of {args.seed} {word}")
    return 0
