"""Cards given up on the way: a rubble blockade cleared, a rubble or base camp space entered,
worth it when the cards left after paying move further than the whole hand could otherwise.
Every explorer beside a rubble blockade would otherwise wait for another to pay for it, and the
race stands still."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from .nearby import side_steps
from .position import Hex, Position
from .simple import junk_first

# Taking a blockade also counts at the end (it breaks ties), in spaces.
TAKEN_BONUS = 1.5

# Plans the turn from a position and its distance map: the best score and the first action.
TurnScore = Callable[[Position, Mapping[Hex, float]], float]
Distances = Callable[[Position], Mapping[Hex, float]]


def clearing_play(
    pos: Position,
    dist: Mapping[Hex, float],
    score_now: float,
    score: TurnScore,
    remap: Distances,
    thin: bool = True,
    camp_bonus: float = 1.0,
) -> dict[str, Any] | None:
    """The rubble blockade to clear, or the rubble or base camp space to enter, first (paying
    with the weakest cards), if that and the best play of the rest of the hand scores more
    than the best turn without it (`score_now`). Base camps only when the deck may be `thin`ned
    (each is worth `camp_bonus` more)."""
    best = None
    for i, here in enumerate(pos.explorers):
        if here is None:
            continue
        for to in pos.board.neighbours(here):
            joint = pos.board.joint_between(here, to)
            if joint is None or joint.index not in pos.open_joints:
                continue
            kind, value = pos.open_joints[joint.index]
            if kind != "rubble" or len(pos.hand) < value:
                continue
            if dist.get(to, 1e6) >= dist.get(here, 1e6):
                continue  # not on the way forward
            pay = junk_first(pos.hand)[:value]
            opened = {j: b for j, b in pos.open_joints.items() if j != joint.index}
            after = replace(
                pos, open_joints=opened, hand=tuple(c for c in pos.hand if c[0] not in pay)
            )
            dist_after = remap(after)
            total = dist.get(here, 1e6) - dist_after.get(here, 1e6)
            total += score(after, dist_after) + TAKEN_BONUS
            if total > score_now + 1e-9 and (best is None or total > best[0]):
                act: dict[str, Any] = {"type": "blockade", "to": list(to), "cards": pay}
                if i:
                    act["explorer"] = i
                best = (total, act)
    for i, here in enumerate(pos.explorers):
        if here is None:
            continue
        for to, verb, value, joint in side_steps(pos.board).get(here, ((), (), ()))[0]:
            if to in pos.blocked or (joint is not None and joint in pos.open_joints):
                continue
            if len(pos.hand) < value or dist.get(to, 1e6) >= dist.get(here, 1e6):
                continue
            if verb == "camp" and not thin:
                continue
            pay = junk_first(pos.hand)[:value]
            explorers = list(pos.explorers)
            explorers[i] = to
            after = replace(
                pos,
                explorers=tuple(explorers),
                blocked=(pos.blocked - {here}) | {to},
                hand=tuple(c for c in pos.hand if c[0] not in pay),
            )
            total = dist.get(here, 1e6) - dist.get(to, 1e6) + score(after, dist)
            if verb == "camp":
                total += camp_bonus
            if total > score_now + 1e-9 and (best is None or total > best[0]):
                act = {"type": verb, "to": list(to), "cards": pay}
                if i:
                    act["explorer"] = i
                best = (total, act)
    return None if best is None else best[1]
