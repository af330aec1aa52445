"""Matches for the task tests, made through the services like the site makes them."""

from __future__ import annotations

import pytest

from games.models import Match, Pace
from games.play.services.lobby import MatchSpec, create_match, join_match

CONTINUE = {"type": "decide", "choice": "continue"}


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


def person(match: Match, name: str):
    """The user called `name` seated in the match."""
    return match.seats.get(user__username=name).user


def fresh(match: Match) -> Match:
    """The match as stored now."""
    return Match.objects.get(pk=match.pk)


def bot_turns(backend) -> list:
    """The bot turns queued on a backend that keeps what is queued, oldest first."""
    return [r for r in backend.results if r.task.name == "bot_turn"]


def deadlines(backend) -> list:
    """The deadline checks queued on such a backend, oldest first."""
    return [r for r in backend.results if r.task.name == "move_deadline"]


def run(result) -> object:
    """Run a queued task here, as a worker would."""
    return result.task.call(*result.args, **result.kwargs)
