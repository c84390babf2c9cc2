"""scripts/import_graph.py, which docs/architecture.md shows the web app's structure with: it
prints tests/test_layering.py's graph of webapp, module by module or folder by folder, each
node with its floor."""

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_SPEC = importlib.util.spec_from_file_location("import_graph", ROOT / "scripts" / "import_graph.py")
assert _SPEC and _SPEC.loader
graph_script = importlib.util.module_from_spec(_SPEC)
sys.modules["import_graph"] = graph_script
_SPEC.loader.exec_module(graph_script)


def test_folders_gather_their_modules_and_keep_the_top_level_apart():
    graph = {"webapp.games.play": {"webapp.platform.store", "webapp.games.visit"},
             "webapp.games.visit": {"webapp.platform.store"},
             "webapp.asgi": {"webapp.platform.store"},
             "webapp.platform.store": set()}
    assert graph_script.by_folder(graph) == {
        "webapp.games": {"webapp.platform"}, "webapp.asgi": {"webapp.platform"},
        "webapp.platform": set()}
    assert graph_script.label("webapp.platform") == "webapp.platform (platform)"
    assert graph_script.label("webapp.solo") == "webapp.solo (features)"
    assert graph_script.label("webapp.asgi") == "webapp.asgi (top)"


def test_the_script_prints_the_web_apps_graph(capsys):
    code = graph_script.main(["--by-folder"])
    out = capsys.readouterr().out
    assert out.startswith("webapp: ") and "webapp.platform (platform) -> " in out
    assert ("circles: none" in out and "arrows back up: none" in out) == (code == 0)
