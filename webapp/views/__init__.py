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
    "push",
)


def register(app: Flask) -> None:
    """Register every area's blueprint."""
    for name in AREAS:
        app.register_blueprint(importlib.import_module(f"webapp.views.{name}").bp)
