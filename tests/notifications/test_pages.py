"""The bell, the notifications page, opening and marking read, and the settings."""

from __future__ import annotations

import re

import pytest

from games.notifications.models import Kind, Notification, NotificationPrefs
from games.notifications.service import notify

pytestmark = pytest.mark.django_db


@pytest.fixture
def ana_client(client, user_factory):
    ana = user_factory("ana")
    client.force_login(ana)
    return client, ana


def bell_count(html: str) -> str:
    found = re.search(r"data-unread-count[^>]*>([^<]*)<", html)
    assert found, "no bell on the page"
    return found.group(1).strip()


def test_the_bell_counts_unread_notifications_on_every_page(ana_client):
    client, ana = ana_client
    assert bell_count(client.get("/").content.decode()) == ""
    notify(ana.pk, Kind.YOUR_TURN, "turn:9:1", game="incan-gold")
    notify(ana.pk, Kind.STARTED, "started:9", game="incan-gold")
    for url in ("/", "/play/", "/leaderboards/", "/notifications/"):
        html = client.get(url).content.decode()
        assert bell_count(html) == "2", url
        assert 'data-turns="1"' in html and 'data-unread="2"' in html


def test_visitors_see_no_bell_and_cannot_open_the_page(client):
    assert "data-unread-count" not in client.get("/").content.decode()
    assert client.get("/notifications/").status_code == 302


def test_the_page_lists_notifications_newest_first_and_opening_one_reads_it(
    ana_client, user_factory
):
    client, ana = ana_client
    older = notify(ana.pk, Kind.STARTED, "started:1", game="incan-gold")
    newer = notify(ana.pk, Kind.INVITATION, "invite:2", game="el-dorado", by="bo", url="/play/")
    html = client.get("/notifications/").content.decode()
    assert html.index("bo invited you to The Quest for El Dorado.") < html.index(
        "Incan Gold has started."
    )
    assert html.count('class="notification unread"') == 2
    answer = client.get(f"/notifications/{newer.pk}/open/")
    assert answer.status_code == 302 and answer["Location"] == "/play/"
    newer.refresh_from_db()
    older.refresh_from_db()
    assert newer.read is not None and older.read is None
    # Someone else's notification cannot be opened.
    bo = user_factory("bo")
    theirs = notify(bo.pk, Kind.STARTED, "started:1", game="incan-gold")
    assert client.get(f"/notifications/{theirs.pk}/open/").status_code == 404
    theirs.refresh_from_db()
    assert theirs.read is None


def test_mark_one_and_mark_all_read(ana_client, user_factory):
    client, ana = ana_client
    first = notify(ana.pk, Kind.STARTED, "started:1", game="incan-gold")
    notify(ana.pk, Kind.STARTED, "started:2", game="incan-gold")
    bo = user_factory("bo")
    theirs = notify(bo.pk, Kind.STARTED, "started:1", game="incan-gold")
    client.post("/notifications/read/", {"id": first.pk})
    assert Notification.objects.filter(user=ana, read__isnull=True).count() == 1
    client.post("/notifications/read/", {"id": theirs.pk})  # not hers: nothing happens
    client.post("/notifications/read/", {"id": "x"})
    assert Notification.objects.filter(user=bo, read__isnull=True).count() == 1
    client.post("/notifications/read/")
    assert not Notification.objects.filter(user=ana, read__isnull=True).exists()
    assert Notification.objects.filter(user=bo, read__isnull=True).count() == 1
    assert client.get("/notifications/read/").status_code == 405


def test_settings_choose_per_kind_and_channel_and_the_digest(ana_client):
    client, ana = ana_client
    page = client.get("/notifications/settings/").content.decode()
    assert 'name="your_turn__email" id="id_your_turn__email" checked' in page
    form = {f"{kind}__app": "on" for kind in Kind.values}
    form |= {"finished__email": "on", "digest": "on"}
    assert client.post("/notifications/settings/", form).status_code == 302
    prefs = NotificationPrefs.objects.get(user=ana)
    assert prefs.digest and prefs.last_digest is not None
    assert prefs.wants(Kind.FINISHED, "email") and not prefs.wants(Kind.YOUR_TURN, "email")
    assert all(prefs.wants(kind, "app") for kind in Kind.values)
    # Off on both channels: nothing is made.
    client.post("/notifications/settings/", {"finished__email": "on"})
    assert notify(ana.pk, Kind.STARTED, "started:1") is None
    assert notify(ana.pk, Kind.FINISHED, "finished:1") is not None
    # Mail only: kept for mail, never shown on the site.
    assert bell_count(client.get("/").content.decode()) == ""
