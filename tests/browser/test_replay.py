"""Watching a finished match again: buttons, keys, the slider and the move list, on both games."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from random import Random

import pytest
from playwright.sync_api import expect

from games.bots.registry import get_bot
from games.engines.registry import get_engine
from games.records.export import FORMAT, FORMAT_VERSION
from tests.browser.daphne_server import ROOT
from tests.browser.test_incan_gold_live import _sign_up

pytestmark = pytest.mark.browser

LINEUPS = {"incan-gold": ("cautious", "random", "expert"), "el-dorado": ("greedy", "expert")}


def _export(game: str, seed: int, options: dict) -> dict:
    """A finished match as the site exports it, played by bots; seat 1 is "ana"."""
    engine = get_engine(game)
    lineup = LINEUPS[game]
    bots = [get_bot(game, level) for level in lineup]
    state = engine.new_game(len(lineup), seed, options)
    actions = []
    while not engine.is_over(state):
        seat = min(engine.to_act(state))
        action = bots[seat](engine.player_view(state, seat), seat, Random(len(actions)))
        state = engine.apply(state, seat, action).state
        actions.append({"seq": len(actions) + 1, "seat": seat, "action": action})
    result = engine.outcome(state).to_dict()
    players = [{"seat": 0, "username": "ana"}] + [
        {"seat": seat, "bot_level": level} for seat, level in enumerate(lineup[1:], start=1)
    ]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game,
        "options": options,
        "seed": seed,
        "players": players,
        "actions": json.loads(json.dumps(actions)),
        "result": {"scores": result["scores"], "places": result["places"]},
        "finished": "2026-11-28T18:30:00+00:00",
    }


def _import(server, tmp_path, data: dict) -> int:
    path = tmp_path / f"{data['game']}.json"
    path.write_text(json.dumps(data))
    done = subprocess.run(
        [sys.executable, "manage.py", "import_match", str(path)],
        cwd=ROOT,
        env=server.env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return int(re.search(r"#(\d+)", done.stdout).group(1))


def _step(page) -> int:
    return int(page.locator("#replay-body").get_attribute("data-step"))


def _wait_step(page, step: int) -> None:
    # The step shown, and the page settled: no request out, no swap still settling.
    page.wait_for_function(
        f"""document.readyState === 'complete'
        && document.getElementById('replay-body').dataset.step === '{step}'
        && !document.querySelector('.htmx-request, .htmx-settling, .htmx-swapping')""",
        timeout=10_000,
    )
    assert page.url.endswith(f"?step={step}")


@pytest.fixture(scope="module")
def imported(daphne_server, browser, tmp_path_factory):
    """One finished match of each game on the live server, with "ana" in seat 1."""
    page = browser.new_context().new_page()
    _sign_up(page, daphne_server.url, "ana")
    page.context.close()
    tmp = tmp_path_factory.mktemp("exports")
    return {
        "incan-gold": _import(daphne_server, tmp, _export("incan-gold", 11, {})),
        "el-dorado": _import(daphne_server, tmp, _export("el-dorado", 5, {"map": "home-stretch"})),
    }


@pytest.mark.parametrize("game", ["incan-gold", "el-dorado"])
def test_a_replay_steps_by_buttons_keys_slider_and_move_list(
    browser, daphne_server, imported, screenshot, game
):
    base = f"{daphne_server.url}/matches/{imported[game]}/replay/"
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(base)
    assert _step(page) == 0
    assert page.get_by_role("heading", name="The opening").is_visible()
    screenshot(page, f"replay-{game}-opening")

    page.get_by_role("link", name="Next move", exact=True).click()
    _wait_step(page, 1)
    page.keyboard.press("ArrowRight")
    _wait_step(page, 2)
    page.keyboard.press("ArrowRight")
    _wait_step(page, 3)
    page.keyboard.press("ArrowLeft")
    _wait_step(page, 2)
    # The page keeps its move list; the marker follows the step.
    expect(page.locator(".replay-moves li.current .replay-move-no")).to_have_text("2")

    last = int(page.locator("#replay-body").get_attribute("data-last"))
    page.locator("#replay-slider").fill(str(last // 2))
    _wait_step(page, last // 2)
    page.evaluate("window.scrollTo(0, 0)")  # the sticky controls back at the top of the shot
    screenshot(page, f"replay-{game}-middle")

    page.locator(".replay-moves a").nth(7).click()
    _wait_step(page, 7)
    page.go_back()
    _wait_step(page, last // 2)
    expect(page.locator(".replay-moves li.current .replay-move-no")).to_have_text(str(last // 2))

    page.keyboard.press("End")
    _wait_step(page, last)
    # The move list outlives every swap, a step back through history included.
    expect(page.locator(".replay-moves li")).to_have_count(last + 1)
    expect(page.locator(".replay-moves li.current .replay-move-no")).to_have_text(str(last))
    assert page.get_by_role("link", name="Next move", exact=True).count() == 0
    assert page.locator(".badge", has_text="Game over").is_visible()
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, f"replay-{game}-end")
    page.keyboard.press("Home")
    _wait_step(page, 0)
    page.context.close()


@pytest.mark.parametrize("game", ["incan-gold", "el-dorado"])
def test_a_replay_reads_well_on_a_phone(browser, daphne_server, imported, screenshot, game):
    page = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True
    ).new_page()
    page.goto(f"{daphne_server.url}/matches/{imported[game]}/replay/?step=12")
    page.locator("#replay-next").click()
    _wait_step(page, 13)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the page scrolls sideways on a phone"
    screenshot(page, f"replay-{game}-phone")
    page.context.close()


def test_a_replay_works_without_javascript(browser, daphne_server, imported):
    page = browser.new_context(java_script_enabled=False).new_page()
    page.goto(f"{daphne_server.url}/matches/{imported['incan-gold']}/replay/")
    page.get_by_role("link", name="Next move", exact=True).click()
    page.wait_for_url("**/replay/?step=1")
    page.locator("#replay-slider").fill("9")
    page.get_by_role("button", name="Go").click()
    page.wait_for_url("**/replay/?step=9")
    expect(page.locator(".replay-moves li.current .replay-move-no")).to_have_text("9")
    page.context.close()
