"""What a bot can work out from its own view: the unseen cards and the odds of the next flip."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.engines.incan_gold.cards import (
    ARTIFACT_PRINTED,
    DIAMANT_VALUES,
    HAZARD_COPIES,
    HAZARD_KINDS,
    TREASURES,
)

# Gems printed on each treasure code, and the hazard codes: what every bot looks cards up in.
TREASURE_VALUE: dict[str, int] = {code: int(code[1:]) for code in TREASURES}
HAZARDS: frozenset[str] = frozenset(HAZARD_KINDS)


@dataclass(frozen=True, slots=True)
class Situation:
    """The public facts of the current decision, from one seat's point of view."""

    me: int
    temple: tuple[int, ...]
    carried: tuple[int, ...]
    path_gems: int
    path_artifacts: tuple[str, ...]
    hazards_on_path: frozenset[str]
    unseen: tuple[str, ...]
    diamant: bool
    artifacts_taken: int
    round: int

    @classmethod
    def from_view(cls, view: Mapping[str, Any], seat: int) -> Situation:
        """Read a `player_view` of the seat; the unseen cards follow from public facts."""
        path = [card["card"] for card in view["path"]]
        on_path = Counter(path)
        removed = Counter(view["removed_hazards"])
        unseen: list[str] = []
        for code, count in Counter(TREASURES).items():
            unseen.extend([code] * (count - on_path[code]))
        for kind in HAZARD_KINDS:
            unseen.extend([kind] * (HAZARD_COPIES - removed[kind] - on_path[kind]))
        unseen.extend(view["artifacts_in_deck"])
        seats = view["seats"]
        return cls(
            me=seat,
            temple=tuple(s["seat"] for s in seats if s["in_temple"]),
            carried=tuple(s["carried"] for s in seats),
            path_gems=view["path_gems"],
            path_artifacts=tuple(view["artifacts_on_path"]),
            hazards_on_path=frozenset(view["hazards_on_path"]),
            unseen=tuple(unseen),
            diamant=view["options"]["artifact_values"] == "diamant",
            artifacts_taken=view["artifacts_taken"],
            round=view["round"],
        )

    def artifact_worth(self, codes: tuple[str, ...] | list[str], taken: int | None = None) -> int:
        """What a lone returner would score for these artifacts now."""
        if not self.diamant:
            return sum(ARTIFACT_PRINTED[c] for c in codes)
        start = self.artifacts_taken if taken is None else taken
        return sum(DIAMANT_VALUES[min(start + i, 4)] for i in range(len(codes)))

    @property
    def prize(self) -> int:
        """What waits on the path for a lone returner now: its gems and its artifacts."""
        return self.path_gems + self.artifact_worth(self.path_artifacts)

    def bust_chance(self) -> float:
        """Chance that the next card repeats a hazard already on the path."""
        if not self.unseen:
            return 0.0
        risky = sum(1 for code in self.unseen if code in self.hazards_on_path)
        return risky / len(self.unseen)

    def expected_share(self, players_in_temple: int) -> float:
        """Mean gems each player in the temple carries off the next card."""
        if not self.unseen:
            return 0.0
        total = sum(TREASURE_VALUE.get(code, 0) // players_in_temple for code in self.unseen)
        return total / len(self.unseen)
