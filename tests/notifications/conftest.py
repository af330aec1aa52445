"""Matches for the notification tests: correspondence by default, people and bots seated."""

from __future__ import annotations

import pytest

from games.models import Match, Pace
from games.play.services.lobby import MatchSpec, create_match, join_match


@pytest.fixture
def corr_match(user_factory):
    """A started match: the first person hosts, the others join, bots sit after them."""

    def make(
        game: str = "incan-gold",
        people: tuple[str, ...] = ("ana", "bo", "cy"),
        bots: tuple[str, ...] = (),
        pace: str = Pace.CORRESPONDENCE,
        **options,
    ) -> Match:
        if game == "el-dorado":
            options.setdefault("map", "home-stretch")
        users = [user_factory(name, email=f"{name}@example.com") for name in people]
        spec = MatchSpec(
            game=game,
            players=len(people) + len(bots),
            bots=bots,
            pace=pace,
            move_seconds=86400 if pace == Pace.CORRESPONDENCE else 120,
            options=options,
        )
        match = create_match(users[0], spec)
        for user in users[1:]:
            join_match(match.pk, user)
        return Match.objects.get(pk=match.pk)

    return make
