"""The download addresses: one finished match as JSON, a player's finished matches as NDJSON."""

from __future__ import annotations

import json

import pytest

from games.models import Match, Status
from games.records.export import export_match, import_match
from tests.helpers import finished_match, users

pytestmark = pytest.mark.django_db(transaction=True)


def _lines(response) -> list[dict]:
    return [json.loads(line) for line in response.content.decode().splitlines()]


def test_it_downloads_a_finished_match_as_json(client, user_factory):
    match = finished_match(user_factory("ana"))
    response = client.get(f"/matches/{match.pk}/export.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert f'filename="expedition-incan-gold-{match.pk}.json"' in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data == json.loads(json.dumps(export_match(match)))
    assert import_match(data).seats.get(position=0).score == match.seats.get(position=0).score


@pytest.mark.parametrize("status", [Status.OPEN, Status.ACTIVE, Status.ABANDONED])
def test_it_exports_nothing_of_a_match_that_did_not_finish(client, ig_match, status):
    match = ig_match()
    Match.objects.filter(pk=match.pk).update(status=status)
    client.force_login(users(match)["ana"])
    assert client.get(f"/matches/{match.pk}/export.json").status_code == 404
    assert client.get(f"/matches/{match.pk}/replay/").status_code == 404
    assert _lines(client.get("/u/ana/matches.ndjson")) == []


def test_a_private_match_is_exported_only_to_its_players(client, user_factory):
    match = finished_match(user_factory("ana"), private=True)
    url = f"/matches/{match.pk}/export.json"
    assert client.get(url).status_code == 404
    client.force_login(user_factory("bo"))
    assert client.get(url).status_code == 404
    client.force_login(match.seats.get(position=0).user)
    assert client.get(url).status_code == 200


def test_a_players_matches_come_one_per_line(client, user_factory):
    ana = user_factory("ana")
    first, second = finished_match(ana), finished_match(ana, "el-dorado")
    finished_match(user_factory("bo"))  # someone else's
    response = client.get("/u/ana/matches.ndjson")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/x-ndjson"
    assert 'filename="ana-matches.ndjson"' in response["Content-Disposition"]
    assert response.content.decode().endswith("}\n")
    lines = _lines(response)
    assert [line["id"] for line in lines] == [first.pk, second.pk]
    assert lines[1] == json.loads(json.dumps(export_match(second)))


def test_private_matches_are_in_the_list_only_for_their_own_player(client, user_factory):
    ana = user_factory("ana")
    public, private = finished_match(ana), finished_match(ana, private=True)
    assert [m["id"] for m in _lines(client.get("/u/ana/matches.ndjson"))] == [public.pk]
    client.force_login(user_factory("bo"))
    assert [m["id"] for m in _lines(client.get("/u/ana/matches.ndjson"))] == [public.pk]
    client.force_login(ana)
    mine = _lines(client.get("/u/ana/matches.ndjson"))
    assert [m["id"] for m in mine] == [public.pk, private.pk]
    assert mine[1]["private"] is True


def test_the_list_leaves_out_running_matches(client, ig_match):
    match = ig_match()
    response = client.get("/u/ana/matches.ndjson")
    assert match.status == Status.ACTIVE
    assert response.status_code == 200 and response.content == b""


def test_an_unknown_player_has_no_list(client, db):
    assert client.get("/u/nobody/matches.ndjson").status_code == 404
