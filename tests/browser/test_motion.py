"""Boards move a little when something changes: a temple card turns over as it lands, an
explorer slides from the space it left; nothing moves for a player who asks for reduced motion.
The page's calls to `Element.animate` are recorded to tell."""

from __future__ import annotations

import pytest

from tests.browser.steps import new_match
from tests.browser.test_incan_gold_live import _sign_up
from tests.browser.test_keyboard_play import _version, _wait_newer

pytestmark = pytest.mark.browser

# Records what each animation moves: "card", "pawn" or the element's tag.
SPY = """
window.__moved = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__moved.push(
    this.matches(".ig-card") ? "card" : this.matches("g.explorer") ? "pawn" : this.tagName
  );
  return animate.apply(this, args);
};
"""


def _moved(page) -> list[str]:
    return page.evaluate("window.__moved")


def _path_length(page) -> int:
    return page.locator("#ig-path .temple .ig-card").count()


def _turn_a_card(page) -> None:
    """Continue until a card is turned on the path the page already shows."""
    page.locator("#ig-decide .big-continue").wait_for(timeout=15_000)
    for _ in range(10):
        before, length = _version(page), _path_length(page)
        page.locator("#ig-decide .big-continue").click()
        _wait_newer(page, before)
        page.wait_for_function(
            f"document.querySelectorAll('#ig-path .temple .ig-card').length !== {length}",
            timeout=15_000,
        )
        page.wait_for_timeout(300)
        if _path_length(page):
            return
        page.locator("#ig-decide .big-continue").wait_for(timeout=15_000)
    raise AssertionError("no card was turned")


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_turned_card_turns_over_unless_motion_is_reduced(
    browser, daphne_server, screenshot, motion
):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion=motion)
    context.add_init_script(SPY)
    page = context.new_page()
    _sign_up(page, daphne_server.url, f"turner-{motion}")
    new_match(page, daphne_server.url, "incan-gold", ["cautious", "cautious"], {})
    assert _moved(page) == [], "nothing moves on arrival"
    _turn_a_card(page)
    if motion == "reduce":
        assert _moved(page) == []
    else:
        assert "card" in _moved(page)
        screenshot(page, "motion-incan-gold-turned")
    assert (
        page.locator("#ig-path .ig-hazard .hazard-icon").count()
        == page.locator("#ig-path .ig-hazard").count()
    ), "every hazard on the path has its picture"
    context.close()


def _pawns(page) -> dict[str, str]:
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.ed-overlay g.explorer')]
          .map(g => [g.dataset.player, g.querySelector('use').getAttribute('x') + ','
                     + g.querySelector('use').getAttribute('y')]))"""
    )


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_moving_explorer_slides_unless_motion_is_reduced(browser, daphne_server, motion):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion=motion)
    context.add_init_script(SPY)
    page = context.new_page()
    _sign_up(page, daphne_server.url, f"slider-{motion}")
    new_match(page, daphne_server.url, "el-dorado", ["greedy"], {"map": "home-stretch"})
    end = page.locator("[data-focus-key='end-turn']")
    for _ in range(4):
        end.wait_for(timeout=20_000)
        before, where = _version(page), _pawns(page)
        end.click()
        _wait_newer(page, before)
        end.wait_for(timeout=30_000)  # the bot has played
        page.wait_for_timeout(300)
        if _pawns(page)["1"] != where["1"]:
            break
    else:
        raise AssertionError("the bot never moved")
    if motion == "reduce":
        assert _moved(page) == []
    else:
        assert "pawn" in _moved(page)
    context.close()
