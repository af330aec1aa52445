"""The El Dorado map in words, for readers who cannot see the drawing: where each explorer
stands and how far it is from El Dorado, the blockades still open, and where the viewer's
cards reach this turn."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext, pgettext

from games.engines.el_dorado.maps import Board, Hex, Terrain
from games.help.el_dorado import blockade_name, kind_name, space_label


@lru_cache(maxsize=64)
def el_dorado_distances(board: Board) -> Mapping[Hex, int]:
    """How many spaces each space is from El Dorado: the spaces an explorer enters on its
    shortest way, the final space included (a final space itself is 0). Mountains are never
    entered, nor start spaces; blockades count as open ways, whether taken or not. A space
    with no way to El Dorado is left out."""
    distances: dict[Hex, int] = {h: 0 for h in board.finals}
    queue = deque(board.finals)
    while queue:
        here = queue.popleft()
        # Only a space an explorer may enter leads on to the spaces around it.
        if here not in board.final_set and board.spaces[here].terrain is Terrain.START:
            continue
        for there in board.adjacent(here):
            if there in distances or board.spaces[there].terrain is Terrain.MOUNTAIN:
                continue
            distances[there] = distances[here] + 1
            queue.append(there)
    return distances


def _where(board: Board, here: Sequence[int] | None) -> str:
    """One explorer's place and distance: "jungle 2 at (3,-1), 7 spaces from El Dorado"."""
    if here is None:
        return gettext("reached El Dorado")
    h = (here[0], here[1])
    if board.spaces[h].terrain is Terrain.START:
        space = gettext("start space %(number)s") % {"number": board.starts.index(h) + 1}
    else:
        space = space_label(board, h)
    place = gettext("%(space)s at (%(q)s,%(r)s)") % {
        "space": space,
        "q": h[0],
        "r": h[1],
    }
    far = el_dorado_distances(board).get(h)
    if far is None:
        return place
    return ngettext(
        "%(place)s, %(count)s space from El Dorado",
        "%(place)s, %(count)s spaces from El Dorado",
        far,
    ) % {"place": place, "count": far}


def seat_lines(
    view: Mapping[str, Any], board: Board, names: Sequence[str], you: int | None
) -> list[dict[str, Any]]:
    """Each seat's line: its name (marked for the viewer's own seat) and where its explorers
    stand."""
    lines = []
    for seat in view["seats"]:
        explorers = seat["explorers"]
        if all(here is None for here in explorers):
            where = gettext("reached El Dorado")
        elif len(explorers) == 1:
            where = _where(board, explorers[0])
        else:
            where = pgettext("El Dorado explorers", "; ").join(
                gettext("explorer %(number)s: %(where)s")
                % {"number": number, "where": _where(board, here)}
                for number, here in enumerate(explorers, start=1)
            )
        name = names[seat["seat"]]
        if seat["seat"] == you:
            name = gettext("%(name)s (you)") % {"name": name}
        lines.append(
            {
                "seat": seat["seat"],
                "text": gettext("%(name)s: %(where)s") % {"name": name, "where": where},
            }
        )
    return lines


def _blockade_cost(kind: str, value: int) -> str:
    if kind == "rubble":
        return ngettext(
            "crossing it costs %(value)s discarded card",
            "crossing it costs %(value)s discarded cards",
            value,
        ) % {"value": value}
    power = kind_name({"jungle": "machete", "river": "paddle"}.get(kind, "coin"))
    return gettext("crossing it costs %(value)s %(kind)s") % {"value": value, "kind": power}


def open_blockades(view: Mapping[str, Any], board: Board) -> list[str]:
    """The blockades nobody has taken yet, in path order: which tiles each joins and what
    crossing it costs."""
    lines = []
    for blockade in view["blockades"]:
        if blockade["owner"] is not None:
            continue
        first, second = board.joints[blockade["joint"]].tiles
        kind, value = blockade["kind"], blockade["value"]
        lines.append(
            gettext("%(name)s between tiles %(first)s and %(second)s: %(cost)s")
            % {
                "name": capfirst(blockade_name(kind, value)),
                "first": first,
                "second": second,
                "cost": _blockade_cost(kind, value),
            }
        )
    return lines


def map_summary(
    view: Mapping[str, Any], board: Board, names: Sequence[str], you: int | None
) -> dict[str, Any]:
    """What the map shows, as lines of text: each seat's explorers, and the open blockades
    (with a line saying so when every one is taken)."""
    blockades = open_blockades(view, board)
    if not blockades and view["blockades"]:
        blockades = [gettext("Every blockade has been taken.")]
    return {"seat_words": seat_lines(view, board, names, you), "blockade_words": blockades}


def reach_lines(moves: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """For each type of movement card in the viewer's hand, the spaces it reaches as the destination
    buttons say them: letter, space, steps, direction from the explorer."""
    lines = []
    seen: set[str] = set()
    for move in moves:
        # Copies of a card reach the same spaces: each type is told once.
        if move["card"]["slug"] in seen:
            continue
        seen.add(move["card"]["slug"])
        name = move["card"]["name"]
        spaces = [d["spoken"] for d in move["destinations"]]
        if spaces:
            card = gettext("With %(card)s:") % {"card": name}
        else:
            card = gettext("With %(card)s: nowhere") % {"card": name}
        lines.append({"card": card, "spaces": spaces})
    return lines
