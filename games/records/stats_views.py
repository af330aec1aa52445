"""Statistics per game: the page, its filters and its small server-drawn SVG charts."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET

from games.catalog import GAMES
from games.help.el_dorado import map_name
from games.records import stats

MAX_DEPTH = 20  # deeper rounds are too rare to say anything about
FEW_ROUNDS = 5  # a card depth fewer rounds reached is drawn pale


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    cx: float  # the middle, where its labels go
    label: str  # under the bar
    value: str  # above the bar ("" when the bar is too narrow for it)
    title: str  # tooltip and accessible text
    faint: bool = False  # drawn pale: too few cases behind it to trust


@dataclass(frozen=True)
class Tick:
    y: float
    label: str


@dataclass(frozen=True)
class Chart:
    """A bar chart laid out in viewBox units, ready for the template to draw."""

    width: int
    height: int
    left: int
    right: int
    base: float
    bars: list[Bar]
    ticks: list[Tick]
    line: str  # "x,y x,y ..." for an optional polyline over the bars
    dots: list[tuple[float, float]]
    description: str

    @property
    def dense(self) -> bool:
        """Too many bars for every label to fit on a phone."""
        return len(self.bars) > 8

    @property
    def tick_x(self) -> int:
        return self.left - 6


WIDTH, HEIGHT = 560, 250
LEFT, RIGHT, TOP, BOTTOM = 64, 12, 22, 36


@require_GET
def game_stats(request: HttpRequest, game: str) -> HttpResponse:
    """Statistics of one game over its finished matches, filtered by period and rating."""
    info = next((g for g in GAMES if g.key == game), None)
    if info is None:
        raise Http404(_("There is no such game."))
    filters = stats.Filters.from_query(request.GET)
    matches = stats.finished_matches(game, filters)
    summary = stats.summary(matches)
    context: dict[str, Any] = {
        "game": info,
        "games": [(g, reverse("game_stats", args=[g.key]) + _query(filters)) for g in GAMES],
        "filters": filters,
        "period_links": _period_links(game, filters),
        "rated_links": _rated_links(game, filters),
        "summary": summary,
        "duration": _duration(summary.minutes),
    }
    if summary.matches:
        context.update(_common(matches))
        if game == "incan-gold":
            context.update(_incan_gold(matches))
        else:
            context.update(_el_dorado(matches, summary.matches))
    return render(request, "games/stats.html", context)


def _common(matches) -> dict[str, Any]:
    bins = stats.histogram(stats.score_counts(matches))
    seat_rates = stats.seat_win_rates(matches)
    return {
        "score_chart": _histogram_chart(bins),
        "seat_rates": seat_rates,
        "seat_columns": range(1, max(r.players for r in seat_rates) + 1) if seat_rates else [],
        "shortest": stats.notable_matches(matches, longest=False),
        "longest": stats.notable_matches(matches, longest=True),
    }


def _incan_gold(matches) -> dict[str, Any]:
    tally = stats.incan_gold_rounds(matches)
    depths = tally.survival()[:MAX_DEPTH]
    hazards = tally.hazard_shares()
    top = max((h.rounds for h in hazards), default=0)
    return {
        "rounds": tally.rounds,
        "hazard_rounds": sum(tally.hazards.values()),
        "depths": depths,
        "survival_chart": _survival_chart(depths) if depths else None,
        "few_rounds": FEW_ROUNDS if any(d.reached < FEW_ROUNDS for d in depths) else None,
        "hazards": [(h, h.rounds / top if top else 0) for h in hazards],
    }


def _el_dorado(matches, total: int) -> dict[str, Any]:
    cards = stats.most_bought(matches, total)
    top = max((c.count for c in cards), default=0)
    maps = stats.map_win_rates(matches)
    return {
        "cards": [(c, c.count / top if top else 0) for c in cards],
        "maps": [(_map_name(m.key), m) for m in maps],
        "map_columns": range(1, max((len(m.seats) for m in maps), default=0) + 1),
    }


# Filters -----------------------------------------------------------------------------------


def _map_name(key: str) -> str:
    return _("Custom map") if key == "custom" else map_name(key)


def _query(filters: stats.Filters) -> str:
    params = {}
    if filters.period != "all":
        params["period"] = filters.period
    if filters.rated_only:
        params["rated"] = "1"
    return "?" + urlencode(params) if params else ""


def _link(game: str, filters: stats.Filters) -> str:
    return reverse("game_stats", args=[game]) + _query(filters)


def _period_links(game: str, filters: stats.Filters) -> list[tuple[str, str, bool]]:
    labels = {"all": _("All time"), "30d": _("Last 30 days")}
    return [
        (label, _link(game, stats.Filters(key, filters.rated_only)), filters.period == key)
        for key, label in labels.items()
    ]


def _rated_links(game: str, filters: stats.Filters) -> list[tuple[str, str, bool]]:
    return [
        (label, _link(game, stats.Filters(filters.period, rated)), filters.rated_only == rated)
        for rated, label in ((False, _("All matches")), (True, _("Rated only")))
    ]


def _duration(minutes: float | None) -> str:
    """A length of time with a unit that suits it: minutes, hours or days."""
    if minutes is None:
        return "–"
    if minutes < 90:
        shown = number_format(minutes, 0 if minutes >= 10 else 1)
        return _("%(minutes)s min") % {"minutes": shown}
    if minutes < 48 * 60:
        return _("%(hours)s h") % {"hours": number_format(minutes / 60, 1)}
    return _("%(days)s days") % {"days": number_format(minutes / 1440, 1)}


# Charts ------------------------------------------------------------------------------------


def _count_axis(value: int) -> tuple[int, int]:
    """A round top for a count axis at or above value, and a whole step between its ticks."""
    if value <= 4:
        return max(value, 1), 1
    magnitude = 10 ** math.floor(math.log10(value))
    for factor in (0.1, 0.2, 0.5, 1, 2, 5, 10):
        step = max(1, round(factor * magnitude))
        top = step * math.ceil(value / step)
        if top // step <= 5:
            return top, step
    return value, value


def _bars(values: Sequence[float], top: float) -> tuple[list[tuple[float, float, float]], float]:
    """(x, y, height) of each bar in the plot area, and the bar width."""
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    slot = plot_w / max(len(values), 1)
    width = slot * 0.78
    boxes = []
    for i, value in enumerate(values):
        height = plot_h * value / top if top else 0
        x = LEFT + i * slot + (slot - width) / 2
        boxes.append((round(x, 1), round(HEIGHT - BOTTOM - height, 1), round(height, 1)))
    return boxes, round(width, 1)


def _bar(
    box: tuple[float, float, float],
    width: float,
    label: str,
    value: str,
    title: str,
    faint: bool = False,
) -> Bar:
    x, y, height = box
    return Bar(x, y, width, height, round(x + width / 2, 1), label, value, title, faint)


def _ticks(top: float, step: float, fmt) -> list[Tick]:
    plot_h = HEIGHT - TOP - BOTTOM
    count = round(top / step)
    return [
        Tick(round(HEIGHT - BOTTOM - plot_h * (i * step) / top, 1), fmt(i * step))
        for i in range(count + 1)
    ]


def _histogram_chart(bins: Sequence[stats.Bin]) -> Chart | None:
    if not bins:
        return None
    top, step = _count_axis(max(b.count for b in bins))
    boxes, width = _bars([b.count for b in bins], top)
    bars = [
        _bar(
            box,
            width,
            b.label,
            str(b.count) if width >= 22 and b.count else "",
            ngettext(
                "Score %(score)s: %(count)s player", "Score %(score)s: %(count)s players", b.count
            )
            % {"score": b.label, "count": b.count},
        )
        for box, b in zip(boxes, bins, strict=True)
    ]
    total = sum(b.count for b in bins)
    return Chart(
        WIDTH,
        HEIGHT,
        LEFT,
        WIDTH - RIGHT,
        HEIGHT - BOTTOM,
        bars,
        _ticks(top, step, lambda v: f"{v:g}"),
        "",
        [],
        ngettext(
            "Final scores of %(count)s player, from %(low)s to %(high)s.",
            "Final scores of %(count)s players, from %(low)s to %(high)s.",
            total,
        )
        % {"count": total, "low": bins[0].label, "high": bins[-1].label},
    )


def _survival_chart(depths: Sequence[stats.Depth]) -> Chart:
    boxes, width = _bars([d.rate for d in depths], 1.0)
    bars = [
        _bar(
            box,
            width,
            str(d.card) if len(depths) <= 12 or d.card % 2 == 1 else "",
            f"{d.rate * 100:.0f}%" if width >= 30 else "",
            _(
                "Card %(card)s: %(survived)s of %(reached)s rounds survived it (%(rate)s%%); "
                "%(cumulative)s%% survive this far"
            )
            % {
                "card": d.card,
                "survived": d.survived,
                "reached": d.reached,
                "rate": f"{d.rate * 100:.0f}",
                "cumulative": f"{d.cumulative * 100:.0f}",
            },
            faint=d.reached < FEW_ROUNDS,
        )
        for box, d in zip(boxes, depths, strict=True)
    ]
    plot_h = HEIGHT - TOP - BOTTOM
    dots = [
        (bar.cx, round(HEIGHT - BOTTOM - plot_h * d.cumulative, 1))
        for bar, d in zip(bars, depths, strict=True)
    ]
    return Chart(
        WIDTH,
        HEIGHT,
        LEFT,
        WIDTH - RIGHT,
        HEIGHT - BOTTOM,
        bars,
        _ticks(1.0, 0.25, lambda v: f"{v * 100:.0f}%"),
        " ".join(f"{x},{y}" for x, y in dots),
        dots,
        _("Chance of surviving each card turned, for cards 1 to %(last)s.")
        % {"last": depths[-1].card},
    )
