"""The replay page: a finished match step by step, folded from its seed, with nothing hidden."""

from __future__ import annotations

import re

import pytest

from games.engines.el_dorado import CARD_TYPES
from games.help.incan_gold import HAZARD_NAMES
from games.models import Match, MatchAction, Status
from games.play.services.lobby import MatchSpec, create_match, leave_match
from games.play.services.play import submit_action
from games.play.services.state import engine_for, start_state
from games.records.replay import build_replay
from tests.helpers import finished_match, users

pytestmark = pytest.mark.django_db(transaction=True)


def fold_by_hand(match: Match, upto: int):
    """The engine state after `upto` logged actions, folded here without the services."""
    engine = engine_for(match)
    state, _ = start_state(match)
    for row in MatchAction.objects.filter(match=match, seq__lte=upto).order_by("seq"):
        state = engine.apply(state, row.seat, row.action).state
    return state


def _page(client, match: Match, step: int | str | None = None, **headers):
    query = "" if step is None else f"?step={step}"
    return client.get(f"/matches/{match.pk}/replay/{query}", headers=headers)


@pytest.fixture
def ig_finished(user_factory):
    return finished_match(user_factory("ana"))


@pytest.fixture
def ed_finished(user_factory):
    return finished_match(user_factory("ana"), "el-dorado", options={"map": "home-stretch"})


@pytest.mark.parametrize("game", ["incan-gold", "el-dorado"])
def test_it_shows_after_step_n_the_engine_state_after_n_actions(user_factory, game):
    match = finished_match(user_factory("ana"), game)
    engine = engine_for(match)
    last = match.actions.count()
    for step in (0, 1, 2, last // 3, last // 2, last - 1, last):
        replay = build_replay(match, step)
        assert replay.step == step
        assert engine.to_json(replay.state) == engine.to_json(fold_by_hand(match, step))
    assert engine.is_over(build_replay(match, last).state)


def test_it_folds_the_log_and_never_reads_the_snapshot(client, ig_finished):
    engine = engine_for(ig_finished)
    honest = engine.to_json(build_replay(ig_finished, 10).state)
    # A snapshot of some other moment: a replay built from it would show the wrong board.
    Match.objects.filter(pk=ig_finished.pk).update(
        snapshot=engine.to_json(fold_by_hand(ig_finished, 3))
    )
    ig_finished.refresh_from_db()
    assert engine.to_json(build_replay(ig_finished, 10).state) == honest
    assert _page(client, ig_finished, 10).status_code == 200


def test_it_starts_at_the_opening_and_links_every_step(client, ig_finished):
    last = ig_finished.actions.count()
    page = _page(client, ig_finished)
    body = page.content.decode()
    assert page.status_code == 200
    assert 'data-step="0"' in body and "The opening" in body
    assert "Round 1 begins" in body  # the opening's own narration
    for step in (0, 1, last // 2, last):
        assert f'href="/matches/{ig_finished.pk}/replay/?step={step}"' in body
    assert body.count('class="replay-move-no"') == last + 1
    assert 'id="replay-prev"' in body and 'aria-disabled="true"' in body  # nothing before 0


def test_it_shows_tents_pending_choices_and_the_deck_to_come(client, ig_finished):
    # The first step where someone has decided and others have not: a choice still secret.
    for step in range(1, ig_finished.actions.count()):
        state = fold_by_hand(ig_finished, step)
        if any(s.decision for s in state.seats) and any(s.tent for s in state.seats):
            break
    body = _page(client, ig_finished, step).content.decode()
    pending = next(s for s in state.seats if s.decision)
    assert f'class="choice choice-{pending.decision.value}"' in body
    for seat in state.seats:
        assert f'data-label="Tent (secret)">{seat.tent}' in body
    labels = [
        str(HAZARD_NAMES.get(code, "")) or (f"Artifact {code[1:]}" if code[0] == "A" else code[1:])
        for code in state.deck
    ]
    shown = body.split('<ol class="deck-strip">')[1].split("</ol>")[0]
    cards = shown.split("<li")[1:]
    # A hazard's picture comes before its name.
    assert ["hazard-icon" in card for card in cards] == [c in HAZARD_NAMES for c in state.deck]
    cards = [re.sub(r"<svg .*?</svg>", "", card) for card in cards]
    assert [card.split(">")[1].split("<")[0] for card in cards] == labels


def test_it_shows_every_hand_and_draw_pile_of_el_dorado_in_order(client, ed_finished):
    step = ed_finished.actions.count() // 2
    state = fold_by_hand(ed_finished, step)
    body = _page(client, ed_finished, step).content.decode()
    assert "<svg" in body and 'class="explorer ' in body
    replay = build_replay(ed_finished, step)
    for seat, shown in zip(state.seats, replay.board["seats"], strict=True):
        assert [c["id"] for c in shown["hand"]] == list(seat.hand)
        assert [c["id"] for c in shown["draw"]] == list(seat.draw)
        assert [c["id"] for c in shown["discard"]] == list(reversed(seat.discard))
        for card in seat.hand:
            assert CARD_TYPES[state.cards[card]].name in body


def test_it_tells_cards_drawn_as_a_spectator_would_after_the_end(client, ed_finished):
    body = _page(client, ed_finished, ed_finished.actions.count()).content.decode()
    assert "You drew" not in body and "You discarded" not in body
    assert "ana drew" in body


def test_it_tells_decisions_without_calling_them_secret(ig_finished):
    lines = [line.text for move in build_replay(ig_finished, 0).moves for line in move.details]
    lines += [move.headline.text for move in build_replay(ig_finished, 0).moves]
    assert any("chooses to" in line for line in lines)
    assert not any("(secret)" in line or "has decided" in line for line in lines)


def test_it_narrates_the_current_step_and_marks_it_in_the_move_list(client, ig_finished):
    row = MatchAction.objects.get(match=ig_finished, seq=5)
    body = _page(client, ig_finished, 5).content.decode()
    assert f"Move 5: {ig_finished.seats.get(position=row.seat).name}" in body
    assert f'<code class="replay-action" translate="no">{row.action["choice"]}</code>' in body
    current = body.split('aria-current="step"')[1].split("</li>")[0]
    assert '<span class="replay-move-no">5</span>' in current


@pytest.mark.parametrize("asked, shown", [("-3", 0), ("100000", "last")])
def test_it_sends_a_step_past_either_end_to_the_nearest_one(client, ig_finished, asked, shown):
    last = ig_finished.actions.count()
    step = last if shown == "last" else shown
    response = _page(client, ig_finished, asked)
    assert response.status_code == 302
    assert response["Location"] == f"/matches/{ig_finished.pk}/replay/?step={step}"


def test_it_clamps_an_htmx_step_and_pushes_the_real_address(client, ig_finished):
    last = ig_finished.actions.count()
    response = _page(client, ig_finished, 100000, HX_Request="true")
    assert response.status_code == 200
    assert response["HX-Push-Url"] == f"/matches/{ig_finished.pk}/replay/?step={last}"
    assert f'data-step="{last}"' in response.content.decode()


def test_it_refuses_a_step_that_is_not_a_number(client, ig_finished):
    assert _page(client, ig_finished, "abc").status_code == 404


def test_it_answers_htmx_with_the_replay_body_alone(client, ig_finished):
    fragment = _page(client, ig_finished, 3, HX_Request="true").content.decode()
    assert fragment.lstrip().startswith('<div id="replay-body" data-step="3"')
    assert "<html" not in fragment
    # The page keeps the move list it has; only a full page carries it.
    assert '<ol class="replay-moves" id="replay-moves" hx-preserve="true">' in fragment
    assert 'class="replay-move-no"' not in fragment
    restore = _page(client, ig_finished, 3, HX_Request="true", HX_History_Restore_Request="true")
    assert "<html" in restore.content.decode()
    assert 'class="replay-move-no"' in restore.content.decode()


@pytest.mark.parametrize("status", [Status.OPEN, Status.ACTIVE, Status.ABANDONED])
def test_it_has_no_replay_of_a_match_that_did_not_finish(client, ig_match, status):
    match = ig_match(bots=("random", "expert"), players=3)
    Match.objects.filter(pk=match.pk).update(status=status)
    client.force_login(users(match)["ana"])
    assert _page(client, match).status_code == 404
    assert _page(client, match, 1).status_code == 404


def test_a_running_match_has_no_replay_even_for_its_players(client, ig_match):
    match = ig_match()
    people = users(match)
    submit_action(match.pk, people["ana"], {"type": "decide", "choice": "continue"}, None)
    client.force_login(people["ana"])
    assert Match.objects.get(pk=match.pk).status == Status.ACTIVE
    assert _page(client, match).status_code == 404


def test_a_cancelled_match_has_no_replay(client, user_factory):
    ana = user_factory("ana")
    match = create_match(ana, MatchSpec(game="incan-gold", players=3, bots=("random",)))
    leave_match(match.pk, ana)
    assert Match.objects.get(pk=match.pk).status == Status.ABANDONED
    client.force_login(ana)
    assert _page(client, match).status_code == 404


def test_a_private_finished_match_is_replayed_only_for_its_players(client, user_factory):
    match = finished_match(user_factory("ana"), private=True)
    assert _page(client, match).status_code == 404  # anonymous
    client.force_login(user_factory("bo"))
    session = client.session
    session["match_invites"] = [match.pk]  # an invite lets you watch, not replay
    session.save()
    assert _page(client, match).status_code == 404
    client.force_login(match.seats.get(position=0).user)
    assert _page(client, match).status_code == 200


def test_a_public_finished_match_is_replayed_for_anyone(client, ig_finished):
    assert _page(client, ig_finished).status_code == 200


def test_an_el_dorado_step_that_moves_an_explorer_traces_that_move(client, ed_finished):
    actions = list(ed_finished.actions.order_by("seq"))
    moving = next(a.seq for a in actions if a.action.get("type") == "move")
    ending = next(a.seq for a in actions if a.action.get("type") == "end_turn")
    moved = _page(client, ed_finished, moving).content.decode()
    assert moved.count('class="trail-move ') == 1
    # From the space left through every space of the path.
    points = moved.split('class="trail-line" points="')[1].split('"')[0].split()
    assert len(points) == len(actions[moving - 1].action["path"]) + 1
    assert 'class="trail-move ' not in _page(client, ed_finished, ending).content.decode()
