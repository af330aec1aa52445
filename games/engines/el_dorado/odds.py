"""The odds panel for learners, worked out from what a player's own view shows: the cheapest
route from an explorer to El Dorado, and how many turns the cards the player owns now need to
walk it.

The route minimises what the spaces ask for (power, and cards given up on rubble and base
camps) with the blockades still standing, ignoring the other explorers (they move). The turns
are estimated by playing the route over shuffles of the player's own draw pile: each turn the
hand moves the explorer as far as the rules allow (one card a space, a card's power spread over
consecutive spaces of its kind, a wild card as any kind), then every card left in hand is
discarded and four are drawn, the discards reshuffled when the draw pile runs out. Nothing is
bought, action cards only count as cards to give up, and cave tokens are left aside."""

from __future__ import annotations

import heapq
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from .cards import CARD_TYPES, HAND_SIZE, Kind
from .maps import Board, Hex

# The card kind each terrain (and each blockade of that terrain) asks for.
KIND_OF: dict[str, str] = {"jungle": "machete", "river": "paddle", "village": "coin"}
# Terrains a route may enter, each asking for power of its kind or cards from hand.
ENTERABLE = frozenset({"jungle", "river", "village", "rubble", "basecamp"})
# A route not walked within this many turns is not walked with these cards (a kind missing).
MAX_TURNS = 40
SAMPLES = 300
SEED = 20_260_505  # fixed: the panel reads the same for the same state


@dataclass(frozen=True, slots=True)
class Step:
    """One space of a route, with the standing blockade crossed on the way into it."""

    hex: Hex
    terrain: str
    value: int
    blockade: tuple[str, int] | None = None


@dataclass(frozen=True, slots=True)
class Route:
    steps: tuple[Step, ...]

    @property
    def spaces(self) -> int:
        return len(self.steps)

    @property
    def cost(self) -> int:
        """Power and cards the route asks for, blockades included."""
        return sum(s.value + (s.blockade[1] if s.blockade else 0) for s in self.steps)

    def by_terrain(self) -> dict[str, tuple[int, int]]:
        """Per terrain on the route: (spaces, power or cards they ask for), in a fixed order."""
        totals: dict[str, list[int]] = {}
        for step in self.steps:
            entry = totals.setdefault(step.terrain, [0, 0])
            entry[0] += 1
            entry[1] += step.value
        order = ("jungle", "river", "village", "rubble", "basecamp")
        return {t: (totals[t][0], totals[t][1]) for t in order if t in totals}

    def blockades(self) -> list[tuple[str, int]]:
        return [s.blockade for s in self.steps if s.blockade]


def cheapest_route(
    board: Board,
    start: Hex,
    open_joints: Mapping[int, tuple[str, int]],
    strongest: Mapping[str, int] | None = None,
) -> Route | None:
    """The spaces from `start` into El Dorado asking for the least power and cards (fewest
    spaces among equals); None when no way leads there. With `strongest` (the most power a
    card has, by kind), only through spaces and blockades such cards can take."""
    best: dict[Hex, tuple[int, int]] = {start: (0, 0)}
    came: dict[Hex, Step] = {}
    parent: dict[Hex, Hex] = {}
    queue: list[tuple[int, int, Hex]] = [(0, 0, start)]
    finals = board.final_set
    while queue:
        cost, length, here = heapq.heappop(queue)
        if best.get(here, (cost, length)) < (cost, length):
            continue
        if here in finals:
            steps = []
            while here != start:
                steps.append(came[here])
                here = parent[here]
            return Route(tuple(reversed(steps)))
        for there in board.adjacent(here):
            space = board.spaces[there]
            if space.terrain.value not in ENTERABLE:
                continue
            joint = board.joint_between(here, there)
            blockade = open_joints.get(joint.index) if joint is not None else None
            if strongest is not None and not _within(strongest, space.terrain.value, space.value):
                continue
            if strongest is not None and blockade and not _within(strongest, *blockade):
                continue
            key = (cost + space.value + (blockade[1] if blockade else 0), length + 1)
            if key < best.get(there, (key[0] + 1, 0)):
                best[there] = key
                parent[there] = here
                came[there] = Step(there, space.terrain.value, space.value, blockade)
                heapq.heappush(queue, (*key, there))
    return None


def _within(strongest: Mapping[str, int], terrain: str, value: int) -> bool:
    kind = KIND_OF.get(terrain)
    return kind is None or value <= strongest.get(kind, 0)


def route_of(
    view: Mapping[str, Any], board: Board, start: Hex, strongest: Mapping[str, int] | None = None
) -> Route | None:
    """`cheapest_route` with the blockades a view shows still standing."""
    open_joints = {
        b["joint"]: (b["kind"], b["value"]) for b in view["blockades"] if b["owner"] is None
    }
    return cheapest_route(board, start, open_joints, strongest)


# --- One turn ---------------------------------------------------------------------------------

Hand = tuple[str, ...]  # card slugs, sorted
At = tuple[int, bool]  # steps walked, and whether the blockade before the next one is taken


def _strength(cards: Iterable[str]) -> int:
    # What losing cards costs the deck: a starting card least, by its market price.
    return sum(CARD_TYPES[c].cost + CARD_TYPES[c].power for c in cards)


def _without(hand: Hand, cards: Iterable[str]) -> Hand:
    left = list(hand)
    for card in cards:
        left.remove(card)
    return tuple(left)


def _give_ups(hand: Hand, count: int) -> set[Hand]:
    return {tuple(sorted(c)) for c in combinations(hand, count)} if count <= len(hand) else set()


def _run(steps: Sequence[Step], at: At, kind: str, power: int) -> At | None:
    """Where one play of `kind` and `power` from `at` ends, going as far as it lasts; None
    when it cannot take the first step."""
    index, cleared = at
    left = power
    while index < len(steps):
        step = steps[index]
        if KIND_OF.get(step.terrain) != kind:
            break
        cost = step.value
        if step.blockade and not cleared:
            if KIND_OF.get(step.blockade[0]) != kind:
                break
            cost += step.blockade[1]
        if cost > left:
            break
        left -= cost
        index, cleared = index + 1, False
    return None if index == at[0] else (index, False)


def _options(steps: tuple[Step, ...], at: At, hand: Hand) -> list[tuple[At, Hand, Hand]]:
    """Every single play from `at`: where it leaves the explorer, the hand left, and the cards
    gone from the deck for good (single-use cards played, cards removed at a base camp)."""
    index, cleared = at
    if index >= len(steps):
        return []
    step = steps[index]
    out: list[tuple[At, Hand, Hand]] = []
    blockade = None if cleared else step.blockade
    for card in sorted(set(hand)):
        card_type = CARD_TYPES[card]
        kinds = KIND_OF.values() if card_type.kind is Kind.WILD else (str(card_type.kind),)
        gone: Hand = (card,) if card_type.single_use else ()
        rest = _without(hand, (card,))
        for kind in kinds:
            blockade_here = blockade and blockade[0] != "rubble" and KIND_OF[blockade[0]] == kind
            if blockade_here and card_type.power >= blockade[1]:
                # Taken standing beside it, without moving on.
                out.append(((index, True), rest, gone))
            end = _run(steps, at, kind, card_type.power)
            if end is not None:
                out.append((end, rest, gone))
    if blockade and blockade[0] == "rubble":
        for cards in _give_ups(hand, blockade[1]):
            out.append(((index, True), _without(hand, cards), ()))
    elif not blockade and step.terrain in ("rubble", "basecamp"):
        for cards in _give_ups(hand, step.value):
            gone = cards if step.terrain == "basecamp" else ()
            out.append(((index + 1, False), _without(hand, cards), gone))
    return out


@lru_cache(maxsize=65_536)
def best_turn(steps: tuple[Step, ...], at: At, hand: Hand) -> tuple[At, Hand]:
    """The furthest one turn with `hand` takes the explorer from `at`, and the cards that turn
    loses from the deck (the weakest loss among equally far turns)."""
    best: tuple[At, Hand] = (at, ())
    for end, rest, gone in _options(steps, at, hand):
        further, lost = best_turn(steps, end, rest)
        lost = tuple(sorted(gone + lost))
        if further > best[0] or (
            further == best[0] and (_strength(lost), lost) < (_strength(best[1]), best[1])
        ):
            best = (further, lost)
    return best


# --- Turns over shuffles ------------------------------------------------------------------------


def _draw(draw: list[str], discard: list[str], rng: random.Random) -> list[str]:
    hand: list[str] = []
    while len(hand) < HAND_SIZE:
        if not draw:
            if not discard:
                break
            draw[:] = discard
            discard.clear()
            rng.shuffle(draw)
        hand.append(draw.pop())
    return hand


def play_out(
    steps: tuple[Step, ...],
    hand: Sequence[str],
    draw: Sequence[str],
    discard: Sequence[str],
    rng: random.Random,
) -> int | None:
    """Turns one shuffle takes to walk `steps`, the first turn with `hand`; None past the
    limit."""
    at: At = (0, False)
    hand_now = sorted(hand)
    pile = list(draw)
    rng.shuffle(pile)
    thrown = list(discard)
    for turn in range(1, MAX_TURNS + 1):
        at, lost = best_turn(steps, at, tuple(hand_now))
        if at[0] >= len(steps):
            return turn
        thrown += _without(tuple(hand_now), lost)
        hand_now = sorted(_draw(pile, thrown, rng))
    return None


@dataclass(frozen=True, slots=True)
class Turns:
    mean: float
    low: int  # a likely range: the 10th to the 90th percentile of the shuffles
    high: int
    samples: int


def turns_needed(
    steps: tuple[Step, ...],
    hand: Sequence[str],
    draw: Sequence[str],
    discard: Sequence[str],
    samples: int = SAMPLES,
    seed: int = SEED,
) -> Turns | None:
    """The turns the route takes over `samples` shuffles; None when some shuffle never gets
    there (a kind of card the route asks for is missing, or lost on the way)."""
    # Kept by value: a seat's panel is pushed again on every other seat's move, mostly alike.
    return _turns_needed(
        steps, tuple(sorted(hand)), tuple(sorted(draw)), tuple(sorted(discard)), samples, seed
    )


@lru_cache(maxsize=512)
def _turns_needed(
    steps: tuple[Step, ...],
    hand: Hand,
    draw: Hand,
    discard: Hand,
    samples: int,
    seed: int,
) -> Turns | None:
    rng = random.Random(seed)
    results = []
    for _ in range(samples):
        turns = play_out(steps, hand, draw, discard, rng)
        if turns is None:
            return None
        results.append(turns)
    results.sort()
    return Turns(
        mean=sum(results) / samples,
        low=results[(samples - 1) // 10],
        high=results[(samples - 1) * 9 // 10],
        samples=samples,
    )


def piles_of(seat: Mapping[str, Any]) -> tuple[list[str], list[str], list[str]] | None:
    """The hand, draw pile and discard pile (slugs) of a seat's own view; None when the view
    does not show them. Cards played this turn go to the discard pile, single-use ones out."""
    if "hand" not in seat or "draw_counts" not in seat:
        return None
    hand = [c["card"] for c in seat["hand"]]
    draw = list(Counter(seat["draw_counts"]).elements())
    discard = [c["card"] for c in seat["discard"]]
    discard += [c["card"] for c in seat["played"] if not CARD_TYPES[c["card"]].single_use]
    return hand, draw, discard


def strongest_cards(cards: Iterable[str]) -> dict[str, int]:
    """The most power one of `cards` has, by kind (a wild card counting as every kind)."""
    strongest: dict[str, int] = dict.fromkeys(KIND_OF.values(), 0)
    for card in cards:
        card_type = CARD_TYPES[card]
        kinds = KIND_OF.values() if card_type.kind is Kind.WILD else (str(card_type.kind),)
        for kind in kinds:
            if kind in strongest:
                strongest[kind] = max(strongest[kind], card_type.power)
    return strongest


def missing_power(steps: Sequence[Step], cards: Iterable[str]) -> list[tuple[str, int, int]]:
    """What the cards lack for the route, by kind: (kind, the most one space asks for, the
    strongest card of that kind or wild), for each kind whose strongest card falls short."""
    strongest = strongest_cards(cards)
    need: dict[str, int] = {}
    for step in steps:
        kind = KIND_OF.get(step.terrain)
        if kind is not None:
            need[kind] = max(need.get(kind, 0), step.value)
        if step.blockade and step.blockade[0] in KIND_OF:
            blockade_kind = KIND_OF[step.blockade[0]]
            need[blockade_kind] = max(need.get(blockade_kind, 0), step.blockade[1])
    return [
        (kind, need[kind], strongest[kind])
        for kind in KIND_OF.values()
        if kind in need and need[kind] > strongest[kind]
    ]
