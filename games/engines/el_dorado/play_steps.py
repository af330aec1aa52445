"""What the plays share: the explorer acting, the card or token powering a step, spending
it, taking blockades and arriving (at a cave or in El Dorado)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .board_tables import tables_of
from .cards import CARD_TYPES, MOVE_KINDS, Kind
from .errors import IllegalAction
from .maps import Board
from .movement import (
    BLOCKADE_KIND,
    TERRAIN_KIND,
    open_blockade,
)
from .piles import (
    Event,
    card_ref,
    check_in_hand,
    without,
)
from .state import (
    Hex,
    State,
    Turn,
    evolve_turn,
)
from .tokens import POWER_TOKENS, TOKENS

_WILD, _ACTION = Kind.WILD, Kind.ACTION
_KIND_NAMES = {kind: str(kind) for kind in Kind}
# Plain copies of the card table, read on every play (faster than the read-only view).
_CARD_TYPES = dict(CARD_TYPES)
_SINGLE_USE = frozenset(slug for slug, t in CARD_TYPES.items() if t.single_use)


def explorer_at(state: State, seat: int, action: Mapping[str, Any]) -> tuple[int, Hex]:
    """The explorer the action names (the first by default) and where it stands."""
    index = action.get("explorer", 0)
    explorers = state.seats[seat].explorers
    if (
        index.__class__ is not int and (isinstance(index, bool) or not isinstance(index, int))
    ) or not 0 <= index < len(explorers):
        raise IllegalAction(f"You have no explorer {index!r}.")
    here = explorers[index]
    if here is None:
        raise IllegalAction("That explorer is already in El Dorado.")
    return index, here


def power_source(
    state: State, seat: int, action: Mapping[str, Any], default_kind: Callable[[], str | None]
) -> tuple[str, int, str, int | None, int | None, str | None]:
    """(kind, power, name, card id, token id, claim) of the card or power token played; the
    claim (what the play counts as, for messages) is None for "<name> is a <kind> card".
    `default_kind` gives the kind a wild card plays as when the action names none."""
    if "token" in action:
        token_id = action["token"]
        if token_id not in state.seats[seat].tokens:
            raise IllegalAction("You hold no such cave token.")
        token = TOKENS[token_id]
        if token.kind not in POWER_TOKENS:
            raise IllegalAction(f"The {token.label()} has no power to play.")
        # A change token changes the next card played; a power token is not a card.
        kind = str(token.kind)
        name = f"The {token.label()}"
        return kind, token.value, name, None, token_id, f"{name} plays as {kind}"
    card = action.get("card")
    if card.__class__ is not int or card not in state.seats[seat].hand:
        card = card_ref(action)
        check_in_hand(state, seat, [card])
    t = _CARD_TYPES[state.cards[card]]
    chosen = action.get("as")
    claim = None
    if t.kind is _WILD:
        kind = chosen or default_kind()
        if kind not in MOVE_KINDS:
            raise IllegalAction(f"{t.name} is wild: choose machete, paddle or coin.")
        claim = f"{t.name} plays as {kind}"
    elif t.kind is _ACTION:
        raise IllegalAction(f"{t.name} is an action card; play it with an action, not a move.")
    else:
        kind = _KIND_NAMES[t.kind]
        if chosen not in (None, kind):
            raise IllegalAction(f"{t.name} is a {kind} card; only wild cards choose a kind.")
    if state.turn.next_kind:
        kind = state.turn.next_kind
        claim = f"{t.name} plays as {kind} (change token)"
    return kind, t.power, t.name, card, None, claim


def first_kind(state: State, board: Board, here: Hex, to: Hex) -> str | None:
    """The kind a play's first step asks for: lets a wild card's kind be left implicit."""
    step = tables_of(board).steps.get((here, to))
    if step is not None:
        joint = step[2]
        if joint is not None and state.blockade_owner[joint] is None:
            return BLOCKADE_KIND.get(state.blockades[joint][0])
        return step[0]
    joint = open_blockade(state, board, here, to)
    if joint is not None:
        return BLOCKADE_KIND.get(state.blockades[joint][0])
    space = board.spaces.get(to)
    return TERRAIN_KIND.get(space.terrain) if space else None


# The helpers below change a draft of the acting seat (`thaw_seat`) and return the other parts
# of the state they change: each action then builds one new Seat and one new State.


def spend(state: State, draft: Any, turn: Turn, card: int | None, token: int | None) -> Turn:
    """Put a played card in the play area (or out of the game if single-use); spend a token.
    Returns the turn."""
    if token is not None:
        draft.tokens = without(draft.tokens, (token,))
        draft.spent_tokens = (*draft.spent_tokens, token)
    if card is None:
        return turn
    draft.hand = without(draft.hand, (card,))
    single = state.cards[card] in _SINGLE_USE
    if single or turn.next_kind is not None:
        used = (*turn.single_used, card) if single else turn.single_used
        turn = evolve_turn(turn, next_kind=None, single_used=used)
    if single:
        draft.removed = (*draft.removed, card)
    else:
        draft.played = (*draft.played, card)
    return turn


def take_blockades(
    state: State,
    draft: Any,
    seat: int,
    explorer: int,
    joints: tuple[int, ...] | list[int],
    standing: tuple[Hex, Hex] | None = None,
) -> tuple[tuple[int | None, ...], list[Event]]:
    """Give the blockades to the seat: the new owners and the events. `standing` (the
    explorer's space and the one across) is told for a blockade taken without moving, so the
    log can show where that happened."""
    if not joints:
        return state.blockade_owner, []
    owners = list(state.blockade_owner)
    events = []
    for joint in joints:
        owners[joint] = seat
        kind, value = state.blockades[joint]
        events.append(
            {
                "type": "blockade",
                "seat": seat,
                "explorer": explorer,
                "joint": joint,
                "kind": kind,
                "value": value,
                "visible_to": None,
            }
        )
        if standing is not None:
            events[-1].update({"from": list(standing[0]), "to": list(standing[1])})
    draft.blockades = (*draft.blockades, *joints)
    return tuple(owners), events


def arrive(
    state: State,
    board: Board,
    draft: Any,
    seat: int,
    explorer: int,
    before: Hex,
    after: Hex | None,
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], list[Event]]:
    """Place the explorer (None: into El Dorado) and take cave tokens it stopped beside: the
    state's new `finished` and `caves`, and the events."""
    explorers = list(draft.explorers)
    explorers[explorer] = after
    draft.explorers = tuple(explorers)
    finished, caves = state.finished, state.caves
    events: list[Event] = []
    if after is None:
        events.append({"type": "el_dorado", "seat": seat, "explorer": explorer, "visible_to": None})
        if all(h is None for h in explorers) and seat not in finished:
            finished = (*finished, seat)
    elif caves:
        stacks = list(caves)
        for i, near in enumerate(tables_of(board).cave_sides):
            if after in near and before not in near and stacks[i]:
                token, stacks[i] = stacks[i][0], stacks[i][1:]
                draft.tokens = (*draft.tokens, token)
                events.append(
                    {
                        "type": "cave_token",
                        "seat": seat,
                        "token": token,
                        "kind": TOKENS[token].slug,
                        "visible_to": None,
                    }
                )
        caves = tuple(stacks)
    return finished, caves, events
