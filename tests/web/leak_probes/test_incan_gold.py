"""Leak probes on Incan Gold pages, fragments and errors.

Each probe either changes only what a viewer may not know and checks every surface stays the
same for them, or plants a distinctive secret and checks no response carries it (surfaces.py).
"""

from __future__ import annotations

import copy
import json

import pytest

from games.models import Match, MatchAction
from tests.web.leak_probes.surfaces import (
    BOT,
    CONTINUE,
    RETURN,
    assert_same_surfaces,
    assert_surfaces_change,
    board_surfaces,
    client_for,
    flash,
    fresh,
    global_surfaces,
    ig_secrets_changed,
    norm,
    number,
    position_of,
    set_state,
    state_json,
    viewers,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_ig_board_is_the_same_whatever_others_secretly_hold_or_chose(ig_live):
    match, people = ig_live
    decided = [i for i, s in enumerate(state_json(match)["seats"]) if s["decision"]]
    assert decided == [0, BOT]  # ana and the bot: their choices are the secrets under test
    for _, user in viewers(match, people):
        viewer = position_of(match, user)
        assert_same_surfaces(match, user, lambda d, v=viewer: ig_secrets_changed(d, v))


def test_ig_control_own_tent_and_choice_do_show_to_their_owner(ig_live):
    match, people = ig_live

    def own_tent(data):
        data["seats"][position_of(match, people["bo"])]["tent"] += 1000
        return data

    def own_choice(data):
        data["seats"][0]["decision"] = "continue"
        return data

    assert_surfaces_change(match, people["bo"], own_tent)
    assert_surfaces_change(match, people["ana"], own_choice)


def test_ig_distinctive_tents_deck_and_seed_appear_nowhere_but_to_their_owner(ig_live):
    match, people = ig_live
    data = state_json(match)
    tents = {0: 4271, 1: 5382, 2: 6493, 3: 7504}
    for index, value in tents.items():
        data["seats"][index]["tent"] = value
    match = set_state(match, data)
    deck = data["deck"]
    deck_forms = [json.dumps(deck), ", ".join(deck), " ".join(deck[:6]), ",".join(deck[:6])]
    for _, user in viewers(match, people):
        viewer = position_of(match, user)
        bodies = list(board_surfaces(match, user).values())
        bodies += [body for _, body in global_surfaces(match, user, people).values()]
        for body in bodies:
            assert str(match.seed) not in body and hex(match.seed)[2:] not in body
            assert not any(form in body for form in deck_forms)
            assert '"deck"' not in body and "snapshot" not in body
            for index, value in tents.items():
                if index != viewer:
                    assert not number(value).search(body), f"seat {index}'s tent shown"
        if viewer is not None:
            page = board_surfaces(match, user)["page"]
            assert number(tents[viewer]).search(page)  # control: the owner sees it


def test_ig_decided_wording_buttons_and_classes_do_not_tell_the_choice(ig_live):
    match, people = ig_live
    for name, user in viewers(match, people):
        viewer = position_of(match, user)
        for key, body in board_surfaces(match, user).items():
            if viewer != 0:
                assert "chooses to" not in body and "You chose" not in body, (name, key)
                assert "changes their mind" not in body, (name, key)
            if viewer not in (0, BOT):
                assert " chosen" not in body, (name, key)  # the chosen button's class
            assert "log-private" not in body or viewer is not None, (name, key)


def test_ig_unfinished_match_has_no_replay_export_or_ndjson_for_anyone(ig_live):
    match, people = ig_live
    for name, user in viewers(match, people):
        surfaces = global_surfaces(match, user, people)
        for url in (f"/matches/{match.pk}/replay/", f"/matches/{match.pk}/export.json"):
            assert surfaces[url][0] == 404, (name, url)
        for person in people:
            status, body = surfaces[f"/u/{person}/matches.ndjson"]
            assert status == 200 and body == "", (name, person)


def test_ig_move_log_rows_are_not_exposed_before_the_end(ig_live):
    match, people = ig_live
    rows = list(MatchAction.objects.filter(match=match).values_list("action", flat=True))
    assert rows
    for _, user in viewers(match, people):
        if position_of(match, user) == 0:
            continue
        for body in board_surfaces(match, user).values():
            assert '"seq"' not in body and "visible_to" not in body and '"events"' not in body


@pytest.mark.parametrize(
    "payload",
    [
        {"action": json.dumps({"type": "decide", "choice": "return", "seat": 0})},
        {"action": json.dumps({"type": "peek", "seat": 0})},
        {"action": json.dumps(CONTINUE), "version": "0"},
        {"action": json.dumps(CONTINUE), "version": "99999"},
        {"action": "{not json"},
    ],
)
def test_ig_error_responses_do_not_depend_on_others_secrets(ig_live, payload):
    match, people = ig_live
    bo = people["bo"]
    client = client_for(bo)
    url = f"/matches/{match.pk}/act/"

    def post(version_from: Match):
        data = dict(payload)
        data.setdefault("version", str(version_from.version))
        return norm(client.post(url, data, HTTP_HX_REQUEST="true").content)

    before_state = state_json(match)
    before = post(fresh(match))
    assert flash(before)
    set_state(match, ig_secrets_changed(copy.deepcopy(before_state), position_of(match, bo)))
    after = post(fresh(match))
    set_state(match, before_state)
    assert before == after
    assert fresh(match).version == match.version  # nothing was applied
    assert str(match.seed) not in before


def test_ig_spectator_post_is_refused_without_state(ig_live):
    match, people = ig_live
    body = norm(
        client_for(people["zed"])
        .post(f"/matches/{match.pk}/act/", {"action": json.dumps(RETURN)}, HTTP_HX_REQUEST="true")
        .content
    )
    assert "watching" in flash(body)
    assert "chooses to" not in body and str(match.seed) not in body
