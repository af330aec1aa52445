"""The rating model now lives in `games.records.ratings`; this path stays for the benchmarks."""

from games.records.ratings import (
    BETA,
    DEFAULT,
    ELO_DEFAULT,
    MU0,
    SIGMA0,
    TAU,
    Rating,
    conservative,
    display,
    elo_rate_match,
    is_provisional,
    rate_match,
)

__all__ = [
    "BETA",
    "DEFAULT",
    "ELO_DEFAULT",
    "MU0",
    "SIGMA0",
    "TAU",
    "Rating",
    "conservative",
    "display",
    "elo_rate_match",
    "is_provisional",
    "rate_match",
]
