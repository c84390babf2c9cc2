"""The app's blueprints, one per feature, registered by `register`."""

from __future__ import annotations

from types import ModuleType

from flask import Flask

from webapp.card import routes as card
from webapp.dice import routes as dice
from webapp.home import old_addresses
from webapp.home import routes as home
from webapp.learn import routes as learn
from webapp.learn import rules_routes as rules
from webapp.printing import routes as pads
from webapp.push import routes as push
from webapp.review import replay_routes as replay
from webapp.review import routes as review
from webapp.rollwrite import routes as rollwrite
from webapp.solo import leaderboard_routes as leaderboard
from webapp.solo import routes as solo

# Each module holds a blueprint named `bp`; add a feature by adding its routes module here.
AREAS: tuple[ModuleType, ...] = (
    home,
    dice,
    pads,
    rollwrite,
    card,
    replay,
    review,
    solo,
    learn,
    rules,
    leaderboard,
    push,
    old_addresses,
)


def register(app: Flask) -> None:
    """Register every feature's blueprint."""
    for module in AREAS:
        app.register_blueprint(module.bp)
        if hasattr(module, "root"):  # a feature's pages at the site's root (robots.txt ...)
            app.register_blueprint(module.root)
