"""Seat markers: the seats a log line names get their markers, and only those."""

from __future__ import annotations

import random

import pytest

from games.engines.registry import GAMES, get_engine
from games.help.narration import narrator
from games.play.live.render import log_items
from games.presenters.common import LogLine
from games.presenters.seat_marks import named_seats, seat_marker, seat_markers

# Names no line of either game's narration could hold by chance.
NAMES = ["Zoltan", "Yvette", "Xavier", "Wilhelmina", "Quentin", "Ursula", "Tobias", "Sigrid"]


def _events(key: str, seed: int, moves: int = 800) -> list[dict]:
    """Every event of random legal play by as many seats as the game takes."""
    engine = get_engine(key)
    players = engine.MAX_PLAYERS
    rng = random.Random(seed)
    maker = getattr(engine, "new_game_with_events", None)
    if maker is None:
        state, events = engine.new_game(players, seed), []
    else:
        opening = maker(players, seed)
        state, events = opening.state, list(opening.events)
    for _ in range(moves):
        if engine.is_over(state):
            break
        seat = rng.choice(sorted(engine.to_act(state)))
        progress = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        state = progress.state
        events += progress.events
    return events


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("seed", [3, 41])
def test_a_line_is_marked_with_exactly_the_seats_it_names(key, seed):
    engine = get_engine(key)
    names = NAMES[: engine.MAX_PLAYERS]
    marked = 0
    for event in _events(key, seed):
        text = narrator(engine).describe_event(event, names, None)
        told = {position for position, name in enumerate(names) if name in text}
        assert set(named_seats(event)) == told, (event, text)
        marked += bool(told)
    assert marked, "some lines name seats"


def test_a_marker_is_hidden_from_screen_readers_and_names_its_seats_colour():
    assert seat_marker(5) == '<span class="seat-marker seat-colour-5" aria-hidden="true"></span>'
    assert seat_markers([2, 0]) == seat_marker(2) + seat_marker(0)


def test_the_log_puts_a_lines_markers_before_its_text():
    lines = [
        LogLine(1, "Zoltan and Yvette head back to camp.", "reveal", False, (0, 1)),
        LogLine(2, "Treasure 7: 3 gems each.", "flip", False),
    ]
    items = log_items(lines)
    assert items == (
        '<li class="log-flip">Treasure 7: 3 gems each.</li>'
        f'<li class="log-reveal">{seat_marker(0)}{seat_marker(1)} '
        "Zoltan and Yvette head back to camp.</li>"
    )
