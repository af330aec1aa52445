"""What the Incan Gold board tells a player between rounds and after a reveal."""

from __future__ import annotations

import pytest

from games.presenters.common import LogLine
from games.presenters.incan_gold import _last_reveal, _last_round


def _log(*kinds_and_texts):
    return {
        "log": [LogLine(i, text, kind, False) for i, (kind, text) in enumerate(kinds_and_texts)]
    }


def test_a_bust_is_shown_until_the_next_reveal():
    context = _log(
        ("reveal", "Ana and Bo press on."),
        ("flip", "Snakes again!"),
        ("hazard", "Snakes! Ana and Bo drop 14 gems"),
        ("round_end", "Round 2 is over."),
        ("round_start", "Round 3 begins: the 8 artifact joins the deck."),
        ("flip", "Treasure 5: 1 gem each."),
    )
    assert _last_round(context) == ["Snakes! Ana and Bo drop 14 gems", "Round 2 is over."]
    assert _last_reveal(context) is None
    later = _log(*[(line.kind, line.text) for line in context["log"]], ("reveal", "Bo heads back."))
    assert _last_round(later) == []
    assert _last_reveal(later) == "Bo heads back."


@pytest.mark.parametrize("kinds", [[], [("round_start", "Round 1 begins.")]])
def test_nothing_is_shown_at_the_very_start(kinds):
    assert _last_round(_log(*kinds)) == []


@pytest.mark.django_db(transaction=True)
def test_a_finished_match_shows_each_total_as_tent_plus_artifacts(client, user_factory):
    import re

    from games.play.services.lobby import MatchSpec, create_match
    from games.play.services.play import resign
    from games.play.services.state import current_state

    ana = user_factory("ana")
    match = create_match(ana, MatchSpec(game="incan-gold", players=3, bots=("expert", "random")))
    resign(match.pk, ana)  # the bots play the match to its end
    match.refresh_from_db()
    state = current_state(match)
    body = client.get(f"/matches/{match.pk}/").content.decode()
    assert "The expedition is over." in body and "The path is empty." not in body
    totals = [int(t) for t in re.findall(r"<td><strong>(\d+)</strong></td>", body)]
    assert totals == [s.tent + s.artifact_value for s in state.seats]
