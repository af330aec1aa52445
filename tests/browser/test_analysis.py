"""The post-game analysis beside a replay (Incan Gold and El Dorado): worked out by the task
worker while the page shows its progress, then each player's accuracy, the turning points, and
the decisions of a step."""

from __future__ import annotations

import pytest

from tests.browser.test_incan_gold_live import _sign_up
from tests.browser.test_replay import _export, _import, _wait_step

pytestmark = pytest.mark.browser

SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}


GAMES = {"incan-gold": {}, "el-dorado": {"map": "home-stretch"}}


@pytest.fixture(scope="module")
def analysed(daphne_server, browser, tmp_path_factory):
    page = browser.new_context().new_page()
    _sign_up(page, daphne_server.url, "ana")
    page.context.close()
    folder = tmp_path_factory.mktemp("a")
    return {game: _import(daphne_server, folder, _export(game, 5, o)) for game, o in GAMES.items()}


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("size", list(SIZES))
def test_the_analysis_arrives_beside_the_replay(
    browser, daphne_server, analysed, screenshot, size, game
):
    page = browser.new_context(**SIZES[size]).new_page()
    page.goto(f"{daphne_server.url}/matches/{analysed[game]}/replay/?step=3")
    panel = page.locator("#replay-analysis")
    panel.wait_for()
    page.locator(".analysis-accuracy").wait_for(timeout=90_000)
    rows = page.locator(".analysis-accuracy tbody tr")
    assert rows.count() == (3 if game == "incan-gold" else 2)
    assert all("%" in rows.nth(i).inner_text() for i in range(rows.count()))
    # A turning point leads to its step, where its decision is told.
    points = page.locator(".analysis-turning a")
    if points.count():
        step = int(points.first.get_attribute("href").rsplit("=", 1)[1])
        points.first.click()
        _wait_step(page, step)
        page.locator(".analysis-here li").first.wait_for(timeout=10_000)
    else:
        page.keyboard.press("End")
        page.locator(".analysis-accuracy").wait_for(timeout=10_000)
    panel.scroll_into_view_if_needed()
    screenshot(page, f"analysis-{game}-{size}")
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["viewport"]["width"]
    page.locator("footer button.language-choice[value='ja']").click()
    page.wait_for_selector("html[lang='ja']")
    page.locator(".analysis-accuracy").wait_for(timeout=10_000)
    assert "正確さ" in page.locator("#replay-analysis").inner_text()
    page.locator("#replay-analysis").scroll_into_view_if_needed()
    screenshot(page, f"analysis-{game}-{size}-ja")
    page.context.close()
