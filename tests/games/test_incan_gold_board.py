"""What the Incan Gold board tells a player between rounds and after a reveal."""

from __future__ import annotations

import pytest

from games.boards.common import LogLine
from games.boards.incan_gold import _last_reveal, _last_round


def _log(*kinds_and_texts):
    return {
        "log": [LogLine(i, text, kind, False) for i, (kind, text) in enumerate(kinds_and_texts)]
    }


def test_a_bust_is_shown_until_the_next_reveal():
    context = _log(
        ("reveal", "Ana and Bo press on."),
        ("flip", "Snakes again!"),
        ("hazard", "Snakes! Ana and Bo drop 14 gems"),
        ("round_end", "Round 2 is over."),
        ("round_start", "Round 3 begins: the 8 artifact joins the deck."),
        ("flip", "Treasure 5: 1 gem each."),
    )
    assert _last_round(context) == ["Snakes! Ana and Bo drop 14 gems", "Round 2 is over."]
    assert _last_reveal(context) is None
    later = _log(*[(line.kind, line.text) for line in context["log"]], ("reveal", "Bo heads back."))
    assert _last_round(later) == []
    assert _last_reveal(later) == "Bo heads back."


@pytest.mark.parametrize("kinds", [[], [("round_start", "Round 1 begins.")]])
def test_nothing_is_shown_at_the_very_start(kinds):
    assert _last_round(_log(*kinds)) == []
