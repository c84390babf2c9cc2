"""The end screens draw each player's points turn by turn: read from the stored events (the
last point of each line is that player's final score, as the engine counts it), an SVG made
on the server with a title and a description, and the same numbers in a table."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from bots.levels import make_bot
from webapp.games import botplay, points_chart
from webapp.games.points_chart import PointsByTurn, points_by_turn

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
    html = phone.get(f"/rollwrite/{code}").get_data(as_text=True)
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
    html = phone.get(f"/card/{code}").get_data(as_text=True)
    _check_end_page(html, ["Ann", "Greta"], list(state.scores()))


def _tick_font_px() -> float:
    """The turn labels' font size as static/app.css gives it (in the viewBox's units)."""
    css = (Path(__file__).resolve().parents[2] / "static" / "app.css").read_text()
    rule = re.search(r"\.points-chart \.tick[^{]*\{([^}]*)\}", css).group(1)
    return float(re.search(r"font-size:\s*([\d.]+)px", rule).group(1))


@pytest.mark.parametrize("turns", range(1, 61))
def test_turn_labels_never_overlap(turns):
    """Issue 26: "2526" under a 26-turn game. Every label's box (its width estimated from the
    CSS font size and its digits, 0.6 em each: wider than any system font's digits) keeps
    2 units from the next, stays inside the chart, and the first and last turn are named.
    The chart is drawn in viewBox units, so at 390 px (a 358 px wide chart: a scale of
    0.99) labels and spaces shrink alike; the check holds at any width."""
    font = _tick_font_px()
    assert font == points_chart.TICK_FONT
    data = PointsByTurn(list(range(1, turns + 1)), [list(range(turns)), [0] * turns])
    svg = points_chart.chart_svg(data, ["A", "B"], "t", "d", "Turn", "Points")
    y = points_chart.HEIGHT - points_chart.BOTTOM + 16
    labels = [(float(x), text) for x, text in re.findall(
        rf'<text class="tick" x="([\d.]+)" y="{y}" text-anchor="middle">(\d+)</text>', svg)]
    assert labels[0][1] == "1" and labels[-1][1] == str(turns)
    assert len(labels) >= min(turns, 6)
    boxes = [(x - len(t) * 0.6 * font / 2, x + len(t) * 0.6 * font / 2) for x, t in labels]
    assert boxes[0][0] >= 0 and boxes[-1][1] <= points_chart.WIDTH
    for (_l1, right), (left, _r2) in zip(boxes, boxes[1:]):
        assert left - right >= 2, (turns, labels)
    numbers = [int(t) for _x, t in labels]
    assert numbers == sorted(set(numbers))  # in order, none twice
