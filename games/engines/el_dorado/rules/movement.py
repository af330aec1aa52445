"""Moving an explorer with one card (or power token): what a step costs, every space a play can
reach, checking a played path, and the move action itself.

A step onto a jungle, river or village space asks for a machete, paddle or coin play worth at
least the space's value; an open blockade on the way asks for its own value of the same kind
on top. One play may walk several steps while its power lasts; a final space leads into El
Dorado and ends the path."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ..cards import CARD_TYPES, MOVE_KINDS, Kind
from ..errors import IllegalAction
from ..fields import hex_ref
from ..maps import Board, Terrain
from ..piles import Event, ctype, with_seat
from ..state import Blockade, Hex, State
from ..tokens import POWER_TOKENS, TOKENS
from .blockades import BLOCKADE_KIND, blockade_name, open_blockade, open_blockades, take
from .explorers import check_enterable, explorer_at, occupied, place, space_name
from .power import power_source, spend

# The card kind each enterable terrain asks for.
TERRAIN_KIND: dict[Terrain, str] = {
    Terrain.JUNGLE: "machete",
    Terrain.RIVER: "paddle",
    Terrain.VILLAGE: "coin",
}


def step_cost(
    board: Board,
    here: Hex,
    to: Hex,
    kind: str,
    blockades: Mapping[int, Blockade],
    paid: frozenset[int] = frozenset(),
) -> tuple[int, int | None] | None:
    """What one step of a `kind` play from `here` onto `to` (one of `board.adjacent(here)`:
    walls and the board's edge are the caller's to check) spends, and the joint of the
    blockade it takes on the way (None: none): the space's value, plus an open blockade's
    value unless this play already took it (`paid`). None when a `kind` play cannot step
    there: a space of another kind, a blockade of another kind."""
    space = board.spaces[to]
    if TERRAIN_KIND.get(space.terrain) != kind:
        return None
    joint = board.joint_between(here, to)
    return _through(space.value, None if joint is None else joint.index, kind, blockades, paid)


def _through(
    value: int,
    joint: int | None,
    kind: str,
    blockades: Mapping[int, Blockade],
    paid: frozenset[int],
) -> tuple[int, int | None] | None:
    """A step's cost with the blockade on its joint, if one is open and not yet taken."""
    if joint is None or joint not in blockades or joint in paid:
        return value, None
    blockade = blockades[joint]
    if BLOCKADE_KIND.get(blockade[0]) != kind:
        return None
    return value + blockade[1], joint


@lru_cache(maxsize=64)
def _entries(board: Board, kind: str) -> dict[Hex, tuple[tuple[Hex, int, int | None], ...]]:
    """Per space, the neighbours a `kind` play may step onto, with their value and the joint
    between: the board half of `step_cost`, worked out once per board (by value) so the
    search never looks at spaces of another kind."""
    table = {}
    for here in board.spaces:
        row = []
        for to in board.adjacent(here):
            space = board.spaces[to]
            if TERRAIN_KIND.get(space.terrain) == kind:
                joint = board.joint_between(here, to)
                row.append((to, space.value, None if joint is None else joint.index))
        table[here] = tuple(row)
    return table


def reachable_spaces(
    board: Board,
    start: Hex,
    kind: str,
    power: int,
    blocked: frozenset[Hex],
    blockades: Mapping[int, Blockade],
    passing: bool = False,
) -> dict[Hex, tuple[Hex, ...]]:
    """Every space one play of `kind` and `power` can reach from `start`, with one path each,
    from plain facts (the occupied spaces, the blockades still there): the one search the
    rules, the move listing and the bots use. A final space stands for El Dorado: a path that
    enters one ends there. `passing` (a pass token) walks through occupied spaces, never
    stopping on one."""
    entries = _entries(board, kind)
    if start not in entries:
        return {}
    finals = board.final_set
    best: dict[Hex, int] = {start: power}
    out: dict[Hex, tuple[Hex, ...]] = {}
    frontier: list[tuple[Hex, int, tuple[Hex, ...], frozenset[int]]] = [
        (start, power, (), frozenset())
    ]
    while frontier:
        here, left, path, paid = frontier.pop()
        for to, value, joint in entries[here]:
            cost, taken = value, None
            if joint is not None and joint in blockades:  # most steps cross no blockade
                step = _through(value, joint, kind, blockades, paid)
                if step is None:
                    continue
                cost, taken = step
            if cost > left:
                continue
            taken_space = to in blocked
            if taken_space and not passing:
                continue
            rest = left - cost
            new_path = (*path, to)
            if to in finals:
                out.setdefault(to, new_path)
                continue
            if best.get(to, -1) >= rest:
                continue
            best[to] = rest
            if not taken_space:  # passed through, never a place to stop
                out[to] = new_path
            frontier.append((to, rest, new_path, paid if taken is None else paid | {taken}))
    out.pop(start, None)
    return out


def reachable(
    state: State, board: Board, start: Hex, kind: str, power: int, passing: bool = False
) -> dict[Hex, tuple[Hex, ...]]:
    """`reachable_spaces` in a match's state."""
    blocked = occupied(state, start)
    return reachable_spaces(board, start, kind, power, blocked, open_blockades(state), passing)


def walk(
    state: State,
    board: Board,
    start: Hex,
    path: list[Hex],
    kind: str,
    power: int,
    label: str,
    passing: bool = False,
    claim: str | None = None,
) -> tuple[Hex | None, tuple[int, ...]]:
    """Check one play of `kind` and `power` along `path`; raise with the reason if illegal.
    `claim` says what the play counts as, for messages ("<label> is a <kind> card" if None).
    Returns where the explorer ends (None: in El Dorado) and the joints whose blockade the play
    took, in order."""
    if not path:
        raise IllegalAction("A move needs a path of at least one space.", "empty_path")
    blockers = occupied(state, start)
    blockades = open_blockades(state)
    claim = claim or f"{label} is a {kind} card"
    taken: tuple[int, ...] = ()
    here = start
    for i, to in enumerate(path):
        check_enterable(board, here, to, blockers, passing)
        step = step_cost(board, here, to, kind, blockades, frozenset(taken))
        if step is None or step[0] > power:
            _refuse_step(state, board, here, to, kind, power, label, claim, taken)
        cost, joint = step  # type: ignore[misc]
        power -= cost
        if joint is not None:
            taken = (*taken, joint)
        if to in board.final_set:
            if i != len(path) - 1:
                raise IllegalAction(
                    "A final space leads to El Dorado; the path ends there.", "path_past_final"
                )
            return None, taken
        here = to
    if passing and here in blockers:
        # A pass token lets a play pass occupied spaces, never stop on one.
        raise IllegalAction(
            f"Space {list(here)} holds another explorer; a move cannot end there.",
            "ends_on_explorer",
        )
    return here, taken


def _refuse_step(
    state: State,
    board: Board,
    here: Hex,
    to: Hex,
    kind: str,
    power: int,
    label: str,
    claim: str,
    taken: tuple[int, ...],
) -> None:
    """Say why a play cannot take this step: a blockade first, then the space."""
    joint = open_blockade(state, board, here, to)
    if joint is not None and joint not in taken:
        blockade = state.blockades[joint]
        need = BLOCKADE_KIND.get(blockade[0])
        if need != kind:
            how = (
                f"take it first by discarding {blockade[1]} cards"
                if need is None
                else f"it needs {need} {blockade[1]}"
            )
            raise IllegalAction(
                f"{claim}; {blockade_name(blockade)} is in the way ({how}).",
                "blockade_wrong_kind",
                kind=kind,
                blockade=blockade[0],
                value=blockade[1],
            )
        if blockade[1] > power:
            raise IllegalAction(
                f"{label} has {power} {kind} to spend; "
                f"{blockade_name(blockade)} needs {blockade[1]}.",
                "blockade_too_strong",
                kind=kind,
                power=power,
                blockade=blockade[0],
                value=blockade[1],
            )
        power -= blockade[1]
    space = board.spaces[to]
    if TERRAIN_KIND.get(space.terrain) != kind:
        raise IllegalAction(
            f"{claim}; the next space is {space_name(board, to)}.",
            "wrong_kind",
            kind=kind,
            terrain=str(space.terrain),
            value=space.value,
        )
    raise IllegalAction(
        f"{label} has {power} {kind} to spend; the next space is {space_name(board, to)}.",
        "not_enough_power",
        kind=kind,
        power=power,
        terrain=str(space.terrain),
        value=space.value,
    )


def first_kind(state: State, board: Board, here: Hex, to: Hex) -> str | None:
    """The kind a play's first step asks for: lets a wild card's kind be left implicit."""
    joint = open_blockade(state, board, here, to)
    if joint is not None:
        return BLOCKADE_KIND.get(state.blockades[joint][0])
    space = board.spaces.get(to)
    return TERRAIN_KIND.get(space.terrain) if space else None


def _path(raw: Any) -> list[Hex]:
    if not isinstance(raw, (list, tuple)) or not raw:
        raise IllegalAction(
            "A move needs a path: the spaces entered, one after another.", "empty_path"
        )
    return [hex_ref(h, "path step") for h in raw]


def apply_move(
    state: State, board: Board, seat: int, action: Mapping[str, Any]
) -> tuple[State, list[Event]]:
    """One card (or power token) played to walk one explorer along a path."""
    explorer, here = explorer_at(state, seat, action)
    path = _path(action.get("path"))
    kind, power, name, card, token, claim = power_source(
        state, seat, action, lambda: first_kind(state, board, here, path[0])
    )
    end, joints = walk(state, board, here, path, kind, power, name, state.turn.pass_through, claim)
    s, turn = spend(state, state.seats[seat], state.turn, card, token)
    s, owners, taken = take(state, s, seat, explorer, joints)
    s, finished, arrived = place(state, s, seat, explorer, end)
    move = {
        "type": "move",
        "seat": seat,
        "explorer": explorer,
        "card": state.cards[card] if card is not None else TOKENS[token].slug,
        "as": kind,
        "from": [here[0], here[1]],
        "path": [[q, r] for q, r in path],
        "visible_to": None,
    }
    state = with_seat(state, seat, s, turn=turn, blockade_owner=owners, finished=finished)
    return state, [move, *taken, *arrived]


def play_kinds(state: State, kind: Kind, as_kind: str | None = None) -> tuple[str, ...]:
    """The kinds a card of `kind` may move as now: a change token's, the chosen or every kind
    for a wild card, else its own."""
    if state.turn.next_kind:
        return (state.turn.next_kind,)
    if kind == Kind.WILD:
        return (as_kind,) if as_kind else tuple(str(k) for k in MOVE_KINDS)
    return (str(kind),)


def card_moves(state: State, board: Board, seat: int, card: int) -> list[dict[str, Any]]:
    """Every move a hand card (not an action card) can make: one path per reachable space, for
    each explorer still on the board and each kind the card may play as."""
    t = ctype(state, card)
    out: list[dict[str, Any]] = []
    for i, here in enumerate(state.seats[seat].explorers):
        if here is None:
            continue
        for kind in play_kinds(state, t.kind):
            found = reachable(state, board, here, kind, t.power, state.turn.pass_through)
            for path in found.values():
                act: dict[str, Any] = {
                    "type": "move",
                    "card": card,
                    "path": [list(h) for h in path],
                }
                if t.kind == Kind.WILD:
                    act["as"] = kind
                if i:
                    act["explorer"] = i
                out.append(act)
    return out


def token_moves(state: State, board: Board, seat: int, token: int) -> list[dict[str, Any]]:
    """Every move a power token can make."""
    power = TOKENS[token]
    out: list[dict[str, Any]] = []
    for i, here in enumerate(state.seats[seat].explorers):
        if here is None:
            continue
        found = reachable(state, board, here, str(power.kind), power.value, state.turn.pass_through)
        for path in found.values():
            act = {"type": "move", "token": token, "path": [list(h) for h in path]}
            out.append(act | ({"explorer": i} if i else {}))
    return out


def legal_moves(
    state: State,
    board: Board,
    seat: int,
    card: int | None,
    explorer: int = 0,
    as_kind: str | None = None,
    token: int | None = None,
) -> dict[Hex, tuple[Hex, ...]]:
    """Every space one play of a hand card (or power token) can reach, with a path to each.

    A final space stands for El Dorado. Empty when the card cannot move that explorer.
    """
    turn = state.turn
    if state.over or seat != turn.seat or turn.discarding or turn.may_remove:
        return {}
    s = state.seats[seat]
    if not 0 <= explorer < len(s.explorers) or s.explorers[explorer] is None:
        return {}
    if token is not None:
        if token not in s.tokens or TOKENS[token].kind not in POWER_TOKENS:
            return {}
        kinds: tuple[str, ...] = (str(TOKENS[token].kind),)
        power = TOKENS[token].value
    else:
        if card not in s.hand:
            return {}
        t = CARD_TYPES[state.cards[card]]
        if t.kind == Kind.ACTION:
            return {}
        kinds, power = play_kinds(state, t.kind, as_kind), t.power
    out: dict[Hex, tuple[Hex, ...]] = {}
    for kind in kinds:
        found = reachable(state, board, s.explorers[explorer], kind, power, turn.pass_through)
        for h, path in found.items():
            out.setdefault(h, path)
    return out
