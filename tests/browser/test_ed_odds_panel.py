"""The El Dorado odds panel for learners on the board of a casual match, phone and desktop, in
English and Japanese; a rated match's board has none."""

from __future__ import annotations

import pytest

from tests.browser.steps import new_match
from tests.browser.test_incan_gold_live import _sign_up
from tests.helpers import SCREENSHOTS

pytestmark = pytest.mark.browser

SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}


def _new_match(page, base: str, rated: bool) -> None:
    new_match(page, base, "el-dorado", ["greedy"], {"map": "hills-of-gold"}, rated=rated)
    page.locator(".ed-map svg.ed-drawing").wait_for()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_route_panel_in_a_casual_match_only(browser, daphne_server, screenshot, size):
    base = daphne_server.url
    page = browser.new_context(**SIZES[size]).new_page()
    _sign_up(page, base, f"ed-learner-{size}")
    _new_match(page, base, rated=False)
    panel = page.locator("#ed-odds")
    assert panel.is_visible()
    text = panel.inner_text()
    assert "Your route to El Dorado" in text and "spaces long" in text
    # The starting deck's cards are all of power 1: the panel names once what they lack for
    # both explorers (two a seat in a game of two).
    assert "cannot walk either route yet" in text and "power" in text
    assert "assume no purchases" in text
    box = panel.bounding_box()
    assert box is not None and box["width"] <= SIZES[size]["viewport"]["width"]
    screenshot(page, f"odds-el-dorado-{size}")
    panel.screenshot(path=str(SCREENSHOTS / f"odds-el-dorado-{size}-panel.png"))
    page.locator("footer button.language-choice[value='ja']").click()
    page.wait_for_selector("html[lang='ja']")
    page.locator("#ed-odds").wait_for()
    assert "エルドラドへのあなたのルート" in page.locator("#ed-odds").inner_text()
    screenshot(page, f"odds-el-dorado-{size}-ja")
    page.locator("#ed-odds").screenshot(
        path=str(SCREENSHOTS / f"odds-el-dorado-{size}-ja-panel.png")
    )
    _new_match(page, base, rated=True)
    assert page.locator("#ed-odds").count() == 1
    assert not page.locator("#ed-odds").is_visible()
    assert page.locator("#ed-odds").inner_html() == ""
    page.context.close()
