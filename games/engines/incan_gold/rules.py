"""The rules of Incan Gold: starting a game, deciding, returning, flipping and scoring."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .actions import IllegalAction, parse_action
from .cards import (
    ARTIFACT_PRINTED,
    ARTIFACTS,
    DIAMANT_VALUES,
    ROUNDS,
    Kind,
    kind_of,
    round_deck,
    round_floats,
    shuffle,
    treasure_value,
)
from .options import parse_options
from .scoring import outcome
from .state import Artifact, Choice, PastRound, PathCard, Phase, Seat, State

MIN_PLAYERS = 3
MAX_PLAYERS = 8

Event = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Progress:
    """The state after an action and what happened on the way."""

    state: State
    events: tuple[Event, ...]


class _Work:
    """A mutable copy of a state used while one action (or the setup) is resolved."""

    def __init__(self, state: State) -> None:
        self.base = state
        self.round = state.round
        self.phase = state.phase
        self.turn = state.turn
        self.tent = [s.tent for s in state.seats]
        self.carried = [s.carried for s in state.seats]
        self.artifacts = [list(s.artifacts) for s in state.seats]
        self.in_temple = [s.in_temple for s in state.seats]
        self.decision = [s.decision for s in state.seats]
        self.home = [s.home for s in state.seats]
        self.deck = list(state.deck)
        self.path = [[c.code, c.gems] for c in state.path]
        self.removed = list(state.removed)
        self.gems_drawn = state.gems_drawn
        self.gems_to_bank = state.gems_to_bank
        self.turned = list(state.turned)
        self.history = list(state.history)
        self.events: list[Event] = []

    def emit(self, event_type: str, visible_to: list[int] | None = None, **fields: Any) -> None:
        self.events.append({"type": event_type, **fields, "visible_to": visible_to})

    def temple(self) -> list[int]:
        return [s for s, inside in enumerate(self.in_temple) if inside]

    def freeze(self) -> State:
        seats = tuple(
            Seat(
                self.tent[s],
                self.carried[s],
                tuple(self.artifacts[s]),
                self.in_temple[s],
                self.decision[s],
                self.home[s],
            )
            for s in range(self.base.players)
        )
        return State(
            players=self.base.players,
            seed=self.base.seed,
            options=self.base.options,
            round=self.round,
            phase=self.phase,
            turn=self.turn,
            seats=seats,
            deck=tuple(self.deck),
            path=tuple(PathCard(code, gems) for code, gems in self.path),
            removed=tuple(self.removed),
            gems_drawn=self.gems_drawn,
            gems_to_bank=self.gems_to_bank,
            turned=tuple(self.turned),
            history=tuple(self.history),
        )


def new_game(players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
    """A new game, already at the first decision of round 1."""
    return _setup(players, seed, options)[0]


def new_game_with_events(
    players: int, seed: int, options: Mapping[str, Any] | None = None
) -> Progress:
    """A new game and the events of its opening flips (round start, first cards)."""
    state, events = _setup(players, seed, options)
    return Progress(state, events)


def _setup(players: int, seed: int, options: Mapping[str, Any] | None) -> tuple[State, tuple]:
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError("players must be a whole number")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Incan Gold is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("seed must be a whole number")
    blank = State(
        players=players,
        seed=seed,
        options=parse_options(options),
        round=0,
        phase=Phase.DECIDING,
        turn=0,
        seats=tuple(Seat() for _ in range(players)),
        deck=(),
        path=(),
        removed=(),
    )
    work = _Work(blank)
    _start_round(work, 1)
    return work.freeze(), tuple(work.events)


def is_over(state: State) -> bool:
    """Whether the fifth round has ended."""
    return state.phase is Phase.OVER


def to_act(state: State) -> frozenset[int]:
    """Seats in the temple that have not decided yet (decided ones may still change)."""
    if state.phase is Phase.OVER:
        return frozenset()
    return frozenset(
        s for s, seat in enumerate(state.seats) if seat.in_temple and seat.decision is None
    )


def legal_actions(state: State, seat: int) -> list[dict[str, str]]:
    """The decisions open to a seat: both choices while it is in the temple, else none."""
    if state.phase is Phase.OVER or not _valid_seat(state, seat):
        return []
    if not state.seats[seat].in_temple:
        return []
    return [{"type": "decide", "choice": c.value} for c in Choice]


def _valid_seat(state: State, seat: object) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players


def apply(state: State, seat: int, action: Mapping[str, Any]) -> Progress:
    """Record one seat's decision; the last decision reveals all and plays on. Pure.
    Choosing again what the seat already chose changes nothing and tells nothing (no events)."""
    if state.phase is Phase.OVER:
        raise IllegalAction("game_over")
    if not _valid_seat(state, seat):
        raise IllegalAction("no_such_seat", {"seat": str(seat), "players": state.players})
    choice = parse_action(action)
    if not state.seats[seat].in_temple:
        raise IllegalAction("left_temple")
    if state.seats[seat].decision is choice:
        return Progress(state, ())  # the choice already made: nothing happens, nothing is told
    changed = state.seats[seat].decision is not None
    private = {
        "type": "decision",
        "seat": seat,
        "choice": choice.value,
        "changed": changed,
        "visible_to": [seat],
    }
    # A change of mind tells the others nothing: they only ever learn that the seat decided.
    public = {"type": "decided", "seat": seat, "visible_to": None}
    events = (private,) if changed else (public, private)
    waiting = [
        s
        for s, other in enumerate(state.seats)
        if s != seat and other.in_temple and other.decision is None
    ]
    if waiting:
        # Not the last decision: only this seat's pending choice changes (the common case).
        seats = list(state.seats)
        old = seats[seat]
        seats[seat] = Seat(old.tent, old.carried, old.artifacts, old.in_temple, choice, old.home)
        return Progress(_with_seats(state, tuple(seats)), events)
    work = _Work(state)
    work.decision[seat] = choice
    work.events.extend(events)
    _reveal_and_play(work, work.temple())
    return Progress(work.freeze(), tuple(work.events))


def _with_seats(state: State, seats: tuple[Seat, ...]) -> State:
    # Positional construction: dataclasses.replace costs more than the rest of a decision.
    return State(
        state.players,
        state.seed,
        state.options,
        state.round,
        state.phase,
        state.turn,
        seats,
        state.deck,
        state.path,
        state.removed,
        state.gems_drawn,
        state.gems_to_bank,
        state.turned,
        state.history,
    )


def _reveal_and_play(work: _Work, temple: list[int]) -> None:
    returning = [s for s in temple if work.decision[s] is Choice.RETURN]
    continuing = [s for s in temple if work.decision[s] is Choice.CONTINUE]
    work.emit("reveal", None, round=work.round, returning=returning, continuing=continuing)
    for s in temple:
        work.decision[s] = None
    if returning:
        _return_home(work, returning)
    if continuing:
        work.turn += 1
        if _flip(work):
            _end_round(work, "hazard")
    else:
        _end_round(work, "all returned")


def _return_home(work: _Work, returners: list[int]) -> None:
    k = len(returners)
    total = sum(gems for _, gems in work.path)
    share, rest = divmod(total, k)
    # The undivided gems stay on the path; they are kept on the last card that held gems.
    holders = [card for card in work.path if card[1]]
    for card in holders:
        card[1] = 0
    if rest:
        holders[-1][1] = rest
    taken: list[Artifact] = []
    if k == 1:
        already = sum(len(a) for a in work.artifacts)
        codes = [card[0] for card in work.path if kind_of(card[0]) is Kind.ARTIFACT]
        for index, code in enumerate(codes):
            taken.append(Artifact(code, _artifact_value(work, code, already + index)))
        work.path = [card for card in work.path if kind_of(card[0]) is not Kind.ARTIFACT]
        work.artifacts[returners[0]].extend(taken)
    report = []
    for s in returners:
        home = work.carried[s] + share
        work.tent[s] += home
        work.carried[s] = 0
        work.in_temple[s] = False
        work.home[s] = len(work.turned)
        report.append({"seat": s, "gems": home})
    work.emit(
        "return",
        None,
        seats=returners,
        share=share,
        left_on_path=rest,
        returners=report,
        artifacts=[[a.code, a.value] for a in taken],
    )


def _artifact_value(work: _Work, code: str, order: int) -> int:
    if work.base.options.artifact_values == "diamant":
        return DIAMANT_VALUES[order]
    return ARTIFACT_PRINTED[code]


def _flip(work: _Work) -> bool:
    """Turn the top card; True when it was a second hazard of its kind (the round ends)."""
    code = work.deck.pop(0)
    work.turned.append(code)
    temple = work.temple()
    kind = kind_of(code)
    if kind is Kind.TREASURE:
        value = treasure_value(code)
        share, rest = divmod(value, len(temple))
        for s in temple:
            work.carried[s] += share
        work.path.append([code, rest])
        work.gems_drawn += value
        work.emit(
            "flip",
            None,
            card=code,
            kind=kind.value,
            value=value,
            share=share,
            remainder=rest,
            seats=temple,
        )
        return False
    repeat = kind is Kind.HAZARD and any(card[0] == code for card in work.path)
    work.path.append([code, 0])
    work.emit("flip", None, card=code, kind=kind.value, repeat=repeat)
    if not repeat:
        return False
    # Keys are strings so the event is the same after a trip through JSON.
    lost = {str(s): work.carried[s] for s in temple}
    for s in temple:
        work.gems_to_bank += work.carried[s]
        work.carried[s] = 0
    work.removed.append(code)
    work.emit("hazard", None, kind=code, seats=temple, lost=lost, total=sum(lost.values()))
    return True


def _start_round(work: _Work, round_no: int) -> None:
    """Build and shuffle the round's deck, then flip the opening card(s)."""
    pending = [code for code in work.deck if kind_of(code) is Kind.ARTIFACT]
    pending.sort(key=ARTIFACTS.index)
    artifact = ARTIFACTS[round_no - 1]
    cards = round_deck(work.removed, [*pending, artifact])
    order = shuffle(cards, round_floats(work.base.seed, round_no))
    fixed = work.base.options.deck
    if fixed is not None and round_no <= len(fixed):
        order = _fix_order(order, fixed[round_no - 1], round_no)
    work.round = round_no
    work.turn = 0
    work.deck = order
    work.path = []
    work.turned = []
    for s in range(work.base.players):
        work.in_temple[s] = True
        work.carried[s] = 0
        work.decision[s] = None
        work.home[s] = None
    work.emit("round_start", None, round=round_no, artifact=artifact, deck_size=len(order))
    if _flip(work):
        _end_round(work, "hazard")
    elif work.base.options.quick_start and kind_of(work.path[0][0]) is Kind.HAZARD:
        # Nobody can gain by leaving before any treasure, so the next card comes at once.
        work.emit("quick_start", None, hazard=work.path[0][0])
        if _flip(work):
            _end_round(work, "hazard")


def _fix_order(order: list[str], first: tuple[str, ...], round_no: int) -> list[str]:
    rest = list(order)
    for code in first:
        if code not in rest:
            raise ValueError(
                f"option 'deck': round {round_no} cannot draw {code}; it is no longer in the deck"
            )
        rest.remove(code)
    return [*first, *rest]


def _end_round(work: _Work, reason: str) -> None:
    lost_gems = sum(gems for _, gems in work.path)
    lost_artifacts = [code for code, _ in work.path if kind_of(code) is Kind.ARTIFACT]
    work.gems_to_bank += lost_gems
    for s in range(work.base.players):
        work.decision[s] = None
    work.emit(
        "round_end",
        None,
        round=work.round,
        reason=reason,
        gems_lost=lost_gems,
        artifacts_lost=lost_artifacts,
    )
    work.history.append(PastRound(tuple(work.turned), tuple(work.home)))
    work.path = []
    work.turned = []
    if work.round == ROUNDS:
        work.phase = Phase.OVER
        for s in range(work.base.players):
            work.in_temple[s] = False
        final = outcome(work.freeze())
        assert final is not None
        work.emit("game_over", None, **final.to_dict())
    else:
        _start_round(work, work.round + 1)
