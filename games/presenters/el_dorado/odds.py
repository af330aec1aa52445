"""The odds panel of an El Dorado board, for learners: the cheapest route from each of a seat's
explorers to El Dorado, and the turns the seat's cards need to walk it. Shown on the board of a
casual match to the seat itself, and in replays; a rated match never works it out."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from django.utils.translation import gettext, ngettext, pgettext

from games.engines.el_dorado.maps import Board, Hex
from games.engines.el_dorado.odds import (
    KIND_OF,
    MAX_TURNS,
    Route,
    Turns,
    missing_power,
    piles_of,
    route_of,
    strongest_cards,
    turns_needed,
)
from games.help.el_dorado import kind_name, terrain_name
from games.help.el_dorado.names import join


def _terrain_line(terrain: str, spaces: int, need: int) -> str:
    where = ngettext("%(count)s %(terrain)s space", "%(count)s %(terrain)s spaces", spaces) % {
        "count": spaces,
        "terrain": terrain_name(terrain),
    }
    if terrain in KIND_OF:
        cost = gettext("%(power)s %(kind)s power") % {
            "power": need,
            "kind": kind_name(KIND_OF[terrain]),
        }
    elif terrain == "rubble":
        cost = ngettext("discard %(count)s card", "discard %(count)s cards", need) % {"count": need}
    else:
        cost = ngettext(
            "remove %(count)s card from the game", "remove %(count)s cards from the game", need
        ) % {"count": need}
    return gettext("%(spaces)s: %(cost)s") % {"spaces": where, "cost": cost}


def route_lines(route: Route) -> list[str]:
    """The route told by terrain: spaces and what they ask for, then the blockades crossed."""
    lines = [_terrain_line(t, n, need) for t, (n, need) in route.by_terrain().items()]
    blockades = route.blockades()
    if blockades:
        count = len(blockades)
        names = join(
            pgettext("a blockade on a route", "%(terrain)s %(value)s")
            % {"terrain": terrain_name(k), "value": v}
            for k, v in blockades
        )
        lines.append(
            ngettext("%(count)s blockade: %(names)s", "%(count)s blockades: %(names)s", count)
            % {"count": count, "names": names}
        )
    return lines


def _turns_line(turns: Turns) -> dict[str, Any]:
    return {"mean": f"{turns.mean:.1f}", "low": turns.low, "high": turns.high}


def _turns(
    view: Mapping[str, Any], board: Board, start: Hex, route: Route, seat: Mapping[str, Any]
) -> dict[str, Any] | None:
    piles = piles_of(seat)
    if piles is None:
        return None
    hand, draw, discard = piles
    turns = turns_needed(route.steps, hand, draw, discard)
    if turns is not None:
        return {"reachable": True, **_turns_line(turns)}
    cards = hand + draw + discard
    lacking = missing_power(route.steps, cards)
    out: dict[str, Any] = {
        "reachable": False,
        "lacking": [
            gettext("a %(kind)s card of power %(need)s (the strongest now: %(have)s)")
            % {"kind": kind_name(kind), "need": need, "have": have}
            for kind, need, have in lacking
        ],
        "walkable": None,
        "shared": False,
        "limit": MAX_TURNS,
    }
    # A longer way round may ask only for what the cards have: the learner sees both.
    walkable = route_of(view, board, start, strongest_cards(cards))
    if walkable is not None and walkable.steps and walkable != route:
        walk_turns = turns_needed(walkable.steps, hand, draw, discard)
        if walk_turns is not None:
            out["walkable"] = {
                "spaces": walkable.spaces,
                "lines": route_lines(walkable),
                **_turns_line(walk_turns),
            }
    return out


def odds_panel(
    view: Mapping[str, Any], board: Board, seat: int, with_turns: bool = True
) -> dict[str, Any] | None:
    """For each explorer of `seat` still on the map: its cheapest route and, from the seat's
    own cards (`with_turns` and a view that shows them), the turns it needs; when they cannot
    walk it, what they lack and the cheapest route they can walk. None when no explorer has a
    route left."""
    explorers = view["seats"][seat]["explorers"]
    routes = []
    for number, here in enumerate(explorers, start=1):
        if here is None:
            continue
        start = (here[0], here[1])
        route = route_of(view, board, start)
        if route is None or not route.steps:
            continue
        routes.append(
            {
                "explorer": number if len(explorers) > 1 else None,
                "spaces": route.spaces,
                "cost": route.cost,
                "lines": route_lines(route),
                "turns": _turns(view, board, start, route, view["seats"][seat])
                if with_turns
                else None,
            }
        )
    if not routes:
        return None
    panel: dict[str, Any] = {"routes": routes, "lacking": None}
    turns = [r["turns"] for r in routes]
    stuck = len(routes) > 1 and all(t and not t["reachable"] for t in turns)
    if stuck and turns[0]["lacking"] and all(t["lacking"] == turns[0]["lacking"] for t in turns):
        # Both explorers lack the same cards: told once, under both routes.
        panel["lacking"] = turns[0]["lacking"]
        for t in turns:
            t["lacking"], t["shared"] = [], True
    return panel


def odds_alike(context: Mapping[str, Any]) -> Hashable:
    """The panel is the seat's own: its cards decide the turns."""
    return context.get("you")
