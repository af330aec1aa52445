"""A lean whole-game simulation for benchmarks and bulk play.

It follows exactly the rules in `rules.py` and draws the same cards from the same seed (the
lazy Fisher-Yates below consumes the floats of `cards.round_floats` in the same order as
`cards.shuffle`), but keeps no history, events or views. A property test checks that it
scores every game like the full engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .cards import (
    ARTIFACT_PRINTED,
    ARTIFACTS,
    DIAMANT_VALUES,
    HAZARD_KINDS,
    ROUND_STRIDE,
    ROUNDS,
    TREASURES,
    round_deck,
)

# decide(round, turn, seat) -> True to return; `turn` is the engine's `State.turn`.
Decide = Callable[[int, int, int], bool]

_TREASURE = {code: int(code[1:]) for code in TREASURES}
_HAZARDS = frozenset(HAZARD_KINDS)


@dataclass(frozen=True, slots=True)
class SimResult:
    """Tents, artifact values taken and scores per seat at the end of a game."""

    tents: tuple[int, ...]
    artifacts: tuple[tuple[int, ...], ...]

    @property
    def scores(self) -> tuple[int, ...]:
        """Tent gems plus artifact values, per seat."""
        return tuple(t + sum(a) for t, a in zip(self.tents, self.artifacts, strict=True))


def simulate(
    players: int,
    seed: int,
    decide: Decide,
    quick_start: bool = True,
    artifact_values: str = "incan-gold",
) -> SimResult:
    """Play a whole game from `seed` with decisions from `decide`."""
    rnd = random.Random(f"{seed}:deck").random
    diamant = artifact_values == "diamant"
    tents = [0] * players
    arts: list[list[int]] = [[] for _ in range(players)]
    removed: list[str] = []
    pending: list[str] = []
    taken = 0
    for round_no in range(1, ROUNDS + 1):
        floats = [rnd() for _ in range(ROUND_STRIDE)]
        cards = round_deck(removed, [*pending, ARTIFACTS[round_no - 1]])
        n = len(cards)
        temple = list(range(players))
        carried = [0] * players
        path_gems = 0
        path_arts: list[str] = []
        seen: set[str] = set()
        i = 0
        turn = 0
        opening = True
        while True:
            j = i + int(floats[i] * (n - i))
            card = cards[j]
            cards[j] = cards[i]
            cards[i] = card
            i += 1
            value = _TREASURE.get(card)
            if value is not None:
                share = value // len(temple)
                for s in temple:
                    carried[s] += share
                path_gems += value - share * len(temple)
            elif card in _HAZARDS:
                if card in seen:
                    removed.append(card)
                    break
                seen.add(card)
                if opening and quick_start:
                    opening = False
                    continue
            else:
                path_arts.append(card)
            opening = False
            back = [s for s in temple if decide(round_no, turn, s)]
            if back:
                k = len(back)
                share = path_gems // k
                path_gems -= share * k
                for s in back:
                    tents[s] += carried[s] + share
                    carried[s] = 0
                if k == 1 and path_arts:
                    for code in path_arts:
                        arts[back[0]].append(
                            DIAMANT_VALUES[taken] if diamant else ARTIFACT_PRINTED[code]
                        )
                        taken += 1
                    path_arts = []
                temple = [s for s in temple if s not in back]
                if not temple:
                    break
            turn += 1
        pending = sorted((c for c in cards[i:] if c in ARTIFACT_PRINTED), key=ARTIFACTS.index)
    return SimResult(tuple(tents), tuple(tuple(a) for a in arts))
