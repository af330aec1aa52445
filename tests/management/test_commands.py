from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from games.models import Match, MatchAction
from games.play.services.bot_turns import bots_waiting
from games.play.services.play import submit_action
from tests.helpers import users

pytestmark = pytest.mark.django_db(transaction=True)

CONTINUE = {"type": "decide", "choice": "continue"}


def test_verify_matches_passes_on_honest_matches(ig_match, capsys):
    match = ig_match(bots=("random",))
    submit_action(match.pk, users(match)["ana"], CONTINUE, match.version)
    call_command("verify_matches")
    assert "replay exactly" in capsys.readouterr().out


def test_verify_matches_finds_a_corrupted_snapshot(ig_match, capsys):
    match = ig_match()
    submit_action(match.pk, users(match)["ana"], CONTINUE, match.version)
    match.refresh_from_db()
    snapshot = dict(match.snapshot)
    snapshot["seats"][1]["tent"] = 99
    Match.objects.filter(pk=match.pk).update(snapshot=snapshot)
    with pytest.raises(CommandError, match="1 difference"):
        call_command("verify_matches")
    assert "cached snapshot differs" in capsys.readouterr().out


def test_verify_matches_finds_a_log_that_does_not_replay(ig_match, capsys):
    match = ig_match()
    submit_action(match.pk, users(match)["ana"], CONTINUE, match.version)
    MatchAction.objects.filter(match=match).update(action={"type": "decide", "choice": "fly"})
    with pytest.raises(CommandError):
        call_command("verify_matches")
    assert "does not replay" in capsys.readouterr().out


def test_tick_picks_up_waiting_bots_exactly_once(ig_match, queued_tasks, capsys):
    # Queued and never run, as if the worker was down when the bot's turn came.
    match = ig_match(bots=("cautious",))
    people = users(match)
    submit_action(match.pk, people["ana"], CONTINUE, match.version)
    match.refresh_from_db()
    submit_action(match.pk, people["bo"], CONTINUE, match.version)
    call_command("tick")
    played = int(capsys.readouterr().out.split("bot moves: ", 1)[1].split(",", 1)[0])
    assert played >= 1
    call_command("tick")
    assert "bot moves: 0" in capsys.readouterr().out
    assert MatchAction.objects.filter(match=match, seat=1).count() == played
    match.refresh_from_db()
    assert not bots_waiting(match)
