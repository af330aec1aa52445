"""Post-game analysis: every decision of a finished match judged by the expert (Incan Gold: each
choice to stay or return; El Dorado: each turn against the expert's), worked out once on the
task queue, stored, and shown beside each replay step."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from games.bots.el_dorado import analysis as ed_analysis
from games.bots.incan_gold.analysis import (
    Decision,
    analyse,
    reveals,
    summaries,
    turning_points,
)
from games.models import MatchAnalysis
from games.play.services.state import logged_actions, start_state
from games.records.analysis import run_analysis
from tests.helpers import finished_match
from tests.i18n.english import english

pytestmark = pytest.mark.django_db(transaction=True)


def _url(match, step: int = 0) -> str:
    return f"/matches/{match.pk}/replay/analysis/?step={step}"


def _decision(step, seat, choice, returning, staying, carried=5) -> Decision:
    return Decision(step, seat, 1, carried, choice, returning, staying)


def test_a_decision_is_judged_against_the_better_choice():
    stayed_well = _decision(3, 0, "continue", returning=5.0, staying=8.0)
    left_early = _decision(3, 1, "return", returning=5.0, staying=8.1)
    nearly = _decision(4, 0, "return", returning=5.0, staying=5.4)
    assert (stayed_well.loss, stayed_well.good, stayed_well.best) == (0, True, "continue")
    assert left_early.loss == pytest.approx(3.1) and not left_early.good
    assert nearly.good, "within the tolerance the estimates cannot tell the choices apart"
    ana, bo = summaries([stayed_well, left_early, nearly], players=2)
    assert (ana.decisions, ana.good, ana.accuracy) == (2, 2, 100)
    assert (bo.decisions, bo.good, bo.accuracy, bo.lost) == (1, 0, 0, 3.1)
    assert turning_points([stayed_well, left_early, nearly]) == [left_early]


def test_every_revealed_choice_is_judged_the_same_way_twice(user_factory):
    match = finished_match(user_factory("ana"))
    state, _ = start_state(match)
    actions = logged_actions(match)
    first = analyse(state, actions, seed=match.seed, rollouts=20)
    chose = [
        (step, seat, "return" if seat in r["returning"] else "continue")
        for step, _, r in reveals(state, actions)
        for seat in sorted(r["returning"] + r["continuing"])
    ]
    assert [(d.step, d.seat, d.choice) for d in first] == chose
    assert all(d.loss >= 0 for d in first)
    assert analyse(state, actions, seed=match.seed, rollouts=20) == first


def test_asking_for_it_works_it_out_once_and_stores_it(client, user_factory):
    match = finished_match(user_factory("ana"))
    body = client.get(_url(match)).content.decode()
    record = MatchAnalysis.objects.get(match=match)
    assert record.finished is not None and record.done == record.total == len(record.decisions)
    state, _ = start_state(match)
    expected = analyse(
        state, logged_actions(match), seed=match.seed, rollouts=settings.ANALYSIS_ROLLOUTS
    )
    assert record.decisions == [d.to_json() for d in expected]
    assert "Accuracy" in body and "Turning points" in body
    for name in match.seat_names():
        assert name in body
    # Asked again, nothing is worked out twice.
    assert run_analysis(match.pk) == record.done
    assert MatchAnalysis.objects.filter(match=match).count() == 1


def test_a_step_shows_the_decisions_revealed_there(client, user_factory):
    match = finished_match(user_factory("ana"))
    client.get(_url(match))
    decisions = [Decision.from_json(d) for d in MatchAnalysis.objects.get(match=match).decisions]
    step = decisions[0].step
    body = client.get(_url(match, step)).content.decode()
    here = [d for d in decisions if d.step == step]
    assert len(re.findall(r'<li class="analysis-(good|miss)">', body)) == len(here)
    for d in here:
        verb = "returned" if d.choice == "return" else "stayed"
        assert f"{match.seat_names()[d.seat]} {verb} with {d.carried} gems" in body
    assert "No decision was revealed at this step." in client.get(_url(match, 0)).content.decode()


def test_while_it_is_worked_out_the_panel_shows_progress_and_asks_again(client, user_factory):
    match = finished_match(user_factory("ana"))
    MatchAnalysis.objects.create(match=match, done=3, total=12)
    body = client.get(_url(match, 5)).content.decode()
    assert 'value="25"' in body and "<progress" in body
    assert f'hx-get="{_url(match, 5)}"' in body and 'hx-trigger="load delay:2s"' in body


def test_the_replay_page_loads_it_beside_each_step(client, user_factory):
    match = finished_match(user_factory("ana"))
    body = client.get(f"/matches/{match.pk}/replay/?step=4").content.decode()
    assert f'hx-get="{_url(match, 4)}"' in body
    assert not MatchAnalysis.objects.exists(), "the replay page itself starts no work"


def test_no_analysis_for_a_match_still_playing(client, ig_match):
    playing = ig_match()
    assert client.get(_url(playing)).status_code == 404
    assert not MatchAnalysis.objects.exists()


def test_it_reads_in_japanese(client, user_factory):
    match = finished_match(user_factory("ana"))
    body = client.get(_url(match), headers={"Accept-Language": "ja"}).content.decode()
    assert "正確さ" in body or "精度" in body
    names = {n.lower() for n in match.seat_names() for n in n.split()}
    assert english(body, also=names) == []


def test_two_sentences_side_by_side_are_spaced_in_english_and_not_in_japanese(client, user_factory):
    match = finished_match(user_factory("ana"))
    english_body = client.get(_url(match)).content.decode()
    assert re.search(r"\. (<strong>)?The expert would have", english_body)
    body = client.get(_url(match), headers={"Accept-Language": "ja"}).content.decode()
    turning = body.split('class="analysis-turning"')[1].split("</ol>")[0]
    assert "。" in turning and "。 " not in turning


def test_an_el_dorado_match_is_judged_turn_by_turn_beside_its_replay(client, user_factory):
    match = finished_match(user_factory("eve"), "el-dorado", options={"map": "home-stretch"})
    assert (
        f'hx-get="{_url(match, 2)}"'
        in client.get(f"/matches/{match.pk}/replay/?step=2").content.decode()
    )
    body = client.get(_url(match)).content.decode()
    record = MatchAnalysis.objects.get(match=match)
    state, _ = start_state(match)
    expected = ed_analysis.analyse(state, logged_actions(match), seed=match.seed)
    assert record.decisions == [t.to_json() for t in expected]
    assert record.finished is not None and record.done == record.total == len(expected)
    assert "Rounds given up" in body and "Turning points" in body
    turn = expected[0]
    here = client.get(_url(match, turn.last)).content.decode()
    name = match.seat_names()[turn.seat]
    assert f"{name} came" in here or f"{name} went" in here
    assert "good turn" in here or "The expert would have come" in here
    ja = client.get(_url(match, turn.last), headers={"Accept-Language": "ja"}).content.decode()
    names = {n.lower() for n in match.seat_names() for n in n.split()}
    assert english(ja, also=names) == []
