"""Statistics per game over finished matches: totals in the database, event tallies in one pass."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Avg, Count, DurationField, ExpressionWrapper, F, Q, QuerySet
from django.db.models.fields.json import KeyTextTransform
from django.utils import timezone

from games.engines import el_dorado
from games.engines.el_dorado import CARD_TYPES
from games.help.el_dorado import card_name
from games.help.incan_gold import HAZARD_NAMES, hazard_name
from games.models import Match, MatchAction, Seat, Status
from games.records.leaderboard import PERIODS
from games.seat_names import seat_names

Event = Mapping[str, Any]

# El Dorado events that show something hidden: an undo stops there.
REVEALING = el_dorado.REVEALING


@dataclass(frozen=True, slots=True)
class Filters:
    """Which finished matches count: a period and whether only rated ones."""

    period: str = "all"
    rated_only: bool = False

    @classmethod
    def from_query(cls, query: Mapping[str, str]) -> Filters:
        """Filters from a query string; anything unknown falls back to the default."""
        period = query.get("period", "all")
        return cls(
            period=period if period in PERIODS else "all",
            rated_only=query.get("rated") == "1",
        )


def finished_matches(game: str, filters: Filters, now: datetime | None = None) -> QuerySet:
    """The finished matches of a game that the filters let count (private ones included)."""
    matches = Match.objects.filter(game=game, status=Status.FINISHED)
    span = PERIODS[filters.period]
    if span is not None:
        matches = matches.filter(finished__gte=(now or timezone.now()) - span)
    if filters.rated_only:
        matches = matches.filter(rated=True)
    return matches


# Totals ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Summary:
    matches: int
    moves: float | None  # actions per match that stand (an undo and what it took back do not)
    minutes: float | None  # from the start to the end, per match
    players: float | None  # seats per match


def summary(matches: QuerySet) -> Summary:
    """How many matches, and how long they were on average."""
    length = ExpressionWrapper(F("finished") - F("started"), output_field=DurationField())
    totals = matches.aggregate(
        n=Count("id"),
        players=Avg("players"),
        duration=Avg(length, filter=Q(started__isnull=False, finished__isnull=False)),
    )
    if not totals["n"]:
        return Summary(0, None, None, None)
    logged = MatchAction.objects.filter(match__in=matches).aggregate(
        n=Count("id"), undos=Count("id", filter=Q(action__type="undo"))
    )
    actions = logged["n"] - 2 * logged["undos"]
    duration = totals["duration"]
    return Summary(
        matches=totals["n"],
        moves=actions / totals["n"],
        minutes=duration.total_seconds() / 60 if duration is not None else None,
        players=float(totals["players"]),
    )


def score_counts(matches: QuerySet) -> dict[int, int]:
    """How many seats finished with each score."""
    rows = (
        Seat.objects.filter(match__in=matches, score__isnull=False)
        .values_list("score")
        .annotate(n=Count("id"))
        .order_by("score")
    )
    return dict(rows)


@dataclass(frozen=True, slots=True)
class Bin:
    low: int
    high: int  # inclusive
    count: int

    @property
    def label(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}–{self.high}"


def histogram(counts: Mapping[int, int], max_bins: int = 12) -> list[Bin]:
    """Scores grouped into at most max_bins bins of one round width, from the lowest to the top."""
    if not counts:
        return []
    low, high = min(counts), max(counts)
    width = 1
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000):
        width = step
        if (high // step - low // step + 1) <= max_bins:
            break
    start = (low // width) * width
    bins = [Bin(b, b + width - 1, 0) for b in range(start, high + 1, width)]
    tallies = [0] * len(bins)
    for score, n in counts.items():
        tallies[(score - start) // width] += n
    return [Bin(b.low, b.high, n) for b, n in zip(bins, tallies, strict=True)]


@dataclass(frozen=True, slots=True)
class SeatRate:
    position: int
    played: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.played if self.played else 0.0


@dataclass(frozen=True, slots=True)
class PlayerCountRates:
    players: int
    matches: int
    seats: list[SeatRate]

    @property
    def fair(self) -> float:
        """The win rate every seat would have if the seat made no difference."""
        return 1 / self.players


def seat_win_rates(matches: QuerySet) -> list[PlayerCountRates]:
    """Win rate of each seat position, per player count (a shared first place is a win)."""
    rows = (
        Seat.objects.filter(match__in=matches)
        .values_list("match__players", "position")
        .annotate(played=Count("id"), wins=Count("id", filter=Q(place=1)))
        .order_by("match__players", "position")
    )
    grouped: dict[int, list[SeatRate]] = {}
    for players, position, played, wins in rows:
        grouped.setdefault(players, []).append(SeatRate(position, played, wins))
    return [
        PlayerCountRates(players, max(s.played for s in seats), seats)
        for players, seats in grouped.items()
    ]


@dataclass(frozen=True, slots=True)
class Notable:
    match_id: int
    moves: int
    winners: list[str]
    url: str | None  # None for a private match: it counts, but is never linked


def notable_matches(matches: QuerySet, longest: bool, limit: int = 3) -> list[Notable]:
    """The shortest or longest matches by number of moves, linked only when public."""
    order = "-moves" if longest else "moves"
    # An undo takes back one action: neither counts as a move of the match.
    standing = Count("actions") - 2 * Count("actions", filter=Q(actions__action__type="undo"))
    picked = list(matches.annotate(moves=standing).order_by(order, "-finished")[:limit])
    seats: dict[int, list[Seat]] = {m.pk: [] for m in picked}
    # Every seat, not only the winners': a bot's name counts the other bots of its level.
    for seat in Seat.objects.filter(match__in=picked).select_related("user").order_by("position"):
        seats[seat.match_id].append(seat)
    winners = {
        pk: [name for seat, name in zip(listed, seat_names(listed), strict=True) if seat.place == 1]
        for pk, listed in seats.items()
    }
    return [
        Notable(m.pk, m.moves, winners[m.pk], None if m.private else m.get_absolute_url())
        for m in picked
    ]


# Incan Gold: flips and hazards -------------------------------------------------------------


def round_flips(events: Iterable[Event]) -> Iterator[tuple[int, str | None]]:
    """For each round ended in the events: (cards turned, the hazard that ended it or None)."""
    turned = 0
    hazard: str | None = None
    for event in events:
        kind = event.get("type")
        if kind == "round_start":
            turned, hazard = 0, None
        elif kind == "flip":
            turned += 1
        elif kind == "hazard":
            hazard = event.get("kind")
        elif kind == "round_end":
            yield turned, hazard


@dataclass(slots=True)
class RoundTally:
    """Rounds by how deep they went and what ended them."""

    rounds: int = 0
    reached: list[int] = field(default_factory=list)  # [k-1]: rounds that turned a card k
    ended: list[int] = field(default_factory=list)  # [k-1]: rounds a hazard ended on card k
    hazards: Counter = field(default_factory=Counter)

    def add(self, turned: int, hazard: str | None) -> None:
        """Count one round that turned `turned` cards (the last one the hazard, if any)."""
        self.rounds += 1
        while len(self.reached) < turned:
            self.reached.append(0)
            self.ended.append(0)
        for k in range(turned):
            self.reached[k] += 1
        if hazard is not None and turned:
            self.ended[turned - 1] += 1
            self.hazards[hazard] += 1

    def survival(self) -> list[Depth]:
        """Per card depth: how often a round that turned it lived on, and overall so far."""
        depths = []
        alive = 1.0
        for k, (reached, ended) in enumerate(zip(self.reached, self.ended, strict=True), 1):
            survived = (reached - ended) / reached
            alive *= survived
            depths.append(Depth(k, reached, reached - ended, survived, alive))
        return depths

    def hazard_shares(self) -> list[HazardShare]:
        """Every hazard kind with how many rounds it ended, most first."""
        total = sum(self.hazards.values())
        shares = [
            HazardShare(
                code,
                hazard_name(code),
                self.hazards[code],
                self.hazards[code] / total if total else 0,
            )
            for code in HAZARD_NAMES
        ]
        return sorted(shares, key=lambda s: -s.rounds)


@dataclass(frozen=True, slots=True)
class Depth:
    card: int
    reached: int  # rounds that turned this card
    survived: int  # ... and were not ended by it
    rate: float  # survived / reached
    cumulative: float  # chance a round is not ended by a hazard up to this card


@dataclass(frozen=True, slots=True)
class HazardShare:
    code: str
    name: str
    rounds: int
    share: float  # of the rounds a hazard ended


def incan_gold_rounds(matches: QuerySet) -> RoundTally:
    """Tally every round of the matches from their stored events, in one pass over the log."""
    tally = RoundTally()
    for events in _match_event_streams(matches):
        for turned, hazard in round_flips(events):
            tally.add(turned, hazard)
    return tally


def _match_event_streams(matches: QuerySet) -> Iterator[Iterator[Event]]:
    """Each match's events in order (opening events, then every action's), streamed."""
    openings = matches.order_by("pk").values_list("pk", "opening_events").iterator()
    rows = (
        MatchAction.objects.filter(match__in=matches)
        .order_by("match_id", "seq")
        .values_list("match_id", "events")
        .iterator()
    )
    # Both streams are sorted by match: merge them without holding either in memory.
    pending = next(rows, None)
    for match_id, opening in openings:
        while pending is not None and pending[0] < match_id:
            pending = next(rows, None)
        actions: list[Sequence[Event]] = []
        while pending is not None and pending[0] == match_id:
            actions.append(pending[1])
            pending = next(rows, None)
        yield _chain(opening, actions)


def _chain(opening: Sequence[Event], actions: Sequence[Sequence[Event]]) -> Iterator[Event]:
    yield from opening or ()
    for events in actions:
        yield from events


def _match_action_events(matches: QuerySet) -> Iterator[list[Sequence[Event]]]:
    """Each match's log as a list of per-action event lists, one match at a time."""
    rows = (
        MatchAction.objects.filter(match__in=matches)
        .order_by("match_id", "seq")
        .values_list("match_id", "events")
        .iterator()
    )
    current: int | None = None
    actions: list[Sequence[Event]] = []
    for match_id, events in rows:
        if match_id != current and actions:
            yield actions
            actions = []
        current = match_id
        actions.append(events)
    if actions:
        yield actions


# El Dorado: cards bought and maps ----------------------------------------------------------


def cards_acquired(actions: Iterable[Sequence[Event]]) -> Counter:
    """Cards bought or gained in one match's log (per-action event lists), net of undos."""
    kept: Counter = Counter()
    # Actions since the last card was revealed can still be undone, newest last.
    undoable: list[list[str]] = []
    for events in actions:
        kinds = {e.get("type") for e in events}
        if "undo" in kinds:
            if undoable:
                undoable.pop()
            continue
        cards = [e["card"] for e in events if e.get("type") in ("buy", "gain") and "card" in e]
        undoable.append(cards)
        if kinds & REVEALING or "end_turn" in kinds:
            for done in undoable:
                kept.update(done)
            undoable = []
    for done in undoable:
        kept.update(done)
    return kept


@dataclass(frozen=True, slots=True)
class CardCount:
    slug: str
    name: str
    kind: str
    cost: int
    count: int
    per_match: float


def most_bought(matches: QuerySet, total_matches: int, limit: int = 10) -> list[CardCount]:
    """The cards bought (or taken with the Transmitter) most often."""
    counts: Counter = Counter()
    for actions in _match_action_events(matches):
        counts.update(cards_acquired(actions))
    rows = []
    for slug, n in counts.most_common(limit):
        card = CARD_TYPES.get(slug)
        rows.append(
            CardCount(
                slug=slug,
                name=card_name(slug),
                kind=str(card.kind) if card else "",
                cost=card.cost if card else 0,
                count=n,
                per_match=n / total_matches if total_matches else 0.0,
            )
        )
    return rows


@dataclass(frozen=True, slots=True)
class MapRates:
    key: str
    matches: int
    seats: list[SeatRate]
    fair: float  # the win rate of a seat if the seat made no difference


def map_win_rates(matches: QuerySet) -> list[MapRates]:
    """For each map: matches played and the win rate of each seat position on it."""
    counts = (
        matches.annotate(map_key=KeyTextTransform("map", "options"))
        .values_list("map_key", "players")
        .annotate(n=Count("id"))
        .order_by()
    )
    seats = (
        Seat.objects.filter(match__in=matches)
        .annotate(map_key=KeyTextTransform("map", "match__options"))
        .values_list("map_key", "position")
        .annotate(played=Count("id"), wins=Count("id", filter=Q(place=1)))
        .order_by()
    )
    by_map: dict[str, list[SeatRate]] = {}
    for key, position, played, wins in seats:
        by_map.setdefault(_map_key(key), []).append(SeatRate(position, played, wins))
    merged: dict[str, list[float]] = {}  # map -> [matches, sum of 1/players]
    for key, players, n in counts:
        entry = merged.setdefault(_map_key(key), [0, 0.0])
        entry[0] += n
        entry[1] += n / players
    rows = [
        MapRates(key, int(n), _sum_positions(by_map.get(key, [])), share / n)
        for key, (n, share) in merged.items()
    ]
    return sorted(rows, key=lambda r: (-r.matches, r.key))


def _map_key(raw: str | None) -> str:
    # A map given as data is stored as a JSON object: all of them count as one "custom" map.
    if raw is None:
        return el_dorado.DEFAULT_MAP
    return "custom" if raw.startswith("{") else raw


def _sum_positions(rates: list[SeatRate]) -> list[SeatRate]:
    played: Counter = Counter()
    wins: Counter = Counter()
    for rate in rates:
        played[rate.position] += rate.played
        wins[rate.position] += rate.wins
    return [SeatRate(p, played[p], wins[p]) for p in sorted(played)]
