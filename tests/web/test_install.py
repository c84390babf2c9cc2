"""The built wheel carries the whole web app: installed (not editable) into a bare folder, it
serves its pages and static files from inside the installed `webapp` package."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # builds and installs a wheel

ROOT = Path(__file__).resolve().parents[2]
# Folders of the source tree that are not part of a build (and would slow the copy down).
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", "__pycache__", "*.egg-info", "build", "dist", "instance", "out",
    ".pytest_cache", ".ruff_cache", ".mypy_cache", ".hypothesis", "tmp", "*.pyc",
)
# Resource folders (source path -> installed path inside the target folder) that must arrive
# whole: pyproject.toml maps templates/ and static/ into the webapp package; the networks the
# bots learned are data files of their package.
RESOURCES = {
    "templates": "webapp/templates",
    "static": "webapp/static",
    "webapp/migrations": "webapp/migrations",
    "webapp/translations": "webapp/translations",
    "bots/learned": "bots/learned",  # the learned networks (.npz) beside their modules
}
# The project's packages: every module of theirs (a sub-package left out of pyproject's list,
# as webapp/learn once was, installs without its modules and the app fails at start).
PACKAGES = ("facade", "rollwrite", "boardgame", "bots", "printables", "webapp", "commandline",
            "benchmarks")

PROBE = textwrap.dedent("""
    import json, sys
    import webapp
    from webapp import create_app

    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "install-test",
        "DATABASE_URL": "sqlite:///" + sys.argv[1],
        "HTMX_URL": "/static/vendor/htmx.min.js",
        "RATELIMIT_ENABLED": False,
    })
    client = app.test_client()
    home = client.get("/")
    css = client.get("/static/app.css")
    print(json.dumps({
        "webapp": webapp.__file__,
        "template_folder": app.template_folder,
        "static_folder": app.static_folder,
        "home_template": app.jinja_env.get_template("home.html").filename,
        "home_status": home.status_code,
        "home_has_brand": "Copenhagen" in home.get_data(as_text=True),
        "css_status": css.status_code,
        "css_bytes": len(css.data),
    }))
""")


def _pip(*args: str, cwd: Path) -> None:
    """Run pip of this interpreter; fail with its output."""
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", *args],
        cwd=cwd, capture_output=True, text=True, timeout=240,
    )
    assert done.returncode == 0, f"pip {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project built as a wheel (from a copy, so the source tree gets no build/ folder)
    and installed with --target into an empty folder; returns that folder."""
    base = tmp_path_factory.mktemp("install")
    source = base / "source"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    wheels = base / "wheels"
    _pip("wheel", "--no-deps", "-w", str(wheels), str(source), cwd=base)
    (wheel,) = wheels.glob("copenhagen-*.whl")
    target = base / "site"
    _pip("install", "--no-deps", "--target", str(target), str(wheel), cwd=base)
    return target


def test_wheel_carries_every_template_static_file_migration_and_catalog(installed):
    for source_dir, installed_dir in RESOURCES.items():
        src = ROOT / source_dir
        if not src.is_dir():
            continue
        missing = [
            str(p.relative_to(ROOT)) for p in src.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts
            and not (installed / installed_dir / p.relative_to(src)).is_file()
        ]
        assert not missing, f"pyproject.toml leaves these out of the wheel: {missing}"


def test_wheel_carries_every_module_of_the_project(installed):
    missing = [
        str(p.relative_to(ROOT)) for name in PACKAGES for p in (ROOT / name).rglob("*.py")
        if "__pycache__" not in p.parts and not (installed / p.relative_to(ROOT)).is_file()
    ]
    assert not missing, f"pyproject.toml leaves these modules out of the wheel: {missing}"


def test_installed_app_serves_pages_and_static_files_from_the_installed_package(
    installed, tmp_path
):
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COPENHAGEN_", "PYTHON"))}
    env["PYTHONPATH"] = str(installed)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / "db.sqlite3")],
        cwd=elsewhere, env=env, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    package = installed / "webapp"
    assert Path(seen["webapp"]).parent == package, "the source tree was imported, not the wheel"
    assert Path(seen["template_folder"]) == package / "templates"
    assert Path(seen["static_folder"]) == package / "static"
    assert Path(seen["home_template"]).is_relative_to(package / "templates")
    assert seen["home_status"] == 200 and seen["home_has_brand"]
    assert seen["css_status"] == 200
    assert seen["css_bytes"] == (ROOT / "static" / "app.css").stat().st_size
