"""Cards of Incan Gold: codes, kinds, values and the seeded deck order."""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum

ROUNDS = 5

TREASURE_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 5, 7, 7, 9, 11, 11, 13, 14, 15, 17)
HAZARD_KINDS: tuple[str, ...] = ("spiders", "snakes", "mummies", "fire", "rockfall")
HAZARD_COPIES = 3
# Round r (1-based) adds ARTIFACTS[r - 1] to the deck.
ARTIFACTS: tuple[str, ...] = ("A5", "A7", "A8", "A10", "A12")
ARTIFACT_PRINTED: dict[str, int] = {code: int(code[1:]) for code in ARTIFACTS}
# Diamant scoring: the first three artifacts taken are worth 5, later ones 10.
DIAMANT_VALUES: tuple[int, ...] = (5, 5, 5, 10, 10)

# Treasure codes are "T" + value; the two 5s, 7s and 11s share a code.
TREASURES: tuple[str, ...] = tuple(f"T{v}" for v in TREASURE_VALUES)
EXPLORATION: tuple[str, ...] = TREASURES + tuple(
    kind for kind in HAZARD_KINDS for _ in range(HAZARD_COPIES)
)

# Enough floats for the largest possible deck (30 cards + 5 artifacts) in every round.
ROUND_STRIDE = 40


class Kind(StrEnum):
    """What a card is."""

    TREASURE = "treasure"
    HAZARD = "hazard"
    ARTIFACT = "artifact"


def kind_of(code: str) -> Kind:
    """The kind of a card code (assumes a known code)."""
    if code in HAZARD_KINDS:
        return Kind.HAZARD
    return Kind.TREASURE if code[0] == "T" else Kind.ARTIFACT


def treasure_value(code: str) -> int:
    """Gems printed on a treasure card."""
    return int(code[1:])


def copies(code: str) -> int:
    """How many copies of a card code the box holds (0 for unknown codes)."""
    if code in HAZARD_KINDS:
        return HAZARD_COPIES
    if code in ARTIFACT_PRINTED:
        return 1
    return TREASURES.count(code)


def is_card(code: object) -> bool:
    """Whether a value is a known card code."""
    return isinstance(code, str) and copies(code) > 0


def round_deck(removed: Sequence[str], artifacts: Sequence[str]) -> list[str]:
    """Cards of a round's deck in canonical (unshuffled) order."""
    cards = list(EXPLORATION)
    for hazard in removed:
        cards.remove(hazard)
    cards.extend(artifacts)
    return cards


def round_floats(seed: int, round_no: int) -> list[float]:
    """The seeded random numbers that order the deck of one round."""
    rng = random.Random(f"{seed}:deck")
    floats = [rng.random() for _ in range(ROUND_STRIDE * round_no)]
    return floats[-ROUND_STRIDE:]


def shuffle(cards: Sequence[str], floats: Sequence[float]) -> list[str]:
    """Fisher-Yates from the top, so drawing lazily with the same floats gives the same order."""
    order = list(cards)
    n = len(order)
    for i in range(n - 1):
        j = i + int(floats[i] * (n - i))
        order[i], order[j] = order[j], order[i]
    return order


def gem_breakdown(value: int) -> dict[str, int]:
    """The fewest gems showing a value: gold 10, obsidian 5, turquoise 1."""
    gold, rest = divmod(value, 10)
    obsidian, turquoise = divmod(rest, 5)
    return {"gold": gold, "obsidian": obsidian, "turquoise": turquoise}
