"""Matches and clients the bad-input probes start from."""

from __future__ import annotations

import pytest

from games.play.services.lobby import MatchSpec, create_match, join_match, leave_match
from tests.helpers import users


@pytest.fixture
def web(client):
    """A client that answers a crash with a 500 page instead of raising it into the test."""
    client.raise_request_exception = False
    return client


@pytest.fixture
def ig(user_factory):
    """A running three-player Incan Gold match (ana, bo, cy) and its people."""
    ana = user_factory("ana")
    match = create_match(ana, MatchSpec(game="incan-gold", players=3))
    for name in ("bo", "cy"):
        join_match(match.pk, user_factory(name))
    match.refresh_from_db()
    return match, users(match)


@pytest.fixture
def open_match(user_factory):
    """An open four-seat Incan Gold match hosted by ana, bo seated, one seat free."""
    ana, bo = user_factory("ana"), user_factory("bo")
    match = create_match(ana, MatchSpec(game="incan-gold", players=4))
    join_match(match.pk, bo)
    match.refresh_from_db()
    return match, {"ana": ana, "bo": bo}


@pytest.fixture
def ed(user_factory):
    """A running two-player El Dorado match between ana and bo, nobody else to move."""
    ana, bo = user_factory("ana"), user_factory("bo")
    match = create_match(
        ana, MatchSpec(game="el-dorado", players=2, options={"map": "home-stretch"})
    )
    join_match(match.pk, bo)
    match.refresh_from_db()
    return match, {"ana": ana, "bo": bo}


@pytest.fixture
def cancelled(user_factory):
    """An Incan Gold match its host left before anyone joined: abandoned, never started."""
    ana = user_factory("ana")
    match = create_match(ana, MatchSpec(game="incan-gold", players=3))
    leave_match(match.pk, ana)
    return match, ana
