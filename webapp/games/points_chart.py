"""Each player's points turn by turn, for the end screens of both editions: read from the
stored events (the engines' `scored` and `track_completed` events carry the points, a
`picked_back` the points a taken-back pick lost, an `undone` takes back its seat's last step),
and drawn as an SVG line chart made on the server, with a title, a description and the
numbers as a table beside it, so it reads without JavaScript and without sight."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from webapp.platform.i18n import gettext as _

# stroke colours and dash patterns of the players' lines (told apart without colour too)
LINE_STYLES = (("#0b5d8c", ""), ("#c0392b", "6 4"), ("#1e7a3c", "2 4"), ("#8a45b5", "10 4 2 4"))
WIDTH, HEIGHT = 360, 220
LEFT, RIGHT, TOP, BOTTOM = 34, 12, 12, 30
# The tick labels' size (static/app.css, `.points-chart .tick`: 11px, in the viewBox's units,
# so labels and spaces scale together whatever the chart's width on screen) and the width a
# digit takes at most: 0.6 em (the system fonts' digits measure 0.55 to 0.57 em).
TICK_FONT = 11.0
DIGIT_EM = 0.6
TICK_GAP = 4.0  # the least space between two turn labels
NICE_STEPS = (1, 2, 5, 10, 20, 25, 50, 100)


@dataclass
class PointsByTurn:
    """Cumulative points of each seat at the end of each turn (turn 1 first)."""

    turns: list[int]
    points: list[list[int]]  # points[seat][i]: the seat's points after turns[i]


def _gained(events: Iterable[dict[str, Any]]) -> dict[int, int]:
    """Points each seat gained (or lost) through one logged action's events."""
    out: dict[int, int] = {}
    for e in events:
        seat, data = e.get("player"), e.get("data") or {}
        if not isinstance(seat, int):
            continue
        if e.get("kind") in ("scored", "track_completed"):
            out[seat] = out.get(seat, 0) + int(data.get("points", 0))
        elif e.get("kind") == "picked_back":
            out[seat] = out.get(seat, 0) - int(data.get("points_lost", 0))
    return out


def points_by_turn(rows: Iterable[Any], seats: int) -> PointsByTurn:
    """Read a game's log (rows with `.events`, as the store keeps them) turn by turn."""
    totals = [0] * seats
    turns: list[int] = []
    points: list[list[int]] = [[] for _ in range(seats)]
    steps: list[tuple[int, dict[int, int]]] = []  # this turn's steps: (seat, points gained)
    turn = 0

    def close() -> None:
        if turn:
            turns.append(turn)
            for s in range(seats):
                points[s].append(totals[s])

    for row in rows:
        events = list(row.events)
        for e in events:
            if e.get("kind") == "turn_started":
                close()
                turn = int((e.get("data") or {}).get("turn", turn + 1))
                steps = []
        if any(e.get("kind") == "undone" for e in events):
            seat = next(e.get("player") for e in events if e.get("kind") == "undone")
            for i in range(len(steps) - 1, -1, -1):
                if steps[i][0] == seat:
                    for s, p in steps.pop(i)[1].items():
                        totals[s] -= p
                    break
            continue
        gained = _gained(events)
        for s, p in gained.items():
            if 0 <= s < seats:
                totals[s] += p
        steps.append((row.seat if isinstance(row.seat, int) else -1, gained))
    close()
    return PointsByTurn(turns, points)


def label_width(text: str) -> float:
    """The width a tick label of digits takes at most, in the viewBox's units."""
    return len(text) * DIGIT_EM * TICK_FONT


def turn_ticks(turns: Sequence[int], span: float) -> list[int]:
    """Which turns get a label under the chart (their indices), for `span` units between the
    first and the last: every `step`-th turn for the smallest round step whose labels do not
    touch, the first and the last turn always, and a regular one dropped when it would
    touch the last (a 26-turn game: 1, 5, 10, 15, 20, 26, not ... 25 and 26 side by side)."""
    n = len(turns)
    if n <= 1:
        return list(range(n))
    pitch = span / (n - 1)  # units from one turn to the next
    widest = max(label_width(str(t)) for t in turns)
    step = next((s for s in NICE_STEPS if s * pitch >= widest + TICK_GAP), NICE_STEPS[-1])

    def clear(i: int, j: int) -> bool:
        """Labels i and j (i < j) leave TICK_GAP between them."""
        half = (label_width(str(turns[i])) + label_width(str(turns[j]))) / 2
        return (j - i) * pitch >= half + TICK_GAP

    picked = [0]
    for i in range(1, n - 1):
        if turns[i] % step == 0 and clear(picked[-1], i):
            picked.append(i)
    while len(picked) > 1 and not clear(picked[-1], n - 1):
        picked.pop()  # the last turn's label wins over a regular one beside it
    return [*picked, n - 1]


def _axis_max(top: int) -> int:
    step = 2 if top <= 12 else 5
    return max(step, -(-top // step) * step)


def chart_svg(data: PointsByTurn, names: Sequence[str], title: str, desc: str,
              turn_word: str, points_word: str) -> Markup:
    """The line chart of `data` as inline SVG (role img, labelled by its title and
    description); the same numbers go in a table beside it (`_points_chart.html`)."""
    n = len(data.turns)
    top = _axis_max(max((max(p) for p in data.points if p), default=0))
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (inner_w * i / max(1, n - 1) if n > 1 else inner_w / 2)

    def y(v: int) -> float:
        return TOP + inner_h * (1 - v / top)

    uid = "c" + format(abs(hash((tuple(data.turns), tuple(names)))) % 10**8, "d")
    parts = [
        f'<svg class="points-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{uid}-t {uid}-d" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{uid}-t">{escape(title)}</title><desc id="{uid}-d">{escape(desc)}</desc>',
    ]
    step = 2 if top <= 12 else 5
    for v in range(0, top + 1, step):
        parts.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(v):.1f}" '
                     f'y2="{y(v):.1f}"/><text class="tick" x="{LEFT - 6}" y="{y(v) + 4:.1f}" '
                     f'text-anchor="end">{v}</text>')
    for i in turn_ticks(data.turns, inner_w):
        parts.append(f'<text class="tick" x="{x(i):.1f}" y="{HEIGHT - BOTTOM + 16}" '
                     f'text-anchor="middle">{data.turns[i]}</text>')
    parts.append(f'<text class="axis" x="{LEFT + inner_w / 2:.1f}" y="{HEIGHT - 2}" '
                 f'text-anchor="middle">{escape(turn_word)}</text>')
    parts.append(f'<text class="axis" x="10" y="{TOP + inner_h / 2:.1f}" text-anchor="middle" '
                 f'transform="rotate(-90 10 {TOP + inner_h / 2:.1f})">{escape(points_word)}</text>')
    for s, series in enumerate(data.points):
        colour, dash = LINE_STYLES[s % len(LINE_STYLES)]
        dots = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline class="line p{s}" points="{dots}" fill="none" '
                     f'stroke="{colour}" stroke-width="3"{dash_attr}/>')
        if series:
            parts.append(f'<circle class="end p{s}" cx="{x(n - 1):.1f}" '
                         f'cy="{y(series[-1]):.1f}" r="4" fill="{colour}"/>')
    parts.append("</svg>")
    return Markup("".join(parts))


def legend(names: Sequence[str]) -> list[dict[str, str]]:
    """Each player's line as the legend shows it: name, colour, dash pattern."""
    return [{"name": name, "colour": LINE_STYLES[s % len(LINE_STYLES)][0],
             "dash": LINE_STYLES[s % len(LINE_STYLES)][1] or "none"}
            for s, name in enumerate(names)]


def end_chart(rows: Iterable[Any], names: Sequence[str]) -> dict[str, Any]:
    """What the end screens show: the chart, its legend and the numbers by turn."""
    data = points_by_turn(rows, len(names))
    finals = ", ".join(f"{name} {p[-1] if p else 0}" for name, p in zip(names, data.points,
                                                                        strict=True))
    title = _("Points turn by turn")
    desc = _("One line per player, from turn 1 to turn %(last)s. Final points: %(finals)s.",
             last=data.turns[-1] if data.turns else 0, finals=finals)
    return {
        "svg": chart_svg(data, names, title, desc, _("Turn"), _("Points")),
        "title": title, "legend": legend(names), "names": list(names),
        "rows": [(t, [p[i] for p in data.points]) for i, t in enumerate(data.turns)],
    }
