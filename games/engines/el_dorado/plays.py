"""Putting explorers into play: moves, rubble, base camps and blockades."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .board_tables import tables_of
from .cards import CARD_TYPES, MOVE_KINDS, Kind
from .errors import IllegalAction
from .maps import Board, Terrain
from .movement import (
    BLOCKADE_KIND,
    blockade_name,
    check_enterable,
    open_blockade,
    others,
    space_name,
    walk,
)
from .piles import (
    Event,
    Told,
    card_list,
    check_in_hand,
    hex_ref,
    seats_with,
    without,
)
from .play_steps import arrive, explorer_at, first_kind, power_source, spend, take_blockades
from .records import replacer
from .state import (
    Hex,
    Seat,
    State,
    Turn,
    evolve_state,
    freeze_seat,
    thaw_seat,
)
from .tokens import TOKENS

Result = tuple[State, Told]

_WILD = Kind.WILD
_KIND_NAMES = {kind: str(kind) for kind in Kind}
_SINGLE_USE = frozenset(slug for slug, t in CARD_TYPES.items() if t.single_use)


def _path(raw: Any) -> list[Hex]:
    if not isinstance(raw, (list, tuple)) or not raw:
        raise IllegalAction("A move needs a path: the spaces entered, one after another.")
    path = []
    for h in raw:
        if h.__class__ is list and len(h) == 2:
            q, r = h
            if q.__class__ is int and r.__class__ is int:
                path.append((q, r))
                continue
        path.append(hex_ref(h, "path step"))
    return path


# The state after a move: the fields a move may change, in this order.
_moved = replacer(State, ("seats", "turn", "blockade_owner", "finished", "caves", "history"))
# The same for a plain move (`_plain_move`), which takes no blockade and reaches no cave or
# El Dorado; and the seat it changes, the card played or (single-use) removed.
_plainly_moved = replacer(State, ("seats", "turn", "history"))
_seat_played = replacer(Seat, ("hand", "played", "explorers"))
_seat_used = replacer(Seat, ("hand", "removed", "explorers"))
_turn_used = replacer(Turn, ("single_used",))
# The kind each machete, paddle or coin card plays as; wild cards name theirs.
_PLAIN_KINDS = {slug: _KIND_NAMES[t.kind] for slug, t in CARD_TYPES.items() if t.kind in MOVE_KINDS}
_WILD_SLUGS = frozenset(slug for slug, t in CARD_TYPES.items() if t.kind is _WILD)
_MOVE_KIND_NAMES = frozenset(_KIND_NAMES[k] for k in MOVE_KINDS)
_POWER = {slug: t.power for slug, t in CARD_TYPES.items()}


def _plain_move(
    state: State, board: Board, seat: int, action: Mapping[str, Any], history: tuple[State, ...]
) -> Result | None:
    """`play_move` for the usual, legal move, in far fewer steps: a card from the hand (wild
    ones naming their kind), no power, change or pass token at work, walking free spaces along
    one step's worth of checks each, with no blockade to take, no cave and no El Dorado at the
    end. None for anything else, legal or not: the full path handles it and says what is
    wrong, so every refusal stays the same."""
    turn = state.turn
    card = action.get("card")
    raw = action.get("path")
    if (
        card.__class__ is not int
        or raw.__class__ is not list
        or not raw
        or turn.next_kind is not None
        or turn.pass_through
        or state.caves
        or "token" in action
    ):
        return None
    seats = state.seats
    s = seats[seat]
    hand = s.hand
    explorers = s.explorers
    index = action.get("explorer", 0)
    if card not in hand or index.__class__ is not int or not 0 <= index < len(explorers):
        return None
    here = explorers[index]
    if here is None:
        return None
    slug = state.cards[card]
    chosen = action.get("as")
    kind = _PLAIN_KINDS.get(slug)
    if kind is None:
        if slug not in _WILD_SLUGS or chosen.__class__ is not str or chosen not in _MOVE_KIND_NAMES:
            return None
        kind = chosen
    elif chosen is not None:
        return None
    power = _POWER[slug]
    steps = tables_of(board).steps
    owners = state.blockade_owner
    path = []
    at = here
    for h in raw:
        if h.__class__ is not list or len(h) != 2:
            return None
        q, r = h
        if q.__class__ is not int or r.__class__ is not int:
            return None
        to = (q, r)
        step = steps.get((at, to))
        if step is None:
            return None
        wanted, value, joint, final = step
        if (
            wanted != kind
            or value > power
            or final
            or (joint is not None and owners[joint] is None)
        ):
            return None
        if to != here:
            for other in seats:
                if to in other.explorers:
                    return None
        power -= value
        path.append(to)
        at = to
    i = hand.index(card)
    rest = hand[:i] + hand[i + 1 :]
    if card in rest:
        return None
    if len(explorers) == 1:
        placed: tuple[Hex | None, ...] = (at,)
    else:
        placed = (*explorers[:index], at, *explorers[index + 1 :])
    if slug in _SINGLE_USE:
        s = _seat_used(s, rest, (*s.removed, card), placed)
        turn = _turn_used(turn, (*turn.single_used, card))
    else:
        s = _seat_played(s, rest, (*s.played, card), placed)
    new = _plainly_moved(state, seats_with(seats, seat, s), turn, history)
    return new, (_move_events, (seat, index, slug, kind, here, path, [], []))


def play_move(
    state: State, board: Board, seat: int, action: Mapping[str, Any], history: tuple[State, ...]
) -> Result:
    """One card (or power token) played to walk one explorer along a path; the new state
    carries `history` for undo."""
    done = _plain_move(state, board, seat, action, history)
    if done is not None:
        return done
    explorer, here = explorer_at(state, seat, action)
    path = _path(action.get("path"))
    kind, power, name, card, token, claim = power_source(
        state, seat, action, lambda: first_kind(state, board, here, path[0])
    )
    turn = state.turn
    end, taken = walk(state, board, here, path, kind, power, name, turn.pass_through, claim)
    draft = thaw_seat(state.seats[seat])
    turn = spend(state, draft, turn, card, token)
    owners, blockades = take_blockades(state, draft, seat, explorer, taken)
    finished, caves, arrived = arrive(state, board, draft, seat, explorer, here, end)
    seats = seats_with(state.seats, seat, freeze_seat(draft))
    state = _moved(state, seats, turn, owners, finished, caves, history)
    slug = state.cards[card] if card is not None else TOKENS[token].slug
    told = (seat, explorer, slug, kind, here, path, blockades, arrived)
    # Arriving may reveal a cave token, which `apply` must see at once; otherwise the events
    # wait until read.
    return state, _move_events(*told) if arrived else (_move_events, told)


def _move_events(
    seat: int,
    explorer: int,
    slug: str,
    kind: str,
    here: Hex,
    path: list[Hex],
    blockades: list[Event],
    arrived: list[Event],
) -> list[Event]:
    move = {
        "type": "move",
        "seat": seat,
        "explorer": explorer,
        "card": slug,
        "as": kind,
        "from": [here[0], here[1]],
        "path": [[q, r] for q, r in path],
        "visible_to": None,
    }
    return [move, *blockades, *arrived]


def play_space_cards(
    state: State,
    board: Board,
    seat: int,
    action: Mapping[str, Any],
    terrain: Terrain,
    history: tuple[State, ...],
) -> Result:
    """Enter a rubble space (discarding) or a base camp (removing cards from the game); the new
    state carries `history` for undo."""
    explorer, here = explorer_at(state, seat, action)
    to = hex_ref(action.get("to"))
    cards = card_list(action)
    check_in_hand(state, seat, cards)
    check_enterable(state, board, here, to, others(state, here), False)
    space = board.spaces[to]
    if space.terrain != terrain:
        raise IllegalAction(f"Space {list(to)} is {space_name(board, to)}, not {terrain}.")
    need = space.value
    joint = open_blockade(state, board, here, to)
    taken: tuple[int, ...] = ()
    if joint is not None:
        blockade = state.blockades[joint]
        if blockade[0] != "rubble" or terrain != Terrain.RUBBLE:
            raise IllegalAction(
                f"{blockade_name(blockade).capitalize()} is in the way; take it first."
            )
        need += blockade[1]
        taken = (joint,)
    verb = "discarded" if terrain == Terrain.RUBBLE else "removed from the game"
    if len(cards) != need:
        what = f"{space_name(board, to)}" + (" behind a rubble blockade" if taken else "")
        raise IllegalAction(f"Entering {what} needs exactly {need} cards {verb}, not {len(cards)}.")
    draft = thaw_seat(state.seats[seat])
    draft.hand = without(draft.hand, cards)
    if terrain == Terrain.RUBBLE:
        draft.discard = (*draft.discard, *cards)
    else:
        draft.removed = (*draft.removed, *cards)
    owners, events = take_blockades(state, draft, seat, explorer, taken)
    given = [{"id": c, "card": state.cards[c]} for c in cards]
    entered = {
        "type": str(terrain),
        "seat": seat,
        "explorer": explorer,
        "from": list(here),
        "to": list(to),
    }
    private: list[Event] = []
    if terrain == Terrain.RUBBLE:
        # Discarded from hand: others see how many, and the new top of the discard pile.
        entered["count"] = len(cards)
        private = [{"type": "discarded", "seat": seat, "cards": given, "visible_to": [seat]}]
    else:
        entered["cards"] = given  # cards removed from the game are public
    entered["visible_to"] = None
    finished, caves, arrived = arrive(state, board, draft, seat, explorer, here, to)
    state = evolve_state(
        state,
        seats=seats_with(state.seats, seat, freeze_seat(draft)),
        blockade_owner=owners,
        finished=finished,
        caves=caves,
        history=history,
    )
    return state, [entered, *private, *events, *arrived]


def play_blockade(
    state: State, board: Board, seat: int, action: Mapping[str, Any], history: tuple[State, ...]
) -> Result:
    """Take the blockade between an explorer and a neighbouring space without moving; the new
    state carries `history` for undo."""
    explorer, here = explorer_at(state, seat, action)
    to = hex_ref(action.get("to"))
    joint = open_blockade(state, board, here, to)
    if joint is None:
        raise IllegalAction(f"No blockade lies between {list(here)} and {list(to)}.")
    blockade = state.blockades[joint]
    need = BLOCKADE_KIND.get(blockade[0])
    turn = state.turn
    if need is None:
        cards = card_list(action)
        check_in_hand(state, seat, cards)
        if len(cards) != blockade[1]:
            raise IllegalAction(
                f"{blockade_name(blockade).capitalize()} needs exactly {blockade[1]} cards "
                f"discarded, not {len(cards)}."
            )
        draft = thaw_seat(state.seats[seat])
        draft.hand = without(draft.hand, cards)
        draft.discard = (*draft.discard, *cards)
    else:
        kind, power, name, card, token, claim = power_source(state, seat, action, lambda: need)
        if kind != need:
            claim = claim or f"{name} is a {kind} card"
            raise IllegalAction(f"{claim}; {blockade_name(blockade)} needs {need}.")
        if power < blockade[1]:
            raise IllegalAction(f"{name} has {power} {kind}; {blockade_name(blockade)} needs more.")
        draft = thaw_seat(state.seats[seat])
        turn = spend(state, draft, turn, card, token)
    owners, events = take_blockades(state, draft, seat, explorer, (joint,), (here, to))
    seats = seats_with(state.seats, seat, freeze_seat(draft))
    state = evolve_state(state, seats=seats, turn=turn, blockade_owner=owners, history=history)
    return state, events
