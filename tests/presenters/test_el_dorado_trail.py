"""The trail of recent moves on the El Dorado board: which turns it covers and for whom."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import games.engines.el_dorado as ed
from games.engines.el_dorado import board_of, legal_moves
from games.engines.el_dorado.sketch import sketch_layout
from games.models import MatchAction
from games.play.live.match_part import render_live
from games.play.services.lobby import MatchSpec, create_match, join_match
from games.play.services.play import submit_action
from games.play.services.state import current_state
from games.presenters.el_dorado.map_pieces import TrailMove
from games.presenters.el_dorado.trail import trail_moves
from games.presenters.page import match_context

# Axial rows: (q, r) neighbours (q+1, r), (q+1, r-1), (q, r+1) and so on; seats 0-2 start on
# the S of rows 0-2, and seat 2 has rubble right ahead.
ROWS = [
    "S J1 J1 | J1 J1 J1",
    "S J1 J1 | J1 J1 J1",
    "S X1 J1 | J1 J1 J1",
    "S J1 J1 | J1 J1 J1",
]
HAND = ["explorer", "explorer", "scout", "traveller"]


class Game:
    """A sketched game played action by action, keeping each action's events like the log."""

    def __init__(self, players: int = 3, hand: Sequence[str] = HAND) -> None:
        self.state = ed.new_game(
            players,
            5,
            {
                "map": sketch_layout(ROWS),
                "decks": [list(hand) + ["traveller"] * 8] * players,
                "blockades": ["jungle-1"],
            },
        )
        self.log: list[list[dict[str, Any]]] = []

    def act(self, action: Mapping[str, Any]) -> None:
        progress = ed.apply(self.state, self.state.turn.seat, action)
        self.state = progress.state
        self.log.append(progress.events)

    def card(self, slug: str) -> int:
        seat = self.state.seats[self.state.turn.seat]
        return next(c for c in seat.hand if self.state.cards[c] == slug)

    def move(self, *path: tuple[int, int], slug: str = "explorer", explorer: int = 0) -> None:
        action: dict[str, Any] = {"type": "move", "card": self.card(slug), "path": list(path)}
        if explorer:
            action["explorer"] = explorer
        self.act(action)

    def end(self) -> None:
        self.act({"type": "end_turn"})

    def trail(self, viewer: int | None, log: Sequence[list[dict]] | None = None) -> list:
        return trail_moves(
            reversed(self.log if log is None else log),
            self.state.players,
            viewer,
            None if self.state.over else self.state.turn.seat,
        )


def _who(trail: list[TrailMove]) -> list[int]:
    return [m.player for m in trail]


@pytest.fixture
def two_rounds() -> Game:
    """Round 1: every seat steps off its start; round 2: seat 0 moves on, seat 1 is moving."""
    game = Game()
    game.move((1, 0))
    game.end()
    game.move((1, 1))
    game.end()
    game.act({"type": "rubble", "to": [1, 2], "cards": [game.card("traveller")]})
    game.end()
    game.move((2, 0))
    game.end()
    game.move((2, 1))
    return game


def test_a_seated_player_sees_every_move_since_their_own_last_turn(two_rounds: Game) -> None:
    # Seat 2 last played in round 1: since then seat 0's move and seat 1's move under way.
    assert two_rounds.trail(2) == [
        TrailMove(0, ((1, 0), (2, 0))),
        TrailMove(1, ((1, 1), (2, 1))),
    ]
    # Seat 0 just played: only what seat 1 does now.
    assert two_rounds.trail(0) == [TrailMove(1, ((1, 1), (2, 1)))]


def test_on_your_turn_you_see_the_others_last_turns_and_your_own_moves(two_rounds: Game) -> None:
    assert two_rounds.trail(1) == [
        # Entering rubble is a move too; a first move starts on the seat's start space.
        TrailMove(2, ((0, 2), (1, 2))),
        TrailMove(0, ((1, 0), (2, 0))),
        TrailMove(1, ((1, 1), (2, 1))),
    ]


def test_a_spectator_sees_the_last_round_counting_the_turn_under_way(two_rounds: Game) -> None:
    assert _who(two_rounds.trail(None)) == [2, 0, 1]
    two_rounds.end()
    # Seat 2's fresh turn has no moves yet; the round is that turn and seats 0 and 1 before.
    assert two_rounds.trail(None) == [
        TrailMove(0, ((1, 0), (2, 0))),
        TrailMove(1, ((1, 1), (2, 1))),
    ]
    assert two_rounds.trail(2) == two_rounds.trail(None)


def test_several_moves_in_a_turn_chain_and_an_undone_one_is_not_traced() -> None:
    game = Game()
    game.move((1, 0))
    game.move((2, 0))
    game.move((3, 0), slug="scout")  # crossing the blockade: part of the move, no extra line
    assert game.trail(None)[-1] == TrailMove(0, ((2, 0), (3, 0)))
    game.act({"type": "undo"})
    assert game.trail(None) == [TrailMove(0, ((0, 0), (1, 0))), TrailMove(0, ((1, 0), (2, 0)))]
    game.act({"type": "undo"})
    game.move((1, 1))
    assert game.trail(None) == [TrailMove(0, ((0, 0), (1, 0))), TrailMove(0, ((1, 0), (1, 1)))]


def test_a_blockade_taken_without_moving_points_from_the_explorer_to_it() -> None:
    game = Game(players=2)
    # Two players: seat 0 has explorers on starts #1 and #3; the second one goes to the joint.
    game.move((1, 1), explorer=1)
    game.move((2, 1), explorer=1)
    game.end()
    game.end()
    game.act({"type": "blockade", "to": [3, 1], "card": game.card("scout"), "explorer": 1})
    assert game.trail(1) == [TrailMove(0, ((2, 1),), toward=(3, 1))]
    assert game.trail(0) == [TrailMove(0, ((2, 1),), toward=(3, 1))]
    assert game.trail(None) == game.trail(0)  # the last round: seat 1's empty turn and this one


def test_the_native_s_one_space_move_counts() -> None:
    game = Game(hand=["native", *HAND[1:]])
    game.act({"type": "action", "card": game.card("native"), "to": [1, 0]})
    assert game.trail(None) == [TrailMove(0, ((0, 0), (1, 0)))]


def test_a_private_event_never_contributes() -> None:
    game = Game()
    game.move((1, 0))
    secret = {"type": "move", "seat": 0, "explorer": 0, "path": [[2, 0]], "visible_to": [0]}
    hidden_end = {"type": "end_turn", "seat": 0, "visible_to": [0]}
    log = [*game.log, [secret], [hidden_end]]
    for viewer in (None, 0, 1, 2):
        assert game.trail(viewer, log) == [TrailMove(0, ((0, 0), (1, 0)))]
    # Nor does a private event tell where an explorer started from.
    log = [[secret], [{"type": "end_turn", "seat": 0, "visible_to": None}], *game.log]
    assert game.trail(None, log)[-1].hexes[0] == (0, 0)


def test_turns_without_moves_leave_no_trail() -> None:
    game = Game()
    assert game.trail(None) == []
    game.act({"type": "buy", "card": "scout", "pay": [game.card("traveller")]})
    game.end()
    assert game.trail(None) == game.trail(0) == game.trail(1) == []


# Through the services and the page, as a match is really stored.

needs_db = pytest.mark.django_db


def _play(match, user, action) -> None:
    match.refresh_from_db()
    submit_action(match.pk, user, action, match.version)


def _longest_move(match, seat: int) -> dict:
    match.refresh_from_db()
    state = current_state(match)
    moves = [
        {"type": "move", "card": card, "path": [list(h) for h in path]}
        for card in state.seats[seat].hand
        for path in legal_moves(state, seat, card, 0, None).values()
    ]
    return max(moves, key=lambda a: len(a["path"]))


@pytest.fixture
def live_match(user_factory, monkeypatch):
    # A fixed seed whose opening hands can all move: four Travellers could not.
    monkeypatch.setattr("games.play.services.lobby.secrets.randbits", lambda bits: 7)
    ana = user_factory("ana")
    match = create_match(
        ana, MatchSpec(game="el-dorado", players=3, bots=(), options={"map": "home-stretch"})
    )
    people = [ana, user_factory("bo"), user_factory("cy")]
    for person in people[1:]:
        join_match(match.pk, person)
    for seat, person in enumerate(people):
        _play(match, person, _longest_move(match, seat))
        if seat < 2:
            _play(match, person, {"type": "end_turn"})
    match.refresh_from_db()
    return match, people


def _trail_players(svg: str) -> list[int]:
    return [int(p) for p in re.findall(r'class="trail-move[^"]*" data-player="(\d)"', svg)]


@needs_db
def test_it_traces_the_stored_moves_for_each_viewer(live_match, user_factory) -> None:
    match, (ana, bo, cy) = live_match
    assert _trail_players(match_context(match, ana)["overlay_svg"]) == [1, 2]
    assert _trail_players(match_context(match, bo)["overlay_svg"]) == [2]
    assert _trail_players(match_context(match, cy)["overlay_svg"]) == [0, 1, 2]
    assert _trail_players(match_context(match, None)["overlay_svg"]) == [0, 1, 2]
    assert _trail_players(match_context(match, user_factory("watcher"))["overlay_svg"]) == [0, 1, 2]
    page = render_live(match, ana)
    assert "Lines: moves since your last turn" in page
    assert "Lines: moves of the last round" in render_live(match, None)


@needs_db
def test_it_ignores_a_private_event_in_the_stored_log(live_match) -> None:
    match, (ana, bo, cy) = live_match
    viewers = (None, ana, bo, cy)
    before = [match_context(match, user)["overlay_svg"] for user in viewers]
    seq = MatchAction.objects.filter(match=match).count() + 1
    # A move only seat 2 may see (no such event exists today): it must not be drawn for anyone.
    secret = {"type": "move", "seat": 2, "explorer": 0, "card": "explorer", "as": "machete"}
    start = board_of(current_state(match)).starts[2]
    secret.update(path=[list(start)], visible_to=[2])
    MatchAction.objects.create(
        match=match, seq=seq, seat=2, action={}, events=[secret], version=match.version
    )
    assert [match_context(match, user)["overlay_svg"] for user in viewers] == before


@needs_db
def test_the_rows_a_snapshot_read_give_the_same_trail_as_the_database(live_match) -> None:
    from games.presenters.common import log_rows
    from games.presenters.el_dorado.trail import match_trail

    match, _ = live_match
    view = ed.player_view(current_state(match), None)
    rows = log_rows(match)
    assert len(rows) > 3
    for viewer in (None, 0, 1, 2):
        alone = match_trail(match, view, viewer)
        assert alone[0]
        # All the rows, or only the newest few with the rest read from the database.
        assert match_trail(match, view, viewer, rows) == alone
        assert match_trail(match, view, viewer, rows[-2:]) == alone
