"""Each seat's part of an El Dorado view, kept per match and lent from view to view.

An action changes one seat, mostly one or two of its piles: the other seats' parts go to the
next view as they are, and the changed seat's part is made from its last one with only the
changed piles listed anew. Views share these lists: they are read-only."""

from __future__ import annotations

from typing import Any

from .state import Seat, State
from .view_parts import MatchParts, tokens_part


class _Unset:
    """Stands for "no earlier seat": none of its piles is any seat's pile."""

    __slots__ = ("explorers", "played", "removed", "acquired", "blockades", "tokens")
    __slots__ += ("spent_tokens", "hand", "discard", "draw")

    def __init__(self) -> None:
        for name in self.__slots__:
            setattr(self, name, object())


_NO_SEAT: Any = _Unset()
_NO_ENTRY: tuple[Any, dict[str, Any]] = (_NO_SEAT, {})


def _seat_tables(state: State, latest: list[Any] | None = None) -> tuple[Any, ...]:
    """The part of each seat last shown to its owner and to everybody else, as (Seat, part),
    kept while the blockades and the finished seats (which seat parts spell out) stay. Then the
    part last made for each seat, whoever for, as (Seat, part): it lends the lists of the piles
    that stayed to the next one, and outlives a change of the finished seats."""
    players = state.players
    if latest is None:
        latest = [_NO_ENTRY] * players
    return state.blockades, state.finished, [_NO_ENTRY] * players, [_NO_ENTRY] * players, latest


def seat_parts(m: MatchParts, state: State, viewer: int | None) -> list[dict[str, Any]]:
    """Every seat's part of a view, each a copy of the kept part: a caller that changes its
    view leaves the next one alone."""
    tables = m.seats
    if tables[0] is not state.blockades:
        tables = m.seats = _seat_tables(state)
    elif tables[1] is not state.finished:
        tables = m.seats = _seat_tables(state, tables[4])
    own_table, public_table = tables[2], tables[3]
    parts = []
    for i, s in enumerate(state.seats):
        entry = own_table[i] if i == viewer else public_table[i]
        if entry[0] is not s:
            entry = _renewed(m, state, i, i == viewer, tables)
        parts.append(entry[1].copy())
    return parts


def _renewed(m: MatchParts, state: State, seat: int, own: bool, tables: tuple[Any, ...]) -> Any:
    """The seat's part made from an earlier part of the same seat, built from the Seat record
    `was`: only the piles that changed since are listed anew. Kept as the seat's latest part
    and in the table of its viewers."""
    latest, table = tables[4], tables[2 if own else 3]
    s = state.seats[seat]
    # The earlier part for the same viewers first: with the same keys, copied and updated in
    # place, it stays a compact dict. A part with the private piles added or taken out grows
    # deleted slots, which would make every later copy of it rebuild the dict key by key.
    was, old = table[seat]
    if old:
        # The table was made afresh when the finished seats changed: "finished" still holds.
        out = old.copy()
        private = own
    else:
        was, old = latest[seat]
        if not old:
            entry = latest[seat] = table[seat] = (s, seat_part(m, state, seat, own))
            return entry
        out = old.copy()
        private = "hand" in old
        if private and not own:
            del out["hand"], out["discard"], out["draw_counts"]
        out["finished"] = seat in state.finished
    cards = m.card_parts
    # A plain loop for the explorers, as in `_listed`.
    explorers = s.explorers
    if explorers is not was.explorers:
        listed: list[Any] = []
        for h in explorers:
            listed.append(None if h is None else list(h))
        out["explorers"] = listed
    hand, draw, discard = s.hand, s.draw, s.discard
    if hand is not was.hand:
        out["hand_size"] = len(hand)
    if draw is not was.draw:
        out["draw_size"] = len(draw)
    if discard is not was.discard:
        out["discard_size"] = len(discard)
        out["discard_top"] = cards[discard[-1]] if discard else None
    if s.played is not was.played:
        out["played"] = _listed(cards, s.played)
    if s.removed is not was.removed:
        out["removed"] = _listed(cards, s.removed)
    if s.acquired is not was.acquired:
        out["acquired"] = _listed(cards, s.acquired)
    if s.blockades is not was.blockades:
        out["blockades"] = _seat_blockades(state, s)
    if s.tokens is not was.tokens:
        out["tokens"] = tokens_part(s.tokens)
    if s.spent_tokens is not was.spent_tokens:
        out["spent_tokens"] = tokens_part(s.spent_tokens)
    if own:
        if not private:  # a part for the other players has no private piles to lend
            was = _NO_SEAT
        if hand is not was.hand:
            out["hand"] = _listed(cards, hand)
        if discard is not was.discard:
            out["discard"] = _listed(cards, discard)
        if draw is not was.draw:
            out["draw_counts"] = _counted(state, draw)
    latest[seat] = table[seat] = entry = (s, out)
    return entry


def seat_part(
    m: MatchParts, state: State, seat: int, own: bool, everything: bool = False
) -> dict[str, Any]:
    """A seat's part of a view, made afresh."""
    s = state.seats[seat]
    cards = m.card_parts
    discard = s.discard
    out: dict[str, Any] = {
        "seat": seat,
        "explorers": [None if h is None else list(h) for h in s.explorers],
        "finished": seat in state.finished,
        "hand_size": len(s.hand),
        "draw_size": len(s.draw),
        "discard_size": len(discard),
        "discard_top": cards[discard[-1]] if discard else None,
        "played": [cards[c] for c in s.played],
        "removed": [cards[c] for c in s.removed],
        "acquired": [cards[c] for c in s.acquired],
        "blockades": _seat_blockades(state, s),
        "tokens": tokens_part(s.tokens),
        "spent_tokens": tokens_part(s.spent_tokens),
    }
    if everything or own:
        out["hand"] = [cards[c] for c in s.hand]
        out["discard"] = [cards[c] for c in discard]
        # The owner knows which cards they own, hence their draw pile's contents, never its order.
        out["draw_counts"] = _counted(state, s.draw)
    if everything:
        out["draw"] = [cards[c] for c in s.draw]
    return out


def _listed(cards: tuple[dict[str, Any], ...], pile: tuple[int, ...]) -> list[dict[str, Any]]:
    """The parts of a pile's cards, in pile order."""
    # A plain loop rather than a list comprehension: a comprehension is a function made and
    # called each time, which costs more than listing a pile of a few cards.
    listed = []
    for c in pile:
        listed.append(cards[c])
    return listed


def _seat_blockades(state: State, s: Seat) -> list[dict[str, Any]]:
    blockades = state.blockades
    return [{"joint": j, "kind": blockades[j][0], "value": blockades[j][1]} for j in s.blockades]


def _counted(state: State, pile: tuple[int, ...]) -> dict[str, int]:
    if not pile:
        return {}
    cards = state.cards
    slugs = []
    for c in pile:
        slugs.append(cards[c])
    slugs.sort()
    # Counted in sorted order, the counts are the dict the view shows, with no second one made.
    counts: dict[str, int] = {}
    for slug in slugs:
        counts[slug] = counts.get(slug, 0) + 1
    return counts
