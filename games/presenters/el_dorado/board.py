"""The El Dorado board as a template sees it: map, hand, market and the moves on offer."""

from __future__ import annotations

import json
import math
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engines.el_dorado import (
    CARD_TYPES,
    TOKENS,
    TokenKind,
    board_from_view,
    half_coins,
    legal_actions,
    legal_moves,
)
from games.engines.el_dorado.maps import Board
from games.help.el_dorado import (
    blockade_effect,
    blockade_name,
    board_title,
    card_effect,
    card_help,
    card_kind_line,
    card_name,
    card_summary,
    describe_choice,
    kind_name,
    space_label,
    token_effect,
    token_label,
)
from games.models import Match, Seat, Status
from games.presenters.el_dorado.map_overlay import render_overlay
from games.presenters.el_dorado.map_pieces import TrailMove
from games.presenters.el_dorado.map_svg import render_board, render_map
from games.presenters.el_dorado.odds import odds_alike, odds_panel
from games.presenters.el_dorado.trail import match_trail
from games.presenters.el_dorado.words import map_summary, reach_lines
from games.presenters.parts import BoardPart

TEMPLATE = "games/boards/el_dorado.html"


def _turn_alike(context: Mapping[str, Any]) -> Hashable:
    # Only the player whose turn it is reads "your turn"; everyone else reads whose it is.
    return bool(context.get("your_turn"))


def _seat_alike(context: Mapping[str, Any]) -> Hashable:
    # The map's summary marks the viewer's own seat ("(you)"); it reads alike to all others.
    return context.get("you")


def _buying_alike(context: Mapping[str, Any]) -> Hashable:
    # The market offers its buy buttons to the player whose turn it is, while the match runs.
    return bool(context.get("your_turn")) and context["match"].is_active


# In page order. The map's drawing is sent once with the page; the overlay is laid over it (the
# map holds its slot) and carries everything on the map that a move changes.
PARTS: tuple[BoardPart, ...] = (
    BoardPart("ed-status", f"{TEMPLATE}#status", alike=_turn_alike),
    BoardPart("ed-map", f"{TEMPLATE}#map", static=True),
    BoardPart("ed-overlay", f"{TEMPLATE}#overlay"),
    BoardPart("ed-trail-caption", f"{TEMPLATE}#trail_caption"),
    # The hand and the market right below the map, where the moves are read and made; the help
    # after them (on a phone the market is a sheet over the page, out of this order).
    BoardPart("ed-controls", f"{TEMPLATE}#controls"),
    BoardPart("ed-market", f"{TEMPLATE}#market", alike=_buying_alike),
    # For learners: in casual matches only, worked out from the viewer's own cards.
    BoardPart("ed-odds", f"{TEMPLATE}#odds", alike=odds_alike),
    # The map in words: a panel sent once (a push never closes it) holding the summary that
    # describes the map's image and the viewer's own reach this turn.
    BoardPart("ed-words", f"{TEMPLATE}#words", static=True),
    BoardPart("ed-map-words", f"{TEMPLATE}#map_words", alike=_seat_alike),
    # Apart from the explorers: it changes only when a blockade is taken.
    BoardPart("ed-blockade-words", f"{TEMPLATE}#blockade_words", shared=True),
    BoardPart("ed-reach", f"{TEMPLATE}#reach"),
    BoardPart("ed-legend", f"{TEMPLATE}#legend", static=True),
    # Its own part, so that a push never reopens a panel the player has closed.
    BoardPart("ed-howto", f"{TEMPLATE}#howto"),
    BoardPart("ed-reserve", f"{TEMPLATE}#reserve", shared=True),
    # The page marks the viewer's own row: the table is the same for everyone.
    BoardPart("ed-players", f"{TEMPLATE}#players", shared=True),
)
BOARD_CLASS = "ed-board"
# Actions whose cards come from the player's ticked hand cards rather than from the button.
TICKED = {
    "rubble": "cards",
    "camp": "cards",
    "discard": "cards",
    "remove": "cards",
    "buy": "pay",
    "end_turn": "discard",
}


def action_from_form(data: Any) -> dict[str, Any]:
    """A move from the board's form: the pressed button's action plus the ticked hand cards."""
    raw = data.get("do", "")
    action = json.loads(raw)  # a ValueError is reported as "not understood" by the caller
    if not isinstance(action, dict):
        raise ValueError("not an action")
    raw_ticked = data.getlist("cards") if hasattr(data, "getlist") else data.get("cards", [])
    ticked = [int(c) for c in raw_ticked]
    field = TICKED.get(action.get("type"))
    if action.get("type") == "blockade" and "card" not in action and "token" not in action:
        field = "cards"
    if field and field not in action:
        action[field] = ticked
    if action.get("type") == "buy" and "tokens" not in action:
        raw_tokens = data.getlist("tokens") if hasattr(data, "getlist") else data.get("tokens", [])
        if raw_tokens:
            action["tokens"] = [int(t) for t in raw_tokens]
    if action.get("type") == "token" and action.get("cards") == "?":
        action["cards"] = ticked
    if action.get("type") == "action" and action.get("take") == "?":
        action["take"] = data.get("take", "")
    return action


def card_info(card_id: int | None, slug: str) -> dict[str, Any]:
    """One card as the page draws it."""
    kind = CARD_TYPES[slug]
    halves = half_coins(slug)
    return {
        "pays": f"{halves // 2 or ''}{'½' if halves % 2 else ''}",
        "pays_coins": halves / 2,
        "id": card_id,
        "tip_key": str(card_id),
        "slug": slug,
        "name": card_name(slug),
        "kind": str(kind.kind),
        "kind_name": kind_name(kind.kind),
        "kind_line": card_kind_line(slug),
        "summary": card_summary(slug),
        "effect": card_effect(slug),
        "help": card_help(slug),
        "power": kind.power,
        "cost": kind.cost,
        "single_use": kind.single_use,
    }


def token_info(token_id: int) -> dict[str, Any]:
    """A cave token as the page shows it, with its effect for the help popover."""
    return {
        "id": token_id,
        "tip_key": str(token_id),
        "label": token_label(token_id),
        "effect": token_effect(token_id),
    }


def _blockade(seat: int, b: Mapping[str, Any]) -> dict[str, Any]:
    return {
        **b,
        "tip": f"ed-tip-blockade-{seat}-{b['joint']}",
        "name": blockade_name(b["kind"], b["value"]),
        "effect": blockade_effect(b["kind"], b["value"]),
    }


def _first_match(match: Any, you: int | None) -> bool:
    """Whether the viewer is a seat whose player has never finished a match of El Dorado: the
    How to play panel then starts open."""
    if you is None or not isinstance(match, Match) or match.pk is None:
        return False
    user_id = (
        Seat.objects.filter(match=match, position=you).values_list("user_id", flat=True).first()
    )
    if user_id is None:  # a bot's seat
        return False
    finished = Seat.objects.filter(
        user_id=user_id, match__game=match.game, match__status=Status.FINISHED
    )
    return not finished.exclude(match=match).exists()


def _button(action: Mapping[str, Any]) -> str:
    return json.dumps(dict(action), separators=(",", ":"))


def _quoted(value: str) -> SafeString:
    """`value` escaped for an attribute in single quotes: JSON's many `"` stay as they are."""
    return mark_safe(  # noqa: S308 - every character that could end the attribute is escaped
        value.replace("&", "&amp;").replace("<", "&lt;").replace("'", "&#x27;")
    )


def _destinations(state, seat: int, board: Board, card_id: int, hand: dict) -> list[dict]:
    slug = hand[card_id]["slug"]
    wild = CARD_TYPES[slug].kind == "wild"
    kinds = ["machete", "paddle", "coin"] if wild else [None]
    out = []
    explorers = state.seats[seat].explorers
    for explorer, here in enumerate(explorers):
        if here is None:
            continue
        for kind in kinds:
            for target, path in legal_moves(state, seat, card_id, explorer, kind).items():
                action: dict[str, Any] = {
                    "type": "move",
                    "card": card_id,
                    "path": [list(h) for h in path],
                }
                if explorer:
                    action["explorer"] = explorer
                if kind:
                    action["as"] = kind
                out.append(
                    {
                        "hex": target,
                        "at": f"{target[0]},{target[1]}",
                        "label": space_label(board, target),
                        "steps": len(path),
                        "explorer": explorer,
                        "as": kind,
                        "as_name": kind_name(kind) if kind else None,
                        "do": _quoted(_button(action)),
                    }
                )
    out.sort(key=lambda d: (d["explorer"], -d["steps"], d["label"]))
    # One letter per space, on the button and on the map, so equal-looking offers differ.
    letters: dict[Any, str] = {}
    for d in out:
        d["letter"] = letters.setdefault(d["hex"], _letter(len(letters)))
        d["spoken"] = _spoken(d, explorers[d["explorer"]], two_explorers=len(explorers) > 1)
    return out


def _compass() -> tuple[str, ...]:
    # Counter-clockwise from east, as `math.atan2` turns: read at render time, in its language.
    return (
        _("east"),
        _("north-east"),
        _("north"),
        _("north-west"),
        _("west"),
        _("south-west"),
        _("south"),
        _("south-east"),
    )


def _direction(source: tuple[int, int], target: tuple[int, int]) -> str:
    """Which way `target` lies from `source` on the drawn map (flat-topped hexes, north up)."""
    dq, dr = target[0] - source[0], target[1] - source[1]
    x, y = 1.5 * dq, math.sqrt(3) * (dr + dq / 2)
    sector = round(math.degrees(math.atan2(-y, x)) / 45) % 8
    return _compass()[sector]


def _spoken(d: Mapping[str, Any], here: Any, *, two_explorers: bool) -> str:
    """A destination button as a screen reader says it: its letter, the space, how far and which
    way, so that two buttons for look-alike spaces (two rubble spaces) never read the same."""
    text = ngettext(
        "%(letter)s — %(space)s, %(count)s step, %(direction)s of your explorer",
        "%(letter)s — %(space)s, %(count)s steps, %(direction)s of your explorer",
        d["steps"],
    ) % {
        "letter": d["letter"],
        "space": d["label"],
        "count": d["steps"],
        "direction": _direction(tuple(here), d["hex"]),
    }
    if d["as"]:
        text += _(", as %(kind)s") % {"kind": d["as_name"]}
    if two_explorers:
        text += _(", explorer %(number)s") % {"number": d["explorer"] + 1}
    return text


def _letter(n: int) -> str:
    return chr(ord("A") + n) if n < 26 else _letter(n // 26 - 1) + chr(ord("A") + n % 26)


def _pieces(view: Mapping[str, Any]) -> dict[str, Any]:
    """Where a view's explorers, blockades and cave stacks are, as the drawing takes them."""
    return {
        "explorers": {
            tuple(h): s["seat"] for s in view["seats"] for h in s["explorers"] if h is not None
        },
        "blockades": {
            b["joint"]: {"kind": b["kind"], "value": b["value"], "taken_by": b["owner"]}
            for b in view["blockades"]
        },
        "cave_tokens": {tuple(c["hex"]): c["left"] for c in view["caves"]},
    }


def map_svg(
    view: Mapping[str, Any],
    board: Board,
    highlight: Any = (),
    labels: Mapping[tuple[int, int], str] | None = None,
    trail: Sequence[TrailMove] = (),
) -> str:
    """The map of a view with its explorers, blockades and cave stacks drawn in, in one piece."""
    return render_board(
        board,
        **_pieces(view),
        highlight=highlight,
        labels=labels,
        show_caves=bool(view["options"].get("caves")),
        trail=trail,
    )


def overlay_svg(
    view: Mapping[str, Any],
    board: Board,
    moves: Sequence[Mapping[str, Any]] = (),
    trail: Sequence[TrailMove] = (),
) -> str:
    """What a view puts on the map's drawing: pieces, trail, and each card's lettered reach."""
    reach = {m["card"]["id"]: {d["hex"]: d["letter"] for d in m["destinations"]} for m in moves}
    shown = next((m["card"]["id"] for m in moves if m["shown"]), None)
    return render_overlay(board, **_pieces(view), trail=trail, reach=reach, shown=shown)


def shop(view: Mapping[str, Any]) -> dict[str, list]:
    """The market (None for an empty slot) and the reserve, as cards with copies left."""
    return {
        "market": [
            {**card_info(None, m["card"]), "left": m["left"]} if m["card"] else None
            for m in view["market"]
        ],
        "reserve": [{**card_info(None, r["card"]), "left": r["left"]} for r in view["reserve"]],
        # The engine says which types may be bought now (the reserve only while a slot is empty).
        "reserve_open": any(r["open"] for r in view["reserve"]),
    }


def board_context(context: Mapping[str, Any]) -> dict[str, Any]:
    """Add what the El Dorado template needs to the common match context."""
    view = context["view"]
    state = context.get("state")
    board = board_from_view(view)
    you = context["you"]
    hand: dict[int, dict[str, Any]] = {}
    if you is not None and "hand" in view["seats"][you]:
        hand = {
            c["id"]: {**card_info(c["id"], c["card"]), "tip": f"ed-tip-hand-{c['id']}"}
            for c in view["seats"][you]["hand"]
        }
    your_turn = bool(context.get("your_turn"))
    selected = context.get("selected_card")
    turn = view["turn"]
    # Every movement card's destinations, each hidden unless its card is the one selected: the
    # page picks a card without asking the server, and a `?card=` request shows its card's.
    moves: list[dict[str, Any]] = []
    plays: list[dict] = []
    action_cards: list[dict] = []
    if your_turn and state is not None:
        if not turn["discarding"] and not turn["may_remove"]:
            for card in hand.values():
                if card["kind"] != "action":
                    moves.append(
                        {
                            "card": card,
                            "destinations": _destinations(state, you, board, card["id"], hand),
                            "shown": card["id"] == selected,
                        }
                    )
        for action in legal_actions(state, you):
            kind = action["type"]
            template = dict(action)
            if "cards" in action and kind in ("rubble", "camp", "blockade", "token"):
                # The player ticks the cards that pay; the engine's choice of them is dropped.
                if kind == "token":
                    template["cards"] = "?"
                else:
                    del template["cards"]
            if kind in ("rubble", "camp", "blockade", "token") or (
                kind == "move" and "token" in action
            ):
                text = describe_choice(state, action)
                if kind == "token" and "cards" in action:
                    text = _("%(choice)s on the ticked cards") % {"choice": text}
                play = {"text": text, "do": _button(template)}
                if play not in plays:  # one button per choice, whichever cards it names
                    plays.append(play)
            elif kind == "action" and action.get("take"):
                if not any(a["card"]["id"] == action["card"] for a in action_cards):
                    template = {"type": "action", "card": action["card"], "take": "?"}
                    action_cards.append(
                        {"card": hand[action["card"]], "take": True, "do": _button(template)}
                    )
            elif kind == "action":
                action_cards.append(
                    {
                        "card": hand[action["card"]],
                        "take": False,
                        "text": describe_choice(state, action),
                        "do": _button(action),
                    }
                )
    trail, trail_caption = match_trail(context.get("match"), view, you, context.get("log_rows"))
    seats = []
    for player, seat in zip(context["players"], view["seats"], strict=True):
        seats.append(
            {
                "player": player,
                "seat": seat,
                "blockade_total": sum(b["value"] for b in seat["blockades"]),
                "discard_top": card_info(None, seat["discard_top"]["card"])
                if seat["discard_top"]
                else None,
                "played": [card_info(c["id"], c["card"]) for c in seat["played"]],
                "tokens": [token_info(t["id"]) for t in seat["tokens"]],
                "blockades": [_blockade(seat["seat"], b) for b in seat["blockades"]],
            }
        )
    shown = next((m for m in moves if m["shown"]), None)
    match = context.get("match")
    odds = None
    # Anything but a match known to be casual (a test's stand-in) is taken as rated.
    casual = getattr(match, "rated", True) is False
    if you is not None and casual and match.is_active:
        odds = odds_panel(view, board, you)
    return {
        "ed_odds": odds,
        "map_svg": render_map(board, bool(view["options"].get("caves"))),
        "overlay_svg": overlay_svg(view, board, moves, trail),
        "trail_caption": trail_caption,
        "map_name": board_title(board),
        **map_summary(view, board, context["names"], you),
        "reach_words": reach_lines(moves),
        "first_match": _first_match(context.get("match"), you),
        "hand": list(hand.values()),
        "selected": hand.get(selected) if selected is not None else None,
        "moves": moves,
        "destinations": shown["destinations"] if shown else [],
        "plays": plays,
        "action_cards": action_cards,
        **shop(view),
        "ed_seats": seats,
        "turn": turn,
        "turn_name": context["names"][turn["seat"]],
        "your_tokens": [
            {
                **token_info(t["id"]),
                # What a coin token adds to a purchase (the page sums ticked payments).
                "pays": TOKENS[t["id"]].value if TOKENS[t["id"]].kind == TokenKind.COIN else 0,
            }
            for t in view["seats"][you]["tokens"]
        ]
        if you is not None
        else [],
        "outcome": view.get("outcome"),
    }
