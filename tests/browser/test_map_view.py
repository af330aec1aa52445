"""El Dorado's map zoomed and panned, on a phone and a desktop: the first view holds the
viewer's explorer and El Dorado, "My explorer" and "Whole map", + and −, a pinch, Ctrl+wheel and
keys; the view survives a push, and the overlay stays laid on the drawing at every zoom."""

from __future__ import annotations

import pytest

from tests.browser.steps import choose_language, new_match
from tests.browser.test_incan_gold_live import _sign_up
from tests.browser.test_keyboard_play import _version, _wait_newer
from tests.browser.test_replay import _export, _import, _wait_step

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
VIEW = ".ed-map .ed-map-view"

ZOOM = """() => parseFloat(document.querySelector('.ed-map-stack').style
  .getPropertyValue('--ed-zoom')) || 1"""

# Whether each element the selector finds lies inside the viewport's visible rectangle.
INSIDE = """(selector) => {
  const view = document.querySelector('.ed-map .ed-map-view');
  const v = view.getBoundingClientRect();
  const left = v.left + view.clientLeft, top = v.top + view.clientTop;
  const right = left + view.clientWidth, bottom = top + view.clientHeight;
  const found = [...document.querySelectorAll(selector)];
  return found.length > 0 && found.every(el => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.left >= left - 1 && r.right <= right + 1
      && r.top >= top - 1 && r.bottom <= bottom + 1;
  });
}"""

# Every pawn of the overlay stands on a space of the drawing: the screen point of the pawn's
# centre (by the overlay's own transform) is the centre of the drawing's polygon found there.
ALIGNED = """() => {
  const overlay = document.getElementById('ed-overlay');
  const drawing = document.querySelector('svg.ed-drawing');
  const a = overlay.getBoundingClientRect(), b = drawing.getBoundingClientRect();
  const problems = [];
  for (const key of ['left', 'top', 'width', 'height']) {
    if (Math.abs(a[key] - b[key]) > 0.5) problems.push(`overlay ${key} ${a[key]} vs ${b[key]}`);
  }
  const view = document.querySelector('.ed-map .ed-map-view').getBoundingClientRect();
  let checked = 0;
  for (const use of overlay.querySelectorAll('g.explorer use')) {
    const point = overlay.createSVGPoint();
    point.x = use.x.baseVal.value;
    point.y = use.y.baseVal.value;
    const p = point.matrixTransform(overlay.getScreenCTM());
    const left = Math.max(view.left, 0), right = Math.min(view.right, innerWidth);
    const top = Math.max(view.top, 0), bottom = Math.min(view.bottom, innerHeight);
    if (p.x < left || p.x > right || p.y < top || p.y > bottom) continue;
    const hit = document.elementsFromPoint(p.x, p.y)
      .find(el => el.matches('svg.ed-drawing g.space polygon'));
    if (!hit) { problems.push(`no space under a pawn at ${p.x},${p.y}`); continue; }
    const r = hit.getBoundingClientRect();
    const off = Math.hypot(r.left + r.width / 2 - p.x, r.top + r.height / 2 - p.y);
    if (off > Math.max(1.5, r.width * 0.08)) problems.push(`pawn ${off}px off its space`);
    checked += 1;
  }
  if (!checked) problems.push('no pawn in view to check');
  return problems;
}"""


def _zoom(page) -> float:
    return page.evaluate(ZOOM)


def _inside(page, selector: str) -> bool:
    return page.evaluate(INSIDE, selector)


def _aligned(page) -> None:
    # A pawn into view (the map and the page scrolled as needed), to have one to measure.
    page.locator("#ed-overlay g.explorer").first.scroll_into_view_if_needed()
    problems = page.evaluate(ALIGNED)
    assert not problems, problems


def _rect(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def _settle(page) -> None:
    # A smooth scroll (motion allowed) takes a moment to arrive.
    page.wait_for_timeout(700)


def _own_pawns(page) -> str:
    seat = page.locator(".match-page").get_attribute("data-you")
    return f'#ed-overlay g.explorer[data-player="{seat}"]'


def _start(browser, daphne_server, options: dict, name: str, ja: bool = False):
    base = daphne_server.url
    context = browser.new_context(**options)
    page = context.new_page()
    _sign_up(page, base, name)
    if ja:
        choose_language(page, base, "ja")
    new_match(page, base, "el-dorado", ["greedy"], {"map": "hills-of-gold"})
    page.locator("[data-focus-key='end-turn']").wait_for(timeout=20_000)
    page.locator(".ed-map-tools:not([hidden])").wait_for()
    return context, page


def _shot(page, screenshot, name: str) -> None:
    path = screenshot(page, name)
    page.locator("#ed-map").screenshot(path=str(path.with_name(f"{name}-map.png")))


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_map_zooms_pans_and_keeps_its_view(browser, daphne_server, screenshot, size):
    options = PHONE if size == "phone" else DESKTOP
    width = options["viewport"]["width"]
    context, page = _start(browser, daphne_server, options, f"zoom{size}")
    pawns = _own_pawns(page)

    # On load: the viewport lies within the screen, nothing scrolls sideways, and the viewer's
    # explorer and El Dorado are both in view.
    view = _rect(page, VIEW)
    assert view["x"] >= 0 and view["x"] + view["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert _inside(page, pawns), "the explorer is not in view on load"
    assert _inside(page, "svg.ed-drawing g.el-dorado"), "El Dorado is not in view on load"
    assert page.locator("[data-map-view='mine']").is_visible()
    _aligned(page)
    _shot(page, screenshot, f"map-view-load-{size}")

    # "My explorer": the pawn grows on screen and stays in view.
    before = _rect(page, pawns)["width"]
    page.get_by_role("button", name="My explorer").click()
    _settle(page)
    after = _rect(page, pawns)["width"]
    assert after > before * 1.8, (before, after)
    assert _inside(page, pawns), "My explorer lost the explorer"
    assert page.get_by_role("button", name="Whole map").get_attribute("aria-pressed") == "false"
    _aligned(page)
    _shot(page, screenshot, f"map-view-mine-{size}")

    # + and − change the scale.
    zoomed = _zoom(page)
    page.get_by_role("button", name="Zoom out").click()
    assert _zoom(page) < zoomed
    page.get_by_role("button", name="Zoom in").click()
    page.get_by_role("button", name="Zoom in").click()
    assert _zoom(page) > zoomed
    _aligned(page)

    # A push replaces the overlay (the bot moves after this turn) and leaves the view alone.
    kept = _zoom(page)
    scroll = page.evaluate(
        f"[document.querySelector('{VIEW}').scrollLeft, document.querySelector('{VIEW}').scrollTop]"
    )
    page.evaluate("document.getElementById('ed-overlay').dataset.old = '1'")
    version = _version(page)
    page.locator("[data-focus-key='end-turn']").click()
    _wait_newer(page, version)
    page.wait_for_function("!document.getElementById('ed-overlay').dataset.old", timeout=20_000)
    page.locator("[data-focus-key='end-turn']").wait_for(timeout=20_000)
    page.wait_for_timeout(300)
    assert _zoom(page) == pytest.approx(kept)
    again = page.evaluate(
        f"[document.querySelector('{VIEW}').scrollLeft, document.querySelector('{VIEW}').scrollTop]"
    )
    assert again == pytest.approx(scroll, abs=1)
    _aligned(page)

    # "Whole map": every space in view, and the button says it is on.
    page.get_by_role("button", name="Whole map").click()
    _settle(page)
    assert _inside(page, "svg.ed-drawing"), "the whole map is not in view"
    assert page.get_by_role("button", name="Whole map").get_attribute("aria-pressed") == "true"
    whole = _zoom(page)
    assert page.get_by_role("button", name="Zoom out").get_attribute("aria-disabled") == "true"

    # The keys + and − zoom while focus is in the map, never out past the whole map.
    page.locator(VIEW).focus()
    page.keyboard.press("-")
    assert _zoom(page) == pytest.approx(whole, rel=1e-3), "zoomed out past the whole map"
    page.keyboard.press("+")
    assert _zoom(page) > whole
    assert page.get_by_role("button", name="Whole map").get_attribute("aria-pressed") == "false"
    page.keyboard.press("-")
    assert _zoom(page) == pytest.approx(whole, rel=1e-3)

    if size == "phone":
        _pinch(page)
    else:
        # Ctrl+wheel zooms around the pointer.
        box = _rect(page, VIEW)
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.keyboard.down("Control")
        page.mouse.wheel(0, -300)
        page.keyboard.up("Control")
        page.wait_for_timeout(200)
        assert _zoom(page) > whole * 1.5
        _aligned(page)
    context.close()


def _pinch(page) -> None:
    """Two fingers spread apart over the map, sent as the phone's own touches (CDP)."""
    box = _rect(page, VIEW)
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    before = _zoom(page)

    def touch(kind: str, gap: float) -> None:
        points = (
            []
            if kind == "touchEnd"
            else [
                {"x": x - gap, "y": y, "id": 0},
                {"x": x + gap, "y": y, "id": 1},
            ]
        )
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 20)
    for gap in range(25, 85, 5):
        touch("touchMove", gap)
    touch("touchEnd", 0)
    page.wait_for_timeout(200)
    after = _zoom(page)
    # The fingers went from 40 to 160 px apart: about four times as close.
    assert after > before * 3, (before, after)
    _aligned(page)


def test_a_spectator_sees_the_whole_map_without_my_explorer(browser, daphne_server):
    context, page = _start(browser, daphne_server, DESKTOP, "zoomhost")
    url = page.url
    guest = browser.new_context(**PHONE).new_page()
    guest.goto(url)
    guest.locator(".ed-map-tools:not([hidden])").wait_for()
    assert guest.locator("[data-map-view='mine']").is_hidden()
    assert guest.locator("[data-map-view='whole']").get_attribute("aria-pressed") == "true"
    assert _inside(guest, "svg.ed-drawing")
    guest.context.close()
    context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_map_controls_in_japanese(browser, daphne_server, screenshot, size):
    options = PHONE if size == "phone" else DESKTOP
    context, page = _start(browser, daphne_server, options, f"zoomja{size}", ja=True)
    tools = page.locator(".ed-map-tools")
    assert page.locator("html").get_attribute("lang") == "ja"
    assert "全体" in tools.inner_text()
    _shot(page, screenshot, f"map-view-load-ja-{size}")
    page.locator("[data-map-view='mine']").click()
    _settle(page)
    assert _inside(page, _own_pawns(page))
    _shot(page, screenshot, f"map-view-mine-ja-{size}")
    context.close()


def test_a_replay_keeps_its_zoom_from_step_to_step(browser, daphne_server, tmp_path):
    base = daphne_server.url
    page = browser.new_context(**PHONE).new_page()
    _sign_up(page, base, "ana")  # the imported match's first seat
    match = _import(daphne_server, tmp_path, _export("el-dorado", 5, {"map": "home-stretch"}))
    # A reader who did not play sees the whole map, and no "My explorer".
    guest = browser.new_context(**PHONE).new_page()
    guest.goto(f"{base}/matches/{match}/replay/?step=12")
    guest.locator(".ed-map-tools:not([hidden])").wait_for()
    assert guest.locator("[data-map-view='mine']").is_hidden()
    assert _inside(guest, "svg.el-dorado-board")
    guest.context.close()
    # The player finds their explorer.
    page.goto(f"{base}/matches/{match}/replay/?step=12")
    page.locator(".ed-map-tools:not([hidden])").wait_for()
    pawn = 'svg.el-dorado-board g.explorer[data-player="0"]'
    before = _rect(page, pawn)["width"]
    page.get_by_role("button", name="My explorer").click()
    _settle(page)
    assert _rect(page, pawn)["width"] > before * 1.8
    assert _inside(page, pawn)
    page.get_by_role("button", name="Zoom in").click()
    page.get_by_role("button", name="Zoom in").click()
    page.locator(VIEW).evaluate("view => view.scrollBy(40, 10)")
    page.wait_for_timeout(200)
    kept = _zoom(page)
    where = page.locator(VIEW).evaluate("view => [view.scrollLeft, view.scrollTop]")
    page.locator("#replay-next").click()
    _wait_step(page, 13)
    page.wait_for_timeout(200)
    assert _zoom(page) == pytest.approx(kept)
    again = page.locator(VIEW).evaluate("view => [view.scrollLeft, view.scrollTop]")
    assert again == pytest.approx(where, abs=2)
    page.context.close()
