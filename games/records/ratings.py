"""Player ratings: openskill's Plackett-Luce model per (user, game), plus a pairwise-Elo baseline.

Pure functions only (no Django, no I/O). The site recomputes every rating by folding the finished
matches in order, so everything here is deterministic to the last bit.

Shown rating. `display(r) = round(1500 + SCALE * (mu - 3 * sigma - MU0))`: 1500 is a player of
exactly average skill whose rating is certain, and three standard deviations of doubt are taken
off. A newcomer therefore shows about 760 and climbs as games remove the doubt; the site marks
that number provisional while `sigma >= PROVISIONAL_SIGMA`. SCALE makes 400 points between two
settled players mean 10:1 odds in a head-to-head, as in Elo.

Ties. openskill 6.2.0 rates tied places with the Weng-Lin tie rule, which is not monotone: with
five equal players and places (1, 1, 3, 4, 5) the player in third gains more than the two who
share the win (openskill.py issues #155 and #173). A tie is therefore rated here as the average
over orders the tied players could have finished in, each rated by openskill as a strict result:
the rotations of the tied group and of its reverse, a balanced set of 2k orders (all k! orders
for k <= 3). At most 72 strict ratings are needed for any pattern of ties among eight seats.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

MU0 = 25.0
SIGMA0 = 25.0 / 3.0
BETA = 25.0 / 6.0
TAU = 25.0 / 300.0
MIN_SEATS = 2
MAX_SEATS = 8

DISPLAY_BASE = 1500
# 400 Elo points are 10:1 odds; between two certain players the model's odds are
# exp((mu_a - mu_b) / (sqrt(2) * BETA)).
SCALE = 400.0 / (math.log(10.0) * math.sqrt(2.0) * BETA)
# About 12 two-player or 17 four-player games of a newcomer (more in larger fields).
PROVISIONAL_SIGMA = 6.0

ELO_DEFAULT = 1500.0
ELO_K = 32.0

# The model's parameters are spelled out so that a change of library defaults cannot silently
# change stored ratings.
_MODEL = PlackettLuce(mu=MU0, sigma=SIGMA0, beta=BETA, tau=TAU)


@dataclass(frozen=True, slots=True)
class Rating:
    """A skill belief: mean `mu` and standard deviation `sigma` (openskill units)."""

    mu: float = MU0
    sigma: float = SIGMA0

    def __post_init__(self) -> None:
        if not (math.isfinite(self.mu) and math.isfinite(self.sigma)) or self.sigma <= 0:
            raise ValueError(f"a rating needs a finite mu and a positive sigma, not {self!r}")

    def to_json(self) -> dict[str, float]:
        """JSON-safe form; `Rating.from_json` gives back the identical floats."""
        return {"mu": self.mu, "sigma": self.sigma}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rating:
        """Rebuild a rating from `to_json` output; anything malformed is a ValueError."""
        try:
            mu, sigma = data["mu"], data["sigma"]
        except (KeyError, TypeError):
            raise ValueError("a rating needs 'mu' and 'sigma'") from None
        if any(isinstance(v, bool) or not isinstance(v, int | float) for v in (mu, sigma)):
            raise ValueError("a rating's 'mu' and 'sigma' must be numbers")
        return cls(float(mu), float(sigma))


DEFAULT = Rating(MU0, SIGMA0)


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One seat's rating before and after a match."""

    before: Rating
    after: Rating

    @property
    def delta_display(self) -> int:
        """How much the shown number moved."""
        return display(self.after) - display(self.before)


def conservative(rating: Rating) -> float:
    """The skill we are fairly sure of: mu - 3 sigma (what leaderboards sort by)."""
    return rating.mu - 3.0 * rating.sigma


def display(rating: Rating) -> int:
    """The number shown to people: 1500 for a certain average player, less for any doubt."""
    return round(DISPLAY_BASE + SCALE * (conservative(rating) - MU0))


def is_provisional(rating: Rating) -> bool:
    """Whether the rating is still too uncertain to be taken at face value."""
    return rating.sigma >= PROVISIONAL_SIGMA


def check_places(places: Sequence[int], seats: int) -> None:
    """Raise ValueError unless `places` holds one place (1 = first) per seat for 2-8 seats."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"a rated match has {MIN_SEATS} to {MAX_SEATS} seats, not {seats}")
    if len(places) != seats:
        raise ValueError(f"expected {seats} places, got {len(places)}")
    for place in places:
        if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= seats:
            raise ValueError(f"a place is a whole number from 1 to {seats}, not {place!r}")


def rate_match(ratings: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """New ratings after a free-for-all match; a lower place is better and ties share a place."""
    check_places(places, len(ratings))
    groups = _tie_groups(ratings, places)
    terms_mu: list[list[float]] = [[] for _ in ratings]
    terms_sigma: list[list[float]] = [[] for _ in ratings]
    for order in _finishing_orders(groups):
        teams = [[_MODEL.rating(mu=ratings[s].mu, sigma=ratings[s].sigma)] for s in order]
        rated = _MODEL.rate(teams, ranks=list(range(1, len(order) + 1)))
        for seat, (new,) in zip(order, rated, strict=True):
            terms_mu[seat].append(new.mu)
            terms_sigma[seat].append(new.sigma)
    # Equal players who share a place are interchangeable, but the rotations do not see every
    # arrangement of the others around them, so they pool their terms. fsum is exactly rounded:
    # the result does not depend on the order the terms arrived in.
    pools: dict[tuple[int, float, float], list[int]] = {}
    for seat, (rating, place) in enumerate(zip(ratings, places, strict=True)):
        pools.setdefault((place, rating.mu, rating.sigma), []).append(seat)
    new = [DEFAULT] * len(ratings)
    for seats in pools.values():
        mus = [mu for s in seats for mu in terms_mu[s]]
        sigmas = [sigma for s in seats for sigma in terms_sigma[s]]
        pooled = Rating(math.fsum(mus) / len(mus), math.fsum(sigmas) / len(sigmas))
        for seat in seats:
            new[seat] = pooled
    return new


def rate_changes(ratings: Sequence[Rating], places: Sequence[int]) -> list[RatingChange]:
    """`rate_match`, paired with the ratings before it."""
    return [
        RatingChange(before, after)
        for before, after in zip(ratings, rate_match(ratings, places), strict=True)
    ]


def _tie_groups(ratings: Sequence[Rating], places: Sequence[int]) -> list[list[int]]:
    """Seats grouped by place, best place first; each group in a seat-independent order."""
    groups: dict[int, list[int]] = {}
    for seat, place in enumerate(places):
        groups.setdefault(place, []).append(seat)
    # Sorting tied seats by rating makes the result follow the players, not their seat numbers.
    return [
        sorted(groups[place], key=lambda s: (ratings[s].mu, ratings[s].sigma))
        for place in sorted(groups)
    ]


def _group_orders(group: list[int]) -> list[tuple[int, ...]]:
    """Orders for one tie group: the rotations of it and of its reverse, without repeats.

    Every seat takes every position equally often and every pair appears each way round equally
    often, at 2k orders instead of k! (an eight-way tie costs 16 ratings, not 40320).
    """
    orders: list[tuple[int, ...]] = []
    for base in (group, group[::-1]):
        for shift in range(len(base)):
            order = tuple(base[shift:] + base[:shift])
            if order not in orders:
                orders.append(order)
    return orders


def _finishing_orders(groups: list[list[int]]) -> Iterator[list[int]]:
    """Strict finishing orders consistent with the places, one per combination of tie orders."""
    for combo in itertools.product(*(_group_orders(g) for g in groups)):
        yield [seat for part in combo for seat in part]


def win_chances(ratings: Sequence[Rating]) -> list[float]:
    """Each seat's chance of finishing first under the Plackett-Luce model."""
    if not MIN_SEATS <= len(ratings) <= MAX_SEATS:
        raise ValueError(f"a match has {MIN_SEATS} to {MAX_SEATS} seats, not {len(ratings)}")
    c = math.sqrt(math.fsum(r.sigma**2 + BETA**2 for r in ratings))
    top = max(r.mu for r in ratings)
    # Shifting by the best mu keeps exp() in range; the ratios are unchanged.
    weights = [math.exp((r.mu - top) / c) for r in ratings]
    total = math.fsum(weights)
    return [w / total for w in weights]


def elo_expected(elo: float, other: float) -> float:
    """Elo's expected score of `elo` against `other` (1 = sure win)."""
    return 1.0 / (1.0 + 10.0 ** ((other - elo) / 400.0))


def elo_rate_match(elos: Sequence[float], places: Sequence[int], k: float = ELO_K) -> list[float]:
    """Pairwise Elo: every pair is a game scored 1 / 0.5 / 0 by places, K shared by opponents."""
    check_places(places, len(elos))
    step = k / (len(elos) - 1)
    new = []
    for i, (elo, place) in enumerate(zip(elos, places, strict=True)):
        surprise = math.fsum(
            _pair_score(place, other_place) - elo_expected(elo, other)
            for j, (other, other_place) in enumerate(zip(elos, places, strict=True))
            if j != i
        )
        new.append(elo + step * surprise)
    return new


def _pair_score(place: int, other_place: int) -> float:
    if place == other_place:
        return 0.5
    return 1.0 if place < other_place else 0.0
