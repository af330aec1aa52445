"""What tests share that is not a fixture: names, small readers of matches, whole matches
played out through the services, and the El Dorado board's parts put together."""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Mapping
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from django.db import connection, transaction
from django.template.loader import render_to_string
from django.utils import timezone

from games.bots.registry import get_bot
from games.models import Match, Seat, Status
from games.play.services.lobby import MatchSpec, create_match
from games.play.services.play import submit_action
from games.play.services.state import current_state, engine_for
from games.presenters.el_dorado import BOARD_CLASS, PARTS

PASSWORD = "correct horse battery staple"
CONTINUE = {"type": "decide", "choice": "continue"}
RETURN = {"type": "decide", "choice": "return"}
# The bot whose choices a test plays for the people in a match, and the bots they play against.
STAND_IN = {"incan-gold": "cautious", "el-dorado": "greedy"}
BOTS = {"incan-gold": ("random", "expert"), "el-dorado": ("greedy",)}
# Where browser tests leave the screenshots people look at.
SCREENSHOTS = Path(__file__).resolve().parents[1] / "test-artifacts" / "screenshots"


# Reading matches ---------------------------------------------------------------------------


def users(match: Match) -> dict[str, object]:
    """The match's human players by username."""
    return {s.user.username: s.user for s in match.seats.select_related("user") if s.user}


def person(match: Match, name: str):
    """The user called `name` seated in the match."""
    return match.seats.get(user__username=name).user


def fresh(match: Match) -> Match:
    """The match as stored now."""
    return Match.objects.get(pk=match.pk)


def bot_turns(backend) -> list:
    """The bot turns queued on a backend that keeps what is queued, oldest first."""
    return [r for r in backend.results if r.task.name == "bot_turn"]


def deadlines(backend) -> list:
    """The deadline checks queued on such a backend, oldest first."""
    return [r for r in backend.results if r.task.name == "move_deadline"]


def run(result) -> object:
    """Run a queued task here, as a worker would."""
    return result.task.call(*result.args, **result.kwargs)


# Racing workers ----------------------------------------------------------------------------

# Two workers (threads with a connection each) doing the same thing at the same moment.
WORKERS = 2


def side_by_side(work) -> list:
    """Run `work` in WORKERS threads released together, each in its own transaction; what
    each returned (an exception raised is returned too)."""
    start = threading.Barrier(WORKERS)
    results: list = [None] * WORKERS

    def one(i: int) -> None:
        try:
            with transaction.atomic():
                start.wait()
                results[i] = work()
        except Exception as exc:  # the test reads what each worker met
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=one, args=(i,)) for i in range(WORKERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


# Finished matches --------------------------------------------------------------------------


def recorded_match(players, places, game="incan-gold", rated=True) -> Match:
    """A finished match whose seats are the given users (or bot level strings) and places."""
    match = Match.objects.create(
        game=game,
        seed=1,
        players=len(players),
        status=Status.FINISHED,
        rated=rated,
        finished=timezone.now(),
    )
    for position, (player, place) in enumerate(zip(players, places, strict=True)):
        Seat.objects.create(
            match=match,
            position=position,
            user=None if isinstance(player, str) else player,
            bot_level=player if isinstance(player, str) else "",
            place=place,
            score=10 * (len(players) - place),
        )
    return match


def play_out(match: Match) -> Match:
    """Play every person's seat with a bot's choices until the match is over."""
    for _ in range(3000):
        match.refresh_from_db()
        if match.status != Status.ACTIVE:
            return match
        engine = engine_for(match)
        state = current_state(match)
        people = {
            s.position: s.user
            for s in match.seats.select_related("user")
            if s.user is not None and not s.resigned
        }
        seat = min(p for p in engine.to_act(state) if p in people)
        view = engine.player_view(state, seat)
        action = get_bot(match.game, STAND_IN[match.game])(view, seat, random.Random(match.version))
        submit_action(match.pk, people[seat], action, match.version)
    raise AssertionError("the match did not finish")


def finished_match(host, game: str = "incan-gold", **spec) -> Match:
    """A match between the host and bots, played to the end."""
    bots = BOTS[game]
    return play_out(
        create_match(host, MatchSpec(game=game, players=len(bots) + 1, bots=bots, **spec))
    )


def play_to_end(host, game: str = "incan-gold", bots=("random", "random"), **spec) -> Match:
    """Create a match with bots and play the host's seat to the end through the services."""
    match = create_match(host, MatchSpec(game=game, players=len(bots) + 1, bots=bots, **spec))
    stand_in = get_bot(game, "greedy") if game == "el-dorado" else None
    for _ in range(3000):
        match.refresh_from_db()
        if match.status != Status.ACTIVE:
            return match
        engine = engine_for(match)
        state = current_state(match)
        assert engine.to_act(state) == {0}, "the bots should have moved already"
        if stand_in is None:
            action = RETURN
        else:
            action = stand_in(engine.player_view(state, 0), 0, random.Random(match.version))
        submit_action(match.pk, host, action, match.version)
    raise AssertionError("the match did not end")


# The El Dorado board's parts, rendered and put together as the match page does --------------

SLOT = re.compile(r"<!--part:([\w-]+)-->")
# What a pushed frame leaves out of a form (htmx sends the page's token as a header).
CSRF_INPUT = re.compile(r'<input type="hidden" name="csrfmiddlewaretoken" value="[^"]*">')
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


def render_parts(context: Mapping[str, Any]) -> dict[str, str]:
    """Each part's HTML for a context that the board's builder has filled in."""
    return {part.name: render_to_string(part.template, dict(context)).strip() for part in PARTS}


def compose(parts: Mapping[str, str]) -> str:
    """The whole board: slotted parts in their static parts' slots, the others in order."""
    slotted = {name for p in PARTS if p.static for name in SLOT.findall(parts[p.name])}
    body = "".join(parts[p.name] for p in PARTS if p.name not in slotted)
    return f'<div class="{BOARD_CLASS}">{SLOT.sub(lambda m: parts[m[1]], body)}</div>'


def pushed_size(html: str) -> int:
    """Bytes of a part as a push carries it."""
    return len(CSRF_INPUT.sub("", html).encode())


class _TopLevel(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.found: list[tuple[str, dict[str, str | None]]] = []
        self.stray_text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth == 0:
            self.found.append((tag, dict(attrs)))
        if tag not in VOID:
            self.depth += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth == 0:
            self.found.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth == 0:
            self.stray_text += data.strip()


def top_level(html: str) -> tuple[list[tuple[str, dict[str, str | None]]], str]:
    """The top-level elements of a fragment (tag, attributes), and any text outside them."""
    parser = _TopLevel()
    parser.feed(html)
    parser.close()
    return parser.found, parser.stray_text
