"""How a round ended, told from the events of the log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

# Events that can end a round: a second hazard of a kind, or the last explorers returning.
_ENDINGS = frozenset({"hazard", "return"})
# Events between that ending and the round's end that belong to the story of it.
_LEADING = _ENDINGS | {"flip", "reveal"}


def round_summary(events: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """The last round's ending, while the round after it has not had a choice revealed: its
    number, why it ended ("hazard" or "all returned"), the gems and artifacts left on the path,
    and the events that tell it (from the hazard or the last return to the round's end). None
    before any round ended, and once the next round is under way."""
    for index in range(len(events) - 1, -1, -1):
        kind = events[index].get("type")
        if kind == "reveal":
            return None
        if kind != "round_end":
            continue
        start = index
        while start > 0 and events[start - 1].get("type") in _LEADING:
            start -= 1
            if events[start].get("type") in _ENDINGS:
                break
        end = events[index]
        return {
            "round": end["round"],
            "reason": end["reason"],
            "gems_lost": end["gems_lost"],
            "artifacts_lost": list(end["artifacts_lost"]),
            "events": [dict(e) for e in events[start : index + 1]],
        }
    return None
