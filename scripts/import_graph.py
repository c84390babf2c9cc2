"""Print the import graph of a package of this repository (webapp by default): each module and
the modules of the same package it imports, or with --by-folder each folder and the folders it
imports, then the circles (modules that reach each other through imports) if any.

    .venv/bin/python scripts/import_graph.py               # webapp, module by module
    .venv/bin/python scripts/import_graph.py --by-folder   # webapp, folder by folder
    .venv/bin/python scripts/import_graph.py bots

Imports inside functions count too: they hide an arrow, they do not remove it."""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules(package: str) -> dict[str, Path]:
    """Every module of a package by its dotted name (a folder's `__init__` by the folder's)."""
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if "migrations" in parts:
            continue  # Alembic's scripts: loaded by Alembic, imported by nobody
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of `known` that a file imports, anywhere in it."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [f"{node.module}.{alias.name}" for alias in node.names] or [node.module]
            names = [n if n in known else node.module for n in names]
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name:
                out.add(name)
    return out


def folder_of(name: str, package: str, known: dict[str, Path]) -> str:
    """A module's folder inside the package: `webapp.games.routes` -> `webapp.games`; a module
    at the package's top level (`webapp.store`) stands for itself."""
    parts = name.split(".")
    if len(parts) <= 2:
        return name
    return ".".join(parts[:2]) if ".".join(parts[:2]) in known else name


def graph(package: str, by_folder: bool) -> dict[str, set[str]]:
    """Who imports whom inside the package, by module or by folder (no arrow to oneself)."""
    known = modules(package)
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        source = folder_of(name, package, known) if by_folder else name
        targets = imports(path, known)
        if by_folder:
            targets = {folder_of(t, package, known) for t in targets}
        edges.setdefault(source, set()).update(t for t in targets if t != source)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one node (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def main(argv: list[str]) -> int:
    """Print the graph and its circles; exit 1 when there is a circle."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("package", nargs="?", default="webapp")
    parser.add_argument("--by-folder", action="store_true",
                        help="one node per folder of the package (its features and platform)")
    args = parser.parse_args(argv)
    known = modules(args.package)
    top = [n for n in known if n.count(".") == 1 and not (ROOT / Path(*n.split("."))).is_dir()]
    folders = [n for n in known if n.count(".") == 1 and (ROOT / Path(*n.split("."))).is_dir()]
    edges = graph(args.package, args.by_folder)
    print(f"{args.package}: {len(known)} modules, {len(top)} at its top level, "
          f"{len(folders)} folders")
    for source in sorted(edges):
        targets = ", ".join(sorted(edges[source])) or "-"
        print(f"{source} -> {targets}")
    found = circles(edges)
    print("circles:", "none" if not found else "")
    for group in found:
        print("  " + " <-> ".join(group))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
