"""A task run twice, late, or by two workers at once plays once: each re-reads the match and
every move is applied under the row lock against the version it was chosen for."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from games.models import MatchAction, Status
from games.play.services import bot_turns as bots
from games.play.services.play import submit_action
from games.tasks import bot_turn
from tests.helpers import CONTINUE, bot_turns, fresh, person, run

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_bot_turn_run_twice_plays_once(make_match, queued_tasks):
    match = make_match("el-dorado", bots=("greedy",))
    submit_action(match.pk, person(match, "ana"), {"type": "end_turn"}, match.version)
    queued = bot_turns(queued_tasks)[-1]
    played = run(queued)
    assert played >= 1
    rows = MatchAction.objects.filter(match=match).count()
    version = fresh(match).version
    assert run(queued) == 0
    assert MatchAction.objects.filter(match=match).count() == rows
    assert fresh(match).version == version


def test_a_bot_turn_for_a_version_the_match_left_plays_nothing(make_match, queued_tasks):
    match = make_match(bots=("random",), people=("ana", "bo"))
    submit_action(match.pk, person(match, "ana"), CONTINUE, match.version)
    assert bot_turn.call(match.pk, match.version) == 0
    assert bot_turn.call(match.pk, match.version + 5) == 0
    assert not MatchAction.objects.filter(match=match, seat=1).exists()


def test_a_bot_turn_for_a_finished_or_missing_match_plays_nothing(make_match, queued_tasks):
    match = make_match(bots=("random",), people=("ana", "bo"))
    assert bot_turn.call(match.pk + 1000, 1) == 0
    type(match).objects.filter(pk=match.pk).update(status=Status.FINISHED)
    assert bot_turn.call(match.pk, match.version) == 0


def test_two_workers_on_one_turn_play_it_once(make_match, queued_tasks, monkeypatch):
    # The second worker runs the same task while the first is still choosing its move.
    match = make_match("el-dorado", bots=("greedy",))
    submit_action(match.pk, person(match, "ana"), {"type": "end_turn"}, match.version)
    queued = bot_turns(queued_tasks)[-1]
    choose = bots.choose_for_seat
    other: dict[str, int] = {}

    def other_worker() -> None:
        try:
            other["moves"] = run(queued)
        finally:
            connection.close()

    def slow_choice(*args, **kwargs):
        if threading.current_thread() is threading.main_thread() and not other:
            other["moves"] = 0
            worker = threading.Thread(target=other_worker)
            worker.start()
            worker.join()
        return choose(*args, **kwargs)

    monkeypatch.setattr(bots, "choose_for_seat", slow_choice)
    first = run(queued)
    assert other["moves"] >= 1
    assert first == 0
    rows = list(MatchAction.objects.filter(match=match, seat=1).order_by("seq"))
    assert len(rows) == other["moves"]
    assert [r.seq for r in rows] == list(range(rows[0].seq, rows[0].seq + len(rows)))
