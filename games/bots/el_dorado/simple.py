"""The random and greedy El Dorado bots."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

from games.engines.el_dorado import CARD_TYPES
from games.engines.el_dorado.cards import HALF_COINS, pay_in_order, payment_order
from games.engines.el_dorado.maps import Board

from .nearby import (
    Steps,
    blockade_plays,
    blockade_plays_from,
    native_plays_from,
    side_steps,
    space_plays,
    space_plays_from,
)
from .nearby import (
    native_plays as native_plays,  # what the expert bot imports from here
)
from .position import (
    MOVE_KINDS,
    Entry,
    Hex,
    Path,
    Position,
    Regions,
    board_facts,
    distances,
    occupied,
    pay_with,
    play_entry,
    reach,
    read,
)

# How much the greedy bot wants each card in its deck (0: never buys it).
BUY_SCORES: Mapping[str, float] = {
    "pioneer": 9,
    "captain": 6,
    "trailblazer": 6,
    "adventurer": 5,
    "millionaire": 5,
    "giant-machete": 4,
    "journalist": 4,
    "prop-plane": 4,
    "native": 4,
    "scout": 3,
    "photographer": 3,
    "treasure-chest": 3,
    "cartographer": 3,
    "scientist": 3,
    "transmitter": 2,
    "jack-of-all-trades": 2,
    "compass": 2,
    "travel-log": 2,
}
# Cards a bot gives up first (rubble, base camps, removals): the starting deck.
JUNK_ORDER = ("explorer", "sailor", "traveller")
# Below this many cards a bot stops removing cards at base camps.
THIN_DOWN_TO = 7


@dataclass(frozen=True, slots=True)
class Move:
    gain: float
    card: int | None
    token: int | None
    explorer: int
    kind: str
    path: Path
    wild: bool
    blockade: bool = False  # the card only takes the blockade toward path[0]; no one moves

    def action(self) -> dict[str, Any]:
        """The engine action for this move."""
        if self.blockade:
            act: dict[str, Any] = {"type": "blockade", "to": list(self.path[0])}
        else:
            act = {"type": "move", "path": [list(h) for h in self.path]}
        return _finish_action(act, self.card, self.token, self.explorer, self.kind, self.wild)


def _finish_action(
    act: dict[str, Any], card: int | None, token: int | None, explorer: int, kind: str, wild: bool
) -> dict[str, Any]:
    if token is not None:
        act["token"] = token
    else:
        act["card"] = card
    if wild:
        act["as"] = kind
    if explorer:
        act["explorer"] = explorer
    return act


def _row_action(row: Row) -> dict[str, Any]:
    """What `Move.action` gives for the row's move, without building the Move."""
    _, _, card, token, explorer, kind, path, wild = row
    act = {"type": "move", "path": list(map(list, path))}
    return _finish_action(act, card, token, explorer, kind, wild)


# A move before it becomes a Move: (gain, card cost, card, token, explorer, kind, path, wild).
# Bots weigh dozens of moves per decision and build the dataclass only for the one they play.
Row = tuple[float, int, int | None, int | None, int, str, Path, bool]


def _card_rows(
    pos: Position,
    dist: Mapping[Hex, float],
    card: int,
    slug: str,
    memo: dict[tuple[Hex, str, int], dict[Hex, Path]] | None,
) -> list[Row]:
    t = CARD_TYPES[slug]
    if t.kind == "action":
        return []
    kinds = MOVE_KINDS if t.kind == "wild" else (str(t.kind),)
    wild = t.kind == "wild"
    finals = pos.board.finals
    out = []
    for i, here in enumerate(pos.explorers):
        if here is None:
            continue
        start = dist.get(here, 1e6)
        for kind in kinds:
            for dest, path in _reach(pos, here, kind, t.power, memo).items():
                gain = start - (0.0 if dest in finals else dist.get(dest, 1e6))
                out.append((gain, t.cost, card, None, i, kind, path, wild))
    return out


def _reach(
    pos: Position,
    here: Hex,
    kind: str,
    power: int,
    memo: dict[tuple[Hex, str, int], dict[Hex, Path]] | None,
) -> dict[Hex, Path]:
    if memo is None:
        return reach(pos, here, kind, power)
    key = (here, kind, power)
    found = memo.get(key)
    if found is None:
        found = memo[key] = reach(pos, here, kind, power)
    return found


def _rows(pos: Position, dist: Mapping[Hex, float]) -> list[Row]:
    """Moves of every hand card and power token, in hand order then token order."""
    out = []
    memo: dict[tuple[Hex, str, int], dict[Hex, Path]] = {}
    for cid, slug in pos.hand:
        out += _card_rows(pos, dist, cid, slug, memo)
    for tid, kind in pos.tokens:
        name, _, value = kind.partition("-")
        if name in MOVE_KINDS:
            for i, here in enumerate(pos.explorers):
                if here is None:
                    continue
                for dest, path in _reach(pos, here, name, int(value), memo).items():
                    gain = dist.get(here, 1e6) - (
                        0.0 if dest in pos.board.finals else dist.get(dest, 1e6)
                    )
                    # A token's cost: a Traveller's, what the greedy bot ranks it as.
                    out.append((gain, 0, None, tid, i, name, path, False))
    return out


def _move(row: Row) -> Move:
    gain, _, card, token, explorer, kind, path, wild = row
    return Move(gain, card, token, explorer, kind, path, wild)


def card_moves(pos: Position, dist: Mapping[Hex, float], card: int, slug: str) -> list[Move]:
    """Every move one hand card can make, scored by distance gained."""
    return [_move(row) for row in _card_rows(pos, dist, card, slug, None)]


def all_moves(pos: Position, dist: Mapping[Hex, float]) -> list[Move]:
    """Moves of every hand card and power token."""
    return [_move(row) for row in _rows(pos, dist)]


def _junk_rank(slug: str) -> tuple[int, float]:
    junk = JUNK_ORDER.index(slug) if slug in JUNK_ORDER else len(JUNK_ORDER)
    return (junk, BUY_SCORES.get(slug, 0))


def _places(ranks: Mapping[str, Any]) -> dict[str, int]:
    """Each slug's place in the order of its rank (equal ranks, equal places): a sort key
    that compares as fast as an int."""
    order = sorted(set(ranks.values()))
    return {slug: order.index(rank) for slug, rank in ranks.items()}


_JUNK_PLACES = _places({slug: _junk_rank(slug) for slug in CARD_TYPES})
# `payment_order`'s key: richest first, cheap among equals.
_PAY_PLACES = _places({slug: (-HALF_COINS[slug], t.cost) for slug, t in CARD_TYPES.items()})


def junk_first(hand: tuple[tuple[int, str], ...]) -> list[int]:
    """Hand card ids, the ones a bot misses least first (starting cards, then the lowest
    scored; by id among equals)."""
    ranked = sorted([(_JUNK_PLACES[slug], cid) for cid, slug in hand])
    return [cid for _, cid in ranked]


def _move_kinds(slug: str) -> tuple[str, ...]:
    kind = CARD_TYPES[slug].kind
    if kind == "wild":
        return MOVE_KINDS
    return (str(kind),) if str(kind) in MOVE_KINDS else ()


def keeps_every_kind(pos: Position, cards: list[int]) -> bool:
    """Whether the deck still holds a card of every move kind it holds now without `cards`:
    a deck thinned of its last paddle card never crosses water again."""
    counts = dict.fromkeys(MOVE_KINDS, 0)
    for slug, n in pos.owned.items():
        for kind in _move_kinds(slug):
            counts[kind] += n
    after = dict(counts)
    hand = dict(pos.hand)
    for cid in cards:
        for kind in _move_kinds(hand[cid]):
            after[kind] -= 1
    return all(after[k] > 0 for k in MOVE_KINDS if counts[k] > 0)


def removable_junk(pos: Position, limit: int) -> list[int]:
    """Up to `limit` starting cards in hand worth removing from the game, never the last of a
    move kind."""
    hand = dict(pos.hand)
    out: list[int] = []
    for cid in junk_first(pos.hand):
        if len(out) >= limit:
            break
        if hand[cid] in JUNK_ORDER and keeps_every_kind(pos, [*out, cid]):
            out.append(cid)
    return out


def best_buy(pos: Position, cards: list[tuple[int, str]], scores: Mapping[str, float]):
    """The best-scored card the given cards can pay for, with the payment."""
    best = None
    order = None
    for slug, left in pos.market:
        if left <= 0 or scores.get(slug, 0) <= 0:
            continue
        if order is None:
            order = payment_order(list(cards))
        pay = pay_in_order(order, CARD_TYPES[slug].cost)
        if pay is not None and (best is None or scores[slug] > best[0]):
            best = (scores[slug], slug, pay)
    return best


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


def token_play(pos: Position) -> dict[str, Any] | None:
    """Cave tokens worth using at once: draw a card, or remove a starting card from a big deck."""
    for tid, kind in pos.tokens:
        if kind == "draw":
            return {"type": "token", "token": tid}
        if kind == "remove" and sum(pos.owned.values()) > THIN_DOWN_TO:
            junk = removable_junk(pos, 1)
            if junk:
                return {"type": "token", "token": tid, "cards": junk}
    return None


def finish_turn(pos: Position) -> dict[str, Any]:
    """End the turn, discarding what is left in hand first."""
    if pos.hand:
        return {"type": "end_turn", "discard": [cid for cid, _ in pos.hand]}
    return {"type": "end_turn"}


def random_bot(view: Mapping[str, Any], seat: int, rng: Random) -> dict[str, Any]:
    """Plays legal actions at random, leaning towards moves that get closer to El Dorado."""
    pos = read(view, seat)
    if pos.may_remove:
        return {"type": "remove", "cards": []}
    if pos.discarding:
        return {"type": "end_turn"}
    dist = distances(pos)
    every = all_moves(pos, dist)
    forward = [m.action() for m in every if m.gain > 0]
    spare = [cid for cid, _ in pos.hand]
    rng.shuffle(spare)
    plays = space_plays(pos, dist, spare) + blockade_plays(pos, dist, spare)
    forward += [act for gain, act in plays if gain > 0]
    if forward and rng.random() < 0.8:
        return rng.choice(forward)
    if every and rng.random() < 0.1:
        # Now and then any step at all, so two explorers never jam a passage for good.
        return rng.choice(every).action()
    if not pos.bought and rng.random() < 0.5:
        options = [
            (slug, pay_with(list(pos.hand), CARD_TYPES[slug].cost)) for slug, left in pos.market
        ]
        options = [(slug, pay) for slug, pay in options if pay is not None]
        if options:
            # Leaning to the dearest card it can pay for: stronger cards finish the race.
            options.sort(key=lambda o: CARD_TYPES[o[0]].cost)
            slug, pay = options[-1] if rng.random() < 0.5 else rng.choice(options)
            return {"type": "buy", "card": slug, "pay": pay}
    drawers = [cid for cid, slug in pos.hand if CARD_TYPES[slug].draws]
    if drawers and rng.random() < 0.5:
        return {"type": "action", "card": rng.choice(drawers)}
    # Kept cards would clog the hand: discard them all and draw afresh.
    return finish_turn(pos)


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
    """The hand cards and power tokens that move, in `_rows` order: hand, then tokens."""
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
    facts: tuple[Board, Mapping[int, tuple[str, int]], dict, Regions],
) -> tuple[Row | None, dict[tuple[Hex, str, int], Entry]]:
    """The move of `_rows` that `greedy_bot` makes, if any gains: the biggest gain, the
    cheapest card among equals, the first of those. And every entry looked at, by start, kind
    and power: one per group of `_rows` (each group's rows differ only in where they end)."""
    board, open_joints, dist, regions = facts
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
        for i, here in at:
            for kind in kinds:
                play = (here, kind, power)
                entry = seen.get(play)
                if entry is None:
                    entry = seen[play] = play_entry(
                        regions, board, blocked, open_joints, passing, play, dist
                    )
                # Its best step: the first of its biggest gains, the group's best row.
                gain = entry[2]
                if gain > top or (gain == top and cost < top_cost):
                    top, top_cost = gain, cost
                    best = (gain, cost, cid, token, i, kind, entry[3], wild)
    return best, seen


def _all_rows(
    plays: list[Play], explorers: tuple[Hex | None, ...], seen: dict, facts: tuple
) -> list[Row]:
    """Every move of the plays, as `_rows` lists them (their entries are in `seen`)."""
    dist, finals = facts[2], facts[0].final_set
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
        return _row_action(best)
    board, open_joints, dist, _ = facts
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
    if any(entry[2] > -1.5 for entry in seen.values()) and rng.random() < 0.25:
        # Explorers can jam a narrow passage; an occasional step aside lets the others by.
        rows = _all_rows(_plays(hand, tokens), explorers, seen, facts)
        return _row_action(rng.choice([row for row in rows if row[0] > -1.5]))
    if not turn["bought"]:
        buy = _greedy_buy(view, hand)
        if buy is not None:
            return buy
    if hand:
        return {"type": "end_turn", "discard": [cid for cid, _ in hand]}
    return {"type": "end_turn"}
