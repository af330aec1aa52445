"""Two workers telling the same event at the same moment make one notification and one mail
(PostgreSQL, where workers really write side by side)."""

from __future__ import annotations

import os
from datetime import timedelta

import pytest
from django.core import mail

from games.notifications.mail import send_one
from games.notifications.models import Kind, Notification
from games.notifications.sweep import warn_if_due
from games.play.services.play import submit_action
from tests.helpers import RETURN, WORKERS, fresh, person, side_by_side

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not os.environ.get("DATABASE_URL"), reason="needs PostgreSQL"),
]


def test_racing_warnings_make_one_notification(corr_match):
    match = corr_match()
    submit_action(match.pk, person(match, "ana"), RETURN, match.version)
    submit_action(match.pk, person(match, "cy"), RETURN, fresh(match).version)
    match = fresh(match)
    later = match.turn_started + timedelta(hours=20)
    told = side_by_side(lambda: warn_if_due(match.pk, match.turn_version, now=later))
    assert sorted(told) == [0] * (WORKERS - 1) + [1]
    assert Notification.objects.filter(kind=Kind.DEADLINE).count() == 1


def test_racing_mail_tasks_send_one_mail(corr_match):
    match = corr_match()
    note = Notification.objects.get(user=person(match, "bo"), kind=Kind.YOUR_TURN)
    assert len([m for m in mail.outbox if "bo@example.com" in m.to]) == 1  # mailed at the start
    # As if its task were queued twice and both copies ran at once.
    Notification.objects.filter(pk=note.pk).update(mailed=None)
    mail.outbox.clear()
    sent = side_by_side(lambda: send_one(note.pk))
    assert sent.count(True) == 1
    assert len([m for m in mail.outbox if "bo@example.com" in m.to]) == 1


@pytest.mark.parametrize("kind", Kind.values)
def test_every_kind_told_by_two_workers_at_once_is_made_once(user_factory, kind):
    from games.notifications.service import notify

    ana = user_factory("ana")
    made = side_by_side(lambda: notify(ana.pk, kind, f"{kind}:race", game="incan-gold"))
    assert sum(note is not None for note in made) == 1, made
    assert Notification.objects.filter(user=ana, kind=kind).count() == 1
