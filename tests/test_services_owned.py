"""The app owns its services (issue 38): the search processes, the job pool, the push hub,
the turn clocks and their limits are made by `create_app` from its settings and kept on the
app, never in a module global that every app of a process would share and a test would have
to patch. Read from the code: no module of webapp makes one at import."""

from __future__ import annotations

import ast
from pathlib import Path

WEBAPP = Path(__file__).resolve().parents[1] / "webapp"
# What runs or counts something for an app: processes, threads, their pools and their limits.
SERVICES = frozenset({
    "Searcher", "Searchers", "make_searchers", "ProcessPoolExecutor", "ThreadPoolExecutor",
    "Jobs", "Hub", "Clocks", "Thread", "BoundedSemaphore", "Semaphore",
})


def _called(node: ast.expr) -> str | None:
    """The name a call's function goes by (`Searcher(...)`, `threading.Semaphore(...)`)."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def made_at_import(source: str) -> list[str]:
    """The services a module's top level makes, as `line: name`."""
    found = []
    for stmt in ast.parse(source).body:
        value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
        name = _called(value) if value is not None else None
        if name in SERVICES:
            found.append(f"{stmt.lineno}: {name}")
    return found


def test_the_scan_finds_a_service_made_at_import() -> None:
    """The scan itself: the module singletons this issue removed would be found."""
    assert made_at_import("BOTS = Searcher(niceness=0)\n") == ["1: Searcher"]
    assert made_at_import("_slots = threading.BoundedSemaphore(2)\n") == ["1: BoundedSemaphore"]
    assert made_at_import("def f():\n    return Searcher()\n") == []  # made when called


def test_no_module_of_the_web_app_makes_a_service_at_import() -> None:
    offending = {str(path.relative_to(WEBAPP)): found for path in sorted(WEBAPP.rglob("*.py"))
                 if (found := made_at_import(path.read_text(encoding="utf-8")))}
    assert offending == {}
