from __future__ import annotations

import pytest

from games.models import Match, Seat, Status
from games.play.services import ServiceError
from games.play.services.lobby import (
    MatchSpec,
    add_bot,
    create_match,
    join_match,
    leave_match,
    remove_bot,
    start_match,
)


def test_it_creates_an_open_match_with_the_host_in_seat_one(user_factory):
    ana = user_factory("ana")
    match = create_match(ana, MatchSpec(game="incan-gold", players=4))
    assert match.status == Status.OPEN
    assert list(match.seats.values_list("position", "user__username")) == [(0, "ana")]
    assert match.seed > 0


def test_it_starts_by_itself_when_bots_fill_every_seat(user_factory):
    ana = user_factory("ana")
    match = create_match(ana, MatchSpec(game="incan-gold", players=3, bots=("random", "expert")))
    match.refresh_from_db()
    assert match.status in (Status.ACTIVE, Status.FINISHED)
    assert match.snapshot is not None
    assert [s.bot_level for s in match.seats.order_by("position")] == ["", "random", "expert"]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (MatchSpec(game="chess", players=2), "no game called"),
        (MatchSpec(game="incan-gold", players=2), "3 to 8 players"),
        (MatchSpec(game="incan-gold", players=9), "3 to 8 players"),
        (MatchSpec(game="incan-gold", players=3, bots=("random",) * 3), "at least one seat"),
        (MatchSpec(game="incan-gold", players=3, bots=("genius",)), "no 'genius' bot"),
        (MatchSpec(game="incan-gold", players=3, move_seconds=7), "time controls"),
        (
            MatchSpec(game="incan-gold", players=3, options={"artifact_values": "gold"}),
            "options do not work",
        ),
    ],
)
def test_it_refuses_a_bad_spec_and_creates_nothing(user_factory, spec, message):
    with pytest.raises(ServiceError, match=message):
        create_match(user_factory("ana"), spec)
    assert not Match.objects.exists()


def test_joining_fills_seats_and_the_last_one_starts_the_match(user_factory):
    ana, bo, cy = user_factory("ana"), user_factory("bo"), user_factory("cy")
    match = create_match(ana, MatchSpec(game="incan-gold", players=3))
    join_match(match.pk, bo)
    match.refresh_from_db()
    assert match.status == Status.OPEN
    join_match(match.pk, cy)
    match.refresh_from_db()
    assert match.status == Status.ACTIVE
    assert match.version >= 1 and match.snapshot_version == match.version


def test_a_player_cannot_join_twice_or_a_full_or_started_match(user_factory):
    ana, bo, cy, di = (user_factory(n) for n in ("ana", "bo", "cy", "di"))
    match = create_match(ana, MatchSpec(game="incan-gold", players=3))
    with pytest.raises(ServiceError, match="already have a seat"):
        join_match(match.pk, ana)
    join_match(match.pk, bo)
    join_match(match.pk, cy)
    with pytest.raises(ServiceError, match="already started"):
        join_match(match.pk, di)
    assert match.seats.count() == 3


def test_a_private_match_needs_its_invite_token(user_factory):
    ana, bo = user_factory("ana"), user_factory("bo")
    match = create_match(ana, MatchSpec(game="incan-gold", players=3, private=True))
    with pytest.raises(ServiceError, match="private"):
        join_match(match.pk, bo)
    join_match(match.pk, bo, invite_token=match.invite_token)
    assert match.seats.filter(user=bo).exists()


def test_the_host_adds_and_removes_bots_others_cannot(user_factory):
    ana, bo = user_factory("ana"), user_factory("bo")
    match = create_match(ana, MatchSpec(game="incan-gold", players=4))
    join_match(match.pk, bo)
    with pytest.raises(ServiceError, match="Only the host"):
        add_bot(match.pk, bo, "random")
    add_bot(match.pk, ana, "cautious")
    bot = match.seats.get(bot_level="cautious")
    remove_bot(match.pk, ana, bot.position)
    assert not match.seats.filter(bot_level="cautious").exists()
    with pytest.raises(ServiceError, match="no bot"):
        remove_bot(match.pk, ana, 1)  # bo's seat is not a bot


def test_start_early_closes_gaps_and_respects_the_minimum(user_factory):
    ana, bo, cy = user_factory("ana"), user_factory("bo"), user_factory("cy")
    match = create_match(ana, MatchSpec(game="incan-gold", players=5))
    join_match(match.pk, bo)
    with pytest.raises(ServiceError, match="at least 3"):
        start_match(match.pk, ana)
    join_match(match.pk, cy)
    leave_match(match.pk, bo)
    add_bot(match.pk, ana, "random")
    start_match(match.pk, ana)
    match.refresh_from_db()
    assert match.status == Status.ACTIVE
    assert match.players == 3
    assert sorted(match.seats.values_list("position", flat=True)) == [0, 1, 2]


def test_the_host_leaving_alone_abandons_the_match(user_factory):
    ana = user_factory("ana")
    match = create_match(ana, MatchSpec(game="incan-gold", players=3))
    leave_match(match.pk, ana)
    match.refresh_from_db()
    assert match.status == Status.ABANDONED
    assert not Seat.objects.filter(match=match).exists()
