"""The El Dorado map to a screen reader, on a phone and a desktop, in English and Japanese:
one image named for its map and described by the match's summary (the drawing's many titles
left out of the accessibility tree), and the map in words opened below it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import choose_language, new_match, sign_up

pytestmark = pytest.mark.browser

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
WORDS = {
    "en": {
        "name": "Map: Hills of Gold",
        "you": re.compile(r"\(you\): (explorer 1: )?start space \d at \(1,\d\), \d+ spaces from"),
        "blockade": "blockade between tiles B and C",
        "panel": "The map in words",
        "reach": "Where your cards reach this turn",
    },
    "ja": {
        "name": "マップ：黄金の丘",
        "you": re.compile(r"（あなた）：(コマ1：)?（1,\d）のスタートマス\d、エルドラドまで\d+マス"),
        "blockade": "タイルBとCの間の",
        "panel": "言葉で読むマップ",
        "reach": "このターンに手札で行けるマス",
    },
}


def _start(page, base: str, name: str, language: str) -> None:
    sign_up(page, base, name)
    if language != "en":
        choose_language(page, base, language)
    new_match(page, base, "el-dorado", ["greedy"], {"map": "hills-of-gold"})
    page.locator(".ed-map svg.ed-drawing").wait_for()


def _accessible(page) -> list[tuple[str, str]]:
    """The role and name of every node of Chromium's own accessibility tree of the page."""
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    return [
        (n.get("role", {}).get("value", ""), n.get("name", {}).get("value", ""))
        for n in nodes
        if not n.get("ignored")
    ]


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_map_is_one_named_image_described_by_the_summary(
    browser, daphne_server, screenshot, size, language
):
    width, height = SIZES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height},
        is_mobile=size == "phone",
        device_scale_factor=2 if size == "phone" else 1,
    )
    page = context.new_page()
    words = WORDS[language]
    _start(page, daphne_server.url, f"words{size}{language}", language)
    image = page.get_by_role("img", name=words["name"], exact=True)
    expect(image).to_have_count(1)
    # The image is the map's one node: none of the drawing's titles (a space "jungle 1 (2,1):
    # ...", a pawn, a blockade) is read apart from it.
    tree = _accessible(page)
    assert [name for role, name in tree if role == "image"] == [words["name"]]
    assert not [name for _, name in tree if re.search(r"\(-?\d+,-?\d+\)", name)]
    expect(image).to_have_accessible_description(words["you"])
    expect(image).to_have_accessible_description(re.compile(re.escape(words["blockade"])))
    # The panel is closed until opened; the summary it holds is what describes the image.
    panel = page.locator("#ed-words")
    expect(panel).not_to_have_attribute("open", "")
    panel.locator("summary").click()
    expect(panel.locator("#ed-map-words")).to_be_visible()
    expect(panel.locator("#ed-map-words")).to_contain_text(words["you"])
    assert words["panel"] in panel.locator("summary").inner_text()
    # Once it is the player's turn (the bot may move first), the panel lists where cards reach.
    page.locator("#ed-form").wait_for(timeout=20_000)
    panel.scroll_into_view_if_needed()
    expect(panel).to_have_attribute("open", "")  # a push never closes it
    if page.locator(".ed-moves button[data-hex]").count():
        expect(panel.locator("#ed-reach")).to_contain_text(words["reach"])
    path = screenshot(page, f"ed-map-words-{language}-{size}")
    # The map and the open panel below it, to look at closely.
    top = page.locator("#ed-map").bounding_box()
    bottom = panel.bounding_box()
    scroll = page.evaluate("window.scrollY")
    clip = {
        "x": 0,
        "y": top["y"] + scroll,
        "width": width,
        "height": bottom["y"] + bottom["height"] - top["y"],
    }
    near = path.with_name(f"ed-map-words-near-{language}-{size}.png")
    page.screenshot(path=str(near), full_page=True, clip=clip)
    context.close()
