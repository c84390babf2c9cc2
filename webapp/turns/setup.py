"""Plug turn-based tables into an app: the records and clocks (webapp/turns/wiring.py), the
pages, and the template globals the game pages and the home page call."""

from __future__ import annotations

from flask import Flask

from webapp.platform.deps import Deps
from webapp.platform.store import Store
from webapp.players.identity import current_player
from webapp.turns import panel, routes, wiring


def waiting_games() -> int:
    """How many turn-based games wait for this browser's player (the home page's count)."""
    player = current_player()
    return wiring.turns().records.waiting_count(player.id) if player else 0


def attach(app: Flask, store: Store, given: Deps) -> None:
    """Turn-based tables in `app`."""
    wiring.install(app, store, given)
    app.register_blueprint(routes.bp)
    app.add_template_global(panel.panel, "turn_panel")
    app.add_template_global(waiting_games, "waiting_games")
