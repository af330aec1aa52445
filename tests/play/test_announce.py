"""The polite live region of a match page: what a screen reader is told when a version arrives."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.play.live import render
from games.play.services.play import submit_action
from games.presenters.common import take_snapshot
from tests.helpers import CONTINUE, fresh, users

pytestmark = pytest.mark.django_db

ANNOUNCE = re.compile(r'<div id="match-announce">(.*?)</div>', re.S)


def _said(match, position) -> str:
    rendered = render.render_viewer(take_snapshot(fresh(match)), position)
    return ANNOUNCE.fullmatch(rendered.parts["match-announce"]).group(1)


def test_the_others_hear_a_decision_and_the_one_who_made_it_does_not(ig_match):
    match = ig_match()
    people = users(match)
    submit_action(match.pk, people["ana"], CONTINUE, match.version)
    assert "ana has decided" in _said(match, 1)
    assert "ana has decided" in _said(match, None)
    assert "ana" not in _said(match, 0)


def test_the_reveal_after_the_last_decision_is_told_to_everyone(ig_match):
    match = ig_match()
    people = users(match)
    for name in ("ana", "bo", "cy"):
        match = fresh(match)
        submit_action(match.pk, people[name], CONTINUE, match.version)
    for position in (0, 2, None):
        assert "ana, bo and cy press on." in _said(match, position)
    # The card turned is told to the one whose decision turned it, too: a line after the move.
    said = _said(match, 2)
    assert said.count("<p>") >= 2
    assert "cy has decided" not in said
    assert "cy has decided" in _said(match, 0)


def test_the_region_speaks_the_viewers_language(ig_match):
    match = ig_match()
    people = users(match)
    submit_action(match.pk, people["ana"], CONTINUE, match.version)
    with translation.override("ja"):
        said = _said(match, 1)
    assert "ana" in said
    assert "has decided" not in said


def test_the_live_region_wraps_the_part_so_it_stays_while_the_part_is_swapped(ig_match):
    match = ig_match()
    rendered = render.render_viewer(take_snapshot(match), 0)
    assert '<div class="visually-hidden" aria-live="polite"><!--part:match-announce--></div>' in (
        rendered.skeleton
    )
