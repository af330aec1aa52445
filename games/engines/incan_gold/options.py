"""Match options of Incan Gold and their validation."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import ARTIFACTS, ROUNDS, copies, is_card

ARTIFACT_SCHEMES = ("incan-gold", "diamant")

DEFAULT_OPTIONS: dict[str, Any] = {"quick_start": True, "artifact_values": "incan-gold"}


@dataclass(frozen=True, slots=True)
class Options:
    """Validated options; `deck` fixes the first draws of each listed round (tests only)."""

    quick_start: bool = True
    artifact_values: str = "incan-gold"
    deck: tuple[tuple[str, ...], ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """JSON-safe form, accepted back by `parse_options`."""
        data: dict[str, Any] = {
            "quick_start": self.quick_start,
            "artifact_values": self.artifact_values,
        }
        if self.deck is not None:
            data["deck"] = [list(cards) for cards in self.deck]
        return data

    def public(self) -> dict[str, Any]:
        """The options every player may see (a fixed deck order is secret)."""
        return {"quick_start": self.quick_start, "artifact_values": self.artifact_values}


def parse_options(options: Mapping[str, Any] | None) -> Options:
    """Validate raw options; anything unknown or malformed is a ValueError."""
    if options is None:
        return Options()
    if not isinstance(options, Mapping):
        raise ValueError("options must be a mapping of option names to values")
    unknown = sorted(set(options) - {"quick_start", "artifact_values", "deck"})
    if unknown:
        raise ValueError(f"unknown option {unknown[0]!r}")
    quick_start = options.get("quick_start", True)
    if not isinstance(quick_start, bool):
        raise ValueError("option 'quick_start' must be true or false")
    scheme = options.get("artifact_values", "incan-gold")
    if scheme not in ARTIFACT_SCHEMES:
        raise ValueError(
            f"option 'artifact_values' must be 'incan-gold' or 'diamant', not {scheme!r}"
        )
    deck = options.get("deck")
    return Options(quick_start, scheme, None if deck is None else _parse_deck(deck))


def _parse_deck(deck: Any) -> tuple[tuple[str, ...], ...]:
    if isinstance(deck, str | bytes) or not isinstance(deck, list | tuple):
        raise ValueError("option 'deck' must be a list with one list of card codes per round")
    if len(deck) > ROUNDS:
        raise ValueError(f"option 'deck' lists {len(deck)} rounds; the game has {ROUNDS}")
    rounds = []
    for index, cards in enumerate(deck):
        round_no = index + 1
        if isinstance(cards, str | bytes) or not isinstance(cards, list | tuple):
            raise ValueError(f"option 'deck': round {round_no} must be a list of card codes")
        for code in cards:
            if not is_card(code):
                raise ValueError(f"option 'deck': unknown card {code!r} in round {round_no}")
            if code in ARTIFACTS and ARTIFACTS.index(code) >= round_no:
                raise ValueError(
                    f"option 'deck': artifact {code} is not in the deck before round "
                    f"{ARTIFACTS.index(code) + 1}, so round {round_no} cannot draw it"
                )
        for code, count in Counter(cards).items():
            if count > copies(code):
                raise ValueError(
                    f"option 'deck': round {round_no} lists {code} {count} times; "
                    f"the game has {copies(code)}"
                )
        rounds.append(tuple(cards))
    return tuple(rounds)
