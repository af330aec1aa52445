"""The rules of El Dorado by area; `apply` hands each action to the area that owns it.

- `movement`: a card or power token walking an explorer (step costs, reachable spaces, paths);
- `blockades`: taking the pieces between tiles;  `spaces`: entering rubble and base camps;
- `market`: buying, the reserve, gaining;  `action_cards`: action cards and removing cards;
- `caves`: finding and using cave tokens;  `turn`: whose turn, discarding, ending, undo.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..cards import Kind
from ..errors import IllegalAction
from ..maps import Board, Terrain
from ..piles import Event, ctype
from ..setup import board_of
from ..state import State, replace
from . import action_cards, blockades, caves, market, movement, spaces, turn
from .turn import FIELDS, PLAYS, REVEALING, is_over, to_act


@dataclass(frozen=True)
class Progress:
    """The state an action led to, and the events telling what happened."""

    state: State
    events: list[Event] = field(default_factory=list)


def _played(
    state: State, board: Board, seat: int, action: Mapping[str, Any], kind: str
) -> tuple[State, list[Event]]:
    if kind == "move":
        return movement.apply_move(state, board, seat, action)
    if kind == "rubble":
        return spaces.apply_space(state, board, seat, action, Terrain.RUBBLE)
    if kind == "camp":
        return spaces.apply_space(state, board, seat, action, Terrain.BASECAMP)
    if kind == "blockade":
        return blockades.apply_blockade(state, board, seat, action)
    if kind == "buy":
        return market.apply_buy(state, seat, action)
    if kind == "action":
        return action_cards.apply_action(state, board, seat, action)
    if kind == "remove":
        return action_cards.apply_remove(state, seat, action)
    if kind == "token":
        return caves.apply_token(state, board, seat, action)
    return turn.apply_discard(state, seat, action)


def apply(state: State, seat: int, action: Mapping[str, Any]) -> Progress:
    """Apply one action of the seat to act; pure. Raises IllegalAction saying why not."""
    kind = turn.check_turn(state, seat, action)
    if kind == "undo":
        return Progress(*turn.apply_undo(state, seat))
    if kind == "end_turn":
        return Progress(*turn.apply_end_turn(state, seat, action))
    board = board_of(state)
    new, events = _played(state, board, seat, action, kind)
    if kind in PLAYS:
        new, found = caves.find_tokens(state, new, board, seat)
        events += found
    # Undo steps back through the turn's earlier states, up to the last one that revealed
    # something (a card drawn, a cave token found): those cannot be taken back.
    if any(event["type"] in REVEALING for event in events):
        return Progress(new if new.previous is None else replace(new, previous=None), events)
    return Progress(replace(new, previous=state), events)


def validate(state: State, seat: int, action: Mapping[str, Any]) -> str | None:
    """Why the action is illegal, or None when it is legal."""
    try:
        apply(state, seat, action)
    except IllegalAction as exc:
        return str(exc)
    return None


def legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """The actions a seat can take now (one canonical choice of cards where many would do)."""
    if state.over or seat != state.turn.seat:
        return []
    undo = [{"type": "undo"}] if state.previous is not None else []
    if state.turn.may_remove:
        return action_cards.removals(state, seat) + undo
    if state.turn.discarding:
        return turn.turn_endings(state, seat) + undo
    board = board_of(state)
    s = state.seats[seat]
    out: list[dict[str, Any]] = []
    for card in s.hand:
        if ctype(state, card).kind == Kind.ACTION:
            out += action_cards.card_actions(state, board, seat, card)
        else:
            out += movement.card_moves(state, board, seat, card)
    for i, here in enumerate(s.explorers):
        if here is None:
            continue
        toward = []
        for to in board.adjacent(here):
            toward += blockades.plays_toward(state, board, seat, here, to)
            toward += spaces.plays_toward(state, board, seat, here, to)
        out += [act | {"explorer": i} for act in toward] if i else toward
    out += caves.token_plays(state, board, seat)
    if not state.turn.bought:
        out += market.buys(state, seat)
    return out + turn.turn_endings(state, seat) + undo


def legal_moves(
    state: State,
    seat: int,
    card: int | None,
    explorer: int = 0,
    as_kind: str | None = None,
    token: int | None = None,
) -> dict[Any, tuple[Any, ...]]:
    """Every space one play of a hand card (or power token) can reach, with a path to each.

    A final space stands for El Dorado. Empty when the card cannot move that explorer.
    """
    return movement.legal_moves(state, board_of(state), seat, card, explorer, as_kind, token)


__all__ = [
    "FIELDS",
    "PLAYS",
    "REVEALING",
    "Progress",
    "apply",
    "is_over",
    "legal_actions",
    "legal_moves",
    "to_act",
    "validate",
]
