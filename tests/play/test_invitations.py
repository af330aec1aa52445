"""Inviting a player by name to an open match: told once, answered once, refused plainly."""

from __future__ import annotations

import pytest

from accounts.models import User
from games.models import Invitation, Match, Status
from games.notifications.models import Kind, Notification
from games.play import lobby_queries as lobby
from games.play.live.match_part import live_html
from games.play.services import ServiceError
from games.play.services.invitations import accept, decline, invite
from games.play.services.lobby import MatchSpec, cancel_match, create_match, join_match
from tests.helpers import fresh


@pytest.fixture
def room(user_factory):
    """An open three-seat Incan Gold match hosted by ana; bo and cy have no seat."""
    ana, bo, cy = (user_factory(name) for name in ("ana", "bo", "cy"))
    match = create_match(ana, MatchSpec(game="incan-gold", players=3))
    return match, ana, bo, cy


def stored(invitation: Invitation) -> Invitation:
    return Invitation.objects.get(pk=invitation.pk)


def _invitations(user) -> list[Notification]:
    return list(Notification.objects.filter(user=user, kind=Kind.INVITATION))


def test_an_invitation_by_username_tells_the_player_once(room):
    match, ana, bo, _ = room
    version = fresh(match).version
    invitation = invite(match.pk, ana, "  BO ")
    assert (invitation.user, invitation.invited_by, invitation.accepted) == (bo, ana, None)
    [note] = _invitations(bo)
    assert note.key == f"invite:{invitation.pk}"
    assert note.match_id == match.pk
    assert note.data == {"game": "incan-gold", "by": "ana", "url": f"/matches/{match.pk}/"}
    # The waiting rooms of the seated players list it: their pages are pushed a new version.
    assert fresh(match).version == version + 1
    with pytest.raises(ServiceError, match="invited already"):
        invite(match.pk, ana, "bo")
    assert len(_invitations(bo)) == 1
    assert Invitation.objects.count() == 1


def test_a_display_name_finds_its_player_when_only_one_goes_by_it(room, user_factory):
    match, ana, _, _ = room
    di = user_factory("di", display_name="Lady  Di")
    assert invite(match.pk, ana, "lady di").user == di


def test_the_invitee_sees_it_on_the_dashboard_and_accepting_takes_the_seat(room):
    match, ana, bo, cy = room
    invitation = invite(match.pk, ana, "bo")
    [offer] = lobby.dashboard(bo).offers
    assert (offer.kind, offer.pk, offer.match_id, offer.game, offer.by) == (
        "invitation",
        invitation.pk,
        match.pk,
        "incan-gold",
        "ana",
    )
    assert lobby.dashboard(cy).offers == []
    accept(invitation.pk, bo)
    assert fresh(match).status == Status.OPEN
    assert match.seats.filter(user=bo).exists()
    assert stored(invitation).accepted is True
    assert lobby.dashboard(bo).offers == []
    # Reading it is done: the invitation's news is marked read.
    assert Notification.objects.get(user=bo, kind=Kind.INVITATION).read is not None


def test_the_last_invitee_to_accept_starts_the_match_and_the_others_are_told(room):
    match, ana, bo, cy = room
    first, second = invite(match.pk, ana, "bo"), invite(match.pk, ana, "cy")
    accept(first.pk, bo)
    accept(second.pk, cy)
    assert fresh(match).status == Status.ACTIVE
    started = Notification.objects.filter(kind=Kind.STARTED, match=match)
    assert sorted(started.values_list("user__username", flat=True)) == ["ana", "bo"]


def test_an_invitation_to_a_private_match_lets_the_invitee_in(user_factory):
    ana, bo = user_factory("ana"), user_factory("bo")
    match = create_match(ana, MatchSpec(game="incan-gold", players=3, private=True))
    accept(invite(match.pk, ana, "bo").pk, bo)
    assert match.seats.filter(user=bo).exists()


def test_a_decline_closes_the_invitation_and_the_host_sees_it(room):
    match, ana, bo, _ = room
    invitation = invite(match.pk, ana, "bo")
    host_room = live_html(fresh(match), ana)
    assert "bo is invited and has not answered yet." in host_room
    decline(invitation.pk, bo)
    assert (stored(invitation).accepted, stored(invitation).answered is not None) == (False, True)
    assert "bo declined the invitation." in live_html(fresh(match), ana)
    assert "declined" not in live_html(fresh(match), None)  # only the players are told
    assert lobby.dashboard(bo).offers == []
    with pytest.raises(ServiceError, match="answered that invitation already"):
        accept(invitation.pk, bo)
    assert not match.seats.filter(user=bo).exists()
    # Asked again after a no: a new invitation, told anew.
    again = invite(match.pk, ana, "bo")
    assert [n.key for n in _invitations(bo)] == [f"invite:{again.pk}", f"invite:{invitation.pk}"]


def test_an_invitee_who_joins_another_way_has_accepted(room):
    match, ana, bo, _ = room
    invitation = invite(match.pk, ana, "bo")
    join_match(match.pk, bo)
    assert stored(invitation).accepted is True
    assert "bo is invited" not in live_html(fresh(match), ana)


@pytest.mark.parametrize(
    ("who", "name", "message"),
    [
        ("ana", "nobody", "no player called “nobody”"),
        ("ana", "   ", "Type the username"),
        ("ana", "x" * 200, "Type the username"),
        ("ana", "ANA", "You are the host"),
        ("ana", "bo", "bo already has a seat"),
        ("ana", "cy", "cy is invited already"),
        ("bo", "di", "Only the host"),
    ],
)
def test_an_invitation_is_refused_and_nothing_is_made(room, user_factory, who, name, message):
    match, ana, bo, cy = room
    user_factory("di")
    join_match(match.pk, bo)
    invite(match.pk, ana, "cy")
    before_version = fresh(match).version
    with pytest.raises(ServiceError, match=message):
        invite(match.pk, {"ana": ana, "bo": bo}[who], name)
    assert Invitation.objects.filter(match=match).count() == 1
    assert fresh(match).version == before_version
    assert Notification.objects.filter(kind=Kind.INVITATION).count() == 1


def test_an_inactive_player_cannot_be_found(room, user_factory):
    match, ana, _, _ = room
    user_factory("gone", is_active=False)
    with pytest.raises(ServiceError, match="no player called"):
        invite(match.pk, ana, "gone")


def test_two_players_sharing_a_display_name_need_the_username(room, user_factory):
    match, ana, _, _ = room
    user_factory("di", display_name="Twin")
    user_factory("ed")
    # Names are kept apart on the site; one that slipped through is still not guessed at.
    User.objects.filter(username="ed").update(display_name="twin")
    with pytest.raises(ServiceError, match="Several players"):
        invite(match.pk, ana, "Twin")


def test_no_invitation_to_a_started_match_or_one_without_a_free_seat(user_factory, room):
    match, ana, bo, _ = room
    started = create_match(ana, MatchSpec(game="incan-gold", players=3, bots=("random",) * 2))
    with pytest.raises(ServiceError, match="already started"):
        invite(started.pk, ana, "cy")
    # Taking the last seat starts a match; should an open one ever have no free seat, it is
    # refused all the same.
    join_match(match.pk, bo)
    Match.objects.filter(pk=match.pk).update(players=2)
    with pytest.raises(ServiceError, match="no free seat"):
        invite(match.pk, ana, "cy")
    assert not Invitation.objects.exists()
    assert not Notification.objects.filter(kind=Kind.INVITATION).exists()


def test_an_answer_to_someone_elses_or_a_missing_invitation_changes_nothing(room):
    match, ana, bo, cy = room
    invitation = invite(match.pk, ana, "bo")
    with pytest.raises(ServiceError, match="for another player"):
        accept(invitation.pk, cy)
    with pytest.raises(ServiceError, match="for another player"):
        decline(invitation.pk, cy)
    with pytest.raises(ServiceError, match="does not exist"):
        accept(invitation.pk + 100, bo)
    assert stored(invitation).answered is None
    assert not match.seats.filter(user__in=[bo, cy]).exists()


def test_an_invitation_to_a_match_that_started_meanwhile_cannot_be_accepted(room, user_factory):
    match, ana, bo, cy = room
    invitation = invite(match.pk, ana, "bo")
    join_match(match.pk, cy)
    join_match(match.pk, user_factory("di"))
    assert fresh(match).status == Status.ACTIVE
    assert lobby.dashboard(bo).offers == []
    with pytest.raises(ServiceError, match="already started"):
        accept(invitation.pk, bo)
    assert stored(invitation).answered is None
    assert not match.seats.filter(user=bo).exists()


def test_the_host_cancels_before_the_start(room):
    match, ana, bo, cy = room
    join_match(match.pk, bo)
    invitation = invite(match.pk, ana, "cy")
    assert [m.match.pk for m in lobby.dashboard(bo).waiting] == [match.pk]
    with pytest.raises(ServiceError, match="Only the host"):
        cancel_match(match.pk, bo)
    assert fresh(match).status == Status.OPEN
    cancel_match(match.pk, ana)
    cancelled = fresh(match)
    assert cancelled.is_cancelled
    assert cancelled.finished is not None
    # The seated player sees it gone from the dashboard, its page says so; the invitation lapsed.
    assert lobby.dashboard(bo).waiting == []
    assert "called off before it started" in live_html(cancelled, bo)
    assert lobby.dashboard(cy).offers == []
    assert Notification.objects.get(user=cy, kind=Kind.INVITATION).read is not None
    with pytest.raises(ServiceError, match="host cancelled"):
        accept(invitation.pk, cy)
    with pytest.raises(ServiceError, match="cancelled before it started"):
        cancel_match(match.pk, ana)
    with pytest.raises(ServiceError, match="cancelled before it started"):
        invite(match.pk, ana, "cy")


def test_a_started_match_cannot_be_cancelled(user_factory):
    ana = user_factory("ana")
    match = create_match(ana, MatchSpec(game="incan-gold", players=3, bots=("random", "random")))
    with pytest.raises(ServiceError, match="resign instead"):
        cancel_match(match.pk, ana)
    assert fresh(match).status != Status.ABANDONED
