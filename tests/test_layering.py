"""Dependencies point one way (issues 9 and 20): facade <- engines <- bots and printables <- web
app <- benchmarks <- command line. No module imports from a higher layer, nor from another
package on its own layer."""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Each top-level package's layer, read off the real imports: a module may import its own package
# and any package on a lower layer, nothing else. The two engines share a layer and so never
# import each other; so do the bots and the printable pads.
LAYERS = {
    "facade": 0,
    "rollwrite": 1, "boardgame": 1,
    "bots": 2, "printables": 2,
    "webapp": 3,
    "benchmarks": 4,  # the reliability benchmark runs the web app's store on PostgreSQL
    "commandline": 5,  # `copenhagen serve`, `bench`, `print`: everything below
}
ENGINES = ("rollwrite", "boardgame")
BOTS = ("bots",)
EDITION_BOTS = {"rollwrite": "bots.rollwrite", "boardgame": "bots.card"}
SHARED_HEURISTICS = ("bots.potential",)
LIBRARIES = ("flask", "flask_babel", "flask_wtf", "flask_limiter", "sqlalchemy", "alembic",
             "reportlab", "segno")
OUTSIDE = ("webapp", "commandline", "printables", "benchmarks", *LIBRARIES)


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


def files(package: str) -> list[Path]:
    """The Python files of a package or dotted subpackage."""
    return sorted(ROOT.joinpath(*package.split(".")).rglob("*.py"))


def imports_of(path: Path) -> list[str]:
    """The modules one file imports, sorted."""
    return sorted(imported(path.read_text(encoding="utf-8")))


def offending(paths: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    """`file: module` for every forbidden import in the files."""
    return [
        f"{path.relative_to(ROOT)}: {name}"
        for path in paths
        for name in imports_of(path)
        if under(name, forbidden)
    ]


def upward(package: str, names: list[str]) -> list[str]:
    """The names a module of `package` may not import: another project package on its own
    layer or a higher one (`a.b` alone for `from a.b import c`, not `a.b.c` too)."""
    mine = LAYERS[package]
    bad = [
        name for name in names
        if (top := name.split(".")[0]) in LAYERS and top != package and LAYERS[top] >= mine
    ]
    return [name for name in bad if name.rpartition(".")[0] not in bad]


def test_the_import_scanner_sees_every_form_of_import():
    source = (
        "import flask\nfrom bots.levels import make_bot\n"
        "def f():\n    import webapp.platform.db as db\n    from bots import card\n"
    )
    names = imported(source)
    assert {"flask", "bots.levels", "webapp.platform.db", "bots.card"} <= names
    assert under("bots.card.greedy", BOTS) and not under("botsy", BOTS)
    with pytest.raises(AssertionError, match="relative imports"):
        imported("from . import greedy\n")


def test_the_layer_check_flags_imports_upward_and_sideways_only():
    names = ["bots.potential", "boardgame.state", "facade.grid", "rollwrite.game", "json",
             "webapp.platform.store"]
    assert upward("rollwrite", names) == [
        "bots.potential", "boardgame.state", "webapp.platform.store"]
    assert upward("bots", names) == ["webapp.platform.store"]
    assert upward("commandline", names) == []
    assert upward("facade", ["facade.grid", "rollwrite", "rollwrite.game"]) == ["rollwrite"]


def test_every_package_has_a_layer():
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")}
    assert packages == set(LAYERS)


def test_no_module_imports_from_a_higher_layer_or_a_package_beside_it():
    found = [
        f"{path.relative_to(ROOT)}: {name}"
        for package in LAYERS
        for path in files(package)
        for name in upward(package, imports_of(path))
    ]
    assert found == []


def test_the_core_imports_neither_edition_nor_anything_built_on_it():
    assert files("facade")
    assert offending(files("facade"), (*ENGINES, *BOTS, *OUTSIDE)) == []


@pytest.mark.parametrize("engine", ENGINES)
def test_engines_hold_no_bots_and_import_no_bots_web_app_command_line_or_printing(engine):
    assert files(engine)
    inside = [f.relative_to(ROOT / engine).with_suffix("").parts for f in files(engine)]
    assert [parts for parts in inside if "bots" in parts] == []
    assert offending(files(engine), (*BOTS, *OUTSIDE)) == []


def test_the_two_engines_do_not_import_each_other():
    assert offending(files("rollwrite"), ("boardgame",)) == []
    assert offending(files("boardgame"), ("rollwrite",)) == []


def test_bots_import_no_web_app_or_command_line():
    assert files("bots")
    assert offending(files("bots"), OUTSIDE) == []


@pytest.mark.parametrize("engine", ENGINES)
def test_each_editions_bots_use_their_own_engine_and_the_shared_heuristics_alone(engine):
    """`bots.rollwrite` and `bots.card` stand beside each other, under `bots.levels` and the
    searches: they import neither the other edition nor the rest of `bots`, so `bots.levels`
    can load them without a cycle."""
    own = EDITION_BOTS[engine]
    assert files(own)
    other_engines = tuple(e for e in ENGINES if e != engine)
    found = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in files(own)
        for name in imports_of(path)
        if under(name, other_engines)
        or (under(name, BOTS) and not under(name, (own, *SHARED_HEURISTICS)) and name != "bots")
    ]
    assert found == []


def test_sql_lives_in_the_store_alone():
    """The web layer reaches the database through webapp/platform/store.py (players and
    leaderboards through webapp/platform/player_store.py; turn-based tables and Web Push
    through webapp/turns/records.py and push_records.py; the tables in webapp/platform/db.py,
    its migrations): no other module imports SQLAlchemy (its exception types
    aside, which the error pages name) or opens a connection itself (issue 20)."""
    platform = ROOT / "webapp" / "platform"
    store = {platform / "store.py", platform / "db.py",
             platform / "player_store.py",  # the store's players and leaderboards
             # turn-based tables' clocks and seats, and Web Push's rows (issue 39)
             ROOT / "webapp" / "turns" / "records.py",
             ROOT / "webapp" / "turns" / "push_records.py"}
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


NOTATION_IN_TEMPLATES = re.compile(
    r"""['"]p%d|['"]p['"]\s*~|~\s*['"]\s*(?:setup|arms|take|build|pick|draw|choose|roll)\b""")


def test_templates_build_no_notation():
    """Issue 20: the views hand templates ready actions (their lines from the engine's legal
    actions); no template writes a line of the notation itself."""
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()[:80]}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if NOTATION_IN_TEMPLATES.search(line)
    ]
    assert found == []
    assert NOTATION_IN_TEMPLATES.search("{% set t = 'p%d setup %s'|format(me + 1, L) %}")


# ------------------------------------------------------------ inside the web app (issue 38)
WEBAPP = ROOT / "webapp"
PRODUCT = ("webapp", "bots", "rollwrite", "boardgame", "facade", "printables", "commandline")
TOP_LEVEL_MODULES_AT_MOST = 12
# The web app's floors, lowest first: a folder imports its own floor's folders and the floors
# below (features: any other folder), never a module at webapp's top level (create_app, the
# blueprints, the real services, the ASGI server), which sit above them all.
FLOORS = {"platform": 0, "words": 1, "games": 2}
FEATURE_FLOOR = 3
# Files whose imports inside functions a measured start-up time asks for (each says its figure).
LAZY = {"webapp/__init__.py", "commandline/main.py", "commandline/serve.py",
        "commandline/leaderboard.py"}


def module_name(path: Path) -> str:
    """`webapp.games.play` for webapp/games/play.py, `webapp.games` for its __init__.py."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def run_time_imports(source: str) -> set[str]:
    """The modules a source imports when it runs: every import but those under
    `if TYPE_CHECKING:`, which only a type checker follows."""
    tree = ast.parse(source)
    typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                   and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
                   for n in ast.walk(block)}
    names = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def webapp_graph() -> dict[str, set[str]]:
    """Each web app module -> the web app modules it imports when it runs."""
    paths = [p for p in files("webapp") if "migrations" not in p.parts]
    modules = {module_name(p) for p in paths}

    def known(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    return {
        module_name(p): {m for n in run_time_imports(p.read_text(encoding="utf-8"))
                         if (m := known(n)) and m != module_name(p)}
        for p in paths
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def floor(module: str) -> int | None:
    """A web app module's floor; None for webapp itself and its top-level modules."""
    parts = module.split(".")
    if len(parts) < 3 and not (WEBAPP / parts[-1]).is_dir():
        return None
    return FLOORS.get(parts[1], FEATURE_FLOOR)


def back_up(graph: dict[str, set[str]]) -> list[str]:
    """Imports that run back up: from a folder of webapp to a top-level module of it, or from
    a floor to a higher one (platform -> words -> games -> features)."""
    found = []
    for module, imports in sorted(graph.items()):
        mine = floor(module)
        if mine is None:
            continue
        for name in sorted(imports):
            theirs = floor(name)
            if theirs is None or (theirs > mine and not name.startswith(module.rsplit(".", 1)[0]
                                                                          + ".")):
                found.append(f"{module} -> {name}")
    return found


def imports_in_functions(path: Path) -> list[str]:
    """`file:line` of every import statement inside a function of the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.relative_to(ROOT)}:{node.lineno}"
            for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)
            for node in ast.walk(fn) if isinstance(node, ast.Import | ast.ImportFrom)]


def test_the_house_checks_see_circles_and_arrows_back_up():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
    graph = {"webapp.platform.store": {"webapp.games.play"},
             "webapp.games.play": {"webapp.platform.store", "webapp.blueprints"},
             "webapp.solo.routes": {"webapp.games.play", "webapp.review.routes"}}
    assert back_up(graph) == ["webapp.games.play -> webapp.blueprints",
                              "webapp.platform.store -> webapp.games.play"]
    assert "webapp.x" in run_time_imports("import webapp.x\n")
    assert run_time_imports("if TYPE_CHECKING:\n    import webapp.x\n") == set()
    assert len(imports_in_functions(ROOT / "webapp" / "__init__.py")) > 0


def test_webapp_holds_at_most_twelve_modules_at_its_top_level():
    top = sorted(p.name for p in WEBAPP.glob("*.py"))
    assert len(top) <= TOP_LEVEL_MODULES_AT_MOST, top


def test_no_circle_among_the_web_apps_modules():
    assert circles(webapp_graph()) == []


def test_no_import_runs_back_up_inside_the_web_app():
    assert back_up(webapp_graph()) == []


def test_no_import_inside_a_function_in_product_code():
    found = [
        place
        for package in PRODUCT
        for path in files(package)
        if str(path.relative_to(ROOT)) not in LAZY
        for place in imports_in_functions(path)
    ]
    assert found == []
