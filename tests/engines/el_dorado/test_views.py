"""Who sees what: hands are private, draw piles and the seed secret, the rest public."""

from __future__ import annotations

import json
from dataclasses import replace

import games.engines.el_dorado as ed
from games.help import el_dorado as told

END = {"type": "end_turn"}


def swap_seat(s, index, **fields):
    seats = list(s.seats)
    seats[index] = replace(seats[index], **fields)
    return replace(s, seats=tuple(seats))


def test_views_are_json_safe_for_players_and_spectators():
    s = ed.new_game(4, 3, {"caves": True})
    for seat in (None, 0, 1, 2, 3):
        json.dumps(ed.player_view(s, seat))


def test_own_hand_is_shown_and_other_hands_only_by_size():
    s = ed.new_game(3, 3)
    view = ed.player_view(s, 1)
    assert [c["id"] for c in view["seats"][1]["hand"]] == list(s.seats[1].hand)
    for other in (0, 2):
        assert "hand" not in view["seats"][other]
        assert view["seats"][other]["hand_size"] == 4
    assert all("hand" not in seat for seat in ed.player_view(s, None)["seats"])


def test_no_view_shows_a_draw_pile_order_or_the_seed():
    s = ed.new_game(3, 3)
    for viewer in (None, 0, 1, 2):
        view = ed.player_view(s, viewer)
        assert "seed" not in view
        assert all("draw" not in seat for seat in view["seats"])
        assert all(seat["draw_size"] == 4 for seat in view["seats"])
    own = ed.player_view(s, 0)["seats"][0]["draw_counts"]
    assert sum(own.values()) == 4
    assert "draw_counts" not in ed.player_view(s, 0)["seats"][1]


def test_hidden_changes_leave_other_viewers_views_unchanged():
    s = ed.new_game(3, 11)
    seat1 = s.seats[1]
    # Another order of seat 1's draw pile, and a card traded between its hand and draw pile.
    shuffled = swap_seat(s, 1, draw=tuple(reversed(seat1.draw)))
    traded = swap_seat(
        s, 1, hand=(seat1.draw[0], *seat1.hand[1:]), draw=(seat1.hand[0], *seat1.draw[1:])
    )
    for viewer in (None, 0, 2):
        base = ed.player_view(s, viewer)
        assert ed.player_view(shuffled, viewer) == base
        assert ed.player_view(traded, viewer) == base
    assert ed.player_view(shuffled, 1) == ed.player_view(s, 1)  # the owner never sees the order


def test_decks_option_and_cave_stacks_stay_secret_until_the_end():
    s = ed.new_game(2, 5, {"caves": True, "decks": [["scout"] * 8, ["explorer"] * 8]})
    view = ed.player_view(s, None)
    assert "decks" not in view["options"]
    assert "cave_stacks" not in view
    assert all(set(c) == {"hex", "left"} for c in view["caves"])
    other = replace(s, caves=tuple(tuple(reversed(stack)) for stack in s.caves))
    assert ed.player_view(other, 0) == ed.player_view(s, 0)


def test_public_facts_are_in_every_view(kit):
    s = kit.make(hands=[["scout", "photographer", "explorer", "traveller"]])
    s = kit.play(
        s,
        {"type": "move", "card": 0, "path": [[1, 0], [2, 0]]},
        {"type": "buy", "card": "photographer", "pay": [1]},
    )
    view = ed.player_view(s, None)
    me = view["seats"][0]
    assert me["explorers"][0] == [2, 0]
    assert [c["card"] for c in me["played"]] == ["scout", "photographer"]
    assert [c["card"] for c in me["acquired"]] == ["photographer"]
    assert me["discard_top"]["card"] == "photographer"
    assert me["hand_size"] == 2 and me["discard_size"] == 1
    assert view["market"][2] == {"card": "photographer", "left": 2, "open": True}
    assert view["blockades"] == [{"joint": 0, "kind": "jungle", "value": 1, "owner": None}]
    assert view["to_act"] == [0]


def test_only_the_top_of_another_players_discard_pile_is_public(kit):
    s = kit.make(hands=[["explorer", "sailor", "traveller", "traveller"]])
    s = kit.play(s, {"type": "discard", "cards": [0, 1]}, END)
    other = ed.player_view(s, 1)["seats"][0]
    assert other["discard_top"]["id"] == 1
    assert "discard" not in other
    assert [c["id"] for c in ed.player_view(s, 0)["seats"][0]["discard"]] == [0, 1]


def test_drawn_cards_are_seen_only_by_their_owner(kit):
    s = kit.make(hands=[["explorer"]])
    s = kit.play(s, {"type": "move", "card": 0, "path": [[1, 0]]})
    events = ed.apply(s, 0, END).events
    drew = [e for e in events if e["type"] == "drew"]
    assert drew and drew[0]["visible_to"] == [0]
    assert ed.events_for(events, 1) == [e for e in events if e["type"] != "drew"]
    public = [e for e in events if e["type"] == "draw"]
    assert public[0]["visible_to"] is None and public[0]["count"] == 1
    names = ["Ana", "Ben"]
    assert told.describe_event(public[0], names) == "Ana drew 1 card."


def test_everything_is_shown_once_the_game_is_over(kit):
    s = kit.make(["S J1 J1 | J1 J1"] * 4, [["giant-machete"]], players=4)
    path = [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]
    s = kit.play(s, {"type": "move", "card": 0, "path": path})
    for _ in range(4):
        s = kit.play(s, END)
    assert ed.is_over(s)
    view = ed.player_view(s, None)
    assert view["seed"] == s.seed
    assert all("hand" in seat and "draw" in seat for seat in view["seats"])
    assert view["outcome"]["winners"] == [0]
    assert view["options"]["decks"][0][0] == "giant-machete"


def test_cards_discarded_from_hand_are_counted_for_others_and_named_for_the_owner(kit):
    s = kit.make(hands=[["pioneer", "sailor", "traveller", "traveller"]])
    events = ed.apply(s, 0, {"type": "discard", "cards": [0, 1]}).events
    public = ed.events_for(events, 1)
    assert public == [{"type": "discard", "seat": 0, "count": 2, "visible_to": None}]
    mine = [e for e in ed.events_for(events, 0) if e["type"] == "discarded"]
    assert [c["card"] for c in mine[0]["cards"]] == ["pioneer", "sailor"]
    assert told.describe_event(public[0], ["Ana", "Ben"]) == "Ana discarded 2 cards from hand."


def test_cave_tokens_held_and_cards_removed_are_public(kit):
    s = kit.make(["S B1 J1 | J1"] * 4, [["explorer", "sailor"]])
    s = replace(s, seats=(replace(s.seats[0], tokens=(30,)), *s.seats[1:]))
    s = kit.play(s, {"type": "camp", "to": [1, 0], "cards": [1]})
    other = ed.player_view(s, 1)["seats"][0]
    assert other["tokens"] == [{"id": 30, "kind": "pass"}]
    assert other["removed"] == [{"id": 1, "card": "sailor"}]


def test_the_board_can_be_rebuilt_from_any_view_without_the_seed():
    from games.engines.el_dorado.sketch import sketch_layout

    for options in (
        {"map": "serpentine"},
        {"map": "random"},
        {"map": sketch_layout(["S J1 | J1"] * 4)},
    ):
        s = ed.new_game(2, 41, options)
        view = json.loads(json.dumps(ed.player_view(s, None)))
        assert ed.board_from_view(view) == ed.board_of(s)
        assert "41" not in json.dumps(view["map"])


def test_changing_a_returned_view_does_not_change_the_next_one():
    s = ed.new_game(3, 5)
    first = ed.player_view(s, 0)
    first["seats"][1]["hand_size"] = 99
    first["seats"][0].pop("hand")
    again = ed.player_view(s, 0)
    assert again["seats"][1]["hand_size"] == 4
    assert len(again["seats"][0]["hand"]) == 4


def test_rubble_discards_are_told_to_others_as_a_count_and_to_the_owner_by_name(kit):
    s = kit.make(["S X2 J1 | J1"] * 4, [["pioneer", "sailor", "explorer"]])
    events = ed.apply(s, 0, {"type": "rubble", "to": [1, 0], "cards": [0, 1]}).events
    names = ["Ana", "Ben"]
    public = [told.describe_event(e, names) for e in ed.events_for(events, 1)]
    assert public == ["Ana discarded 2 cards to enter the rubble."]
    own = [told.describe_event(e, names, 0) for e in ed.events_for(events, 0)]
    assert own == [public[0], "You discarded Pioneer, Sailor."]


def test_cards_given_up_for_a_base_camp_are_public(kit):
    s = kit.make(["S B1 J1 | J1"] * 4, [["pioneer", "sailor"]])
    events = ed.apply(s, 0, {"type": "camp", "to": [1, 0], "cards": [1]}).events
    seen = [told.describe_event(e, ["Ana", "Ben"]) for e in ed.events_for(events, 1)]
    assert seen == ["Ana removed Sailor to enter the base camp."]


def test_move_events_say_where_the_explorer_left_from(kit):
    """Explorers are public: each move's event names the space left, so a log can be drawn."""
    s = kit.make(
        ["S J1 X1 | J1 J1", "S J1 J1 | J1 J1", "S J1 J1 | J1 J1", "S J1 J1 | J1 J1"],
        [["explorer", "native", "sailor"]],
        players=4,
        blockades=["jungle-1"],
    )
    progress = ed.apply(s, 0, {"type": "move", "card": 0, "path": [[1, 0]]})
    assert (progress.events[0]["from"], progress.events[0]["path"]) == ([0, 0], [[1, 0]])
    s = progress.state
    events = ed.apply(s, 0, {"type": "rubble", "to": [2, 0], "cards": [2]}).events
    assert (events[0]["from"], events[0]["to"]) == ([1, 0], [2, 0])
    events = ed.apply(s, 0, {"type": "action", "card": 1, "to": [1, 1]}).events
    (native,) = [e for e in events if e["type"] == "native"]
    assert (native["from"], native["to"]) == ([1, 0], [1, 1])


def test_a_blockade_taken_without_moving_says_which_explorer_took_it_and_where(kit):
    s = kit.make(["S J1 | J1 J1"] * 4, [["explorer", "scout"]], players=4, blockades=["jungle-1"])
    s = kit.play(s, {"type": "move", "card": 0, "path": [[1, 0]]})
    (event,) = ed.apply(s, 0, {"type": "blockade", "to": [2, 0], "card": 1}).events
    assert event["explorer"] == 0 and (event["from"], event["to"]) == ([1, 0], [2, 0])
    crossed = ed.apply(s, 0, {"type": "move", "card": 1, "path": [[2, 0]]}).events
    taken = [e for e in crossed if e["type"] == "blockade"]
    assert taken[0]["explorer"] == 0 and "from" not in taken[0]


def test_the_view_says_what_each_hand_card_pays_and_which_buys_are_open(kit):
    s = kit.make(hands=[["scout", "photographer", "adventurer", "transmitter"]])
    hand = ed.player_view(s, 0)["seats"][0]["hand"]
    assert [c["pays"] for c in hand] == [1, 4, 4, 1]  # half coins: ½, 2, 2, ½
    view = ed.player_view(s, None)
    assert all(m["open"] for m in view["market"])
    assert view["reserve"] and not any(r["open"] for r in view["reserve"])
    # The last Jack-of-all-trades sold empties its slot: the reserve opens.
    emptied = replace(
        s,
        supply={**s.supply, "jack-of-all-trades": ()},
        market=tuple(None if m == "jack-of-all-trades" else m for m in s.market),
    )
    view = ed.player_view(emptied, None)
    assert {"card": None, "left": 0, "open": False} in view["market"]
    assert all(r["open"] for r in view["reserve"])
    assert "pays" not in str(view["seats"])


def test_private_events_read_you_to_their_seat_and_by_name_to_everyone_else():
    drew = {"type": "drew", "seat": 1, "cards": [{"id": 3, "card": "scout"}], "visible_to": [1]}
    names = ["Ana", "Ben"]
    assert told.describe_event(drew, names, 1) == "You drew Scout."
    assert told.describe_event(drew, names, None) == "Ben drew Scout."
    assert told.describe_event(drew, names, 0) == "Ben drew Scout."
