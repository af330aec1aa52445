"""Every kind of page, on a phone and a desktop: nothing scrolls sideways, and axe-core finds
no critical or serious accessibility problem. A screenshot of each is kept to look at."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser.daphne_server import ROOT

pytestmark = pytest.mark.browser

PASSWORD = "trek-through-the-jungle-42"
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
VIEWPORTS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    # The narrowest phone in common use: checked for sideways scrolling only.
    "narrow": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True},
}
SERIOUS = {"critical", "serious"}
# What a finger must hit on a phone: the header's links and buttons, the main play buttons, and
# on the El Dorado board the hand's tick boxes and links, the destinations, the turn's buttons,
# the market's sheet (its opener, its close button, the cards to buy), the folded panels and the
# boards' rules links.
TARGETS = ", ".join(
    [
        ".nav-toggle-label, .site-nav a, .site-nav button, main .button, .big-choice",
        ".ed-tick, .ed-use, .ed-destinations button, .ed-buy button, .ed-actions .button",
        ".ed-market-open, .ed-sheet-close, .ed-reserve summary, .ed-legend summary",
        ".ed-howto summary, .ed-words summary, .how-to-play summary, .rules-link, .ed-rules-link",
        ".ed-map-tools button",
    ]
)
TOUCH = 44


@pytest.fixture(scope="module")
def matches(daphne_server):
    done = subprocess.run(
        [sys.executable, "-m", "tests.browser.audit_matches"],
        cwd=ROOT,
        env={**daphne_server.env, "AUDIT_PASSWORD": PASSWORD},
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def _pages(matches) -> list[tuple[str, str | None, str, str]]:
    """(name, who looks, address, what to wait for) of every page audited."""
    ig, ed, replays = matches["incan-gold"], matches["el-dorado"], matches["replays"]
    return [
        ("home", "ana", "/", "main"),
        ("lobby", "ana", "/play/", "form.new-match-form"),
        ("ig-waiting-for-others", "ana", f"/matches/{ig}/", ".ig-players"),
        ("ig-your-turn", "bo", f"/matches/{ig}/", ".big-continue"),
        ("ed-your-turn", "ana", f"/matches/{ed}/", "#ed-map svg"),
        ("ed-spectator", "cy", f"/matches/{ed}/", "#ed-map svg"),
        ("ig-replay", "ana", f"/matches/{replays['incan-gold']}/replay/", "#replay-body"),
        ("ed-replay", "ana", f"/matches/{replays['el-dorado']}/replay/", "#replay-body"),
        ("profile", "bo", "/u/ana/", "main"),
        ("leaderboards", "ana", "/leaderboards/", "main"),
        ("ig-stats", "ana", "/stats/incan-gold/", "main"),
        ("ed-stats", "ana", "/stats/el-dorado/", "main"),
        ("ig-rules", None, "/rules/incan-gold/", "main"),
        ("ed-rules", None, "/rules/el-dorado/", "main"),
        ("settings", "ana", "/settings/", "main"),
        ("notifications", "ana", "/notifications/", "main"),
        ("login", None, "/login/", "main"),
    ]


def _log_in(page, base: str, name: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()
    page.wait_for_url(f"{base}/")


def _overflow(page, width: int) -> int:
    """How far the page reaches past the screen's right edge, in CSS pixels. Against the
    screen's width, not the window's: a phone's browser widens its layout to a page too wide."""
    return page.evaluate("document.documentElement.scrollWidth") - width


def _wide_elements(page) -> list[str]:
    """What reaches past the right edge, to say what to fix."""
    return page.evaluate(
        """() => [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > screen.width + 1)
        .slice(0, 8)
        .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
             + (e.className && e.className.baseVal === undefined ? '.' + e.className : ''))"""
    )


def _small_targets(page) -> list[str]:
    """Visible touch targets less than TOUCH pixels tall."""
    return page.evaluate(
        """([selector, least]) => [...document.querySelectorAll(selector)]
        .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < least - 0.5)
        .map(e => e.textContent.trim().slice(0, 30)
             + ` (${e.getBoundingClientRect().height}px)`)""",
        [TARGETS, TOUCH],
    )


def _map_fits(page) -> bool:
    """Whether the El Dorado map's viewport (`#ed-map`, the replay's map), if the page has one,
    lies within the screen's width: a drawing zoomed past it scrolls inside the viewport."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.ed-map')].every(map => {
          const box = map.getBoundingClientRect();
          return box.left >= 0 && box.right <= screen.width;
        })"""
    )


def _axe(page) -> list[dict]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async () => {
          const result = await axe.run(document, {resultTypes: ['violations']});
          return result.violations.map(v => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' :: ' + n.failureSummary),
          }));
        }"""
    )


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_every_page_fits_the_screen_and_passes_axe(
    browser, daphne_server, matches, screenshot, size
):
    base = daphne_server.url
    contexts: dict[str | None, object] = {}
    problems = []
    try:
        for name, who, path, ready in _pages(matches):
            if who not in contexts:
                contexts[who] = browser.new_context(**VIEWPORTS[size])
                if who is not None:
                    _log_in(contexts[who].new_page(), base, who)
            page = contexts[who].new_page()
            page.goto(base + path)
            page.locator(ready).first.wait_for(timeout=10_000)
            page.wait_for_load_state("networkidle")
            width = VIEWPORTS[size]["viewport"]["width"]
            overflow = _overflow(page, width)
            if overflow > 0:
                problems.append(f"{name}: {overflow}px sideways: {_wide_elements(page)}")
            if name.startswith("ed-") and not _map_fits(page):
                problems.append(f"{name}: the map is wider than the screen")
            if size == "phone":
                if name == "home":
                    page.locator(".nav-toggle-label").click()  # the menu open, to check it too
                small = _small_targets(page)
                opener = page.locator(".ed-market-open")
                if opener.count() and opener.is_visible():
                    opener.click()  # the market's sheet open, to check what is in it
                    small += _small_targets(page)
                    page.keyboard.press("Escape")
                if small:
                    problems.append(f"{name}: touch targets under {TOUCH}px: {small}")
            if size != "narrow":
                screenshot(page, f"audit-{name}-{size}")
                for violation in _axe(page):
                    line = f"{name}: [{violation['impact']}] {violation['id']}: {violation['help']}"
                    print(line, *violation["nodes"], sep="\n    ")
                    if violation["impact"] in SERIOUS:
                        problems.append(line + " " + " | ".join(violation["nodes"]))
            page.close()
    finally:
        for context in contexts.values():
            context.close()
    assert not problems, "\n".join(problems)
