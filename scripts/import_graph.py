"""Print the web app's import graph as tests/test_layering.py sees it: each module (or, with
--by-folder, each folder) and the web app modules it imports, every folder's floor (platform,
words, games, features; the top-level modules above them all), then the circles and the
imports that run back up, if any (the test fails on either).

    .venv/bin/python scripts/import_graph.py --by-folder   # webapp, folder by folder
    .venv/bin/python scripts/import_graph.py               # webapp, module by module"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.test_layering import (  # noqa: E402  (the repository's root on the path first)
    FEATURE_FLOOR,
    FLOORS,
    back_up,
    circles,
    floor,
    webapp_graph,
)

FLOOR_NAMES = {**{n: name for name, n in FLOORS.items()}, FEATURE_FLOOR: "features"}


def folder_of(module: str) -> str:
    """`webapp.games.play` -> `webapp.games`; a top-level module (`webapp.asgi`) and webapp
    itself stand for themselves."""
    parts = module.split(".")
    return ".".join(parts[:2]) if floor(module) is not None else module


def by_folder(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The graph with one node per folder of webapp (no arrow from a folder to itself)."""
    out: dict[str, set[str]] = {}
    for module, imports in graph.items():
        source = folder_of(module)
        out.setdefault(source, set()).update(
            t for t in map(folder_of, imports) if t != source)
    return out


def height(node: str) -> int:
    """A node's floor; the top-level modules (and webapp itself) above every floor."""
    found = floor(node) if node.count(".") else None
    return FEATURE_FLOOR + 1 if found is None else found


def label(node: str) -> str:
    """A node with its floor: `webapp.games (games)`, `webapp.asgi (top)`."""
    return f"{node} ({FLOOR_NAMES.get(height(node), 'top')})"


def main(argv: list[str]) -> int:
    """Print the graph, its circles and its arrows back up; exit 1 when there is either."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--by-folder", action="store_true",
                        help="one node per folder of webapp (its features and floors)")
    args = parser.parse_args(argv)
    graph = webapp_graph()
    top = sorted(m for m in graph if m.count(".") == 1 and floor(m) is None)
    folders = sorted({folder_of(m) for m in graph if floor(m) is not None})
    print(f"webapp: {len(graph)} modules, {len(top)} at its top level "
          f"({', '.join(m.split('.')[1] for m in top)}), {len(folders)} folders")
    shown = by_folder(graph) if args.by_folder else graph
    for node in sorted(shown, key=lambda n: (-height(n), n)):
        print(f"{label(node)} -> {', '.join(sorted(shown[node])) or '-'}")
    found, up = circles(graph), back_up(graph)
    print("circles:", "none" if not found else "; ".join(" <-> ".join(c) for c in found))
    print("arrows back up:", "none" if not up else "; ".join(up))
    return 1 if found or up else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
