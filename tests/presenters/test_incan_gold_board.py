"""What the Incan Gold board tells a player between rounds and after a reveal."""

from __future__ import annotations

import pytest

from games.presenters.common import LogLine
from games.presenters.incan_gold import _last_reveal, _last_round


def _log(*kinds_and_texts):
    return {
        "log": [LogLine(i, text, kind, False) for i, (kind, text) in enumerate(kinds_and_texts)]
    }


REVEAL = {"type": "reveal", "returning": [], "continuing": [0, 1], "visible_to": None}
BUST = [
    REVEAL,
    {"type": "flip", "card": "snakes", "kind": "hazard", "repeat": True, "visible_to": None},
    {"type": "hazard", "kind": "snakes", "seats": [0, 1], "total": 14, "visible_to": None},
    {
        "type": "round_end",
        "round": 2,
        "reason": "hazard",
        "gems_lost": 0,
        "artifacts_lost": [],
        "visible_to": None,
    },
    {"type": "round_start", "round": 3, "artifact": "A8", "deck_size": 30, "visible_to": None},
]


def _board(*events):
    """A board context holding these events in its log, as the page gives it."""
    from types import SimpleNamespace

    return {
        "match": SimpleNamespace(is_over=False),
        "you": None,
        "names": ["Ana", "Bo"],
        "log_rows": [{"seq": 1, "events": list(events)}],
    }


def test_a_bust_is_shown_until_the_next_reveal():
    context = {**_log(("reveal", "Ana and Bo press on.")), **_board(*BUST)}
    assert _last_round(context) == ["Snakes! Ana and Bo drop 14 gems", "Round 2 is over."]
    later = _board(*BUST, {**REVEAL, "returning": [1], "continuing": [0]})
    assert _last_round(later) == []
    assert _last_reveal(_log(("reveal", "Bo heads back."))) == "Bo heads back."


@pytest.mark.parametrize("events", [[], [BUST[-1]]])
def test_nothing_is_shown_at_the_very_start(events):
    assert _last_round(_board(*events)) == []


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
    totals = [int(t) for t in re.findall(r"<td[^>]*><strong>(\d+)</strong></td>", body)]
    assert totals == [s.tent + s.artifact_value for s in state.seats]


@pytest.mark.django_db(transaction=True)
def test_the_earlier_rounds_show_when_each_player_went_home(client, ig_match):
    import re

    from games.play.services.play import submit_action
    from games.play.services.state import current_state
    from tests.helpers import users

    match = ig_match()
    people = users(match)
    client.force_login(people["ana"])
    body = client.get(f"/matches/{match.pk}/").content.decode()
    assert '<div id="ig-rounds" hidden></div>' in body and "Earlier rounds" not in body
    for name in ("ana", "bo", "cy"):
        match.refresh_from_db()
        submit_action(match.pk, people[name], {"type": "decide", "choice": "return"}, match.version)
    match.refresh_from_db()
    past = current_state(match).history[0]
    body = client.get(f"/matches/{match.pk}/").content.decode()
    section = body[body.index('id="ig-rounds"') :]
    section = section[: section.index("</section>")]
    assert "Earlier rounds" in section
    cards = len(past.path)
    assert re.search(rf"{cards} cards?, all home", section)
    # Round 2 is under way and may already have ended at its first cards: read round 1 only.
    first = re.findall(r'<td data-label="Round 1">(.*?)</td>', section)
    assert first == [f"card {past.home[0]}"] * 3


def test_a_round_ended_by_a_hazard_names_it_and_the_players_caught_inside():
    from games.presenters.incan_gold import earlier_rounds

    past = {"round": 1, "path": ["T5", "fire", "T3", "fire"], "home": [2, None, None]}
    rounds = earlier_rounds({"history": [{**past, "hazard": "fire"}]}, ["ana", "bo", "cy"])
    assert rounds["columns"] == [{"round": 1, "cards": 4, "hazard": "Fire"}]
    assert [[c["home"] for c in row["cells"]] for row in rounds["rows"]] == [[2], [None], [None]]
    assert earlier_rounds({"history": []}, ["ana"]) == {"columns": [], "rows": []}


def test_a_round_everyone_left_is_all_home():
    from games.presenters.incan_gold import earlier_rounds

    past = {"round": 2, "path": ["T5", "fire", "T5"], "home": [3, 3], "hazard": None}
    assert earlier_rounds({"history": [past]}, ["ana", "bo"])["columns"] == [
        {"round": 2, "cards": 3, "hazard": None}
    ]


def test_the_earlier_rounds_read_in_japanese():
    from django.template.loader import render_to_string
    from django.utils import translation

    from games.presenters.incan_gold import earlier_rounds

    past = {"round": 1, "path": ["T5", "fire", "T3", "fire"], "home": [2, None], "hazard": "fire"}
    view = {"history": [past]}
    players = [{"position": 0, "name": "ana"}, {"position": 1, "name": "bo"}]
    with translation.override("ja"):
        html = render_to_string(
            "games/boards/incan_gold.html#rounds", {"rounds": earlier_rounds(view, players)}
        )
    assert "これまでのラウンド" in html
    assert "4枚、2枚目の" in html and "で終了" in html
    assert ">2枚目</td>" in html and ">遭難</span>" in html
