"""Dependencies point one way: facade <- engines <- bots <- command line and web app (issue 9)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OUTSIDE = ("webapp", "commandline", "printables", "benchmarks", "flask", "flask_babel",
           "flask_wtf", "flask_limiter", "sqlalchemy", "alembic", "reportlab", "segno")
BOTS = ("bots",)


def imported(source: str) -> set[str]:
    """Every module a source file imports, anywhere in it (inside functions too)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, "relative imports hide where they point; write the full name"
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def under(name: str, packages: tuple[str, ...]) -> bool:
    """Whether module `name` is one of `packages` or inside one."""
    return any(name == p or name.startswith(p + ".") for p in packages)


def files(package: str, skip: str | None = None) -> list[Path]:
    """The package's Python files, leaving out the subpackage `skip`."""
    out = sorted((ROOT / package).rglob("*.py"))
    return [f for f in out if skip is None or (ROOT / package / skip) not in f.parents]


def offending(paths: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    """`file: module` for every forbidden import in the files."""
    return [
        f"{path.relative_to(ROOT)}: {name}"
        for path in paths
        for name in sorted(imported(path.read_text(encoding="utf-8")))
        if under(name, forbidden)
    ]


def test_the_import_scanner_sees_every_form_of_import():
    source = (
        "import flask\nfrom bots.levels import make_bot\n"
        "def f():\n    import webapp.db as db\n    from bots import card\n"
    )
    names = imported(source)
    assert {"flask", "bots.levels", "webapp.db", "bots.card"} <= names
    assert under("bots.card.greedy", BOTS) and not under("botsy", BOTS)


def test_the_core_imports_neither_edition_nor_anything_built_on_it():
    assert offending(files("facade"), ("rollwrite", "boardgame", *BOTS, *OUTSIDE)) == []


@pytest.mark.parametrize("engine", ["rollwrite", "boardgame"])
def test_engines_import_no_bots_web_app_command_line_or_printing(engine):
    assert files(engine)
    assert offending(files(engine), (*BOTS, *OUTSIDE)) == []


def test_the_two_engines_do_not_import_each_other():
    assert offending(files("rollwrite"), ("boardgame",)) == []
    assert offending(files("boardgame"), ("rollwrite",)) == []


@pytest.mark.parametrize("package", ["bots", "bots/rollwrite", "bots/card"])
def test_bots_import_no_web_app_or_command_line(package):
    assert files(package)
    assert offending(files(package), OUTSIDE) == []


def test_sql_lives_in_the_store_alone():
    """The web layer reaches the database through webapp/store.py (its tables in
    webapp/db.py, its migrations): no other module imports SQLAlchemy (its exception types
    aside, which the error pages name) or opens a connection itself (issue 20)."""
    store = {ROOT / "webapp" / "store.py", ROOT / "webapp" / "db.py"}
    others = [f for f in files("webapp") if f not in store and "migrations" not in f.parts]
    assert others
    found = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in others
        for name in sorted(imported(path.read_text(encoding="utf-8")))
        if under(name, ("sqlalchemy", "alembic")) and not under(name, ("sqlalchemy.exc",))
    ]
    found += [f"{path.relative_to(ROOT)}: opens a connection" for path in others
              if ".engine.connect(" in path.read_text(encoding="utf-8")
              or ".engine.begin(" in path.read_text(encoding="utf-8")]
    assert found == []
