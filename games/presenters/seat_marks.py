"""Each seat's marker: a small shape in the seat's colour, shown beside its name wherever it
is named (boards, log, result, replay, waiting room), so seats are told apart at a glance.

The colours and shapes are the site's CSS (`seat-colour-N` in static/css/site.css); the marker
only names its seat's class. It is hidden from screen readers, which read the name beside it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.safestring import SafeString, mark_safe

# Incan Gold seats up to eight: each seat position has a colour and shape of its own.
SEAT_COLOURS = 8
# The fields of an event whose seats its line names (games' `describe_event`): "seat" in every
# event that has it, and lists of seats in these types only (a flip's "seats" share a treasure
# its line does not name them for).
_LISTS = {
    "hazard": ("seats",),
    "reveal": ("returning", "continuing"),
    "game_over": ("winners",),
}


def seat_class(position: int) -> str:
    """The CSS class of a seat's colour and shape."""
    return f"seat-colour-{int(position) % SEAT_COLOURS}"


def seat_marker(position: int) -> SafeString:
    """The marker of the seat at `position`."""
    html = f'<span class="seat-marker {seat_class(position)}" aria-hidden="true"></span>'
    return mark_safe(html)  # noqa: S308 - its one value is a number


def seat_markers(positions: Iterable[int]) -> SafeString:
    """The markers of several seats, in the order given."""
    return mark_safe("".join(seat_marker(p) for p in positions))  # noqa: S308 - markers only


def named_seats(event: Mapping[str, Any]) -> tuple[int, ...]:
    """The seats an event's line names, in the order its fields hold them."""
    found: list[int] = []

    def add(value: Any) -> None:
        if isinstance(value, int) and not isinstance(value, bool) and value not in found:
            found.append(value)

    kind = event.get("type")
    add(event.get("seat"))
    for key in _LISTS.get(str(kind), ()):
        for value in event.get(key) or ():
            add(value)
    if kind == "return":  # Incan Gold: who went back to camp, with what
        for returner in event.get("returners") or ():
            add(returner.get("seat"))
    return tuple(found)
