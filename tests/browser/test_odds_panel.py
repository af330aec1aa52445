"""The odds panel for learners on the Incan Gold board of a casual match, phone and desktop,
in English and Japanese; a rated match's board has none."""

from __future__ import annotations

import pytest

from tests.browser.steps import new_match
from tests.browser.test_incan_gold_live import _sign_up

pytestmark = pytest.mark.browser

SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}


def _new_match(page, base: str, rated: bool) -> None:
    new_match(page, base, "incan-gold", ["cautious", "random"], rated=rated)
    page.locator("#ig-decide .big-continue").wait_for(timeout=15_000)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_odds_panel_in_a_casual_match_only(browser, daphne_server, screenshot, size):
    base = daphne_server.url
    page = browser.new_context(**SIZES[size]).new_page()
    _sign_up(page, base, f"learner-{size}")
    _new_match(page, base, rated=False)
    panel = page.locator("#ig-odds")
    assert panel.is_visible()
    assert "Odds for the next card" in panel.inner_text()
    assert "You carry" in panel.inner_text()
    screenshot(page, f"odds-incan-gold-{size}")
    page.locator("footer button.language-choice[value='ja']").click()
    page.wait_for_selector("html[lang='ja']")
    page.locator("#ig-odds").wait_for()
    assert "次のカードの確率" in page.locator("#ig-odds").inner_text()
    screenshot(page, f"odds-incan-gold-{size}-ja")
    _new_match(page, base, rated=True)
    assert page.locator("#ig-odds").count() == 1
    assert not page.locator("#ig-odds").is_visible()
    assert page.locator("#ig-odds").inner_html() == ""
    page.context.close()
