"""Bot turns through the tasks API, run at once (the immediate backend): a person's move
returns only after every bot turn it led to was played."""

from __future__ import annotations

import sys

import pytest

from games.models import MatchAction, Status
from games.play.services import bot_turns as bots
from games.play.services import play as play_service
from games.play.services.play import resign, submit_action
from games.play.services.state import current_state, engine_for
from games.records.verify import verify_match
from tests.helpers import CONTINUE, fresh, person

pytestmark = pytest.mark.django_db(transaction=True)


def _awaited(match) -> set[int]:
    match = fresh(match)
    if match.status != Status.ACTIVE:
        return set()
    return set(engine_for(match).to_act(current_state(match)))


def test_incan_gold_bots_decide_before_the_start_returns_and_after_each_reveal(make_match):
    match = make_match(bots=("random", "cautious"))
    assert _awaited(match) == {0}
    ana = person(match, "ana")
    for _ in range(5):
        match = fresh(match)
        if match.status != Status.ACTIVE:
            break
        submit_action(match.pk, ana, CONTINUE, match.version)
        assert _awaited(match) <= {0}
    assert MatchAction.objects.filter(match=match, seat__in=[1, 2]).exists()


def test_an_el_dorado_bot_plays_its_whole_turn_and_hands_over_to_the_person(make_match):
    match = make_match("el-dorado", bots=("greedy",))
    submit_action(match.pk, person(match, "ana"), {"type": "end_turn"}, match.version)
    actions = list(MatchAction.objects.filter(match=match, seat=1).order_by("seq"))
    assert actions and actions[-1].action["type"] == "end_turn"
    assert _awaited(match) == {0}


def test_a_match_left_to_bots_alone_finishes_without_the_stack_growing(make_match, monkeypatch):
    # Every person resigned: the site plays every seat to the end, one turn after another,
    # each queued after the last. Run at once, that must be a loop, not a call per turn.
    match = make_match("el-dorado", bots=("greedy",))
    depths: list[int] = []
    act = play_service.act_for_seat

    def measured(*args, **kwargs):
        frame, depth = sys._getframe(), 0
        while frame is not None:
            frame, depth = frame.f_back, depth + 1
        depths.append(depth)
        return act(*args, **kwargs)

    monkeypatch.setattr(play_service, "act_for_seat", measured)
    resign(match.pk, person(match, "ana"))
    match = fresh(match)
    assert match.status == Status.FINISHED
    assert len(depths) > 50
    assert max(depths) - min(depths) < 30
    assert verify_match(match) == []


def test_no_bot_turn_is_played_inside_another(make_match, monkeypatch):
    match = make_match(bots=("random", "expert"))
    playing, deepest = [0], [0]
    play_turn = bots.play_turn

    def counted(*args, **kwargs):
        playing[0] += 1
        deepest[0] = max(deepest[0], playing[0])
        try:
            return play_turn(*args, **kwargs)
        finally:
            playing[0] -= 1

    monkeypatch.setattr(bots, "play_turn", counted)
    resign(match.pk, person(match, "ana"))
    assert fresh(match).status == Status.FINISHED
    assert deepest == [1]


def test_a_resigned_persons_seat_is_played_on_by_the_autopilot(make_match):
    match = make_match(people=("ana", "bo", "cy"))
    resign(match.pk, person(match, "ana"))
    assert 0 not in _awaited(match)
    assert MatchAction.objects.filter(match=match, seat=0).count() == 1
