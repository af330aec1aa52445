"""The El Dorado board in parts: one element each, a static map, and small pushes."""

from __future__ import annotations

import json
import os
import random
import re
import statistics
from collections.abc import Iterator
from types import SimpleNamespace

import pytest

import games.engines.el_dorado as ed
from games.bots.registry import get_bot
from games.engines.el_dorado import legal_moves
from games.models import Match, Status
from games.play.services.lobby import MatchSpec, create_match, join_match
from games.play.services.play import submit_action
from games.play.services.state import current_state, engine_for
from games.presenters.el_dorado.board import PARTS, board_context
from games.presenters.page import match_context
from tests.helpers import compose, pushed_size, render_parts, top_level

NAMES = ("ana", "bo", "cy", "di")
# How many versions the measured game runs to (ED_PARTS_VERSIONS=0: to the end).
MEASURED_VERSIONS = int(os.environ.get("ED_PARTS_VERSIONS", "160"))
# Bytes of a typical push: every card in hand and on sale carries its effect in a help popover.
BUDGET = 12_000


def _context(state: ed.State, you: int | None, **extra) -> dict:
    """A viewer's board context for a bare engine state (no stored match)."""
    players = [
        SimpleNamespace(position=i, name=n, is_you=i == you, profile_url=None, resigned=False)
        for i, n in enumerate(NAMES[: state.players])
    ]
    context = {
        "view": ed.player_view(state, you),
        "state": state if you is not None else None,
        "you": you,
        "your_turn": you is not None and state.turn.seat == you,
        "players": players,
        "names": list(NAMES[: state.players]),
        "match": SimpleNamespace(pk=1, is_active=True),
        "version": 1,
        "csrf_token": "csrf-slot",
        **extra,
    }
    context.update(board_context(context))
    return context


def _state(**options) -> ed.State:
    return ed.new_game(4, 11, {"map": "hills-of-gold", **options})


def _moving_state() -> ed.State:
    """A game whose seat to play holds at least two movement cards that can go somewhere."""
    for seed in range(50):
        state = ed.new_game(4, seed, {"map": "hills-of-gold"})
        seat = state.turn.seat
        moving = [c for c in state.seats[seat].hand if legal_moves(state, seat, c, 0, None)]
        if len(moving) >= 2:
            return state
    raise AssertionError("no opening hand moves")


def _sections(controls: str) -> dict[int, str]:
    """Each card's destination section in the controls part, by card id."""
    found = re.findall(
        r'(<section class="ed-moves" data-card="(\d+)".*?</section>)', controls, re.S
    )
    return {int(card): html for html, card in found}


def _reach(overlay: str, cls: str = "reach") -> dict[int, str]:
    """Each card's outlines (or letters) on the overlay, by card id."""
    end = "</g></g>" if cls == "reach-labels" else "</g>"  # the letters hold discs and texts
    found = re.findall(rf'(<g class="{cls}" data-card="(\d+)".*?{end})', overlay, re.S)
    return {int(card): html for html, card in found}


def test_each_part_is_one_element_whose_id_is_its_name():
    state = _moving_state()
    seat = state.turn.seat
    card = state.seats[seat].hand[0]
    contexts = [
        _context(state, seat),
        _context(state, seat, selected_card=card),
        _context(state, (seat + 1) % 4),
        _context(state, None),
    ]
    for context in contexts:
        parts = render_parts(context)
        assert list(parts) == [p.name for p in PARTS]
        for name, html in parts.items():
            elements, stray = top_level(html)
            assert len(elements) == 1, (name, [tag for tag, _ in elements])
            assert elements[0][1].get("id") == name
            assert "hx-swap-oob" not in elements[0][1]
            assert not stray, (name, stray)
        assert parts["ed-overlay"].startswith("<svg")
        # The map's drawing holds the overlay's slot; the whole board is put together from both.
        assert "<!--part:ed-overlay-->" in parts["ed-map"]
        whole = compose(parts)
        assert whole.count('id="ed-overlay"') == 1 and "<!--part:" not in whole


def test_the_map_and_the_overlay_share_a_view_box_and_only_reachable_spaces_take_clicks():
    state = _moving_state()
    parts = render_parts(_context(state, state.turn.seat))
    box = re.compile(r'viewBox="([^"]+)"')
    assert box.search(parts["ed-map"])[1] == box.search(parts["ed-overlay"])[1]
    overlay_tag = re.search(r"<svg[^>]*>", parts["ed-overlay"])[0]
    assert 'pointer-events="none"' in overlay_tag
    # Every space is drawn (and named) on the map; clicks land on the overlay's outlines only.
    board = ed.board_of(state)
    assert len(re.findall(r'data-space="', parts["ed-map"])) == len(board.spaces)
    assert "data-hex" not in parts["ed-map"]
    for group in _reach(parts["ed-overlay"]).values():
        assert 'pointer-events="visible"' in group.split(">", 1)[0]


def test_pieces_are_drawn_on_the_overlay_and_the_map_keeps_the_terrain():
    state = _state(caves=True)
    parts = render_parts(_context(state, None))
    overlay, drawing = parts["ed-overlay"], parts["ed-map"]
    for piece in ('class="explorer ', 'class="blockade', 'class="cave-tokens"'):
        assert piece in overlay and piece not in drawing
    for terrain in ('class="space ', 'class="el-dorado"', 'class="cave"'):
        assert terrain in drawing and terrain not in overlay


def test_the_overlay_changes_when_an_explorer_moves_and_the_map_does_not():
    state = _moving_state()
    seat = state.turn.seat
    before = render_parts(_context(state, None))
    card = next(c for c in state.seats[seat].hand if legal_moves(state, seat, c, 0, None))
    target, path = next(iter(legal_moves(state, seat, card, 0, None).items()))
    moved = ed.apply(state, seat, {"type": "move", "card": card, "path": [list(h) for h in path]})
    after = render_parts(_context(moved.state, None))
    assert after["ed-map"] == before["ed-map"]
    assert after["ed-legend"] == before["ed-legend"]
    assert after["ed-overlay"] != before["ed-overlay"]
    pawn = re.compile(
        rf'<g class="explorer [^"]*" data-player="{seat}">.*? x="([-\d.]+)" y="([-\d.]+)"'
    )
    assert pawn.search(after["ed-overlay"]).groups() != pawn.search(before["ed-overlay"]).groups()


def test_every_movement_card_lists_its_destinations_tagged_with_its_card():
    state = _moving_state()
    seat = state.turn.seat
    parts = render_parts(_context(state, seat))
    sections = _sections(parts["ed-controls"])
    outlines, letters = _reach(parts["ed-overlay"]), _reach(parts["ed-overlay"], "reach-labels")
    movement = [c for c in state.seats[seat].hand if ed.CARD_TYPES[state.cards[c]].kind != "action"]
    assert sorted(sections) == sorted(movement)
    for card in movement:
        section = sections[card]
        assert " hidden>" in section.split("\n", 1)[0]  # until the card is selected
        buttons = re.findall(
            r"<button name=\"do\" value='([^']*)' data-hex=\"([^\"]+)\"[^>]*>"
            r"<b aria-hidden=\"true\">(\w+)</b>",
            section,
        )
        wild = ed.CARD_TYPES[state.cards[card]].kind == "wild"
        kinds = ["machete", "paddle", "coin"] if wild else [None]
        reachable = {t for kind in kinds for t in legal_moves(state, seat, card, 0, kind)}
        assert {tuple(map(int, at.split(","))) for _, at, _ in buttons} == reachable
        letter_of: dict[str, str] = {}
        for do, at, letter in buttons:
            action = json.loads(do.replace("&#x27;", "'").replace("&amp;", "&"))
            assert action["type"] == "move" and action["card"] == card
            assert tuple(action["path"][-1]) == tuple(map(int, at.split(",")))
            assert letter_of.setdefault(at, letter) == letter  # one letter per space
        assert len(set(letter_of.values())) == len(letter_of)
        if reachable:
            assert 'display="none"' in outlines[card].split(">", 1)[0]
            assert set(re.findall(r'data-hex="([^"]+)"', outlines[card])) == set(letter_of)
            assert sorted(re.findall(r">(\w+)</text>", letters[card])) == sorted(letter_of.values())
        else:
            assert "Nowhere" in section


def test_a_selected_card_is_shown_and_the_others_stay_hidden():
    state = _moving_state()
    seat = state.turn.seat
    card = next(c for c in state.seats[seat].hand if legal_moves(state, seat, c, 0, None))
    parts = render_parts(_context(state, seat, selected_card=card))
    for shown, section in _sections(parts["ed-controls"]).items():
        assert (" hidden>" not in section.split("\n", 1)[0]) == (shown == card)
    for key, group in _reach(parts["ed-overlay"]).items():
        assert ('display="none"' not in group.split(">", 1)[0]) == (key == card)
    assert f'ed-selected" data-card="{card}"' in parts["ed-controls"]


def test_a_viewer_off_turn_gets_no_destinations_and_nobody_gets_another_hand():
    state = _moving_state()
    seat = state.turn.seat
    for viewer in [None, *range(4)]:
        parts = render_parts(_context(state, viewer))
        own = set(state.seats[viewer].hand) if viewer is not None else set()
        for html in parts.values():
            tagged = {int(c) for c in re.findall(r'data-card="(\d+)"', html)}
            tagged |= {int(c) for c in re.findall(r'name="cards" value="(\d+)"', html)}
            tagged |= {int(c) for c in re.findall(r'"card":(\d+)', html)}
            assert tagged <= own, viewer
        if viewer != seat:
            assert (
                "ed-moves" not in parts["ed-controls"] and 'class="reach' not in parts["ed-overlay"]
            )


# Through the services, as a match is stored and served.

needs_db = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fixed_seed(monkeypatch):
    # The same deal every run, so the measured game is the same game.
    monkeypatch.setattr("games.play.services.lobby.secrets.randbits", lambda bits: 7)


def _match(user_factory, **options) -> tuple[Match, list]:
    people = [user_factory(name) for name in NAMES]
    spec = MatchSpec(
        game="el-dorado", players=4, bots=(), options={"map": "hills-of-gold", **options}
    )
    match = create_match(people[0], spec)
    for person in people[1:]:
        join_match(match.pk, person)
    match.refresh_from_db()
    return match, people


def _viewers(people: list) -> list[tuple[str, object]]:
    return [("public", None), *((f"seat {i}", p) for i, p in enumerate(people))]


def _play(match: Match, people: list, versions: int) -> Iterator[Match]:
    """Let the greedy bot choose every seat's actions; the match after each one."""
    bot = get_bot("el-dorado", "greedy")
    rng = random.Random(5)
    while match.status == Status.ACTIVE and (not versions or match.version < versions):
        state = current_state(match)
        seat = next(iter(engine_for(match).to_act(state)))
        action = bot(engine_for(match).player_view(state, seat), seat, rng)
        submit_action(match.pk, people[seat], action, match.version)
        match.refresh_from_db()
        yield match


def _parts(match: Match, user) -> dict[str, str]:
    context = match_context(match, user)
    context["csrf_token"] = "csrf-slot"
    return render_parts(context)


@needs_db
def test_the_static_drawing_is_the_same_at_every_version_for_everyone(user_factory):
    match, people = _match(user_factory, caves=True)
    first = _parts(match, None)
    statics = [p.name for p in PARTS if p.static]
    assert statics == ["ed-map", "ed-words", "ed-legend"]
    for _ in _play(match, people, versions=12):
        for _, user in _viewers(people):
            parts = _parts(match, user)
            assert [parts[name] for name in statics] == [first[name] for name in statics]


@needs_db
def test_without_javascript_a_card_query_shows_that_cards_destinations(user_factory, client):
    match, people = _match(user_factory)
    state = current_state(match)
    seat = state.turn.seat
    client.force_login(people[seat])
    plain = client.get(f"/matches/{match.pk}/").content.decode()
    # The page puts the overlay in the map drawing's slot.
    assert plain.count('id="ed-overlay"') == 1 and "<!--part:" not in plain
    assert re.search(
        r'<div class="ed-map-stack"[^>]*><svg [^>]*ed-drawing.*?</svg><svg [^>]*id="ed-overlay"',
        plain,
        re.S,
    )
    assert all(" hidden>" in s.split("\n", 1)[0] for s in _sections(plain).values())
    for card in state.seats[seat].hand:
        if ed.CARD_TYPES[state.cards[card]].kind == "action":
            continue
        page = client.get(f"/matches/{match.pk}/?card={card}").content.decode()
        sections = _sections(page)
        assert " hidden>" not in sections[card].split("\n", 1)[0]
        assert all(" hidden>" in s.split("\n", 1)[0] for c, s in sections.items() if c != card)
        reachable = legal_moves(state, seat, card, 0, None)
        assert sections[card].count('name="do"') >= len(reachable)
        if reachable:
            (group,) = [g for c, g in _reach(page).items() if c == card]
            assert 'display="none"' not in group.split(">", 1)[0]


def _percentile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


# Which pushes a viewer gets: a seat's own moves (its page has the answer to its request
# already; another tab of it takes the push), the push that starts its turn, the others' moves.
KINDS = ("public", "seat, others' moves", "seat, its turn starts", "seat, its own move")


def _kind(viewer: str, actor: int, to_play: set[int]) -> str:
    if viewer == "public":
        return KINDS[0]
    seat = int(viewer.split()[1])
    if seat == actor:
        return KINDS[3]
    return KINDS[2] if seat in to_play else KINDS[1]


@needs_db
def test_a_typical_push_carries_only_small_changed_parts(user_factory, capsys):
    match, people = _match(user_factory)
    viewers = _viewers(people)
    previous = {name: _parts(match, user) for name, user in viewers}
    whole = [len(compose(parts).encode()) for parts in previous.values()]
    pushes: dict[str, list[int]] = {kind: [] for kind in KINDS}
    sizes: dict[str, list[int]] = {p.name: [] for p in PARTS}
    actor = next(iter(engine_for(match).to_act(current_state(match))))
    for now in _play(match, people, MEASURED_VERSIONS):
        to_play = set(engine_for(now).to_act(current_state(now)))
        for name, user in viewers:
            parts = _parts(now, user)
            changed = [n for n, html in parts.items() if previous[name][n] != html]
            assert not any(p.static and p.name in changed for p in PARTS)
            pushes[_kind(name, actor, to_play)].append(sum(pushed_size(parts[n]) for n in changed))
            for n in changed:
                sizes[n].append(pushed_size(parts[n]))
            whole.append(len(compose(parts).encode()))
            previous[name] = parts
        actor = next(iter(to_play), actor)
    static = sum(pushed_size(previous["public"][p.name]) for p in PARTS if p.static)
    lines = [
        f"whole board: median {statistics.median(whole):.0f}, max {max(whole)} bytes, "
        f"of which static {static} (sent with the page only)"
    ]
    everything = [size for values in pushes.values() for size in values]
    for kind, values in [*pushes.items(), ("every push", everything)]:
        lines.append(
            f"push, {kind}: median {statistics.median(values):.0f}, "
            f"p90 {_percentile(values, 0.9)}, max {max(values)} bytes ({len(values)} pushes)"
        )
    for name, values in sizes.items():
        if values:
            lines.append(
                f"  {name}: in {len(values)} pushes, median {statistics.median(values):.0f}, "
                f"max {max(values)} bytes"
            )
    with capsys.disabled():
        print("\n" + "\n".join(lines))
    for kind in ("public", "seat, others' moves", "seat, its own move"):
        assert statistics.median(pushes[kind]) <= BUDGET, kind
    assert statistics.median(everything) <= BUDGET
    # The push that starts a turn brings the whole form, and the market to buy from.
    assert _percentile(pushes["seat, its turn starts"], 0.9) <= 2.5 * BUDGET


def test_each_destination_button_is_named_for_a_screen_reader_and_keyed_for_focus():
    state = _moving_state()
    seat = state.turn.seat
    controls = render_parts(_context(state, seat))["ed-controls"]
    buttons = re.findall(r"<button name=\"do\"[^>]*data-hex=[^>]*>", controls)
    assert buttons
    labels = [re.search(r'aria-label="([^"]+)"', b)[1] for b in buttons]
    assert all(' data-focus-key="dest-' in b for b in buttons)
    letters = [re.search(r'data-letter="(\w+)"', b)[1] for b in buttons]
    for label, letter in zip(labels, letters, strict=True):
        assert label.startswith(f"{letter} — ") and " of your explorer" in label
    # Within one card's list, no two buttons read the same or share a focus key.
    for section in _sections(controls).values():
        own = re.findall(r'<button name="do"[^>]*aria-label="([^"]+)"', section)
        assert len(set(own)) == len(own)
        own_keys = re.findall(r'<button name="do"[^>]*data-focus-key="([^"]+)"', section)
        assert len(set(own_keys)) == len(own_keys)
    assert 'data-focus-key="end-turn"' in controls
    assert re.search(r'class="ed-use" href="\?card=\d+" data-focus-key="card-\d+"', controls)
