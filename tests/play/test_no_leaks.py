"""No page or fragment of an unfinished match shows a viewer what only others may see."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.test import Client

from games.models import Status
from games.play.live.match_part import render_live
from games.play.services.play import submit_action
from games.play.services.state import current_state, engine_for
from tests.helpers import users

pytestmark = pytest.mark.django_db(transaction=True)

TENT_COLUMN = "<th>Tent</th>"  # shown once every tent is open


def _pages(match, viewer):
    client = Client()
    if viewer is not None:
        client.force_login(viewer)
    return [
        client.get(f"/matches/{match.pk}/").content.decode(),
        client.get(f"/matches/{match.pk}/live/").content.decode(),
        render_live(match, viewer, oob=True),
    ]


def _secret_choices(match) -> dict[int, str]:
    state = current_state(match)
    return {
        position: seat.decision.value
        for position, seat in enumerate(state.seats)
        if seat.decision is not None
    }


def test_no_incan_gold_fragment_leaks_tents_choices_deck_or_seed(ig_match):
    match = ig_match(players=4, bots=("random",))
    people = users(match)
    by_position = {s.position: s.user for s in match.seats.all() if s.user}
    rng = random.Random(5)
    checked = 0
    for _ in range(40):
        match.refresh_from_db()
        if match.status != Status.ACTIVE:
            break
        state = current_state(match)
        deck = json.dumps(list(state.deck))
        choices = _secret_choices(match)
        viewers = [None, *people.values()]
        for viewer in viewers:
            you = next((p for p, u in by_position.items() if viewer == u), None)
            for html in _pages(match, viewer):
                assert str(match.seed) not in html
                assert deck not in html and "snapshot" not in html
                # No tent column while tents are closed; a player sees their own tent alone.
                assert TENT_COLUMN not in html
                own = re.findall(r"Your tent: <strong>(\d+)</strong>", html)
                assert own == ([] if you is None else [str(state.seats[you].tent)])
                for position in choices:
                    if position != you:
                        name = re.escape(match.seats.get(position=position).name)
                        assert re.search(rf"{name} chooses to", html) is None
                checked += 1
        waiting = sorted(engine_for(match).to_act(state) & set(by_position))
        if not waiting:
            continue
        position = rng.choice(waiting)
        choice = rng.choice(["continue", "continue", "return"])
        submit_action(
            match.pk, by_position[position], {"type": "decide", "choice": choice}, match.version
        )
    assert checked > 50


def test_after_the_end_everything_is_shown(ig_match):
    match = ig_match(bots=("random",))
    people = users(match)
    by_position = {s.position: s.user for s in match.seats.all() if s.user}
    for _ in range(400):
        match.refresh_from_db()
        if match.status != Status.ACTIVE:
            break
        waiting = sorted(engine_for(match).to_act(current_state(match)) & set(by_position))
        submit_action(
            match.pk, by_position[waiting[0]], {"type": "decide", "choice": "return"}, match.version
        )
    assert match.status == Status.FINISHED
    html = _pages(match, people["ana"])[0]
    assert TENT_COLUMN in html and "Your tent:" not in html
    assert "Final result" in html
