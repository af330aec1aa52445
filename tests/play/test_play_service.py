from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match, MatchAction, RatingChange, Status
from games.play.services import ActionRefused, StaleVersion
from games.play.services.clock import TIMEOUTS_BEFORE_RETIRING, tick
from games.play.services.play import resign, submit_action
from games.play.services.state import current_state, engine_for
from games.records.verify import verify_match
from tests.helpers import users

# Real commits, so the after-commit hooks that run bots and broadcasts fire as in production.
pytestmark = pytest.mark.django_db(transaction=True)

CONTINUE = {"type": "decide", "choice": "continue"}
RETURN = {"type": "decide", "choice": "return"}


def _fresh(match: Match) -> Match:
    match.refresh_from_db()
    return match


def test_a_decision_is_logged_and_versioned(ig_match):
    match = ig_match()
    people = users(match)
    version = match.version
    submit_action(match.pk, people["ana"], CONTINUE, version)
    match = _fresh(match)
    assert match.version == version + 1
    row = MatchAction.objects.get(match=match)
    assert (row.seq, row.seat, row.action, row.version) == (1, 0, CONTINUE, version + 1)


def test_when_everyone_has_decided_the_reveal_happens(ig_match):
    match = ig_match()
    people = users(match)
    for name in ("ana", "bo", "cy"):
        submit_action(match.pk, people[name], CONTINUE, _fresh(match).version)
    match = _fresh(match)
    state = current_state(match)
    assert engine_for(match).to_act(state) == frozenset({0, 1, 2})
    assert match.turn_version == match.version
    kinds = [e["type"] for e in MatchAction.objects.get(seq=3).events]
    assert "reveal" in kinds


def test_others_deciding_meanwhile_does_not_make_a_choice_stale(ig_match):
    match = ig_match()
    people = users(match)
    seen = match.version
    submit_action(match.pk, people["bo"], CONTINUE, seen)
    submit_action(match.pk, people["ana"], RETURN, seen)  # chosen on the same board: fine
    assert MatchAction.objects.filter(match=match).count() == 2


def test_a_choice_made_on_an_older_card_is_stale_and_changes_nothing(ig_match):
    match = ig_match()
    people = users(match)
    seen = match.version
    for name in ("ana", "bo", "cy"):
        submit_action(match.pk, people[name], CONTINUE, _fresh(match).version)
    before = _fresh(match).version
    with pytest.raises(StaleVersion, match="board changed"):
        submit_action(match.pk, people["bo"], RETURN, seen)
    assert _fresh(match).version == before
    assert MatchAction.objects.filter(match=match).count() == 3


def test_a_double_submit_is_applied_once(ig_match):
    match = ig_match()
    people = users(match)
    seen = match.version
    submit_action(match.pk, people["ana"], CONTINUE, seen)
    submit_action(match.pk, people["ana"], CONTINUE, seen)
    assert MatchAction.objects.filter(match=match).count() == 1


def test_pressing_the_choice_already_made_changes_nothing(ig_match):
    match = ig_match()
    people = users(match)
    submit_action(match.pk, people["ana"], CONTINUE, match.version)
    after_first = _fresh(match).version
    # On the board as it is now (the newest version), the same button pressed again.
    submit_action(match.pk, people["ana"], CONTINUE, after_first)
    submit_action(match.pk, people["ana"], CONTINUE, None)
    assert _fresh(match).version == after_first
    assert MatchAction.objects.filter(match=match).count() == 1
    # A real change of mind is still a move.
    submit_action(match.pk, people["ana"], RETURN, after_first)
    assert _fresh(match).version == after_first + 1
    assert MatchAction.objects.filter(match=match).count() == 2


def test_a_version_from_the_future_is_refused(ig_match):
    match = ig_match()
    with pytest.raises(StaleVersion):
        submit_action(match.pk, users(match)["ana"], CONTINUE, match.version + 5)


def test_a_spectator_cannot_act_for_any_seat(ig_match, user_factory):
    match = ig_match()
    eve = user_factory("eve")
    with pytest.raises(ActionRefused, match="only its players can move"):
        submit_action(match.pk, eve, CONTINUE, match.version)
    assert not MatchAction.objects.exists()


@pytest.mark.parametrize(
    "action",
    [
        "continue",
        ["decide"],
        {"choice": "continue"},
        {"type": "decide", "choice": "maybe"},
        {"type": "fly"},
    ],
)
def test_malformed_actions_are_refused_with_a_sentence(ig_match, action):
    match = ig_match()
    version = match.version
    with pytest.raises(ActionRefused) as error:
        submit_action(match.pk, users(match)["ana"], action, version)
    assert len(error.value.message) > 5
    assert _fresh(match).version == version
    assert not MatchAction.objects.exists()


def test_a_player_who_returned_cannot_act_until_the_next_round(ig_match):
    match = ig_match()
    people = users(match)
    submit_action(match.pk, people["ana"], RETURN, _fresh(match).version)
    submit_action(match.pk, people["bo"], CONTINUE, _fresh(match).version)
    round_before = current_state(_fresh(match)).round  # a few seeds end round 1 at once
    submit_action(match.pk, people["cy"], CONTINUE, _fresh(match).version)
    match = _fresh(match)
    if match.status == Status.ACTIVE and current_state(match).round == round_before:
        with pytest.raises(ActionRefused):
            submit_action(match.pk, people["ana"], CONTINUE, match.version)


def _play_out(match: Match, choice=RETURN) -> Match:
    people = {s.position: s.user for s in match.seats.all() if s.user and not s.resigned}
    for _ in range(500):
        match = _fresh(match)
        if match.status != Status.ACTIVE:
            return match
        waiting = engine_for(match).to_act(current_state(match))
        position = next(p for p in sorted(waiting) if p in people)
        submit_action(match.pk, people[position], choice, match.version)
    raise AssertionError("the match did not end")


def test_a_match_with_bots_is_played_to_the_end_and_scored(ig_match):
    match = _play_out(ig_match(bots=("cautious", "expert")))
    assert match.status == Status.FINISHED
    assert match.finished is not None
    seats = list(match.seats.order_by("position"))
    final = engine_for(match).outcome(current_state(match)).to_dict()
    assert [s.score for s in seats] == final["scores"]
    assert [s.place for s in seats] == final["places"]
    assert verify_match(match) == []


def test_acting_in_a_finished_match_is_refused(ig_match):
    match = _play_out(ig_match(bots=("random", "random")))
    with pytest.raises(ActionRefused, match="over"):
        submit_action(match.pk, users(match)["ana"], CONTINUE, match.version)


def test_a_resigned_player_is_played_by_a_bot_and_ranks_last(ig_match):
    match = ig_match(players=4, bots=("random",))
    people = users(match)
    resign(match.pk, people["bo"])
    with pytest.raises(ActionRefused, match="resigned"):
        submit_action(match.pk, people["bo"], CONTINUE, _fresh(match).version)
    match = _play_out(match, CONTINUE)
    assert match.status == Status.FINISHED
    bo = match.seats.get(user=people["bo"])
    assert bo.place == 4
    assert max(s.place for s in match.seats.all()) == 4
    assert verify_match(match) == []


def test_when_everyone_resigns_the_bots_finish_the_match_and_it_is_rated(ig_match):
    match = ig_match(bots=("random",))
    people = users(match)
    resign(match.pk, people["ana"])
    resign(match.pk, people["bo"])
    match = _fresh(match)
    assert match.status == Status.FINISHED
    seats = list(match.seats.all())
    bot = next(s for s in seats if s.user is None)
    assert bot.place == 1  # the only seat still playing ranks above both who resigned
    assert sorted(s.place for s in seats) == [1, 2, 2]  # those who resigned share the last place
    assert RatingChange.objects.filter(match=match).count() == 3
    assert verify_match(match) == []


def test_tick_plays_for_a_player_out_of_time_and_retires_them_after_three(ig_match):
    match = ig_match(bots=("random",))
    people = users(match)
    for _ in range(TIMEOUTS_BEFORE_RETIRING):
        match = _fresh(match)
        if match.status != Status.ACTIVE:
            break
        if 1 in engine_for(match).to_act(current_state(match)):
            submit_action(match.pk, people["bo"], CONTINUE, match.version)
        match = _fresh(match)
        later = match.deadline + timedelta(seconds=1)
        result = tick(now=later)
        assert result["timeouts"] >= 1
    ana = _fresh(match).seats.get(position=0)
    assert ana.timeouts == TIMEOUTS_BEFORE_RETIRING or _fresh(match).status != Status.ACTIVE
    assert verify_match(_fresh(match)) == []


def test_tick_does_nothing_before_the_deadline(ig_match):
    match = ig_match()
    assert tick(now=timezone.now())["timeouts"] == 0
    assert not MatchAction.objects.filter(match=match).exists()


def test_tick_with_an_idle_time_leaves_recently_moved_matches_alone(ig_match, queued_tasks):
    from games.play.services import clock

    match = ig_match(bots=("random",))
    people = users(match)
    submit_action(match.pk, people["ana"], {"type": "decide", "choice": "continue"}, None)
    submit_action(match.pk, people["bo"], {"type": "decide", "choice": "continue"}, None)
    assert clock.tick(idle_seconds=30)["bot_moves"] == 0
    Match.objects.filter(pk=match.pk).update(updated=timezone.now() - timedelta(minutes=1))
    assert clock.tick(idle_seconds=30)["bot_moves"] > 0


def test_a_last_time_out_that_ends_the_match_still_ranks_that_seat_below_the_others(
    ig_match, monkeypatch
):
    import random

    from games.models import Seat
    from games.play.services import clock

    match = ig_match()
    people = users(match)
    engine = engine_for(match)
    rng = random.Random(5)
    ending = None
    for _ in range(3000):  # play on until one awaited seat's move can end the match
        match = _fresh(match)
        state = current_state(match)
        waiting = sorted(engine.to_act(state))
        if len(waiting) == 1:
            position = waiting[0]
            for action in engine.legal_actions(state, position):
                if engine.is_over(engine.apply(state, position, action).state):
                    ending = (position, action)
        if ending:
            break
        position = rng.choice(waiting)
        name = next(n for n, u in people.items() if match.seats.get(position=position).user == u)
        submit_action(match.pk, people[name], rng.choice([CONTINUE, CONTINUE, RETURN]), None)
    assert ending is not None
    position, action = ending
    Seat.objects.filter(match=match, position=position).update(
        timeouts=TIMEOUTS_BEFORE_RETIRING - 1
    )
    monkeypatch.setattr(clock, "choose_for_seat", lambda *args, **kwargs: action)
    assert clock.time_out(match.pk, now=_fresh(match).deadline + timedelta(seconds=1)) == 1
    match = _fresh(match)
    assert match.status == Status.FINISHED
    seat = match.seats.get(position=position)
    assert seat.resigned and seat.timeouts == TIMEOUTS_BEFORE_RETIRING
    assert seat.place == match.players  # retired by that move: below everyone still playing
    assert all(s.place < seat.place for s in match.seats.exclude(position=position))
    assert verify_match(match) == []
