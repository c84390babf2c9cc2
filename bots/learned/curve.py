"""A training curve as a small SVG picture: the mean turns to 12 points of each group of games
(or another measure of them), against the games played (for `docs/`)."""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 640, 320
LEFT, RIGHT, TOP, BOTTOM = 56, 32, 36, 40  # margins: axis labels left and below, title above


def svg(points: Sequence[tuple[int, float]], title: str, reference: float | None = None,
        reference_label: str = "", axis: str = "mean turns to 12") -> str:
    """The curve of (games, mean turns, or the `axis`'s measure); `reference` draws a dashed
    level (a bot's turns)."""
    if not points:
        raise ValueError("no point to draw: train for a few hundred games first")
    xs = [p[0] for p in points]
    ys = [p[1] for p in points] + ([reference] if reference is not None else [])
    x0, x1 = 0, max(xs)
    y0, y1 = min(ys) - 0.5, max(ys) + 0.5
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def at(x: float, y: float) -> tuple[float, float]:
        return (LEFT + (x - x0) / max(x1 - x0, 1) * plot_w,
                TOP + (y1 - y) / (y1 - y0) * plot_h)

    line = " ".join(f"{px:.1f},{py:.1f}" for px, py in (at(x, y) for x, y in points))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>',
        f'<text x="{LEFT}" y="20" font-size="14">{escape(title)}</text>',
        f'<line x1="{LEFT}" y1="{TOP + plot_h}" x2="{LEFT + plot_w}" y2="{TOP + plot_h}" '
        'stroke="#444"/>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}" stroke="#444"/>',
    ]
    for k in range(5):  # turns (the measure) on the left
        y = y0 + (y1 - y0) * k / 4
        _, py = at(0, y)
        parts.append(f'<text x="{LEFT - 6}" y="{py + 4:.1f}" text-anchor="end">{y:.1f}</text>')
    for k in range(5):  # games below
        x = x1 * k / 4
        px, _ = at(x, y0)
        parts.append(f'<text x="{px:.1f}" y="{TOP + plot_h + 16}" text-anchor="middle">'
                     f'{x:,.0f}</text>')
    parts.append(f'<text x="{LEFT + plot_w / 2:.0f}" y="{HEIGHT - 6}" text-anchor="middle">'
                 'games played</text>')
    parts.append(f'<text x="14" y="{TOP + plot_h / 2:.0f}" text-anchor="middle" '
                 f'transform="rotate(-90 14 {TOP + plot_h / 2:.0f})">{escape(axis)}</text>')
    if reference is not None:
        _, py = at(0, reference)
        parts.append(f'<line x1="{LEFT}" y1="{py:.1f}" x2="{LEFT + plot_w}" y2="{py:.1f}" '
                     'stroke="#b33" stroke-dasharray="6 4"/>')
        parts.append(f'<text x="{LEFT + plot_w - 4}" y="{py - 5:.1f}" text-anchor="end" '
                     f'fill="#b33">{escape(reference_label)}</text>')
    parts.append(f'<polyline points="{line}" fill="none" stroke="#1f5fa8" stroke-width="2"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
