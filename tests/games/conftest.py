"""Factories for matches: create them through the services, like the site does."""

from __future__ import annotations

import pytest

from games.models import Match
from games.play.services.lobby import MatchSpec, create_match


@pytest.fixture
def ig_match(user_factory):
    """An Incan Gold match for three people: ana (host), bo and cy, started."""
    from games.play.services.lobby import join_match

    def make(bots: tuple[str, ...] = (), players: int = 3, **options) -> Match:
        ana = user_factory("ana")
        match = create_match(
            ana, MatchSpec(game="incan-gold", players=players, bots=bots, options=options)
        )
        for name in ("bo", "cy", "di", "ed", "flo", "gus")[: players - 1 - len(bots)]:
            join_match(match.pk, user_factory(name))
        match.refresh_from_db()
        return match

    return make


def users(match: Match) -> dict[str, object]:
    """The match's human players by username."""
    return {s.user.username: s.user for s in match.seats.select_related("user") if s.user}
