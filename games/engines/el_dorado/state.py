"""The match state as plain immutable data, and its exact JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

Hex = tuple[int, int]
Blockade = tuple[str, int]  # (terrain kind, value), e.g. ("rubble", 2)


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's cards, explorers and trophies."""

    draw: tuple[int, ...] = ()  # top card first; its order is secret
    hand: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()  # the last card is the top of the pile
    played: tuple[int, ...] = ()  # the play area of the current turn
    removed: tuple[int, ...] = ()  # cards this player removed from the game
    explorers: tuple[Hex | None, ...] = ()  # None: the explorer reached El Dorado
    blockades: tuple[int, ...] = ()  # joint indexes of the blockades taken
    tokens: tuple[int, ...] = ()  # cave tokens held
    spent_tokens: tuple[int, ...] = ()
    acquired: tuple[int, ...] = ()  # cards bought or taken with a Transmitter

    @property
    def finished(self) -> bool:
        """True when every explorer of this player is in El Dorado."""
        return all(h is None for h in self.explorers)

    def owned(self) -> tuple[int, ...]:
        """Every card this player still owns, wherever it is."""
        return self.draw + self.hand + self.discard + self.played


@dataclass(frozen=True, slots=True)
class Turn:
    """What the current turn has done so far."""

    seat: int = 0
    round: int = 1
    bought: bool = False
    discarding: bool = False  # the discard step began: no more plays
    pass_through: bool = False  # a pass token was used this turn
    next_kind: str | None = None  # a change token set the kind of the next card played
    may_remove: int = 0  # cards the player may still remove after a Scientist or Travel Log
    # Single-use cards this turn's plays removed from the game: a keep token brings one back.
    single_used: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class State:
    players: int
    seed: int
    options: Mapping[str, Any]
    cards: tuple[str, ...]  # card id -> card type slug
    seats: tuple[Seat, ...]
    market: tuple[str | None, ...]  # the six slots; None is an empty slot
    supply: Mapping[str, tuple[int, ...]]  # card ids not yet sold, per type
    blockades: tuple[Blockade, ...]  # one per joint, in path order
    blockade_owner: tuple[int | None, ...]
    caves: tuple[tuple[int, ...], ...]  # token stacks per cave, top first (caves option)
    turn: Turn = field(default_factory=Turn)
    finished: tuple[int, ...] = ()  # seats that brought every explorer home, in order
    over: bool = False
    shuffles: int = 0  # counter feeding the source of chance (reshuffles)
    # The state before this turn's last action, for undo (each holding the one before it);
    # None when nothing can be undone: the turn just began, or its last action revealed a card.
    previous: State | None = None


Record = TypeVar("Record", "Seat", "Turn", "State")


def replace(record: Record, /, **changes: Any) -> Record:
    """A copy of a record with the fields named changed: what `dataclasses.replace` builds (a
    test holds it to that). The copy's slots are filled directly, as the frozen class's own
    `__init__` fills them; passing every field by keyword through `__init__` cost as much as
    the rest of a rule, and every action builds several records."""
    kind = type(record)
    if not _FIELD_SET[kind].issuperset(changes):
        unknown = ", ".join(sorted(set(changes) - _FIELD_SET[kind]))
        raise TypeError(f"{kind.__name__} has no field {unknown}")
    new = object.__new__(kind)
    for name, fill in _FILLERS[kind]:
        fill(new, changes[name] if name in changes else getattr(record, name))
    return new


def _hex_out(h: Hex | None) -> list[int] | None:
    return None if h is None else [h[0], h[1]]


def _hex_in(h: list[int] | None) -> Hex | None:
    return None if h is None else (h[0], h[1])


def _seat_to_json(s: Seat) -> dict[str, Any]:
    return {
        "draw": list(s.draw),
        "hand": list(s.hand),
        "discard": list(s.discard),
        "played": list(s.played),
        "removed": list(s.removed),
        "explorers": [_hex_out(h) for h in s.explorers],
        "blockades": list(s.blockades),
        "tokens": list(s.tokens),
        "spent_tokens": list(s.spent_tokens),
        "acquired": list(s.acquired),
    }


def _seat_from_json(d: Mapping[str, Any]) -> Seat:
    return Seat(
        draw=tuple(d["draw"]),
        hand=tuple(d["hand"]),
        discard=tuple(d["discard"]),
        played=tuple(d["played"]),
        removed=tuple(d["removed"]),
        explorers=tuple(_hex_in(h) for h in d["explorers"]),
        blockades=tuple(d["blockades"]),
        tokens=tuple(d["tokens"]),
        spent_tokens=tuple(d["spent_tokens"]),
        acquired=tuple(d["acquired"]),
    )


def _turn_to_json(t: Turn) -> dict[str, Any]:
    return {
        "seat": t.seat,
        "round": t.round,
        "bought": t.bought,
        "discarding": t.discarding,
        "pass_through": t.pass_through,
        "next_kind": t.next_kind,
        "may_remove": t.may_remove,
        "single_used": list(t.single_used),
    }


_TURN_FIELDS = frozenset(f.name for f in fields(Turn))
_FIELD_SET = {kind: frozenset(f.name for f in fields(kind)) for kind in (Seat, Turn, State)}
# Each field's slot setter (what `object.__setattr__` would find for it), in field order.
_FILLERS = {
    kind: tuple((f.name, getattr(kind, f.name).__set__) for f in fields(kind))
    for kind in (Seat, Turn, State)
}


def _turn_from_json(d: Mapping[str, Any]) -> Turn:
    # Snapshots stored before `single_used` existed carry `just_used`; the log rebuilds them.
    known = {k: v for k, v in d.items() if k in _TURN_FIELDS}
    known["single_used"] = tuple(known.get("single_used", ()))
    return Turn(**known)


def to_json(state: State) -> dict[str, Any]:
    """The whole state (secrets included) as JSON-safe data, for storage. The states undo
    steps back to are listed under "history", the earliest first."""
    earlier = []
    step = state.previous
    while step is not None:
        earlier.append(step)
        step = step.previous
    return {**_fields_json(state), "history": [_fields_json(s) for s in reversed(earlier)]}


def _fields_json(state: State) -> dict[str, Any]:
    return {
        "players": state.players,
        "seed": state.seed,
        "options": plain_json(state.options),
        "cards": list(state.cards),
        "seats": [_seat_to_json(s) for s in state.seats],
        "market": list(state.market),
        "supply": {k: list(v) for k, v in state.supply.items()},
        "blockades": [[k, v] for k, v in state.blockades],
        "blockade_owner": list(state.blockade_owner),
        "caves": [list(c) for c in state.caves],
        "turn": _turn_to_json(state.turn),
        "finished": list(state.finished),
        "over": state.over,
        "shuffles": state.shuffles,
        "history": [],
    }


def from_json(data: Mapping[str, Any]) -> State:
    """Rebuild a state from `to_json` output."""
    previous = None
    for earlier in data["history"]:
        previous = _from_fields(earlier, previous)
    return _from_fields(data, previous)


def _from_fields(data: Mapping[str, Any], previous: State | None) -> State:
    return State(
        players=data["players"],
        seed=data["seed"],
        options=plain_json(data["options"]),
        cards=tuple(data["cards"]),
        seats=tuple(_seat_from_json(s) for s in data["seats"]),
        market=tuple(data["market"]),
        supply={k: tuple(v) for k, v in data["supply"].items()},
        blockades=tuple((k, v) for k, v in data["blockades"]),
        blockade_owner=tuple(data["blockade_owner"]),
        caves=tuple(tuple(c) for c in data["caves"]),
        turn=_turn_from_json(data["turn"]),
        finished=tuple(data["finished"]),
        over=data["over"],
        shuffles=data["shuffles"],
        previous=previous,
    )


def plain_json(value: Any) -> Any:
    """A JSON-shaped deep copy (tuples become lists) so options round-trip exactly."""
    if isinstance(value, Mapping):
        return {str(k): plain_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain_json(v) for v in value]
    return value
