"""Matches for the task tests, made through the services like the site makes them."""

from __future__ import annotations

import pytest

from games.models import Match, Pace
from games.play.services.lobby import MatchSpec, create_match, join_match


@pytest.fixture
def make_match(user_factory):
    """A started match: ana hosts, more people join, bots take the seats after hers."""

    def make(
        game: str = "incan-gold",
        people: tuple[str, ...] = ("ana",),
        bots: tuple[str, ...] = (),
        pace: str = Pace.LIVE,
        **options,
    ) -> Match:
        if game == "el-dorado":
            options.setdefault("map", "home-stretch")
        users = [user_factory(name) for name in people]
        move_seconds = 120 if pace == Pace.LIVE else 86400
        spec = MatchSpec(
            game=game,
            players=len(people) + len(bots),
            bots=bots,
            pace=pace,
            move_seconds=move_seconds,
            options=options,
        )
        match = create_match(users[0], spec)
        for user in users[1:]:
            join_match(match.pk, user)
        return Match.objects.get(pk=match.pk)

    return make
