"""The card page model (webapp/card/model.py) is given what the route read of the request:
the address's selection and the hands revealed on the screen (issue 38); it reads neither
Flask's request nor its session."""

from __future__ import annotations

import ast
from pathlib import Path

from flask import Flask

from boardgame import actions as A  # noqa: N812
from boardgame.game import new_game
from webapp.card import model as M  # noqa: N812

MODEL = Path(M.__file__)


def test_the_model_imports_neither_request_nor_session():
    flask_names = {alias.name for node in ast.walk(ast.parse(MODEL.read_text()))
                   if isinstance(node, ast.ImportFrom) and node.module == "flask"
                   for alias in node.names}
    assert flask_names and not flask_names & {"request", "session", "g"}


def test_the_selection_comes_from_the_args_passed_in_not_the_request(app: Flask):
    store = app.extensions["store"]
    game = store.create_game("card", "boardgame", {"players": ["A", "B"], "seed": 3},
                             seat_count=2)
    state = new_game(["A", "B"], 3)
    take = next(a for a in state.legal_actions(0) if isinstance(a, A.Take))
    pair = f"{take.first + 1},{take.second + 1}"
    with app.test_request_context(f"/c/{game.code}?pick=7"):  # the request says otherwise
        chosen = M.choices(game, state, 0, {"pick": pair})
        assert chosen["picks"] == [take.first, take.second]
        assert str(take) in [t["line"] for t in chosen["takes"]]
        assert M.choices(game, state, 0, {})["picks"] == []


def test_a_hand_is_shown_only_when_the_screen_revealed_it_this_turn(app: Flask):
    store = app.extensions["store"]
    game = store.create_game("card", "boardgame", {"players": ["A", "B"], "seed": 3},
                             seat_count=2)
    state = new_game(["A", "B"], 3)
    assert M.revealed(game, state, {}) is None
    assert M.revealed(game, state, {game.code: [0, state.turn]}) == 0
    assert M.revealed(game, state, {game.code: [0, state.turn + 1]}) is None
    assert M.revealed(game, state, {"OTHER1": [0, state.turn]}) is None
