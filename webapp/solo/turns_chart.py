"""A player's solitaire challenges over the last 30 days as an SVG chart drawn on the server
(as webapp/games/points_chart.py draws points): one dot per day played, at the fewest turns to 12
points that day, joined where days follow each other; a title and a description make it
readable without sight, and the page lists the same numbers."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta

from markupsafe import Markup, escape

from webapp.games.points_chart import LINE_STYLES
from webapp.solo.records import Attempt

DAYS = 30
WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 34, 12, 12, 30


def best_by_day(found: Iterable[Attempt], today: date, days: int = DAYS) -> dict[date, int]:
    """The fewest turns to 12 points on each of the last `days` days (today included)."""
    first = today - timedelta(days=days - 1)
    out: dict[date, int] = {}
    for a in found:
        if not a.reached or a.when is None:
            continue
        day = a.when.date()
        if first <= day <= today:
            out[day] = min(out.get(day, a.turns), a.turns)
    return out


def turns_svg(best: dict[date, int], today: date, title: str, desc: str, days_word: str,
              turns_word: str, days: int = DAYS) -> Markup:
    """The chart: days along, turns up (fewer is better), today at the right."""
    first = today - timedelta(days=days - 1)
    top = max([12, *best.values()]) + 2  # room above the highest dot
    top = -(-top // 4) * 4
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(day: date) -> float:
        return LEFT + inner_w * (day - first).days / (days - 1)

    def y(turns: int) -> float:
        return TOP + inner_h * (1 - turns / top)

    colour = LINE_STYLES[0][0]
    parts = [f'<svg class="points-chart turns-chart" viewBox="0 0 {WIDTH} {HEIGHT}" '
             f'role="img" aria-labelledby="tc-t tc-d" xmlns="http://www.w3.org/2000/svg">',
             f'<title id="tc-t">{escape(title)}</title><desc id="tc-d">{escape(desc)}</desc>']
    for v in range(0, top + 1, 4):
        parts.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(v):.1f}" '
                     f'y2="{y(v):.1f}"/><text class="tick" x="{LEFT - 6}" y="{y(v) + 4:.1f}" '
                     f'text-anchor="end">{v}</text>')
    for back, anchor in ((days - 1, "start"), (20, "middle"), (10, "middle"), (0, "end")):
        day = today - timedelta(days=back)
        parts.append(f'<text class="tick" x="{x(day):.1f}" y="{HEIGHT - BOTTOM + 16}" '
                     f'text-anchor="{anchor}">{day.strftime("%d/%m")}</text>')
    parts.append(f'<text class="axis" x="{LEFT + inner_w / 2:.1f}" y="{HEIGHT - 2}" '
                 f'text-anchor="middle">{escape(days_word)}</text>')
    parts.append(f'<text class="axis" x="10" y="{TOP + inner_h / 2:.1f}" text-anchor="middle" '
                 f'transform="rotate(-90 10 {TOP + inner_h / 2:.1f})">{escape(turns_word)}</text>')
    run: list[str] = []
    for offset in range(days + 1):
        day = first + timedelta(days=offset)
        if day in best and offset < days:
            run.append(f"{x(day):.1f},{y(best[day]):.1f}")
            continue
        if len(run) > 1:
            parts.append(f'<polyline class="line p0" points="{" ".join(run)}" fill="none" '
                         f'stroke="{colour}" stroke-width="3"/>')
        run = []
    for day, turns in sorted(best.items()):
        parts.append(f'<circle class="end p0" cx="{x(day):.1f}" cy="{y(turns):.1f}" r="4" '
                     f'fill="{colour}"/>')
    parts.append("</svg>")
    return Markup("".join(parts))
