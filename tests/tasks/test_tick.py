"""`manage.py tick` is the safety net: it finds what no task played (a worker down, a task
lost) and plays it in its own process. The web process starts no thread of its own."""

from __future__ import annotations

import importlib
import threading
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from games.models import Match, MatchAction
from games.play.services.clock import tick
from games.play.services.play import submit_action
from games.play.services.state import current_state, engine_for
from tests.helpers import fresh, person

pytestmark = pytest.mark.django_db(transaction=True)


def test_tick_plays_an_overdue_time_out_no_task_played(make_match, queued_tasks):
    match = make_match(people=("ana", "bo", "cy"))
    later = fresh(match).deadline + timedelta(seconds=1)
    assert tick(now=later) == {"timeouts": 3, "bot_moves": 0}
    assert [s.timeouts for s in fresh(match).seats.all()] == [1, 1, 1]


def test_tick_plays_a_bot_turn_no_worker_ran_up_to_the_persons_turn(make_match, queued_tasks):
    match = make_match("el-dorado", bots=("greedy", "random"))
    submit_action(match.pk, person(match, "ana"), {"type": "end_turn"}, match.version)
    assert not MatchAction.objects.filter(match=match, seat__in=[1, 2]).exists()
    played = tick()["bot_moves"]
    assert played == MatchAction.objects.filter(match=match, seat__in=[1, 2]).count() >= 2
    match = fresh(match)
    assert engine_for(match).to_act(current_state(match)) == {0}
    assert tick()["bot_moves"] == 0


def test_tick_leaves_a_recent_match_to_its_queued_task_when_asked_to(make_match, queued_tasks):
    match = make_match(bots=("random",), people=("ana", "bo"))
    assert tick(idle_seconds=30)["bot_moves"] == 0
    Match.objects.filter(pk=match.pk).update(updated=timezone.now() - timedelta(minutes=1))
    assert tick(idle_seconds=30)["bot_moves"] == 1


def test_the_tick_command_reports_what_it_played(make_match, queued_tasks, capsys):
    make_match(bots=("random",), people=("ana", "bo"))
    call_command("tick")
    assert capsys.readouterr().out.strip() == (
        "time-outs played: 0, bot moves: 1, deadline warnings: 0, digests: 0"
    )


def test_loading_the_web_application_starts_no_thread():
    import config.asgi

    before = set(threading.enumerate())
    importlib.reload(config.asgi)
    assert set(threading.enumerate()) == before
