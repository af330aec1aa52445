"""Where explorers stand: naming the one that acts, which spaces an explorer may step onto at
all, and placing an explorer (on a space, or into El Dorado)."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from typing import Any

from ..errors import IllegalAction
from ..fields import explorer_index
from ..maps import Board, Terrain, neighbours_of
from ..piles import Event
from ..state import Hex, Seat, State, replace


def explorer_at(state: State, seat: int, action: Mapping[str, Any]) -> tuple[int, Hex]:
    """The explorer the action names (the first by default) and where it stands."""
    explorers = state.seats[seat].explorers
    index = explorer_index(action, len(explorers))
    here = explorers[index]
    if here is None:
        raise IllegalAction("That explorer is already in El Dorado.", "explorer_finished")
    return index, here


def occupied(state: State, moving: Hex | None = None) -> frozenset[Hex]:
    """Spaces holding an explorer, except the one that is moving."""
    return frozenset(h for s in state.seats for h in s.explorers if h is not None and h != moving)


def space_name(board: Board, h: Hex) -> str:
    """Human text for a space: "river 2", "a mountain", "rubble 1"."""
    space = board.spaces.get(h)
    if space is None:
        return "off the board"
    if space.terrain == Terrain.MOUNTAIN:
        return "a mountain"
    if space.terrain == Terrain.START:
        return "a start space"
    return f"{space.terrain} {space.value}"


def check_enterable(
    board: Board, here: Hex, to: Hex, blocked: AbstractSet[Hex], passing: bool
) -> None:
    """Raise unless an explorer on `here` may step onto the neighbouring `to` at all
    (`passing`: on its way further, as a pass token allows; no explorer ever stops there)."""
    if to not in board.spaces:
        raise IllegalAction(f"Space {list(to)} is not on the board.", "off_board")
    if to not in board.adjacent(here):
        if to in neighbours_of(here):
            raise IllegalAction(f"A wall separates {list(here)} from {list(to)}.", "wall")
        raise IllegalAction(f"Space {list(to)} is not next to {list(here)}.", "not_adjacent")
    terrain = board.spaces[to].terrain
    if terrain == Terrain.MOUNTAIN:
        raise IllegalAction(
            f"Space {list(to)} is a mountain; no explorer may enter it.", "mountain"
        )
    if terrain == Terrain.START:
        raise IllegalAction(
            f"Space {list(to)} is a start space; explorers only leave those.", "start_space"
        )
    if to in blocked and not passing:
        raise IllegalAction(f"Space {list(to)} holds another explorer.", "occupied")


def place(
    state: State, seat: Seat, index: int, explorer: int, to: Hex | None
) -> tuple[Seat, tuple[int, ...], list[Event]]:
    """Put the explorer on `to` (None: into El Dorado): the seat, the state's new `finished`
    (a seat joins it when its last explorer arrives) and the events."""
    explorers = list(seat.explorers)
    explorers[explorer] = to
    seat = replace(seat, explorers=tuple(explorers))
    finished = state.finished
    if to is not None:
        return seat, finished, []
    if seat.finished and index not in finished:
        finished = (*finished, index)
    return (
        seat,
        finished,
        [{"type": "el_dorado", "seat": index, "explorer": explorer, "visible_to": None}],
    )
