"""The app's blueprints, one per area, registered by `register`."""

from __future__ import annotations

import importlib

from flask import Flask

# Each module holds a blueprint named `bp`; add an area by adding its module name here.
AREAS = (
    "home",
    "dice",
    "pads",
    "companion",
    "card",
    "replay",
    "review",
    "solo",
    "learn",
    "rules",
    "leaderboard",
    "push",
)


def register(app: Flask) -> None:
    """Register every area's blueprint."""
    for name in AREAS:
        module = importlib.import_module(f"webapp.views.{name}")
        app.register_blueprint(module.bp)
        if hasattr(module, "root"):  # an area's pages at the site's root (robots.txt ...)
            app.register_blueprint(module.root)
