"""scripts/import_graph.py, which docs/architecture.md shows the web app's structure with:
it finds the imports of a package's modules (inside functions too) and their circles."""

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_SPEC = importlib.util.spec_from_file_location("import_graph", ROOT / "scripts" / "import_graph.py")
assert _SPEC and _SPEC.loader
graph_script = importlib.util.module_from_spec(_SPEC)
sys.modules["import_graph"] = graph_script
_SPEC.loader.exec_module(graph_script)


def test_circles_are_the_groups_that_reach_each_other():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"d"}}
    assert graph_script.circles(edges) == [["a", "b", "c"]]
    assert graph_script.circles({"a": {"b"}, "b": set()}) == []


def test_the_web_apps_graph_sees_imports_inside_functions(tmp_path):
    edges = graph_script.graph("webapp", by_folder=False)
    assert "webapp.store" in edges and any("webapp.store" in t for t in edges.values())
    source = tmp_path / "m.py"
    source.write_text("def f():\n    from webapp.store import Store\n", encoding="utf-8")
    known = graph_script.modules("webapp")
    assert graph_script.imports(source, known) == {"webapp.store"}
