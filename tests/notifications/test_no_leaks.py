"""Notifications carry no secret: no page of them, pushed message or mail holds the seed or
what another player chose."""

from __future__ import annotations

import json

import pytest
from django.core import mail
from django.test import Client

from games.models import Match
from games.notifications.delivery import inbox_message
from games.notifications.models import Notification
from games.play.services.play import submit_action
from tests.helpers import RETURN, fresh, person

pytestmark = pytest.mark.django_db


def test_no_notification_surface_carries_the_seed_or_a_choice(
    corr_match, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = corr_match()
    seed = 7_315_993_204_117_000_123
    Match.objects.filter(pk=match.pk).update(seed=seed)
    with django_capture_on_commit_callbacks(execute=True):
        submit_action(match.pk, person(match, "ana"), RETURN, fresh(match).version)
    surfaces = [m.subject + m.body + json.dumps(m.extra_headers) for m in mail.outbox]
    for name in ("ana", "bo", "cy"):
        user = person(match, name)
        client = Client()
        client.force_login(user)
        surfaces.append(client.get("/notifications/").content.decode())
        for note in Notification.objects.filter(user=user):
            surfaces.append(json.dumps(inbox_message(user.pk, note.pk)))
            surfaces.append(json.dumps(note.data))
    assert surfaces and all(str(seed) not in text for text in surfaces)
    assert all("return" not in text.lower() for text in surfaces)  # ana's secret choice
