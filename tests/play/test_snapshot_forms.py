"""A snapshot in an earlier form of the Incan Gold state is rebuilt from the log, never misread."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from games.engines.incan_gold import to_json
from games.models import Match
from games.play.services.play import submit_action
from games.play.services.state import current_state, fold, logged_actions
from tests.helpers import users

pytestmark = pytest.mark.django_db

CONTINUE = {"type": "decide", "choice": "continue"}
RETURN = {"type": "decide", "choice": "return"}


def _played(ig_match) -> Match:
    match = ig_match()
    people = users(match)
    for name, action in (("ana", CONTINUE), ("bo", RETURN), ("cy", CONTINUE)):
        match.refresh_from_db()
        submit_action(match.pk, people[name], action, match.version)
    match.refresh_from_db()
    return match


def _bo_went_home(state) -> bool:
    # Bo returned at the first decision; the round may have ended since.
    homes = [state.seats[1].home] + [past.home[1] for past in state.history[:1]]
    return any(home is not None for home in homes)


def _first_form(snapshot: dict) -> dict:
    old = {k: v for k, v in snapshot.items() if k not in ("turned", "history")}
    old["seats"] = [{k: v for k, v in s.items() if k != "home"} for s in snapshot["seats"]]
    old["version"] = 1
    return old


def test_a_snapshot_of_the_first_form_is_read_by_folding_the_log(ig_match):
    match = _played(ig_match)
    fresh = current_state(match)
    assert _bo_went_home(fresh)
    Match.objects.filter(pk=match.pk).update(snapshot=_first_form(match.snapshot))
    match.refresh_from_db()
    assert current_state(match) == fresh


def test_the_migration_rebuilds_snapshots_of_the_first_form(ig_match):
    match = _played(ig_match)
    expected = match.snapshot
    Match.objects.filter(pk=match.pk).update(snapshot=_first_form(expected))
    migration = importlib.import_module("games.migrations.0008_incan_gold_round_history")
    migration.rebuild_snapshots(apps, None)
    match.refresh_from_db()
    assert match.snapshot == expected == to_json(fold(match, logged_actions(match)).state)
    assert _bo_went_home(current_state(match))
