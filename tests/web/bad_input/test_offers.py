"""Invitations, cancelling and rematches: bad ids, wrong players, wrong methods, guests.

Every probe checks the answer (a status, a message a player can act on) and that the match,
its seats, its log and the invitations and offers are as they were.
"""

from __future__ import annotations

import pytest

from games.models import Invitation, RematchOffer
from games.play.services.invitations import invite
from tests.helpers import recorded_match
from tests.web.bad_input.probes import HUGE, as_user, flashed, snapshot


def _offers() -> tuple:
    return (
        list(Invitation.objects.values_list("pk", "answered", "accepted")),
        list(RematchOffer.objects.values_list("pk", "status", "new_match")),
    )


@pytest.mark.parametrize("offer_id", ["0", "424242", HUGE])
@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/invitations/{}/accept/", "That invitation does not exist."),
        ("/invitations/{}/decline/", "That invitation does not exist."),
        ("/rematches/{}/accept/", "That rematch offer does not exist."),
        ("/rematches/{}/decline/", "That rematch offer does not exist."),
    ],
)
def test_answers_to_unknown_ids_say_so(web, open_match, offer_id, path, message):
    match, people = open_match
    before = snapshot(match), _offers()
    response = as_user(web, people["bo"]).post(path.format(offer_id))
    assert response.status_code == 302
    assert message in flashed(web, response)
    assert (snapshot(match), _offers()) == before


@pytest.mark.parametrize(
    "path", ["/matches/{}/invite/", "/matches/{}/cancel/", "/matches/{}/rematch/"]
)
def test_match_actions_on_unknown_matches_are_404(web, open_match, path):
    _, people = open_match
    client = as_user(web, people["ana"])
    for match_id in ("424242", HUGE):
        assert client.post(path.format(match_id), {"username": "bo"}).status_code == 404
    assert _offers() == ([], [])


@pytest.mark.parametrize(
    "path",
    [
        "/matches/{match}/invite/",
        "/matches/{match}/cancel/",
        "/matches/{match}/rematch/",
        "/invitations/1/accept/",
        "/invitations/1/decline/",
        "/rematches/1/accept/",
        "/rematches/1/decline/",
    ],
)
def test_changes_are_post_only_and_need_a_login(web, open_match, user_factory, path):
    match, people = open_match
    invite(match.pk, people["ana"], user_factory("cy").username)
    before = snapshot(match), _offers()
    url = path.format(match=match.pk)
    assert as_user(web, people["bo"]).get(url).status_code == 405
    web.logout()
    response = web.post(url, {"username": "bo"})
    assert response.status_code == 302 and response["Location"].startswith("/login/")
    assert (snapshot(match), _offers()) == before


@pytest.mark.parametrize("which", ["open_match", "ig"])
def test_a_rematch_of_a_running_or_open_match_is_refused(web, request, which):
    match, people = request.getfixturevalue(which)
    before = snapshot(match)
    response = as_user(web, people["ana"]).post(f"/matches/{match.pk}/rematch/")
    assert "Only a finished match can be played again." in flashed(web, response)
    assert snapshot(match) == before
    assert not RematchOffer.objects.exists()


def test_a_rematch_of_a_cancelled_match_is_refused(web, cancelled):
    match, ana = cancelled
    response = as_user(web, ana).post(f"/matches/{match.pk}/rematch/")
    assert "Only a finished match can be played again." in flashed(web, response)
    assert not RematchOffer.objects.exists()


def test_an_invitation_with_a_huge_or_odd_name_is_refused(web, open_match):
    match, people = open_match
    before = snapshot(match)
    client = as_user(web, people["ana"])
    for name in (HUGE * 10, "\x00", "<script>", "ana\nbo"):
        response = client.post(f"/matches/{match.pk}/invite/", {"username": name})
        page = flashed(web, response)
        assert response.status_code == 302
        assert "<script>" not in page
    assert snapshot(match) == before
    assert not Invitation.objects.exists()


def test_someone_elses_rematch_offer_cannot_be_answered(web, user_factory):
    ana, bo, eve = user_factory("ana"), user_factory("bo"), user_factory("eve")
    done = recorded_match([ana, bo], [1, 2])
    as_user(web, ana).post(f"/matches/{done.pk}/rematch/")
    offer = RematchOffer.objects.get()
    for answer in ("accept", "decline"):
        response = as_user(web, eve).post(f"/rematches/{offer.pk}/{answer}/")
        assert "Only the players of this match can play it again." in flashed(web, response)
    assert RematchOffer.objects.get().status == "open"
