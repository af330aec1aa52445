"""The odds panel of an Incan Gold board, for learners: what the next card may bring, from the
cards seen. Shown in casual matches and replays only: a rated match never works it out."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from django.utils.translation import pgettext

from games.engines.incan_gold.odds import next_card
from games.help.incan_gold import hazard_name


def _one_place(value: Fraction) -> str:
    return f"{float(value):.1f}"


def odds_panel(view: Mapping[str, Any], carried: int | None = None) -> dict[str, Any] | None:
    """Numbers for the panel while explorers are in the temple, else None. `carried`: the
    viewer's gems carried when the viewer is inside (its own line)."""
    odds = next_card(view)
    if odds is None or not odds.cards:
        return None
    panel: dict[str, Any] = {
        "cards": odds.cards,
        "ending_cards": odds.ending_cards,
        "end_percent": round(float(odds.end_chance) * 100),
        "ending_names": pgettext("list separator", ", ").join(
            hazard_name(kind) for kind in odds.ending if odds.deck[kind]
        ),
        "hazards_on_path": bool(odds.ending),
        "inside": odds.inside,
        "gems_each": _one_place(odds.gems_each(odds.inside)),
        "gems_alone": _one_place(odds.gems_each(1)),
        "carried": carried,
    }
    if carried is not None:
        change = odds.change(carried, odds.inside)
        panel["change"] = f"{float(change):+.1f}"
        panel["worth_staying"] = change > 0
    return panel


def odds_alike(context: Mapping[str, Any]) -> tuple[Any, ...]:
    """What of the viewer the panel shows: its gems carried, when it is inside."""
    you, view = context.get("you"), context["view"]
    if you is None or not view["seats"][you]["in_temple"]:
        return (None,)
    return (view["seats"][you]["carried"],)
