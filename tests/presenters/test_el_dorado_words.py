"""The El Dorado map in words: distances to El Dorado, the summary that describes the map's
image, and the reach list only the player to move is shown."""

from __future__ import annotations

import re
from dataclasses import replace

from django.utils import translation

import games.engines.el_dorado as ed
from games.engines.el_dorado.maps import Terrain, load_map
from games.presenters.el_dorado.words import el_dorado_distances, map_summary
from tests.helpers import render_parts
from tests.presenters.test_el_dorado_parts import _context

HILLS = load_map("hills-of-gold")
NAMES = ("ana", "bo", "cy", "di")


def _moving_state() -> ed.State:
    """A game on Hills of Gold whose seat to play holds a card that can move."""
    for seed in range(50):
        state = ed.new_game(4, seed, {"map": "hills-of-gold"})
        seat = state.turn.seat
        if any(ed.legal_moves(state, seat, c, 0, None) for c in state.seats[seat].hand):
            return state
    raise AssertionError("no opening hand moves")


def test_final_spaces_are_zero_and_their_neighbours_one_space_from_el_dorado():
    distances = el_dorado_distances(HILLS)
    for final in HILLS.finals:
        assert distances[final] == 0
        for there in HILLS.adjacent(final):
            if there not in HILLS.final_set and HILLS.spaces[there].terrain != Terrain.MOUNTAIN:
                assert distances[there] == 1


def test_a_start_space_is_as_far_as_its_shortest_way_over_enterable_spaces():
    distances = el_dorado_distances(HILLS)
    assert [distances[h] for h in HILLS.starts] == [37, 36, 35, 34]
    for h, space in HILLS.spaces.items():
        if space.terrain == Terrain.MOUNTAIN:
            assert h not in distances
        elif h not in HILLS.final_set:
            # One step onto an enterable neighbour, never onto a mountain or a start space.
            onward = [
                distances[n]
                for n in HILLS.adjacent(h)
                if n in distances and HILLS.spaces[n].terrain != Terrain.START
            ]
            assert distances[h] == 1 + min(onward), h


def _state() -> ed.State:
    return ed.new_game(4, 11, {"map": "hills-of-gold"})


def _summary(state: ed.State, you: int | None) -> dict:
    return map_summary(ed.player_view(state, you), HILLS, list(NAMES), you)


def test_the_summary_names_each_seat_where_it_stands_and_how_far_it_is():
    lines = [line["text"] for line in _summary(_state(), 1)["seat_words"]]
    assert lines == [
        "ana: start space 1 at (1,2), 37 spaces from El Dorado",
        "bo (you): start space 2 at (1,3), 36 spaces from El Dorado",
        "cy: start space 3 at (1,4), 35 spaces from El Dorado",
        "di: start space 4 at (1,5), 34 spaces from El Dorado",
    ]
    # A spectator is nobody's "you".
    assert all("(you)" not in line["text"] for line in _summary(_state(), None)["seat_words"])


def test_a_seat_in_el_dorado_has_reached_it_and_a_moved_one_names_its_space():
    state = _state()
    seats = list(state.seats)
    seats[0] = replace(seats[0], explorers=(None,))
    seats[2] = replace(seats[2], explorers=((2, 3),))
    state = replace(state, seats=tuple(seats))
    lines = [line["text"] for line in _summary(state, 0)["seat_words"]]
    assert lines[0] == "ana (you): reached El Dorado"
    far = el_dorado_distances(HILLS)[(2, 3)]
    label = f"{HILLS.spaces[(2, 3)].terrain} {HILLS.spaces[(2, 3)].value}"
    assert lines[2] == f"cy: {label} at (2,3), {far} spaces from El Dorado"


def test_the_summary_lists_the_open_blockades_and_drops_a_taken_one():
    state = _state()
    lines = _summary(state, None)["blockade_words"]
    assert len(lines) == len(HILLS.joints) == 5
    kind, value = state.blockades[0]
    first = f"The {kind} {value} blockade between tiles B and C: crossing it costs {value}"
    assert lines[0].startswith(first)
    taken = replace(state, blockade_owner=(2, *state.blockade_owner[1:]))
    assert _summary(taken, None)["blockade_words"] == lines[1:]
    everyone = replace(state, blockade_owner=(0,) * 5)
    assert _summary(everyone, None)["blockade_words"] == ["Every blockade has been taken."]


def test_the_summary_is_japanese_in_japanese():
    with translation.override("ja"):
        summary = _summary(_state(), 1)
    text = " ".join([*(line["text"] for line in summary["seat_words"]), *summary["blockade_words"]])
    assert "エルドラドまで36マス" in text and "（あなた）" in text and "バリケード" in text
    assert not re.search(r"[A-Za-z]{3,}", text.replace("ana", "").replace("cy", ""))


def _reach_items(html: str) -> list[str]:
    return re.findall(r"<li>([^<]+)</li>", html)


def test_only_the_player_to_move_reads_where_their_cards_reach():
    state = _moving_state()
    seat = state.turn.seat
    mine = _context(state, seat)
    reach = render_parts(mine)["ed-reach"]
    assert "Where your cards reach this turn" in reach
    spoken = [d["spoken"] for m in mine["moves"] for d in m["destinations"]]
    items = _reach_items(reach)
    assert spoken and [item for item in items if not item.startswith("With ")] == spoken
    # A card that reaches nowhere says so.
    for move in mine["moves"]:
        if not move["destinations"]:
            assert f"With {move['card']['name']}: nowhere" in items
    hand_names = {m["card"]["name"] for m in mine["moves"]}
    for other in [(seat + 1) % 4, (seat + 2) % 4, None]:
        parts = render_parts(_context(state, other))
        assert "<li" not in parts["ed-reach"] and "reach" not in parts["ed-reach"].split(">", 1)[1]
        # Nothing of the player's hand shows in another viewer's words.
        words = parts["ed-map-words"] + parts["ed-blockade-words"] + parts["ed-reach"]
        assert not any(f"With {name}" in words for name in hand_names)
        assert not any(line in words for line in spoken)


def test_after_the_turn_passes_the_player_no_longer_reads_a_reach_list():
    state = _moving_state()
    seat = state.turn.seat
    assert "<li" in render_parts(_context(state, seat))["ed-reach"]
    state = ed.apply(state, seat, {"type": "end_turn", "discard": []}).state
    assert state.turn.seat != seat
    assert "<li" not in render_parts(_context(state, seat))["ed-reach"]
