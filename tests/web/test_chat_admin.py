"""Staff's list of reported chat messages: what was said, where, by and to whom; hiding."""

from __future__ import annotations

import pytest
from django.test import Client

from games.chat.models import ChatMessage, ChatReport
from games.chat.service import post_message, report
from tests.helpers import users

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(user_factory) -> Client:
    admin_user = user_factory("root")
    admin_user.is_staff = admin_user.is_superuser = True
    admin_user.save()
    client = Client()
    client.force_login(admin_user)
    return client


@pytest.fixture
def reported(ig_match):
    match = ig_match()
    people = users(match)
    message = post_message(match, people["bo"], "you are all cheats")
    report(message, people["ana"], "insult")
    return match, people, message


def test_a_report_is_listed_for_staff_with_the_message_and_its_match(staff, reported):
    match, people, message = reported
    page = staff.get("/admin/games/chatreport/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "you are all cheats" in html and "insult" in html
    assert f'href="/matches/{match.pk}/"' in html
    assert "ana" in html and "bo" in html  # reporter and author


def test_reports_are_not_for_players(client, reported):
    _, people, _ = reported
    client.force_login(people["ana"])
    response = client.get("/admin/games/chatreport/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_staff_hide_a_reported_message_and_it_leaves_the_pages(staff, reported, client):
    match, _, message = reported
    response = staff.post(
        "/admin/games/chatreport/",
        {"action": "hide_messages", "_selected_action": [ChatReport.objects.get().pk]},
    )
    assert response.status_code == 302
    assert ChatMessage.objects.get(pk=message.pk).hidden
    assert ChatReport.objects.get().resolved
    assert "you are all cheats" not in client.get(f"/matches/{match.pk}/").content.decode()


def test_messages_are_listed_read_only_and_can_be_hidden(staff, reported):
    _, _, message = reported
    listing = staff.get("/admin/games/chatmessage/").content.decode()
    assert "you are all cheats" in listing
    detail = staff.post(f"/admin/games/chatmessage/{message.pk}/change/", {"text": "edited"})
    assert detail.status_code == 403
    staff.post("/admin/games/chatmessage/", {"action": "hide", "_selected_action": [message.pk]})
    stored = ChatMessage.objects.get(pk=message.pk)
    assert (stored.text, stored.hidden) == ("you are all cheats", True)
