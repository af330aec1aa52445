"""Notification mail: one per turn, a working one-click unsubscribe, the daily digest."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from games.notifications.mail import send_digest, send_one, unsubscribe_token
from games.notifications.models import Kind, Notification, NotificationPrefs
from games.notifications.service import notify
from games.play.services.play import submit_action
from tests.helpers import CONTINUE, fresh, person

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://\S+")


def mails_to(address: str) -> list:
    return [m for m in mail.outbox if address in m.to]


def test_each_person_gets_one_your_turn_mail_per_turn(
    corr_match, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = corr_match()
    for name in ("ana", "bo", "cy"):
        sent = mails_to(f"{name}@example.com")
        assert len(sent) == 1, name  # "started" is not mailed unless asked for
        assert f"#{match.pk}" in sent[0].subject
        assert f"/matches/{match.pk}/" in sent[0].body
    # ana moves: the others are still on the same turn and are not mailed again.
    with django_capture_on_commit_callbacks(execute=True):
        submit_action(match.pk, person(match, "ana"), CONTINUE, match.version)
    assert len(mail.outbox) == 3
    # A task run twice sends once.
    note = Notification.objects.get(user__username="bo", kind=Kind.YOUR_TURN)
    assert send_one(note.pk) is False
    assert len(mail.outbox) == 3


def test_a_turn_already_played_is_not_mailed(corr_match):
    match = corr_match()  # the callbacks did not run: nothing queued, nothing sent
    submit_action(match.pk, person(match, "ana"), CONTINUE, match.version)
    note = Notification.objects.get(user__username="ana", kind=Kind.YOUR_TURN)
    assert send_one(note.pk) is False
    assert mail.outbox == []
    other = Notification.objects.get(user__username="bo", kind=Kind.YOUR_TURN)
    assert send_one(other.pk) is True
    assert len(mail.outbox) == 1


def test_the_mails_link_unsubscribes_in_one_click_and_can_be_undone(
    corr_match, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = corr_match()
    sent = mails_to("bo@example.com")[0]
    header = sent.extra_headers["List-Unsubscribe"].strip("<>")
    assert sent.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    links = [url for url in LINK.findall(sent.body) if "/unsubscribe/" in url]
    assert header in links
    path = header.split("://", 1)[1].split("/", 1)[1]
    page = Client().get("/" + path)
    assert page.status_code == 200
    bo = person(match, "bo")
    prefs = NotificationPrefs.objects.get(user=bo)
    assert prefs.wants(Kind.YOUR_TURN, "email") is False
    assert prefs.wants(Kind.YOUR_TURN, "app") is True
    assert prefs.wants(Kind.FINISHED, "email") is True  # only that kind
    # No more "your turn" mail for bo.
    before = len(mail.outbox)
    with django_capture_on_commit_callbacks(execute=True):
        for name in ("ana", "bo", "cy"):
            submit_action(match.pk, person(match, name), CONTINUE, fresh(match).version)
    assert not [m for m in mail.outbox[before:] if "bo@example.com" in m.to]
    # Undo on the same page.
    Client(enforce_csrf_checks=True).post("/" + path, {"undo": "1"})
    assert NotificationPrefs.objects.get(user=bo).wants(Kind.YOUR_TURN, "email") is True


def test_a_mail_program_may_unsubscribe_by_post(user_factory):
    ana = user_factory("ana")
    token = unsubscribe_token(ana.pk, "all")
    answer = Client(enforce_csrf_checks=True).post(
        f"/notifications/unsubscribe/{token}/", {"List-Unsubscribe": "One-Click"}
    )
    assert answer.status_code == 200
    prefs = NotificationPrefs.objects.get(user=ana)
    assert not any(prefs.wants(kind, "email") for kind in Kind.values)


def test_a_forged_unsubscribe_link_changes_nothing(user_factory):
    ana = user_factory("ana")
    token = unsubscribe_token(ana.pk, Kind.YOUR_TURN)
    forged = token[:-3] + ("aaa" if not token.endswith("aaa") else "bbb")
    assert Client().get(f"/notifications/unsubscribe/{forged}/").status_code == 400
    assert not NotificationPrefs.objects.filter(user=ana).exists()


def test_the_digest_sends_one_mail_a_day_with_everything_new(user_factory):
    ana = user_factory("ana")
    NotificationPrefs.objects.create(
        user=ana, digest=True, last_digest=timezone.now() - timedelta(days=2)
    )
    notify(ana.pk, Kind.YOUR_TURN, "turn:1:1", game="incan-gold")
    notify(ana.pk, Kind.STARTED, "started:2", game="el-dorado")  # not wanted by mail
    notify(ana.pk, Kind.FINISHED, "finished:3", game="el-dorado", place=1, players=2)
    assert mail.outbox == []  # no single mails for a digest reader
    assert send_digest(ana.pk) == 2
    assert len(mail.outbox) == 1
    body = mail.outbox[0].body
    assert "It is your turn in Incan Gold." in body
    assert "The Quest for El Dorado is over: you placed 1st of 2." in body
    assert "has started" not in body
    assert "List-Unsubscribe" in mail.outbox[0].extra_headers
    notify(ana.pk, Kind.YOUR_TURN, "turn:1:2", game="incan-gold")
    assert send_digest(ana.pk) == 0  # one a day
    assert send_digest(ana.pk, now=timezone.now() + timedelta(days=1, minutes=1)) == 1
    assert len(mail.outbox) == 2
