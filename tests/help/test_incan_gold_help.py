"""What the site says about Incan Gold: every card's name and effect, every refusal's sentence,
and no English left in the engine."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from django.utils import translation

import games.engines.incan_gold as ig
from games.engines.incan_gold.cards import ARTIFACTS, EXPLORATION, HAZARD_KINDS
from games.help import incan_gold as say
from games.help.errors import illegal_text

ENGINE = Path(ig.__file__).parent


@pytest.fixture(autouse=True)
def _english_after():
    """A request as a Japanese player leaves Japanese active in this thread: start and end in
    English, whatever ran before."""
    translation.activate("en")
    yield
    translation.deactivate()


@pytest.mark.parametrize("code", sorted(set(EXPLORATION) | set(ARTIFACTS)))
def test_every_card_has_a_name_and_an_effect(code):
    assert say.card_name(code).strip()
    assert len(say.card_effect(code)) > 40


@pytest.mark.parametrize("code", HAZARD_KINDS)
def test_every_hazard_is_named_and_says_that_a_second_one_ends_the_round(code):
    assert say.hazard_name(code) != code
    assert "second one of the same kind ends the round" in say.hazard_effect(code)


def test_an_artifacts_effect_follows_the_matchs_values():
    assert "Worth 12" in say.artifact_effect("A12")
    assert "returns to camp alone" in say.artifact_effect("A12")
    diamant = say.artifact_effect("A12", "diamant")
    assert "Diamant" in diamant and "Worth 12" not in diamant


def test_gems_tent_and_choices_are_explained():
    assert [say.gem_effect(g) for g in ("turquoise", "obsidian", "gold")] == [
        "turquoise: worth 1",
        "obsidian: worth 5",
        "gold: worth 10",
    ]
    assert "safe" in say.tent_effect()
    assert "artifacts" in say.choice_effect("return")
    assert "next card" in say.choice_effect("continue")


def _raised_codes() -> set[str]:
    source = "\n".join(path.read_text() for path in ENGINE.glob("*.py"))
    return set(re.findall(r'IllegalAction\(\s*"([a-z_]+)"', source))


def test_the_engine_lists_every_code_it_raises():
    assert _raised_codes() == set(ig.ERROR_CODES)


@pytest.mark.parametrize("code", ig.ERROR_CODES)
def test_every_refusal_code_has_a_sentence(code):
    params = {"type": "fly", "field": "seat", "choice": "maybe", "seat": "9", "players": 3}
    text = say.error_text(code, params)
    assert text and "%(" not in text
    assert illegal_text("incan-gold", ig.IllegalAction(code, params)) == text


def test_a_refusal_names_what_was_wrong_and_an_unknown_code_falls_back():
    assert "maybe" in say.error_text("unknown_choice", {"choice": "maybe"})
    assert say.error_text("no_such_code", {}) is None
    assert illegal_text("incan-gold", ValueError("x")) == "That move is not allowed."


def test_the_engine_keeps_no_words_the_site_shows():
    for name in ("describe_event", "describe_action", "describe_choice", "HAZARD_NAMES"):
        assert not hasattr(ig, name), name
    assert importlib.util.find_spec("games.engines.incan_gold.text") is None
    # A refusal's message is its code: the sentence is the site's.
    error = ig.IllegalAction("left_temple")
    assert (error.code, error.params, str(error)) == ("left_temple", {}, "left_temple")


def test_names_are_joined_for_each_language():
    assert say.join_names(["Ana"]) == "Ana"
    assert say.join_names(["Ana", "Bo"]) == "Ana and Bo"
    assert say.join_names(["Ana", "Bo", "Cy"]) == "Ana, Bo and Cy"
    with translation.override("ja"):
        assert say.join_names(["Ana", "Bo", "Cy"]) == "Ana、BoとCy"


def test_narration_and_refusals_read_in_japanese():
    hazard = {"type": "hazard", "kind": "snakes", "seats": [0, 1], "total": 14}
    with translation.override("ja"):
        assert (
            say.describe_event(hazard, ["Ana", "Bo"]) == "毒ヘビ！AnaとBoが落としたもの：宝石14個"
        )
        assert say.error_text("left_temple", {}) == (
            "あなたはすでに神殿を出ています。次のラウンドを待ってください。"
        )
        assert say.describe_choice(None, {"choice": "return"}) == "キャンプに戻る"
        assert say.gems_text(17) == "黄金1個、黒曜石1個、トルコ石2個"
        assert [say.hazard_name(h) for h in HAZARD_KINDS] == [
            "巨大グモ",
            "毒ヘビ",
            "ミイラ",
            "炎",
            "落石",
        ]


def test_the_rules_context_lists_every_card_kind():
    context = say.rules_context()
    assert [h["code"] for h in context["hazards"]] == list(HAZARD_KINDS)
    assert [a["code"] for a in context["artifacts"]] == list(ARTIFACTS)
    assert {t["code"] for t in context["treasures"]} == {c for c in EXPLORATION if c[0] == "T"}
    assert [g["value"] for g in context["gems"]] == [1, 5, 10]
