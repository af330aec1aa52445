"""Playing cards and tokens: moves, rubble, base camps, blockades, action cards, cave tokens."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .board_tables import tables_of
from .cards import CARD_TYPES, MOVE_KINDS, Kind
from .errors import IllegalAction
from .maps import Board, Terrain
from .movement import (
    BLOCKADE_KIND,
    TERRAIN_KIND,
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
    card_ref,
    check_in_hand,
    ctype,
    draw,
    draw_into,
    hex_ref,
    seats_with,
    set_seat,
    without,
)
from .records import replacer
from .state import (
    Hex,
    Seat,
    State,
    Turn,
    evolve_seat,
    evolve_state,
    evolve_turn,
    freeze_seat,
    thaw_seat,
)
from .tokens import POWER_TOKENS, TOKENS, TokenKind

Result = tuple[State, Told]

_WILD, _ACTION = Kind.WILD, Kind.ACTION
_KIND_NAMES = {kind: str(kind) for kind in Kind}
# Plain copies of the card table, read on every play (faster than the read-only view).
_CARD_TYPES = dict(CARD_TYPES)
_SINGLE_USE = frozenset(slug for slug, t in CARD_TYPES.items() if t.single_use)


def _explorer(state: State, seat: int, action: Mapping[str, Any]) -> tuple[int, Hex]:
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


def _power_source(
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


def _first_kind(state: State, board: Board, here: Hex, to: Hex) -> str | None:
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


def _spend(state: State, draft: Any, turn: Turn, card: int | None, token: int | None) -> Turn:
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


def _take(
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


def _arrive(
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
    explorer, here = _explorer(state, seat, action)
    path = _path(action.get("path"))
    kind, power, name, card, token, claim = _power_source(
        state, seat, action, lambda: _first_kind(state, board, here, path[0])
    )
    turn = state.turn
    end, taken = walk(state, board, here, path, kind, power, name, turn.pass_through, claim)
    draft = thaw_seat(state.seats[seat])
    turn = _spend(state, draft, turn, card, token)
    owners, blockades = _take(state, draft, seat, explorer, taken)
    finished, caves, arrived = _arrive(state, board, draft, seat, explorer, here, end)
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
    explorer, here = _explorer(state, seat, action)
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
    owners, events = _take(state, draft, seat, explorer, taken)
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
    finished, caves, arrived = _arrive(state, board, draft, seat, explorer, here, to)
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
    explorer, here = _explorer(state, seat, action)
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
        kind, power, name, card, token, claim = _power_source(state, seat, action, lambda: need)
        if kind != need:
            claim = claim or f"{name} is a {kind} card"
            raise IllegalAction(f"{claim}; {blockade_name(blockade)} needs {need}.")
        if power < blockade[1]:
            raise IllegalAction(f"{name} has {power} {kind}; {blockade_name(blockade)} needs more.")
        draft = thaw_seat(state.seats[seat])
        turn = _spend(state, draft, turn, card, token)
    owners, events = _take(state, draft, seat, explorer, (joint,), (here, to))
    seats = seats_with(state.seats, seat, freeze_seat(draft))
    state = evolve_state(state, seats=seats, turn=turn, blockade_owner=owners, history=history)
    return state, events


def _native_into(
    state: State, board: Board, draft: Any, seat: int, action: Mapping[str, Any]
) -> tuple[tuple[int | None, ...], tuple[int, ...], tuple[tuple[int, ...], ...], list[Event]]:
    """A Native's move of one explorer onto a neighbouring space, into the seat's draft: the new
    blockade owners, `finished` and `caves`, and the events."""
    explorer, here = _explorer(state, seat, action)
    to = hex_ref(action.get("to"))
    check_enterable(state, board, here, to, others(state, here), False)
    joint = open_blockade(state, board, here, to)
    owners, events = _take(state, draft, seat, explorer, () if joint is None else (joint,))
    after = None if to in board.finals else to
    moved = {
        "type": "native",
        "seat": seat,
        "explorer": explorer,
        "from": list(here),
        "to": list(to),
    }
    finished, caves, arrived = _arrive(state, board, draft, seat, explorer, here, after)
    return owners, finished, caves, [{**moved, "visible_to": None}, *events, *arrived]


def _native(state: State, board: Board, seat: int, action: Mapping[str, Any]) -> Result:
    draft = thaw_seat(state.seats[seat])
    owners, finished, caves, events = _native_into(state, board, draft, seat, action)
    state = evolve_state(
        state,
        seats=seats_with(state.seats, seat, freeze_seat(draft)),
        blockade_owner=owners,
        finished=finished,
        caves=caves,
    )
    return state, events


def play_action(state: State, board: Board, seat: int, action: Mapping[str, Any]) -> Result:
    """Play an action card for its effect."""
    card = card_ref(action)
    check_in_hand(state, seat, [card])
    t = ctype(state, card)
    if t.kind != Kind.ACTION:
        raise IllegalAction(f"{t.name} is not an action card.")
    draft = thaw_seat(state.seats[seat])
    events: list[Event] = []
    changes: dict[str, Any] = {}
    if t.slug == "transmitter":
        take = action.get("take")
        if not isinstance(take, str) or not state.supply.get(take):
            raise IllegalAction(f"The Transmitter cannot take {take!r}: none is left to take.")
    elif t.slug == "native":
        owners, finished, caves, events = _native_into(state, board, draft, seat, action)
        changes = {"blockade_owner": owners, "finished": finished, "caves": caves}
    turn = _spend(state, draft, state.turn, card, None)
    played = {"type": "action", "seat": seat, "card": t.slug, "visible_to": None}
    if t.slug == "transmitter":
        supply, market, gained = gain_into(state, draft, seat, take)
        played["take"] = take
        changes = {"supply": supply, "market": market}
        events = [gained]
    elif t.draws:
        shuffles, drawn = draw_into(state, seat, draft, t.draws, state.shuffles)
        events += drawn
        changes["shuffles"] = shuffles
        if t.removes:
            turn = evolve_turn(turn, may_remove=t.removes)
    seats = seats_with(state.seats, seat, freeze_seat(draft))
    state = evolve_state(state, seats=seats, turn=turn, history=(), **changes)
    return state, [played, *events]


def gain_into(
    state: State, draft: Any, seat: int, slug: str
) -> tuple[dict[str, tuple[int, ...]], tuple[str | None, ...], Event]:
    """`gain` into a seat's draft: the new supply and market, and the event."""
    ids = state.supply[slug]
    supply = dict(state.supply)
    left = supply[slug] = ids[1:]
    market = tuple(state.market)
    if not left:
        market = tuple(None if m == slug else m for m in market)
    draft.discard = (*draft.discard, ids[0])
    draft.acquired = (*draft.acquired, ids[0])
    return (
        supply,
        market,
        {"type": "gain", "seat": seat, "card": slug, "id": ids[0], "visible_to": None},
    )


def gain(state: State, seat: int, slug: str) -> tuple[State, Event]:
    """Move one copy of a type from the supply to the seat's discard pile (market slot kept)."""
    draft = thaw_seat(state.seats[seat])
    supply, market, event = gain_into(state, draft, seat, slug)
    return set_seat(state, seat, freeze_seat(draft), supply=supply, market=market), event


def play_remove(state: State, seat: int, action: Mapping[str, Any]) -> Result:
    """Remove the cards a Scientist or Travel Log allows (possibly none)."""
    limit = state.turn.may_remove
    if not limit:
        raise IllegalAction("Nothing lets you remove cards now.")
    cards = card_list(action)
    check_in_hand(state, seat, cards)
    if len(cards) > limit:
        raise IllegalAction(f"You may remove at most {limit} cards now, not {len(cards)}.")
    s = state.seats[seat]
    s = evolve_seat(s, hand=without(s.hand, cards), removed=(*s.removed, *cards))
    state = set_seat(state, seat, s, turn=evolve_turn(state.turn, may_remove=0))
    event = {
        "type": "remove",
        "seat": seat,
        "cards": [{"id": c, "card": state.cards[c]} for c in cards],
        "visible_to": None,
    }
    return state, [event]


def play_token(state: State, board: Board, seat: int, action: Mapping[str, Any]) -> Result:
    """Use a cave token for its effect (power tokens go with a move, blockade or buy)."""
    token = action.get("token")
    s = state.seats[seat]
    if token not in s.tokens:
        raise IllegalAction("You hold no such cave token.")
    kind = TOKENS[token].kind
    if kind in POWER_TOKENS:
        raise IllegalAction("A power token is played with a move, blockade or buy action.")
    events: list[Event] = []
    turn = state.turn
    if kind == TokenKind.DRAW:
        state, events = draw(state, seat, 1)
    elif kind in (TokenKind.REMOVE, TokenKind.SWAP):
        cards = card_list(action)
        check_in_hand(state, seat, cards)
        if kind == TokenKind.REMOVE and len(cards) != 1:
            raise IllegalAction("The remove token removes exactly 1 card from your hand.")
        if kind == TokenKind.SWAP and not 1 <= len(cards) <= 4:
            raise IllegalAction("The swap token swaps 1 to 4 cards from your hand.")
        if kind == TokenKind.REMOVE:
            s = evolve_seat(s, hand=without(s.hand, cards), removed=(*s.removed, *cards))
        else:
            s = evolve_seat(s, hand=without(s.hand, cards), played=(*s.played, *cards))
        state = set_seat(state, seat, s)
        events.append(
            {
                "type": str(kind),
                "seat": seat,
                "cards": [{"id": c, "card": state.cards[c]} for c in cards],
                "visible_to": None,
            }
        )
        if kind == TokenKind.SWAP:
            state, drawn = draw(state, seat, len(cards))
            events += drawn
    elif kind == TokenKind.KEEP:
        if not turn.single_used:
            raise IllegalAction("The keep token keeps a single-use card used this turn; none was.")
        card = action.get("card", turn.single_used[-1])
        if card not in turn.single_used:
            raise IllegalAction(f"Card {card!r} is no single-use card used this turn.")
        # Kept: it goes to the discard pile with the turn's other cards, like a normal card.
        s = evolve_seat(s, removed=without(s.removed, [card]), played=(*s.played, card))
        kept = evolve_turn(turn, single_used=without(turn.single_used, [card]))
        state = set_seat(state, seat, s, turn=kept)
        kept_card = {"type": "keep", "seat": seat, "card": state.cards[card], "id": card}
        events.append({**kept_card, "visible_to": None})
    elif kind == TokenKind.PASS:
        state = evolve_state(state, turn=evolve_turn(turn, pass_through=True))
    elif kind == TokenKind.NATIVE:
        state, events = _native(state, board, seat, action)
    elif kind == TokenKind.CHANGE:
        to_kind = action.get("kind")
        if to_kind not in MOVE_KINDS:
            raise IllegalAction("The change token needs a kind: machete, paddle or coin.")
        state = evolve_state(state, turn=evolve_turn(turn, next_kind=str(to_kind)))
    s = state.seats[seat]
    s = evolve_seat(s, tokens=without(s.tokens, [token]), spent_tokens=(*s.spent_tokens, token))
    used = {"type": "token", "seat": seat, "token": token, "kind": TOKENS[token].slug}
    state = set_seat(state, seat, s)
    return state, [{**used, "visible_to": None}, *events]
