"""Match creation is throttled per player: so many new matches a window, so many open at once."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import close_old_connections, connection
from django.utils import timezone

from games.models import Match
from games.play.services import ServiceError
from games.play.services.lobby import MatchSpec, create_match, join_match, leave_match

OPEN = MatchSpec(game="incan-gold", players=3)
WITH_BOTS = MatchSpec(game="incan-gold", players=3, bots=("random", "random"))


@pytest.fixture
def limits(settings):
    settings.MATCHES_PER_WINDOW = 3
    settings.MATCH_WINDOW_MINUTES = 10
    settings.OPEN_MATCHES_PER_USER = 2
    return settings


def _age(user, minutes: float) -> None:
    Match.objects.filter(created_by=user).update(
        created=timezone.now() - timedelta(minutes=minutes)
    )


def test_a_player_creates_at_most_so_many_matches_in_the_window(limits, user_factory):
    ana, bo = user_factory("ana"), user_factory("bo")
    for _ in range(3):
        create_match(ana, WITH_BOTS)
    with pytest.raises(ServiceError) as refused:
        create_match(ana, WITH_BOTS)
    assert refused.value.message == (
        "You have created 3 matches in the last 10 minutes, the most allowed: "
        "try again in 10 minutes."
    )
    assert Match.objects.filter(created_by=ana).count() == 3
    create_match(bo, WITH_BOTS)  # the limit is each player's own


def test_the_message_says_when_the_oldest_match_leaves_the_window(limits, user_factory):
    ana = user_factory("ana")
    for _ in range(3):
        create_match(ana, WITH_BOTS)
    _age(ana, 7.5)
    with pytest.raises(ServiceError, match="try again in 3 minutes"):
        create_match(ana, WITH_BOTS)
    _age(ana, 9.9)
    with pytest.raises(ServiceError, match="try again in 1 minute\\."):
        create_match(ana, WITH_BOTS)
    _age(ana, 11)
    create_match(ana, WITH_BOTS)


def test_a_player_has_at_most_so_many_open_matches_at_once(limits, user_factory):
    ana, bo, cy = user_factory("ana"), user_factory("bo"), user_factory("cy")
    first = create_match(ana, OPEN)
    second = create_match(ana, OPEN)
    with pytest.raises(ServiceError) as refused:
        create_match(ana, OPEN)
    assert refused.value.message == (
        "You already have 2 matches waiting for players, the most at once: "
        "start, fill or leave one of them before creating another."
    )
    # A match filled with bots starts at once: it is not one more waiting for players.
    _age(ana, 11)
    create_match(ana, WITH_BOTS)
    join_match(first.pk, bo)
    join_match(first.pk, cy)  # full: it starts
    _age(ana, 11)
    create_match(ana, OPEN)
    leave_match(second.pk, ana)
    _age(ana, 11)
    create_match(ana, OPEN)


def test_zero_turns_the_limits_off(settings, user_factory):
    settings.MATCHES_PER_WINDOW = 0
    settings.OPEN_MATCHES_PER_USER = 0
    ana = user_factory("ana")
    for _ in range(8):
        create_match(ana, OPEN)
    assert Match.objects.filter(created_by=ana).count() == 8


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="concurrent writers need PostgreSQL's row locks"
)
@pytest.mark.django_db(transaction=True)
def test_requests_at_once_cannot_both_pass_the_count(settings, user_factory):
    settings.OPEN_MATCHES_PER_USER = 1
    ana = user_factory("ana")
    start = threading.Barrier(4)
    outcomes: list[str] = []

    def attempt() -> None:
        try:
            start.wait(timeout=10)
            create_match(ana, OPEN)
            outcomes.append("created")
        except ServiceError:
            outcomes.append("refused")
        finally:
            close_old_connections()

    threads = [threading.Thread(target=attempt) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(outcomes) == ["created", "refused", "refused", "refused"]
    assert Match.objects.filter(created_by=ana).count() == 1
