"""Properties over random legal play: termination, conservation, JSON, replay, no leaks."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

import games.engines.el_dorado as ed
from games.bots.el_dorado import greedy_bot
from games.engines.el_dorado.maps import MAP_SLUGS
from games.help import el_dorado as told

ACTION_CAP = 3000


def conserved(s: ed.State) -> bool:
    """Every card is in exactly one place: a pile of a seat, removed, or the supply."""
    places = [c for seat in s.seats for c in (*seat.owned(), *seat.removed)]
    places += [c for ids in s.supply.values() for c in ids]
    return sorted(places) == list(range(len(s.cards)))


def hide_from(s: ed.State, viewer: int | None) -> ed.State:
    """The same public position with other seats' hidden cards rearranged."""
    seats = list(s.seats)
    for i, seat in enumerate(seats):
        if i == viewer or not seat.draw:
            continue
        hidden = list(seat.hand) + list(seat.draw)
        random.Random(i).shuffle(hidden)
        seats[i] = replace(
            seat, hand=tuple(hidden[: len(seat.hand)]), draw=tuple(hidden[len(seat.hand) :])
        )
    caves = tuple(tuple(reversed(stack)) for stack in s.caves)
    # A random map follows the seed (the map is public); otherwise the seed must not show.
    seed = s.seed if s.options.get("map") == "random" else s.seed + 1
    return replace(s, seats=tuple(seats), caves=caves, seed=seed)


def run(players, seed, options, policy, cap=ACTION_CAP, check_every=7):
    s = ed.new_game(players, seed, options)
    rng = random.Random(seed)
    log = []
    steps = 0
    while not ed.is_over(s) and steps < cap:
        seat = next(iter(ed.to_act(s)))
        action = policy(s, seat, rng)
        log.append((seat, action))
        s = ed.apply(s, seat, action).state
        steps += 1
        if steps % check_every == 0:
            assert conserved(s)
            if policy is random_policy and not s.over:
                who = next(iter(ed.to_act(s)))
                for listed in ed.legal_actions(s, who):
                    assert ed.validate(s, who, listed) is None, listed
            viewer = rng.choice([None, *range(players)])
            if not s.over:
                assert ed.player_view(hide_from(s, viewer), viewer) == ed.player_view(s, viewer)
    return s, log


def bot_policy(s, seat, rng):
    return greedy_bot(ed.player_view(s, seat), seat, rng)


def random_policy(s, seat, rng):
    actions = ed.legal_actions(s, seat)
    assert actions, "there is always a legal action"
    moves = [a for a in actions if a["type"] not in ("end_turn", "discard", "undo")]
    if moves and rng.random() < 0.85:
        return rng.choice(moves)
    return rng.choice(actions)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 4),
    slug=st.sampled_from((*MAP_SLUGS, "random")),
    caves=st.booleans(),
)
def test_bot_games_end_conserve_cards_round_trip_and_replay(seed, players, slug, caves):
    options = {"map": slug, "caves": caves}
    s, log = run(players, seed, options, bot_policy)
    assert ed.is_over(s)
    assert conserved(s)
    assert ed.from_json(json.loads(json.dumps(ed.to_json(s)))) == s
    assert ed.to_json(ed.replay(players, seed, options, log)) == ed.to_json(s)
    result = ed.outcome(s)
    assert result.winners and all(result.reached[w] for w in result.winners)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), caves=st.booleans())
def test_every_listed_legal_action_applies_and_state_stays_sound(seed, players, caves):
    options = {"map": "hills-of-gold", "caves": caves}
    s, log = run(players, seed, options, random_policy, cap=250, check_every=5)
    assert conserved(s)
    again = ed.from_json(json.loads(json.dumps(ed.to_json(s))))
    assert again == s
    assert ed.to_json(ed.replay(players, seed, options, log)) == ed.to_json(s)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_apply_never_mutates_its_input(seed):
    s = ed.new_game(3, seed, {"caves": True})
    rng = random.Random(seed)
    for _ in range(40):
        seat = next(iter(ed.to_act(s)))
        before = json.dumps(ed.to_json(s))
        action = random_policy(s, seat, rng)
        after = ed.apply(s, seat, action).state
        assert json.dumps(ed.to_json(s)) == before
        s = after


def test_new_game_is_deterministic_and_seeds_differ():
    assert ed.to_json(ed.new_game(4, 5)) == ed.to_json(ed.new_game(4, 5))
    hands = {ed.new_game(4, seed).seats[0].hand for seed in range(10)}
    assert len(hands) > 1


def test_every_event_of_a_game_is_narrated_and_json_safe():
    s = ed.new_game(3, 77, {"caves": True})
    rng = random.Random(77)
    names = ["Ana", "Ben", "Cy"]
    seen = set()
    for _ in range(400):
        if ed.is_over(s):
            break
        seat = next(iter(ed.to_act(s)))
        progress = ed.apply(s, seat, random_policy(s, seat, rng))
        for event in progress.events:
            json.dumps(event)
            text = told.describe_event(event, names)
            assert text and not text.endswith(f": {event['type']}."), event
            seen.add(event["type"])
        s = progress.state
    assert {"move", "draw", "drew", "end_turn", "buy"} <= seen


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 120) | st.sampled_from(["scout", "paddle", "x"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=8,
)
TYPES = ["move", "rubble", "camp", "blockade", "buy", "action", "remove", "token", "discard"]
FIELDS = ["card", "cards", "path", "to", "explorer", "as", "pay", "tokens", "token", "take"]


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from([*TYPES, "end_turn", "undo", "dance"]),
    fields=st.dictionaries(st.sampled_from(FIELDS), JSONISH, max_size=4),
    seat=st.sampled_from([0, 1, -1, None, "0"]),
)
def test_malformed_actions_raise_only_illegal_action(kind, fields, seat):
    s = ed.new_game(
        2, 3, {"caves": True, "decks": [["native", "transmitter", "scout", "prop-plane"]] * 2}
    )
    s = replace(s, seats=(replace(s.seats[0], tokens=(0, 17, 30, 34)), s.seats[1]))
    try:
        ed.apply(s, seat, {"type": kind, **fields})
    except ed.IllegalAction as exc:
        assert str(exc)
