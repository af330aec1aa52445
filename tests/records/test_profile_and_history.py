from __future__ import annotations

from games.records.rating_updates import rate_finished_match
from tests.helpers import recorded_match


def test_the_profile_shows_ratings_chart_record_and_opponents(client, user_factory):
    ana, bo, cy = user_factory("ana"), user_factory("bo"), user_factory("cy")
    for places in ([1, 2, 3], [2, 1, 3], [1, 3, 2]):
        rate_finished_match(recorded_match([ana, bo, cy], places))
    body = client.get("/u/ana/").content.decode()
    assert '<svg class="chart"' in body
    assert "Incan Gold" in body and "The Quest for El Dorado" in body
    assert ">3</strong><span>played" in body and ">2</strong><span>won" in body
    assert "/u/bo/" in body and "3 matches" in body
    assert "Replay" in body


def test_history_filters_by_game_and_result(client, user_factory):
    ana, bo = user_factory("ana"), user_factory("bo")
    won = recorded_match([ana, bo], [1, 2])
    lost = recorded_match([ana, bo], [2, 1])
    other = recorded_match([ana, bo], [1, 2], game="el-dorado")
    everything = client.get("/u/ana/history/").content.decode()
    for match in (won, lost, other):
        assert f"/matches/{match.pk}/replay/" in everything
    only_won = client.get("/u/ana/history/?result=won").content.decode()
    assert f"/matches/{lost.pk}/replay/" not in only_won
    assert f"/matches/{won.pk}/replay/" in only_won
    only_ed = client.get("/u/ana/history/?game=el-dorado").content.decode()
    assert f"/matches/{other.pk}/replay/" in only_ed
    assert f"/matches/{won.pk}/replay/" not in only_ed


def test_history_hides_private_matches_from_strangers(client, user_factory):
    ana, bo = user_factory("ana"), user_factory("bo")
    secret = recorded_match([ana, bo], [1, 2])
    secret.private = True
    secret.save()
    assert f"/matches/{secret.pk}/" not in client.get("/u/ana/history/").content.decode()
    client.force_login(bo)
    assert f"/matches/{secret.pk}/" in client.get("/u/ana/history/").content.decode()


def test_history_shows_rating_deltas(client, user_factory):
    ana, bo = user_factory("ana"), user_factory("bo")
    rate_finished_match(recorded_match([ana, bo], [1, 2]))
    body = client.get("/u/ana/history/").content.decode()
    assert 'class="delta-up">+' in body
