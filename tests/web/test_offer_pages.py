"""Invitations and rematches through the pages: the forms, the dashboard, the match pages."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Invitation, Match, Pace, RematchOffer, Status
from games.notifications.models import Kind, Notification
from games.play.services.lobby import MatchSpec, create_match, join_match
from tests.helpers import fresh, recorded_match

OFFERS = "Invitations and rematch offers"


def _as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _offers(client: Client) -> str:
    body = client.get("/").content.decode()
    return body.split(f">{OFFERS}</h3>")[1].split("</section>")[0]


def _form_action(html: str, label: str) -> str:
    """The action of the form whose button says `label`."""
    for form in re.findall(r"<form.*?</form>", html, flags=re.S):
        if f">{label}</button>" in form:
            return re.search(r'action="([^"]+)"', form)[1]
    raise AssertionError(f"no form with a {label!r} button")


def _followed(client: Client, url: str, data: dict | None = None) -> str:
    return client.post(url, data or {}, follow=True).content.decode()


@pytest.fixture
def people(user_factory):
    return {name: user_factory(name) for name in ("ana", "bo", "cy", "di")}


def test_an_invitation_end_to_end(people):
    ana, bo, cy = people["ana"], people["bo"], people["cy"]
    match = create_match(ana, MatchSpec(game="incan-gold", players=3, private=True))
    host = _as(ana)
    room = host.get(f"/matches/{match.pk}/").content.decode()
    assert "Invite a player by username" in room and ">Cancel match</button>" in room
    page = _followed(host, f"/matches/{match.pk}/invite/", {"username": "Bo"})
    assert "bo is invited." in page
    assert "bo is invited and has not answered yet." in page
    page = _followed(host, f"/matches/{match.pk}/invite/", {"username": "cy"})
    # Told once each, on the bell's page too.
    assert Notification.objects.filter(kind=Kind.INVITATION).count() == 2
    invitee = _as(bo)
    assert "ana invited you to Incan Gold #" in invitee.get("/notifications/").content.decode()
    row = _offers(invitee)
    assert f"ana invites you to Incan Gold #{match.pk}" in row
    # The private match opens to its invitee, with the answers on its page.
    own_page = invitee.get(f"/matches/{match.pk}/").content.decode()
    assert "ana invited you to this match." in own_page
    assert _as(people["di"]).get(f"/matches/{match.pk}/").status_code == 404
    page = _followed(invitee, _form_action(row, "Accept"))
    assert "You took your seat." in page
    assert match.seats.filter(user=bo).exists()
    assert "No invitations or rematch offers." in _offers(invitee)
    other = _as(cy)
    _followed(other, _form_action(_offers(other), "Accept"))
    assert fresh(match).status == Status.ACTIVE


def test_a_declined_invitation_shows_in_the_hosts_waiting_room(people):
    ana, bo = people["ana"], people["bo"]
    match = create_match(ana, MatchSpec(game="incan-gold", players=3))
    host = _as(ana)
    host.post(f"/matches/{match.pk}/invite/", {"username": "bo"})
    invitee = _as(bo)
    page = _followed(invitee, _form_action(_offers(invitee), "Decline"))
    assert "You declined the invitation." in page
    assert "bo declined the invitation." in host.get(f"/matches/{match.pk}/").content.decode()
    # The others in the room are told as well; onlookers are not.
    assert "declined" not in Client().get(f"/matches/{match.pk}/").content.decode()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("nobody", "There is no player called “nobody”."),
        ("ana", "You are the host: you have a seat already."),
        ("", "Type the username of the player to invite."),
    ],
)
def test_a_refused_invitation_says_why_and_changes_nothing(people, name, message):
    match = create_match(people["ana"], MatchSpec(game="incan-gold", players=3))
    version = fresh(match).version
    page = _followed(_as(people["ana"]), f"/matches/{match.pk}/invite/", {"username": name})
    assert message in page
    assert not Invitation.objects.exists()
    assert fresh(match).version == version


def test_only_the_host_may_invite_or_cancel(people):
    match = create_match(people["ana"], MatchSpec(game="incan-gold", players=3))
    join_match(match.pk, people["bo"])
    guest = _as(people["bo"])
    room = guest.get(f"/matches/{match.pk}/").content.decode()
    assert "Invite a player" not in room and "Cancel match" not in room
    assert "Only the host" in _followed(guest, f"/matches/{match.pk}/invite/", {"username": "cy"})
    assert "Only the host" in _followed(guest, f"/matches/{match.pk}/cancel/")
    assert fresh(match).status == Status.OPEN
    assert not Invitation.objects.exists()


def test_answers_to_missing_or_others_invitations_say_why(people):
    match = create_match(people["ana"], MatchSpec(game="incan-gold", players=3))
    _as(people["ana"]).post(f"/matches/{match.pk}/invite/", {"username": "bo"})
    invitation = Invitation.objects.get()
    stranger = _as(people["cy"])
    for answer in ("accept", "decline"):
        page = _followed(stranger, f"/invitations/{invitation.pk}/{answer}/")
        assert "That invitation is for another player." in page
        page = _followed(stranger, f"/invitations/{invitation.pk + 50}/{answer}/")
        assert "That invitation does not exist." in page
    assert Invitation.objects.get().answered is None
    assert not match.seats.filter(user=people["cy"]).exists()


def test_the_host_cancels_the_match_and_its_players_see_it_gone(people):
    ana, bo = people["ana"], people["bo"]
    match = create_match(ana, MatchSpec(game="incan-gold", players=4))
    join_match(match.pk, bo)
    _as(ana).post(f"/matches/{match.pk}/invite/", {"username": "cy"})
    page = _followed(_as(ana), f"/matches/{match.pk}/cancel/")
    assert "You cancelled the match." in page and "called off before it started" in page
    assert fresh(match).is_cancelled
    assert f"/matches/{match.pk}/" not in _as(bo).get("/").content.decode()
    assert "No invitations or rematch offers." in _offers(_as(people["cy"]))


def test_the_forms_need_their_csrf_token(people):
    match = create_match(people["ana"], MatchSpec(game="incan-gold", players=3))
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(people["ana"])
    for url in (f"/matches/{match.pk}/invite/", f"/matches/{match.pk}/cancel/"):
        assert strict.post(url, {"username": "bo"}).status_code == 403
    assert not Invitation.objects.exists()
    assert fresh(match).status == Status.OPEN


# Rematches ---------------------------------------------------------------------------------


@pytest.fixture
def finished(people):
    """A finished casual correspondence match: ana, an expert bot, bo, cy."""
    ana, bo, cy = people["ana"], people["bo"], people["cy"]
    match = recorded_match([ana, "expert", bo, cy], [1, 2, 3, 4], rated=False)
    Match.objects.filter(pk=match.pk).update(pace=Pace.CORRESPONDENCE, move_seconds=86400)
    return fresh(match)


def test_a_rematch_end_to_end(people, finished):
    ana, bo, cy = people["ana"], people["bo"], people["cy"]
    url = f"/matches/{finished.pk}/"
    offerer = _as(bo)
    page = offerer.get(url).content.decode()
    assert ">Rematch</button>" in page
    page = _followed(offerer, _form_action(page, "Rematch"))
    assert "Rematch offered" in page and "You offered a rematch." in page
    assert "Waiting for ana, cy." in page
    assert Notification.objects.filter(kind=Kind.REMATCH).count() == 2
    # One answers on the dashboard, the other on the finished match's page.
    first = _as(ana)
    row = _offers(first)
    assert f"bo offers a rematch of Incan Gold #{finished.pk}" in row
    page = _followed(first, _form_action(row, "Accept"))
    assert "You said yes to the rematch." in page and "Waiting for cy." in page
    last = _as(cy)
    page = last.get(url).content.decode()
    assert "bo offers a rematch." in page
    page = _followed(last, _form_action(page, "Accept"))
    offer = RematchOffer.objects.get()
    new = offer.new_match
    assert "The rematch has started." in page
    assert new.status == Status.ACTIVE and new.created_by == bo
    assert list(new.seats.order_by("position").values_list("user__username", "bot_level")) == [
        ("ana", ""),
        (None, "expert"),
        ("bo", ""),
        ("cy", ""),
    ]
    assert f"go to match {new.pk}" in offerer.get(url).content.decode()
    # A second click finds the rematch, and makes none.
    response = offerer.post(f"/matches/{finished.pk}/rematch/")
    assert response["Location"] == f"/matches/{new.pk}/"
    assert Match.objects.count() == 2


def test_a_declined_rematch_is_told_on_the_page(people, finished):
    bo, cy = people["bo"], people["cy"]
    _as(bo).post(f"/matches/{finished.pk}/rematch/")
    refuser = _as(cy)
    row = _offers(refuser)
    page = _followed(refuser, _form_action(row, "Decline"))
    assert "You declined the rematch." in page
    assert "cy declined the rematch." in _as(bo).get(f"/matches/{finished.pk}/").content.decode()
    stale = RematchOffer.objects.get()
    page = _followed(_as(people["ana"]), f"/rematches/{stale.pk}/accept/")
    assert "That rematch offer was declined." in page
    assert Match.objects.count() == 1


def test_a_bots_only_rematch_opens_the_new_match_at_once(people):
    ana = people["ana"]
    old = recorded_match([ana, "random", "expert"], [1, 2, 3])
    response = _as(ana).post(f"/matches/{old.pk}/rematch/")
    new = RematchOffer.objects.get().new_match
    assert response["Location"] == f"/matches/{new.pk}/"
    assert new.status == Status.ACTIVE


def test_spectators_see_no_rematch_and_cannot_offer_one(people, finished):
    spectator = _as(people["di"])
    page = spectator.get(f"/matches/{finished.pk}/").content.decode()
    assert "Rematch" not in page
    page = _followed(spectator, f"/matches/{finished.pk}/rematch/")
    assert "Only the players of this match can play it again." in page
    assert not RematchOffer.objects.exists()
    assert "Rematch" not in Client().get(f"/matches/{finished.pk}/").content.decode()
    _as(people["bo"]).post(f"/matches/{finished.pk}/rematch/")
    offer = RematchOffer.objects.get()
    page = _followed(spectator, f"/rematches/{offer.pk}/accept/")
    assert "Only the players of this match can play it again." in page
    assert (
        spectator.get(f"/matches/{finished.pk}/rematch/news/").content.decode().count("Accept") == 0
    )


def test_the_rematch_panel_asks_again_only_while_answers_are_awaited(people, finished):
    bo = _as(people["bo"])
    bo.post(f"/matches/{finished.pk}/rematch/")
    news = bo.get(f"/matches/{finished.pk}/rematch/news/", headers={"HX-Request": "true"})
    assert 'hx-trigger="every 15s"' in news.content.decode()
    offer = RematchOffer.objects.get()
    _as(people["cy"]).post(f"/rematches/{offer.pk}/decline/")
    news = bo.get(f"/matches/{finished.pk}/rematch/news/").content.decode()
    assert "cy declined the rematch." in news and "hx-trigger" not in news


def test_the_player_who_offered_may_withdraw_on_the_page(people, finished):
    bo = _as(people["bo"])
    page = _followed(bo, f"/matches/{finished.pk}/rematch/")
    page = _followed(bo, _form_action(page, "Withdraw"))
    assert "You withdrew the rematch offer." in page and "bo withdrew the rematch offer." in page
    assert RematchOffer.objects.get().status == "cancelled"


def test_rematch_answers_to_unknown_offers_say_so(people):
    page = _followed(_as(people["ana"]), "/rematches/4242/accept/")
    assert "That rematch offer does not exist." in page
    page = _followed(
        _as(people["ana"]), "/rematches/4242/decline/", {"next": "https://evil.example/"}
    )
    assert "That rematch offer does not exist." in page
    response = _as(people["ana"]).post(
        "/rematches/4242/decline/", {"next": "https://evil.example/"}
    )
    assert response["Location"] == "/"
