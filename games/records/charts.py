"""Small server-side SVG charts (no chart library, nothing loaded from elsewhere)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from django.utils.translation import gettext as _


def line_chart(
    values: Sequence[int], labels: Sequence[str] = (), *, width: int = 560, height: int = 180
) -> str:
    """A rating-history line: one point per value, oldest first, with min/max guides."""
    if not values:
        return ""
    pad_left, pad_right, pad_y = 44, 12, 16
    low, high = min(values), max(values)
    if high - low < 20:
        low, high = low - 10, high + 10
    span_x = max(len(values) - 1, 1)
    inner_w = width - pad_left - pad_right
    inner_h = height - 2 * pad_y

    def x(i: int) -> float:
        return pad_left + inner_w * i / span_x

    def y(v: float) -> float:
        return pad_y + inner_h * (high - v) / (high - low)

    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    history = _("Rating history: from %(first)s to %(last)s") % {
        "first": values[0],
        "last": values[-1],
    }
    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(history)}" '
        'xmlns="http://www.w3.org/2000/svg">',
    ]
    for guide in (high, (high + low) / 2, low):
        parts.append(
            f'<line x1="{pad_left}" x2="{width - pad_right}" y1="{y(guide):.1f}" '
            f'y2="{y(guide):.1f}" class="chart-guide"/>'
            f'<text x="{pad_left - 6}" y="{y(guide) + 4:.1f}" text-anchor="end" '
            f'class="chart-label">{round(guide)}</text>'
        )
    parts.append(f'<polyline points="{points}" class="chart-line"/>')
    for i, v in enumerate(values):
        title = escape(labels[i]) if i < len(labels) else str(v)
        parts.append(
            f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3" class="chart-dot">'
            f"<title>{title}</title></circle>"
        )
    parts.append("</svg>")
    return "".join(parts)
