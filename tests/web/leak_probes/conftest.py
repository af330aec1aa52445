"""Matches mid-play that the leak probes start from."""

from __future__ import annotations

import pytest

from games.models import Status
from games.play.services.play import submit_action
from games.play.services.state import current_state, engine_for
from tests.web.leak_probes.surfaces import BOT, RETURN, ed_round, fresh, make_match, state_json


@pytest.fixture(params=[True, False], ids=["rated", "casual"])
def ig_live(user_factory, request):
    """Incan Gold mid-turn: a bot has decided (secretly), ana has decided, bo and cy have not.
    Rated, and casual (where the board also shows the odds of the next card)."""
    match, people = make_match(
        user_factory, "incan-gold", ("ana", "bo", "cy"), bots=("random",), rated=request.param
    )
    state = current_state(match)
    assert BOT == 1 and match.seats.get(position=BOT).is_bot
    assert BOT not in engine_for(match).to_act(state), "the bot seat decided at once"
    submit_action(match.pk, people["ana"], RETURN, match.version)
    match = fresh(match)
    assert match.status == Status.ACTIVE
    return match, people


@pytest.fixture(params=[True, False], ids=["rated", "casual"])
def ed_live(user_factory, request):
    """El Dorado in round 2 with caves: discard piles of two cards, ana to move. Rated, and
    casual (where each seat's board also shows its route to El Dorado and the turns it needs)."""
    match, people = make_match(
        user_factory,
        "el-dorado",
        ("ana", "bo", "cy"),
        rated=request.param,
        map="home-stretch",
        caves=True,
    )
    match = ed_round(match, people)
    data = state_json(match)
    assert data["turn"]["seat"] == 0
    assert all(len(s["discard"]) >= 2 and s["draw"] for s in data["seats"]), data["seats"]
    return match, people
