"""The greedy El Dorado bot: the biggest step towards El Dorado with each card, the best card
it can buy, and a thinner deck at base camps."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games.engines.el_dorado import CARD_TYPES
from games.engines.el_dorado.cards import HALF_COINS, pay_in_order

from .nearby import (
    Steps,
    blockade_plays_from,
    native_plays_from,
    side_steps,
    space_plays_from,
)
from .position import (
    MOVE_KINDS,
    Entry,
    Facts,
    Hex,
    board_facts,
    occupied,
    play_entry,
    read,
)
from .simple import (
    BUY_SCORES,
    THIN_DOWN_TO,
    Row,
    junk_first,
    keeps_every_kind,
    places,
    removable_junk,
    row_action,
    token_play,
)

# `payment_order`'s key: richest first, cheap among equals.
_PAY_PLACES = places({slug: (-HALF_COINS[slug], t.cost) for slug, t in CARD_TYPES.items()})

# Per card type the greedy bot buys: its score, its cost in half coins and in coins.
_BUYABLE = {
    slug: (score, 2 * CARD_TYPES[slug].cost, CARD_TYPES[slug].cost)
    for slug, score in BUY_SCORES.items()
    if score > 0
}


def _slots_choice(
    slots: list[dict[str, Any]], reserve: list[dict[str, Any]], budget: int
) -> tuple[str, int] | None:
    """The card `best_buy` picks with BUY_SCORES for a hand worth `budget` half coins, and its
    cost: the first of the best-scored cards left (in the slots, then the reserve once a slot
    is empty) that it can pay for (it can when all its cards are worth the cost)."""
    top = 0
    best = None
    empty = False
    for m in slots:
        slug = m["card"]
        if not slug:
            empty = True
            continue
        spec = _BUYABLE.get(slug)
        if spec is not None and spec[0] > top and spec[1] <= budget and m["left"] > 0:
            top = spec[0]
            best = (slug, spec[2])
    if empty:
        for m in reserve:
            spec = _BUYABLE.get(m["card"])
            if spec is not None and spec[0] > top and spec[1] <= budget and m["left"] > 0:
                top = spec[0]
                best = (m["card"], spec[2])
    return best


def _greedy_buy(view: Mapping[str, Any], hand: tuple[tuple[int, str], ...]) -> dict | None:
    """The buy action of `best_buy(pos, hand, BUY_SCORES)`, if any."""
    budget = 0
    for _, slug in hand:
        budget += HALF_COINS[slug]
    # Not kept with the market part: a new part comes with almost every buy decision.
    choice = _slots_choice(view["market"], view["reserve"], budget)
    if choice is None:
        return None
    order = []
    for cid, slug in hand:
        order.append((_PAY_PLACES[slug], cid, slug))
    order.sort()
    pay = pay_in_order([card[1:] for card in order], choice[1])
    return {"type": "buy", "card": choice[0], "pay": pay}


def _move_spec(slug: str) -> tuple[tuple[str, ...], int, int, bool] | None:
    t = CARD_TYPES[slug]
    if t.kind == "action":
        return None
    wild = t.kind == "wild"
    return (MOVE_KINDS if wild else (str(t.kind),), t.power, t.cost, wild)


# Per card type: the kinds it moves as, its power and cost, whether wild (None: no move).
_MOVE_SPECS = {slug: _move_spec(slug) for slug in CARD_TYPES}
_DRAWERS = frozenset(slug for slug, t in CARD_TYPES.items() if t.draws)

# A card or token that moves: ((kinds, power, cost, wild), card, token).
Play = tuple[tuple[tuple[str, ...], int, int, bool], int | None, int | None]


def _plays(hand: tuple[tuple[int, str], ...], tokens: tuple[tuple[int, str], ...]) -> list[Play]:
    """The hand cards and power tokens that move, in `simple._rows` order: hand, then tokens."""
    out: list[Play] = []
    for cid, slug in hand:
        spec = _MOVE_SPECS[slug]
        if spec is not None:
            out.append((spec, cid, None))
    for tid, kind in tokens:
        name, _, value = kind.partition("-")
        if name in MOVE_KINDS:
            # A token's cost: a Traveller's, what the greedy bot ranks it as.
            out.append((((name,), int(value), 0, False), None, tid))
    return out


def _best_move(
    cards: list[dict[str, Any]],
    tokens: tuple[tuple[int, str], ...],
    explorers: tuple[Hex | None, ...],
    blocked: frozenset[Hex],
    passing: bool,
    facts: Facts,
) -> tuple[Row | None, dict[tuple[Hex, str, int], Entry]]:
    """The move of `simple._rows` that `greedy_bot` makes, if any gains: the biggest gain, the
    cheapest card among equals, the first of those. And every entry looked at, by start, kind
    and power: one per group of `simple._rows` (each group's rows differ only in where they end)."""
    best = None
    top, top_cost = 0.0, -1  # the best gain and its cost: a move must gain more than nothing
    seen: dict[tuple[Hex, str, int], Entry] = {}
    done = set()
    moving = []
    for c in cards:
        slug = c["card"]
        # A later copy of a card moves exactly like the first: it never wins.
        if slug not in done:
            done.add(slug)
            spec = _MOVE_SPECS[slug]
            if spec is not None:
                moving.append((spec, c["id"], None))
    if tokens:
        moving += _plays((), tokens)
    at = [(i, here) for i, here in enumerate(explorers) if here is not None]
    for (kinds, power, cost, wild), cid, token in moving:
        # A play gains at most its power: each space it enters costs it the space's value and
        # brings it as much nearer on the plain distance map, no more (a blockade the same on
        # both). One that cannot reach the best gain so far needs no search; a best move is
        # then found, so what is seen is never read.
        if power < top - 1e-9:
            continue
        for i, here in at:
            for kind in kinds:
                play = (here, kind, power)
                entry = seen.get(play)
                if entry is None:
                    entry = seen[play] = play_entry(facts, blocked, passing, play)
                # Its best step: the first of its biggest gains, the group's best row.
                gain = entry[1]
                if gain > top or (gain == top and cost < top_cost):
                    top, top_cost = gain, cost
                    best = (gain, cost, cid, token, i, kind, entry[2], wild)
    return best, seen


def _all_rows(
    plays: list[Play], explorers: tuple[Hex | None, ...], seen: dict, facts: Facts
) -> list[Row]:
    """Every move of the plays, as `simple._rows` lists them (their entries are in `seen`)."""
    dist, finals = facts.dist, facts.board.final_set
    out = []
    for (kinds, power, cost, wild), card, token in plays:
        for i, here in enumerate(explorers):
            if here is None:
                continue
            start = dist.get(here, 1e6)
            for kind in kinds:
                for dest, path in seen[(here, kind, power)][0].items():
                    gain = start - (0.0 if dest in finals else dist.get(dest, 1e6))
                    out.append((gain, cost, card, token, i, kind, path, wild))
    return out


def _may_side_play(
    steps: Mapping[Hex, Steps],
    explorers: tuple[Hex | None, ...],
    blocked: frozenset[Hex],
    open_joints: Mapping[int, tuple[str, int]],
    dist: Mapping[Hex, float],
    cards: int,
) -> bool:
    """Whether `greedy_bot` could keep a rubble, base camp or blockade play with `cards` hand
    cards: a free space or an open blockade next to an explorer, that gains. Most explorers
    next to such spaces are past them, or next to a blockade already taken."""
    for here in explorers:
        if here is None:
            continue
        camps, joints, _ = steps.get(here, ((), (), ()))
        if not camps and not joints:
            continue
        at = dist.get(here, 1e6)
        # What `space_plays_from` lists and the bot keeps: gain as it is reckoned there.
        for to, verb, value, joint in camps:
            if to in blocked or (joint is not None and joint in open_joints) or cards < value:
                continue
            gain = at - dist.get(to, 1e6)
            if verb == "camp":
                gain += 0.5
            if gain > 0:
                return True
        # What `blockade_plays_from` may list.
        for to, joint in joints:
            if joint in open_joints and dist.get(to, 1e6) < at:
                return True
    return False


def _owned_count(me: Mapping[str, Any]) -> int:
    """How many cards a seat owns (what `read` counts by slug)."""
    piles = len(me.get("hand", ())) + len(me.get("discard", ())) + len(me["played"])
    return sum(me.get("draw_counts", {}).values()) + piles


def greedy_bot(view: Mapping[str, Any], seat: int, rng: Random) -> dict[str, Any]:
    """Takes the biggest step towards El Dorado with each card, buys the best card it can,
    and thins its deck at base camps."""
    # It reads only what each decision needs: the rest of `read` would be parsed for nothing.
    turn = view["turn"]
    may_remove = turn["may_remove"]
    if turn["discarding"] and not may_remove:
        return {"type": "end_turn"}
    me = view["seats"][seat]
    cards = me["hand"]
    if not cards and not me["tokens"] and not may_remove:
        return {"type": "end_turn"}  # nothing left to play or pay with
    if may_remove:
        pos = read(view, seat)
        return {"type": "remove", "cards": removable_junk(pos, pos.may_remove)}
    for c in cards:
        if c["card"] in _DRAWERS:
            return {"type": "action", "card": c["id"]}
    tokens: tuple[tuple[int, str], ...] = ()
    if me["tokens"]:
        token = token_play(read(view, seat))
        if token is not None:
            return token
        tokens = tuple([(t["id"], t["kind"]) for t in me["tokens"]])
    facts = board_facts(view)
    explorers = tuple([None if h is None else (h[0], h[1]) for h in me["explorers"]])
    blocked = occupied(view)
    best, seen = _best_move(cards, tokens, explorers, blocked, turn["pass_through"], facts)
    if best is not None:
        return row_action(best)
    board, open_joints, dist = facts.board, facts.open_joints, facts.dist
    hand = tuple([(c["id"], c["card"]) for c in cards])
    steps = side_steps(board)
    found = []
    # Without a side play it could keep, no sorting and no listing.
    if _may_side_play(steps, explorers, blocked, open_joints, dist, len(hand)):
        spare = junk_first(hand)
        full = None
        for p in space_plays_from(steps, explorers, blocked, open_joints, dist, spare, 0.5):
            if p[0] <= 0:
                continue
            if p[1]["type"] != "rubble":
                if _owned_count(me) <= THIN_DOWN_TO:
                    continue
                full = full or read(view, seat)
                if not keeps_every_kind(full, p[1]["cards"]):
                    continue
            found.append(p)
        found += blockade_plays_from(steps, explorers, open_joints, hand, dist, spare)
    for _, slug in hand:
        if slug == "native":
            found += native_plays_from(steps, explorers, blocked, board.final_set, hand, dist)
            break
    if found:
        return max(found, key=lambda p: p[0])[1]
    # An entry's best step is the one past -1.5 if any is: so some move is, or none.
    if any(entry[1] > -1.5 for entry in seen.values()) and rng.random() < 0.25:
        # Explorers can jam a narrow passage; an occasional step aside lets the others by.
        rows = _all_rows(_plays(hand, tokens), explorers, seen, facts)
        return row_action(rng.choice([row for row in rows if row[0] > -1.5]))
    if not turn["bought"]:
        buy = _greedy_buy(view, hand)
        if buy is not None:
            return buy
    if hand:
        return {"type": "end_turn", "discard": [cid for cid, _ in hand]}
    return {"type": "end_turn"}
