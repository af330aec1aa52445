"""The El Dorado odds for learners: the cheapest route against a plain relaxation over the whole
board, one turn's walk against the rules of movement, and the simulated turns against every
order of a small deck."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import permutations

import pytest

import games.engines.el_dorado as ed
from games.engines.el_dorado import board_from_view
from games.engines.el_dorado.odds import (
    ENTERABLE,
    MAX_TURNS,
    Step,
    best_turn,
    missing_power,
    piles_of,
    route_of,
    strongest_cards,
    turns_needed,
)


def _relaxed_cost(board, start, open_joints) -> int:
    """The least cost into El Dorado by relaxing every step until nothing changes."""
    far = 10**9
    cost = {h: far for h in board.spaces}
    cost[start] = 0
    changed = True
    while changed:
        changed = False
        for here in board.spaces:
            if cost[here] == far or (here in board.final_set):
                continue
            for there in board.adjacent(here):
                space = board.spaces[there]
                if space.terrain.value not in ENTERABLE:
                    continue
                joint = board.joint_between(here, there)
                extra = open_joints.get(joint.index, ("", 0))[1] if joint else 0
                if cost[here] + space.value + extra < cost[there]:
                    cost[there] = cost[here] + space.value + extra
                    changed = True
    return min(cost[h] for h in board.finals)


@pytest.mark.parametrize("slug", ["hills-of-gold", "serpentine", "witchs-cauldron", "swamplands"])
def test_the_route_is_the_cheapest_way_into_el_dorado(slug):
    state = ed.new_game(2, 3, {"map": slug})
    view = ed.player_view(state, 0)
    board = board_from_view(view)
    start = tuple(view["seats"][0]["explorers"][0])
    route = route_of(view, board, start)
    assert route is not None
    hexes = [start] + [s.hex for s in route.steps]
    for a, b in zip(hexes, hexes[1:], strict=False):
        assert b in board.adjacent(a)
    assert hexes[-1] in board.final_set
    assert not any(h in board.final_set for h in hexes[:-1])
    open_joints = {b["joint"]: (b["kind"], b["value"]) for b in view["blockades"]}
    assert route.cost == _relaxed_cost(board, start, open_joints)
    assert sum(n for n, _ in route.by_terrain().values()) == route.spaces
    assert len(route.blockades()) == sum(1 for s in route.steps if s.blockade)


def test_a_taken_blockade_no_longer_costs_anything():
    state = ed.new_game(2, 3, {"map": "hills-of-gold"})
    view = ed.player_view(state, 0)
    board = board_from_view(view)
    start = tuple(view["seats"][0]["explorers"][0])
    standing = route_of(view, board, start)
    for blockade in view["blockades"]:
        blockade["owner"] = 1
    taken = route_of(view, board, start)
    assert standing.blockades() and not taken.blockades()
    assert taken.cost < standing.cost


def test_the_route_the_cards_can_walk_stays_within_their_power():
    state = ed.new_game(2, 5, {"map": "home-stretch"})
    view = ed.player_view(state, 0)
    board = board_from_view(view)
    start = tuple(view["seats"][0]["explorers"][0])
    cheapest = route_of(view, board, start)
    strongest = strongest_cards(["scout", "captain", "journalist", "sailor"])
    assert strongest == {"machete": 2, "paddle": 3, "coin": 3}
    walkable = route_of(view, board, start, strongest)
    assert walkable is not None and walkable != cheapest
    assert walkable.cost >= cheapest.cost
    kinds = {"jungle": "machete", "river": "paddle", "village": "coin"}
    for step in walkable.steps:
        assert step.terrain not in kinds or step.value <= strongest[kinds[step.terrain]]
        if step.blockade and step.blockade[0] in kinds:
            assert step.blockade[1] <= strongest[kinds[step.blockade[0]]]
    assert any(s.terrain in kinds and s.value > strongest[kinds[s.terrain]] for s in cheapest.steps)


J1, J2, R1, R2, V1 = (
    Step((0, 0), "jungle", 1),
    Step((0, 0), "jungle", 2),
    Step((0, 0), "river", 1),
    Step((0, 0), "river", 2),
    Step((0, 0), "village", 1),
)


def _walk(steps, hand):
    (at, _cleared), lost = best_turn(tuple(steps), (0, False), tuple(sorted(hand)))
    return at, lost


def test_a_card_spreads_its_power_over_spaces_of_its_kind():
    assert _walk([J1, J1, J1, R1], ["scout"]) == (2, ())
    assert _walk([J1, J1, R1, J1], ["trailblazer"]) == (2, ())
    assert _walk([J1, J1, R1, J1], ["trailblazer", "sailor"]) == (3, ())


def test_two_cards_never_pay_for_one_space():
    assert _walk([J2], ["explorer", "explorer"]) == (0, ())
    assert _walk([J2], ["scout"]) == (1, ())


def test_a_wild_card_is_any_kind_for_its_whole_play():
    assert _walk([R2, V1], ["adventurer"]) == (1, ())
    assert _walk([R1, R1, V1], ["adventurer"]) == (2, ())
    assert _walk([V1, R1], ["adventurer", "explorer"]) == (1, ())


def test_single_use_cards_and_base_camps_leave_the_deck():
    assert _walk([J2], ["giant-machete"]) == (1, ("giant-machete",))
    camp = Step((0, 0), "basecamp", 1)
    # The weakest card goes to the camp, the strong one walks on.
    assert _walk([camp, J1], ["scout", "explorer"]) == (2, ("explorer",))


def test_rubble_and_blockades():
    rubble = Step((0, 0), "rubble", 2)
    assert _walk([rubble, J1], ["sailor", "traveller", "explorer"]) == (2, ())
    assert _walk([rubble, J1], ["sailor", "explorer"]) == (1, ())
    jungle_blockade = Step((0, 0), "jungle", 1, ("jungle", 1))
    assert _walk([jungle_blockade], ["explorer"])[0] == 0
    assert _walk([jungle_blockade], ["scout"])[0] == 1
    # Taken standing beside it with one card, then entered with another.
    assert _walk([jungle_blockade], ["explorer", "explorer"])[0] == 1
    river_blockade = Step((0, 0), "jungle", 1, ("river", 1))
    assert _walk([river_blockade], ["explorer"])[0] == 0
    assert _walk([river_blockade], ["sailor", "explorer"])[0] == 1
    rubble_blockade = Step((0, 0), "jungle", 1, ("rubble", 1))
    assert _walk([rubble_blockade], ["explorer", "traveller"])[0] == 1


def _without(cards, lost):
    left = list(cards)
    for card in lost:
        left.remove(card)
    return tuple(left)


def exact_mean(steps, hand, draw, discard) -> Fraction:
    """The mean number of turns over every order of the draw pile and of every reshuffle."""
    steps = tuple(steps)

    @cache
    def turn(at, hand, pile, thrown, number) -> Fraction:
        at, lost = best_turn(steps, at, hand)
        if at[0] >= len(steps):
            return Fraction(number)
        assert number < MAX_TURNS
        return draw_into(at, (), pile, tuple(sorted(thrown + _without(hand, lost))), number + 1)

    @cache
    def draw_into(at, drawn, pile, thrown, number) -> Fraction:
        if len(drawn) == 4 or not (pile or thrown):
            return turn(at, tuple(sorted(drawn)), pile, thrown, number)
        if not pile:
            orders = set(permutations(thrown))
            return sum(draw_into(at, drawn, o, (), number) for o in orders) / len(orders)
        return draw_into(at, (*drawn, pile[-1]), pile[:-1], thrown, number)

    orders = set(permutations(draw))
    first = tuple(sorted(hand))
    total = sum(turn((0, False), first, o, tuple(sorted(discard)), 1) for o in orders)
    return total / len(orders)


ROUTE = [J1, J1, R1, Step((0, 0), "rubble", 1), J2, V1, R1, J1]
DECKS = [
    (["explorer", "sailor"], ["explorer", "traveller", "scout", "sailor"], []),
    (["traveller"], ["scout", "explorer", "sailor"], ["jack-of-all-trades", "traveller"]),
    ([], ["explorer", "explorer", "sailor", "scout", "traveller", "captain"], []),
]


@pytest.mark.parametrize("hand,draw,discard", DECKS)
def test_the_simulated_turns_match_every_order_of_a_small_deck(hand, draw, discard):
    exact = exact_mean(ROUTE, hand, draw, discard)
    assert exact > 2, "the deck is reshuffled on the way"
    simulated = turns_needed(tuple(ROUTE), hand, draw, discard, samples=4000)
    assert simulated is not None
    assert abs(simulated.mean - float(exact)) < 0.05, (simulated, float(exact))
    assert simulated.low <= float(exact) <= simulated.high


def test_the_same_state_reads_the_same_and_a_missing_kind_is_named():
    steps = tuple(ROUTE)
    deck = (["explorer", "sailor"], ["explorer", "traveller", "scout", "sailor"], [])
    assert turns_needed(steps, *deck) == turns_needed(steps, *deck)
    weak = (["explorer", "sailor"], ["explorer", "traveller", "sailor"], [])
    assert turns_needed(steps, *weak) is None
    assert missing_power(steps, [c for pile in weak for c in pile]) == [("machete", 2, 1)]


def test_the_piles_come_from_the_seats_own_view_only():
    state = ed.new_game(3, 11)
    own = ed.player_view(state, 0)["seats"][0]
    other = ed.player_view(state, 1)["seats"][0]
    hand, draw, discard = piles_of(own)
    assert sorted(hand + draw + discard) == sorted(ed.STARTING_DECK)
    assert piles_of(other) is None
