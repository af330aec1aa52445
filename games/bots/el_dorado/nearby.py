"""Plays onto the spaces next to an explorer: rubble, base camps, blockades and the Native."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from games.engines.el_dorado import CARD_TYPES
from games.engines.el_dorado.maps import Board, Terrain

from .position import BLOCKADE_KIND, Hex, Position

Steps = tuple[
    tuple[tuple[Hex, str, int, int | None], ...],  # rubble and base camps: verb, value, joint
    tuple[tuple[Hex, int], ...],  # across a joint: its index
    tuple[Hex, ...],  # where a Native may lead (no mountain, no start space)
]


@lru_cache(maxsize=64)
def side_steps(board: Board) -> dict[Hex, Steps]:
    """Per space, the neighbours each kind of play below looks at, in neighbour order (built
    once per board: read on every decision)."""
    out = {}
    for here in board.spaces:
        camps, joints, natives = [], [], []
        for to in board.adjacent(here):
            space = board.spaces[to]
            joint = board.joint_between(here, to)
            index = None if joint is None else joint.index
            if space.terrain in (Terrain.RUBBLE, Terrain.BASECAMP):
                verb = "rubble" if space.terrain == Terrain.RUBBLE else "camp"
                camps.append((to, verb, space.value, index))
            if index is not None:
                joints.append((to, index))
            if space.terrain not in (Terrain.MOUNTAIN, Terrain.START):
                natives.append(to)
        out[here] = (tuple(camps), tuple(joints), tuple(natives))
    return out


_NO_STEPS: Steps = ((), (), ())


def space_plays(
    pos: Position, dist: Mapping[Hex, float], spare: list[int], camp_bonus: float = 0.0
) -> list[tuple[float, dict[str, Any]]]:
    """Rubble and base-camp entries payable with `spare` cards, scored by gain."""
    steps = side_steps(pos.board)
    return space_plays_from(
        steps, pos.explorers, pos.blocked, pos.open_joints, dist, spare, camp_bonus
    )


def space_plays_from(
    steps: Mapping[Hex, Steps],
    explorers: Sequence[Hex | None],
    blocked: frozenset[Hex],
    open_joints: Mapping[int, tuple[str, int]],
    dist: Mapping[Hex, float],
    spare: list[int],
    camp_bonus: float = 0.0,
) -> list[tuple[float, dict[str, Any]]]:
    """`space_plays` from the facts it reads."""
    out = []
    for i, here in enumerate(explorers):
        if here is None:
            continue
        for to, verb, value, joint in steps.get(here, _NO_STEPS)[0]:
            if to in blocked or (joint is not None and joint in open_joints):
                continue
            if len(spare) < value:
                continue
            gain = dist.get(here, 1e6) - dist.get(to, 1e6)
            if verb == "camp":
                gain += camp_bonus
            act = {"type": verb, "to": list(to), "cards": spare[:value]}
            if i:
                act["explorer"] = i
            out.append((gain, act))
    return out


def blockade_plays(
    pos: Position, dist: Mapping[Hex, float], spare: list[int]
) -> list[tuple[float, dict[str, Any]]]:
    """Blockades next to an explorer, on the way forward, that a hand card or discards can pay."""
    steps = side_steps(pos.board)
    return blockade_plays_from(steps, pos.explorers, pos.open_joints, pos.hand, dist, spare)


def blockade_plays_from(
    steps: Mapping[Hex, Steps],
    explorers: Sequence[Hex | None],
    open_joints: Mapping[int, tuple[str, int]],
    hand: Sequence[tuple[int, str]],
    dist: Mapping[Hex, float],
    spare: list[int],
) -> list[tuple[float, dict[str, Any]]]:
    """`blockade_plays` from the facts it reads."""
    out = []
    for i, here in enumerate(explorers):
        if here is None:
            continue
        for to, joint in steps.get(here, _NO_STEPS)[1]:
            if joint not in open_joints:
                continue
            if dist.get(to, 1e6) >= dist.get(here, 1e6):
                continue
            kind, value = open_joints[joint]
            act: dict[str, Any] = {"type": "blockade", "to": list(to)}
            if kind == "rubble":
                if len(spare) < value:
                    continue
                act["cards"] = spare[:value]
            else:
                need = BLOCKADE_KIND[kind]
                fits = [
                    (CARD_TYPES[slug].power, cid, slug)
                    for cid, slug in dict(hand).items()
                    if CARD_TYPES[slug].kind in (need, "wild") and CARD_TYPES[slug].power >= value
                ]
                if not fits:
                    continue
                _, cid, slug = min(fits)
                act["card"] = cid
                if CARD_TYPES[slug].kind == "wild":
                    act["as"] = need
            if i:
                act["explorer"] = i
            out.append((float(value), act))
    return out


def native_plays(pos: Position, dist: Mapping[Hex, float]) -> list[tuple[float, dict[str, Any]]]:
    """Native moves (card in hand) to the neighbour closest to El Dorado."""
    steps = side_steps(pos.board)
    return native_plays_from(steps, pos.explorers, pos.blocked, pos.board.final_set, pos.hand, dist)


def native_plays_from(
    steps: Mapping[Hex, Steps],
    explorers: Sequence[Hex | None],
    blocked: frozenset[Hex],
    finals: frozenset[Hex],
    hand: Sequence[tuple[int, str]],
    dist: Mapping[Hex, float],
) -> list[tuple[float, dict[str, Any]]]:
    """`native_plays` from the facts it reads."""
    natives = [cid for cid, slug in hand if slug == "native"]
    if not natives:
        return []
    out = []
    for i, here in enumerate(explorers):
        if here is None:
            continue
        for to in steps.get(here, _NO_STEPS)[2]:
            if to in blocked:
                continue
            after = 0.0 if to in finals else dist.get(to, 1e6)
            gain = dist.get(here, 1e6) - after
            if gain > 1 or to in finals:
                act = {"type": "action", "card": natives[0], "to": list(to)}
                if i:
                    act["explorer"] = i
                out.append((gain, act))
    return out
