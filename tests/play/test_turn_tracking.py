"""Whose turn it is is stored on the seats, so dashboards tell it with plain queries."""

from __future__ import annotations

import importlib
import random

import pytest
from django.apps import apps

from games.engines.registry import get_engine
from games.models import Match, Seat, Status
from games.play import lobby_queries as lobby
from games.play.services.bot_turns import choose_for_seat
from games.play.services.lobby import MatchSpec, create_match, join_match
from games.play.services.play import act_for_seat, resign, submit_action
from games.play.services.state import current_state, engine_for
from games.records.verify import verify_match
from tests.helpers import users

# Real commits, so the after-commit hooks that play bots fire as in production.
pytestmark = pytest.mark.django_db(transaction=True)

CONTINUE = {"type": "decide", "choice": "continue"}
RETURN = {"type": "decide", "choice": "return"}


def _fresh(match: Match) -> Match:
    match.refresh_from_db()
    return match


def _stored(match: Match) -> set[int]:
    return set(Seat.objects.filter(match=match, to_move=True).values_list("position", flat=True))


def _awaited(match: Match) -> set[int]:
    match = _fresh(match)
    if match.status != Status.ACTIVE:
        return set()
    return set(engine_for(match).to_act(current_state(match)))


def test_an_open_match_waits_for_nobody_and_the_start_marks_everyone_deciding(user_factory):
    ana, bo, cy = user_factory("ana"), user_factory("bo"), user_factory("cy")
    match = create_match(ana, MatchSpec(game="incan-gold", players=3))
    join_match(match.pk, bo)
    assert _stored(match) == set()
    join_match(match.pk, cy)
    assert _fresh(match).status == Status.ACTIVE
    assert _stored(match) == {0, 1, 2}


def test_simultaneous_decisions_clear_each_seat_and_the_reveal_asks_everyone_again(ig_match):
    match = ig_match()
    people = users(match)
    submit_action(match.pk, people["ana"], CONTINUE, _fresh(match).version)
    assert _stored(match) == {1, 2}
    assert lobby.your_turn_count(people["ana"]) == 0
    assert lobby.your_turn_count(people["bo"]) == 1
    submit_action(match.pk, people["bo"], RETURN, _fresh(match).version)
    assert _stored(match) == {2}
    # The round is read, not assumed: a few seeds end the first round on its opening cards.
    round_before = current_state(_fresh(match)).round
    submit_action(match.pk, people["cy"], CONTINUE, _fresh(match).version)
    assert _stored(match) == _awaited(match)
    if _fresh(match).status != Status.ACTIVE:  # that was the last round's end
        assert _stored(match) == set()
    elif current_state(_fresh(match)).round == round_before:
        # After the reveal the seats still in the temple decide anew; bo went home.
        assert _stored(match) == {0, 2}
    else:  # the card turned was a second hazard of a kind: a new round asks everyone
        assert _stored(match) == {0, 1, 2}


def test_every_move_keeps_the_stored_seats_equal_to_the_engine_until_the_end(ig_match):
    match = ig_match()
    people = {s.position: s.user for s in match.seats.all()}
    rng = random.Random(3)
    for _ in range(500):
        match = _fresh(match)
        if match.status != Status.ACTIVE:
            break
        assert _stored(match) == _awaited(match)
        position = sorted(_awaited(match))[0]
        submit_action(match.pk, people[position], rng.choice([CONTINUE, RETURN]), match.version)
    assert _fresh(match).status == Status.FINISHED
    assert _stored(match) == set()
    assert verify_match(match) == []


def test_el_dorado_turns_pass_from_seat_to_seat(user_factory):
    ana, bo = user_factory("ana"), user_factory("bo")
    match = create_match(ana, MatchSpec(game="el-dorado", players=2))
    join_match(match.pk, bo)
    assert _stored(match) == _awaited(match) == {0}
    seen = {0}
    for _ in range(60):
        match = _fresh(match)
        position = next(iter(_awaited(match)))
        action = choose_for_seat(match, current_state(match), position, "random", "test")
        act_for_seat(match.pk, position, action, match.version)
        assert _stored(match) == _awaited(match)
        seen |= _stored(match)
        if seen == {0, 1}:
            break
    assert seen == {0, 1}
    assert verify_match(_fresh(match)) == []


def test_resigning_takes_the_match_off_the_players_turn_list_and_bots_finish_it(ig_match):
    match = ig_match(bots=("random", "random"))
    ana = users(match)["ana"]
    assert lobby.your_turn_count(ana) == 1
    assert [m.your_turn for m in lobby.my_matches(ana)] == [True]
    resign(match.pk, ana)
    # Her autopilot plays on at once (inline runner), to the end.
    match = _fresh(match)
    assert match.status == Status.FINISHED
    assert _stored(match) == set()
    assert lobby.your_turn_count(ana) == 0
    assert lobby.my_matches(ana) == []


def test_a_retired_seat_still_awaited_is_not_the_players_turn(ig_match):
    match = ig_match()
    people = users(match)
    # Retired as the clock does it, before the autopilot has played the seat.
    Seat.objects.filter(match=match, position=1).update(resigned=True)
    assert 1 in _stored(match)
    assert lobby.your_turn_count(people["bo"]) == 0
    assert lobby.my_matches(people["bo"]) == []
    assert lobby.your_turn_count(people["ana"]) == 1


def test_the_dashboard_lists_the_players_turns_first(ig_match, user_factory):
    match = ig_match()
    people = users(match)
    other = create_match(people["ana"], MatchSpec(game="el-dorado", players=4))
    submit_action(match.pk, people["ana"], CONTINUE, _fresh(match).version)
    listed = lobby.my_matches(people["ana"])
    # Neither waits for her: the running one, with a clock, comes before the open one.
    assert [(m.match.pk, m.your_turn) for m in listed] == [(match.pk, False), (other.pk, False)]
    listed = lobby.my_matches(people["bo"])
    assert [(m.match.pk, m.your_turn, m.seats_taken) for m in listed] == [(match.pk, True, 3)]


def test_the_migration_fills_the_seats_of_running_matches(ig_match):
    match = ig_match()
    people = users(match)
    submit_action(match.pk, people["ana"], CONTINUE, _fresh(match).version)
    expected = _stored(match)
    Seat.objects.update(to_move=False)
    # A stale snapshot too: the fill folds the log instead.
    Match.objects.filter(pk=match.pk).update(snapshot=None)
    migration = importlib.import_module("games.migrations.0003_seat_to_move")
    migration.fill_to_move(apps, None)
    assert _stored(match) == expected == {1, 2}


def test_verify_reports_seats_marked_wrongly(ig_match):
    match = ig_match()
    Seat.objects.filter(match=match, position=0).update(to_move=False)
    problems = verify_match(_fresh(match))
    assert [p.problem for p in problems] == ["the seats marked to move differ from the replay"]


@pytest.fixture
def no_decoding(monkeypatch):
    """Call it to make any later decode of a match state fail loudly."""

    def refuse(*args, **kwargs):
        raise AssertionError("a match state was decoded")

    def arm() -> None:
        monkeypatch.setattr("games.play.services.state.current_state", refuse)
        monkeypatch.setattr("games.play.services.state.fold", refuse)
        for key in ("incan-gold", "el-dorado"):
            monkeypatch.setattr(get_engine(key), "from_json", refuse)

    return arm


def _busy_player(ig_match, user_factory):
    match = ig_match()
    ana = users(match)["ana"]
    for _ in range(4):
        create_match(ana, MatchSpec(game="incan-gold", players=3, bots=("random", "random")))
    create_match(ana, MatchSpec(game="el-dorado", players=4))
    return ana


@pytest.mark.parametrize("page", ["/", "/play/", "/u/ana/"])
def test_dashboards_decode_no_state_and_make_few_queries(
    client, ig_match, user_factory, no_decoding, django_assert_max_num_queries, page
):
    ana = _busy_player(ig_match, user_factory)
    client.force_login(ana)
    no_decoding()
    with django_assert_max_num_queries(15):
        response = client.get(page)
    assert response.status_code == 200


def test_the_home_page_counts_every_turn_without_decoding(
    client, ig_match, user_factory, no_decoding
):
    ana = _busy_player(ig_match, user_factory)
    client.force_login(ana)
    no_decoding()
    body = client.get("/").content.decode()
    # One match of people and four against bots wait for her; the open one does not.
    assert "5 waiting for your move" in body


def test_a_players_own_move_clears_their_time_outs_and_leaves_the_others(ig_match):
    match = ig_match()
    people = users(match)
    Seat.objects.filter(match=match).update(timeouts=2)
    submit_action(match.pk, people["bo"], CONTINUE, _fresh(match).version)
    counts = dict(Seat.objects.filter(match=match).values_list("position", "timeouts"))
    assert counts == {0: 2, 1: 0, 2: 2}
    assert _stored(match) == {0, 2}


def test_a_move_writes_only_the_seats_whose_turn_changed(ig_match):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    match = ig_match()
    people = users(match)
    with CaptureQueriesContext(connection) as seen:
        submit_action(match.pk, people["ana"], CONTINUE, _fresh(match).version)
    seat_writes = [
        q["sql"] for q in seen.captured_queries if q["sql"].startswith('UPDATE "games_seat"')
    ]
    assert len(seat_writes) == 1  # ana is no longer awaited; bo and cy still are
    assert _stored(match) == {1, 2}
