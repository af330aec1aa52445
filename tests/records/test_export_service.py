"""Exporting a finished match as JSON and importing it back through the engine."""

from __future__ import annotations

import copy
import io
import json
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.models import Match, MatchAction, Status
from games.play.services.play import resign
from games.play.services.state import engine_for, fold, logged_actions
from games.records.export import FORMAT, export_lines, export_match, import_match
from games.records.verify import verify_match
from tests.helpers import finished_match, play_out, users

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def ig_finished(user_factory):
    return finished_match(user_factory("ana"))


def _rows(match: Match) -> list[tuple]:
    return list(
        MatchAction.objects.filter(match=match)
        .order_by("seq")
        .values_list("seq", "seat", "action", "events")
    )


def test_it_exports_seats_actions_and_result(ig_finished):
    data = export_match(ig_finished)
    assert (data["format"], data["game"], data["seed"]) == (FORMAT, "incan-gold", ig_finished.seed)
    assert data["options"] == ig_finished.options
    assert [p["username"] for p in data["players"]] == ["ana", None, None]
    assert [p["bot_level"] for p in data["players"]] == [None, "random", "expert"]
    assert [p["name"] for p in data["players"]] == ["ana", "Random bot", "Expert bot"]
    assert [(a["seat"], a["action"]) for a in data["actions"]] == logged_actions(ig_finished)
    seats = ig_finished.seats.order_by("position")
    assert data["result"] == {
        "scores": [s.score for s in seats],
        "places": [s.place for s in seats],
    }
    assert data["finished"] == ig_finished.finished.isoformat()
    json.dumps(data)  # JSON-safe as it is


@pytest.mark.parametrize("game", ["incan-gold", "el-dorado"])
def test_an_exported_match_reimports_and_replays_to_the_same_result(user_factory, game):
    original = finished_match(user_factory("ana"), game)
    data = json.loads(json.dumps(export_match(original)))
    copy_ = import_match(data)
    assert copy_.pk != original.pk
    assert (copy_.status, copy_.rated, copy_.game, copy_.seed) == (
        Status.FINISHED,
        False,
        original.game,
        original.seed,
    )
    assert _rows(copy_) == _rows(original)  # events recomputed, equal to those stored live
    assert copy_.opening_events == original.opening_events
    engine = engine_for(copy_)
    replayed = fold(copy_, logged_actions(copy_)).state
    assert copy_.snapshot == json.loads(json.dumps(engine.to_json(replayed)))
    assert engine.outcome(replayed).to_dict()["scores"] == data["result"]["scores"]
    pairs = [(s.user, s.bot_level, s.score, s.place) for s in copy_.seats.order_by("position")]
    originals = original.seats.order_by("position")
    assert pairs == [(s.user, s.bot_level, s.score, s.place) for s in originals]
    assert verify_match(copy_) == []
    assert export_match(copy_) | {"id": original.pk} == export_match(original)


def test_unknown_usernames_import_as_former_players(ig_finished):
    data = export_match(ig_finished)
    data["players"][0]["username"] = "nobody-here"
    copy_ = import_match(data)
    seat = copy_.seats.get(position=0)
    assert (seat.user, seat.bot_level, seat.name) == (None, "", "Former player")


def test_a_resigned_player_keeps_the_last_place_through_a_round_trip(ig_match):
    match = ig_match(bots=("random",))
    bo = match.seats.get(user=users(match)["bo"]).position
    resign(match.pk, users(match)["bo"])
    match = play_out(match)
    assert match.status == Status.FINISHED
    data = export_match(match)
    assert data["players"][bo]["resigned"] is True and data["result"]["places"][bo] == 3
    copy_ = import_match(data)
    seat = copy_.seats.get(position=bo)
    assert (seat.resigned, seat.place) == (True, 3)
    engine_places = engine_for(match).outcome(fold(match, logged_actions(match)).state).places
    if list(engine_places) != data["result"]["places"]:
        # Without the resignation the exported places are not the ones the engine gives.
        data["players"][bo]["resigned"] = False
        with pytest.raises(ValueError, match="not the exported"):
            import_match(data)


@pytest.mark.parametrize(
    "tamper, message",
    [
        (lambda d: d.update(format="chess-pgn"), "not an Expedition match export"),
        (lambda d: d.update(format_version=9), "Unsupported export version"),
        (lambda d: d.update(game="chess"), "Unknown game"),
        (lambda d: d.update(seed="42"), "seed must be a whole number"),
        (lambda d: d["players"].pop(), "for 3 to 8 players, not 2"),
        (lambda d: d["players"][1].update(bot_level="grandmaster"), "no 'grandmaster' bot"),
        (lambda d: d["players"][1].update(username="ANA", bot_level=None), "more than one seat"),
        (lambda d: d["actions"][0].update(seat=7), "Action 1 names no seat"),
        (lambda d: d["actions"][0].update(action={"type": "dance"}), "Action 1 (seat"),
        (lambda d: d["actions"].pop(), "do not finish the game"),
        (lambda d: d["result"]["scores"].__setitem__(0, 1000), "not the exported"),
        (lambda d: d["result"].update(places=[1, 1, 1]), "not the exported"),
        (lambda d: d.update(finished="yesterday"), "ISO 8601"),
    ],
)
def test_it_refuses_a_broken_export_with_a_clear_reason(ig_finished, tamper, message):
    data = copy.deepcopy(export_match(ig_finished))
    tamper(data)
    before = Match.objects.count()
    with pytest.raises(ValueError, match=re.escape(message)):
        import_match(data)
    assert Match.objects.count() == before


def test_it_refuses_what_is_not_an_object():
    with pytest.raises(ValueError, match="JSON object"):
        import_match([1, 2, 3])


def test_the_command_imports_a_json_file(ig_finished, tmp_path, capsys):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(export_match(ig_finished), indent=2))
    call_command("import_match", str(path))
    copy_ = Match.objects.exclude(pk=ig_finished.pk).get()
    assert f"Imported incan-gold match #{copy_.pk}" in capsys.readouterr().out
    assert _rows(copy_) == _rows(ig_finished)


def test_the_command_imports_every_line_of_an_ndjson_file(user_factory, tmp_path, capsys):
    ana = user_factory("ana")
    matches = [finished_match(ana), finished_match(ana, "el-dorado")]
    path = tmp_path / "matches.ndjson"
    path.write_text(export_lines(matches))
    call_command("import_match", str(path))
    assert Match.objects.count() == 4
    assert "2 matches imported." in capsys.readouterr().out


def test_the_command_imports_nothing_when_one_line_is_bad(user_factory, tmp_path):
    ana = user_factory("ana")
    good, bad = export_match(finished_match(ana)), export_match(finished_match(ana))
    bad["actions"].pop()
    path = tmp_path / "matches.ndjson"
    path.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n")
    with pytest.raises(CommandError, match="line 2: The .* actions do not finish the game"):
        call_command("import_match", str(path))
    assert Match.objects.count() == 2


def test_the_command_reports_a_missing_file(tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_match", str(tmp_path / "nowhere.json"))


def test_the_command_reads_standard_input(ig_finished, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(export_match(ig_finished))))
    call_command("import_match", "-")
    assert Match.objects.count() == 2
    assert "Imported incan-gold match" in capsys.readouterr().out


def test_an_imported_match_has_its_pages_like_any_finished_match(client, ig_finished):
    copy_ = import_match(export_match(ig_finished))
    page = client.get(f"/matches/{copy_.pk}/")
    assert page.status_code == 200 and "Final result" in page.content.decode()
    replay = client.get(f"/matches/{copy_.pk}/replay/?step={copy_.actions.count()}")
    assert replay.status_code == 200 and "Game over" in replay.content.decode()


def test_the_service_refuses_to_export_a_running_match(ig_match):
    with pytest.raises(ValueError, match="Only a finished match"):
        export_match(ig_match())
