"""El Dorado in words: every card, token, terrain and blockade has a name and an effect, every
refusal code the engine can raise has a sentence, and the engine itself says nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

import games.engines.el_dorado as ed
from games.help import el_dorado as told
from games.help.errors import illegal_text

ENGINE = Path(ed.__file__).parent


def test_describe_action_is_short_and_canonical():
    assert told.describe_action({"type": "end_turn"}) == "end turn"
    assert told.describe_action({"type": "move", "card": 3, "path": [[1, 0], [2, 0]]}) == (
        "move card 3 to 1,0 2,0"
    )
    assert told.describe_action({"type": "buy", "card": "scout", "pay": [1, 2]}) == (
        "buy scout paying 1,2"
    )
    assert told.describe_action({"type": "move", "card": 3, "path": [[1, 0]], "as": "coin"}) == (
        "move card 3 as coin to 1,0"
    )
    assert told.describe_action({"type": "end_turn", "discard": [1, 2]}) == (
        "end turn discarding 1,2"
    )


def test_the_engine_exposes_no_text_of_its_own():
    for name in ("describe_event", "describe_action", "describe_choice", "space_label"):
        assert not hasattr(ed, name), name
    assert not (ENGINE / "choices.py").exists()
    assert told.DETAILED_BY == {"draw": "drew", "discard": "discarded"}


def test_every_card_type_has_a_name_a_kind_line_and_an_effect():
    assert len(ed.CARD_TYPES) == 21
    names = set()
    for slug, t in ed.CARD_TYPES.items():
        name = told.card_name(slug)
        assert name and name != slug
        names.add(name)
        effect = told.card_effect(slug)
        assert len(effect) > 20
        assert ("Single use" in effect) == t.single_use
        assert told.card_summary(slug)
    assert len(names) == 21
    # The action cards say what they do, not only their kind and cost.
    assert "Draw 3 cards" in told.card_effect("compass")
    assert "Draw 2 cards" in told.card_effect("cartographer")
    assert "remove up to 2" in told.card_effect("travel-log")
    assert "remove 1 card" in told.card_effect("scientist")
    assert "market or the reserve" in told.card_effect("transmitter")
    assert "neighbouring space" in told.card_effect("native")


def test_card_names_follow_the_japanese_rules_summary():
    with translation.override("ja"):
        names = {slug: told.card_name(slug) for slug in ed.CARD_TYPES}
        kinds = {k: told.kind_name(k) for k in ("machete", "paddle", "coin")}
        terrains = {t: told.terrain_name(t) for t in ("jungle", "river", "village", "rubble")}
    assert names["explorer"] == "探検家"
    assert names["scout"] == "偵察者"
    assert names["jack-of-all-trades"] == "なんでも屋"
    assert names["travel-log"] == "探検記録"
    assert names["native"] == "原住民"
    assert kinds == {"machete": "ナタ", "paddle": "パドル", "coin": "コイン"}
    assert terrains == {"jungle": "ジャングル", "river": "川", "village": "村落", "rubble": "荒地"}


def test_every_cave_token_has_a_label_and_an_effect():
    for token_id in range(len(ed.TOKENS)):
        assert told.token_label(token_id).endswith(" token")
        assert len(told.token_effect(token_id)) > 20
    assert told.token_label(0) == "machete 1 token"
    assert told.token_label_by_slug("draw") == "draw 1 card token"


def test_every_terrain_and_blockade_is_explained():
    for terrain in ("jungle", "river", "village", "rubble", "basecamp", "mountain", "start"):
        assert told.terrain_name(terrain)
        assert len(told.terrain_effect(terrain)) > 20
    for kind, value in ed.BLOCKADES:
        assert told.blockade_name(kind, value) == f"the {kind} {value} blockade"
        assert "first player" in told.blockade_effect(kind, value)


def _raised_codes() -> set[str]:
    """Every code an IllegalAction is raised with, read from the engine's source."""
    codes = set()
    for path in ENGINE.rglob("*.py"):
        text = path.read_text()
        for found in re.finditer(r"IllegalAction\((.*?)\)\n", text, re.S):
            codes.update(re.findall(r'"([a-z_]+)"', found.group(1)))
    return codes


def test_every_refusal_code_the_engine_raises_has_a_sentence():
    codes = _raised_codes()
    assert {"not_your_turn", "cannot_afford", "not_enough_power", "mountain"} <= codes
    params = {
        "card": "scout",
        "paid": "1½",
        "cost": 3,
        "terrain": "rubble",
        "value": 2,
        "expected": "basecamp",
        "kind": "machete",
        "need": 2,
        "given": 1,
        "limit": 2,
        "power": 1,
        "blockade": "jungle",
    }
    for code in sorted(codes):
        text = told.error_text(code, params)
        assert text, code
        with translation.override("ja"):
            assert told.error_text(code, params), code
    assert told.error_text("no_such_code", {}) is None
    assert told.error_text("cannot_afford", {}) is None  # params it cannot read


def test_every_raise_site_gives_a_code():
    for path in ENGINE.rglob("*.py"):
        for found in re.finditer(r"raise IllegalAction\((.*?)\)\n", path.read_text(), re.S):
            assert re.search(r'"[a-z_]+"', found.group(1).split("\n")[-1] + found.group(1)), (
                path,
                found.group(1),
            )


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "end_turn"}, "not_your_turn"),
        ({"type": "buy", "card": "pioneer", "pay": []}, "reserve_closed"),
        ({"type": "buy", "card": "scout", "pay": []}, "cannot_afford"),
        ({"type": "move", "card": 0, "path": [[99, 99]]}, "off_board"),
    ],
)
def test_refusals_carry_their_code_and_read_in_the_players_language(action, code):
    s = ed.new_game(2, 1)
    seat = 1 if code == "not_your_turn" else 0
    with pytest.raises(ed.IllegalAction) as caught:
        ed.apply(s, seat, action)
    assert caught.value.code == code
    english = illegal_text("el-dorado", caught.value)
    assert english == told.error_text(code, caught.value.params)
    with translation.override("ja"):
        japanese = illegal_text("el-dorado", caught.value)
    assert japanese != english
    assert not re.search(r"[A-Za-z]{3,}", japanese), japanese


def test_an_unknown_map_name_is_shown_as_it_is_and_the_random_one_numbered():
    board = ed.board_of(ed.new_game(2, 3, {"map": "random"}))
    assert told.board_title(board).startswith("Random expedition #")
    with translation.override("ja"):
        assert "Random" not in told.board_title(board)
