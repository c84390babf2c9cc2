"""The end screens draw each player's points turn by turn: read from the stored events (the
last point of each line is that player's final score, as the engine counts it), an SVG made
on the server with a title and a description, and the same numbers in a table."""

from __future__ import annotations

import re
from types import SimpleNamespace

from bots.levels import make_bot
from webapp import botplay
from webapp.points_chart import points_by_turn

from .conftest import Phone
from .test_card_routes import new_game
from .test_solo import play_to_the_end, start_bots, state_of


def _row(seat: int, *events: dict) -> SimpleNamespace:
    return SimpleNamespace(seat=seat, events=list(events))


def _ev(kind: str, player: int, **data: object) -> dict:
    return {"kind": kind, "player": player, "data": data}


def test_points_by_turn_adds_scores_and_takes_back_undone_steps():
    rows = [
        _row(0, _ev("turn_started", 0, turn=1)),
        _row(0, _ev("drawn", 0), _ev("scored", 0, points=2)),
        _row(0, _ev("undone", 0)),  # the drawing that scored is taken back
        _row(0, _ev("drawn", 0), _ev("scored", 0, points=4)),
        _row(1, _ev("track_marked", 1), _ev("track_completed", 1, points=3)),
        _row(1, _ev("turn_started", 1, turn=2)),
        _row(0, _ev("picked_back", 0, points_lost=1)),
        _row(1, _ev("scored", 1, points=1)),
    ]
    data = points_by_turn(rows, 2)
    assert data.turns == [1, 2]
    assert data.points == [[4, 3], [3, 4]]


def _check_end_page(html: str, names: list[str], finals: list[int]) -> None:
    svg = re.search(r'<svg class="points-chart"[^>]*role="img"[^>]*>(.*?)</svg>', html, re.S)
    assert svg, "no chart"
    assert "<title" in svg.group(1) and "<desc" in svg.group(1)
    desc = re.search(r"<desc[^>]*>(.*?)</desc>", svg.group(1), re.S).group(1)
    for name, score in zip(names, finals, strict=True):
        assert f"{name} {score}" in desc, (desc, name, score)
    table = html.split('class="chart-numbers"', 1)[1].split("</table>", 1)[0]
    last_row = re.findall(r"<tr><th scope=\"row\">\d+</th>(.*?)</tr>", table)[-1]
    assert [int(v) for v in re.findall(r"<td>(\d+)</td>", last_row)] == finals


def test_the_companion_end_screen_draws_the_points(app, phone: Phone):
    code = start_bots(phone, ("greedy",))
    play_to_the_end(phone, app, code)
    state = state_of(app, code)
    html = phone.get(f"/t/{code}").get_data(as_text=True)
    names = [s.name for s in app.extensions["store"].seats(app.extensions["store"].game(code))]
    _check_end_page(html, names, list(state.scores()))


def test_the_card_end_screen_draws_the_points(app, phone: Phone):
    code = new_game(phone, ["person", "greedy"], mode="table", names=["Ann", "Greta"])
    store = app.extensions["store"]
    game = store.game(code)
    bot = make_bot("boardgame", "greedy", 0)
    for _ in range(2000):
        with app.app_context():
            botplay.play_pending(store, game)
        state = store.state(game)
        if state.is_over():
            break
        store.act(game, 0, str(bot.decide(state, 0)), state.seq)
    state = store.state(game)
    assert state.is_over()
    html = phone.get(f"/c/{code}").get_data(as_text=True)
    _check_end_page(html, ["Ann", "Greta"], list(state.scores()))
