"""`copenhagen print`: write a Roll & Write pad as PDF (also `python -m printables.cli`)."""

from __future__ import annotations

import argparse
import sys

from printables.errors import PadOptionError
from printables.pad import KINDS, MAX_PAGES, write_pad
from printables.style import PAPERS
from printables.words import LANGS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the pad kind and the print options to `parser`."""
    parser.add_argument("kind", metavar="|".join(KINDS), help="which pad to print")
    parser.add_argument("--pages", type=int, default=1,
                        help=f"number of sheets, 1 to {MAX_PAGES} (default 1)")
    parser.add_argument("--paper", default="a4", metavar="|".join(PAPERS),
                        help="paper size (default a4)")
    parser.add_argument("--ink-saver", action="store_true",
                        help="grey ink: colours shown by their mark and a pattern")
    parser.add_argument("--two-player", action="store_true",
                        help="two-player variant (RULES 3.6)")
    parser.add_argument("--lang", default="en", metavar="|".join(LANGS),
                        help="the pad's language: English, French or German (default en)")
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="PDF to write")


def run(args: argparse.Namespace) -> int:
    """Write the pad; print one line on success, a clear message on stderr and 2 on bad options."""
    try:
        size = write_pad(args.kind, args.pages, args.paper, args.ink_saver, args.two_player,
                         args.output, args.lang)
    except PadOptionError as exc:
        print(f"copenhagen print: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {args.pages} pages to {args.output} ({size / 1024:.1f} KB)")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse `argv` like `copenhagen print` does and run it."""
    parser = argparse.ArgumentParser(prog="copenhagen print",
                                     description="Printable Roll & Write pads (PDF)")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
