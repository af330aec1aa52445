"""The immutable game state of Incan Gold and its exact JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .cards import Kind, kind_of
from .options import Options, parse_options

JSON_VERSION = 2


class Phase(StrEnum):
    """Where the game stands; values are stable for storage."""

    DECIDING = "deciding"
    OVER = "over"


class Choice(StrEnum):
    """A decision in the temple."""

    CONTINUE = "continue"
    RETURN = "return"


@dataclass(frozen=True, slots=True)
class Artifact:
    """An artifact a player took home, with the value it scores."""

    code: str
    value: int


@dataclass(frozen=True, slots=True)
class PathCard:
    """A card turned onto the path and the gems lying on it."""

    code: str
    gems: int = 0


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's holdings; `tent` and `decision` are private to the seat. `home` is how many
    cards had been turned this round when the seat went home (None while inside)."""

    tent: int = 0
    carried: int = 0
    artifacts: tuple[Artifact, ...] = ()
    in_temple: bool = True
    decision: Choice | None = None
    home: int | None = None

    @property
    def artifact_value(self) -> int:
        """Points from artifacts."""
        return sum(a.value for a in self.artifacts)


@dataclass(frozen=True, slots=True)
class PastRound:
    """A finished round as the whole table saw it: the cards turned, in order, and for each seat
    how many of them had been turned when it went home (None: inside when the round ended)."""

    path: tuple[str, ...]
    home: tuple[int | None, ...]

    @property
    def hazard(self) -> str | None:
        """The hazard whose second card ended the round, or None if everyone went home. Two
        treasures can share a code, so only a repeated hazard ends a round."""
        last = self.path[-1] if self.path else None
        if last is None or kind_of(last) is not Kind.HAZARD or last not in self.path[:-1]:
            return None
        return last


@dataclass(frozen=True, slots=True)
class State:
    """Everything about a game; `deck` (next card first) and `seed` are secret. `path` is what
    lies on the path now (an artifact taken home leaves it); `turned` is every card turned this
    round, in order, and `history` the rounds before."""

    players: int
    seed: int
    options: Options
    round: int
    phase: Phase
    turn: int
    seats: tuple[Seat, ...]
    deck: tuple[str, ...]
    path: tuple[PathCard, ...]
    removed: tuple[str, ...]
    gems_drawn: int = 0
    gems_to_bank: int = 0
    turned: tuple[str, ...] = ()
    history: tuple[PastRound, ...] = ()

    @property
    def path_gems(self) -> int:
        """Gems lying on the path."""
        return sum(card.gems for card in self.path)

    @property
    def artifacts_taken(self) -> int:
        """Artifacts taken home so far, by anyone."""
        return sum(len(seat.artifacts) for seat in self.seats)


def to_json(state: State) -> dict[str, Any]:
    """The full state as JSON-safe data (secret fields included)."""
    return {
        "version": JSON_VERSION,
        "players": state.players,
        "seed": state.seed,
        "options": state.options.to_json(),
        "round": state.round,
        "phase": state.phase.value,
        "turn": state.turn,
        "seats": [
            {
                "tent": s.tent,
                "carried": s.carried,
                "artifacts": [[a.code, a.value] for a in s.artifacts],
                "in_temple": s.in_temple,
                "decision": None if s.decision is None else s.decision.value,
                "home": s.home,
            }
            for s in state.seats
        ],
        "deck": list(state.deck),
        "path": [[c.code, c.gems] for c in state.path],
        "removed": list(state.removed),
        "gems_drawn": state.gems_drawn,
        "gems_to_bank": state.gems_to_bank,
        "turned": list(state.turned),
        "history": [{"path": list(r.path), "home": list(r.home)} for r in state.history],
    }


def from_json(data: dict[str, Any]) -> State:
    """Rebuild a state from `to_json` output; malformed data is a ValueError."""
    try:
        if data["version"] != JSON_VERSION:
            raise ValueError(f"unsupported state version {data['version']!r}")
        seats = tuple(
            Seat(
                tent=int(s["tent"]),
                carried=int(s["carried"]),
                artifacts=tuple(Artifact(str(c), int(v)) for c, v in s["artifacts"]),
                in_temple=bool(s["in_temple"]),
                decision=None if s["decision"] is None else Choice(s["decision"]),
                home=_count_or_none(s["home"]),
            )
            for s in data["seats"]
        )
        return State(
            players=int(data["players"]),
            seed=int(data["seed"]),
            options=parse_options(data["options"]),
            round=int(data["round"]),
            phase=Phase(data["phase"]),
            turn=int(data["turn"]),
            seats=seats,
            deck=tuple(str(c) for c in data["deck"]),
            path=tuple(PathCard(str(c), int(g)) for c, g in data["path"]),
            removed=tuple(str(c) for c in data["removed"]),
            gems_drawn=int(data["gems_drawn"]),
            gems_to_bank=int(data["gems_to_bank"]),
            turned=tuple(str(c) for c in data["turned"]),
            history=tuple(
                PastRound(
                    path=tuple(str(c) for c in r["path"]),
                    home=tuple(_count_or_none(h) for h in r["home"]),
                )
                for r in data["history"]
            ),
        )
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not an Incan Gold state: {exc!r}") from None


def _count_or_none(value: Any) -> int | None:
    return None if value is None else int(value)
