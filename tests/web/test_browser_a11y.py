"""Accessibility: axe-core (from npm, tests/web/chromium.py) finds no serious or
critical violation in mid-game at phone and desktop size, on the table and with every dialog open in
turn (the daily deal's calendar, the achievements, a result to share and the replay of your own game
among them), in English and in Russian. ``label-content-name-mismatch`` (an experimental rule) is run too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.web.chromium import axe_script, browser, needs_chromium, open_game  # noqa: F401  (fixtures)

LINES = json.loads((Path(__file__).parent / "fit_lines.json").read_text())
DIALOGS = ["stats", "rules", "settings", "daily", "achievements"]

pytestmark = needs_chromium

RUN_AXE = """async () => {
    const result = await axe.run(document, { rules: { 'label-content-name-mismatch': { enabled: true } },
                                             resultTypes: ['violations'] });
    return result.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.length} nodes, e.g. ${v.nodes[0].target.join(' ')}: ${v.nodes[0].failureSummary}`);
}"""


def violations(page, axe: str) -> list[str]:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=axe)
    return page.evaluate(RUN_AXE)


def new_page(browser, size):
    """A page at ``size`` (a touch screen below 700 px), its first-visit card already seen."""
    phone = size[0] < 700
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=phone, is_mobile=phone,
                                  bypass_csp=True)
    context.add_init_script("localStorage.setItem('cadogan.seen', '1')")
    return context, context.new_page()


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)])
@pytest.mark.parametrize("key", ["square/classic", "british-square/piles", "precedence/king-out"])
def test_no_serious_violation_mid_game_on_the_table_and_in_every_dialog(browser, live_server, axe_script, key, size):
    game_id, variant = key.split("/")
    entry = LINES[key]
    context, page = new_page(browser, size)
    open_game(page, live_server, game_id, variant, entry["deal"], entry["line"][:18], settle_ms=300)
    found = {"table": violations(page, axe_script)}
    for name in DIALOGS:
        open_menu(page)
        page.click(f"#{name}")
        page.wait_for_selector(f"#{name}-dialog[open]")
        found[name] = violations(page, axe_script)
        page.keyboard.press("Escape")
        page.wait_for_function(f"!document.getElementById('{name}-dialog').open")
    open_menu(page)
    page.click("#lang")
    page.wait_for_function("document.getElementById('lang').textContent === 'EN'")
    found["russian"] = violations(page, axe_script)
    assert_clean(found)
    context.close()


def open_menu(page) -> None:
    """The ☰ menu, where the page has one (a phone)."""
    if page.is_visible("#menu"):
        page.click("#menu")


def assert_clean(found: dict[str, list[str]]) -> None:
    faults = [f"{where}: {v}" for where, vs in found.items() for v in vs]
    assert not faults, "\n".join(faults)


def test_the_end_dialog_has_no_serious_violation(browser, live_server, axe_script):
    from tests.web.test_browser_phone import stuck_line

    line = stuck_line(42)
    context = browser.new_context(viewport={"width": 1366, "height": 768}, bypass_csp=True)
    context.add_init_script("localStorage.setItem('cadogan.seen', '1')")
    page = context.new_page()
    page.goto(f"{live_server.url}/#/precedence/king-out/42")
    page.wait_for_selector("body[data-ready='1']")
    gid = page.evaluate("localStorage.getItem('cadogan.current')")
    for move in line[:-1]:
        live_server.request("POST", f"/api/games/{gid}/moves", {"move": move})
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.keyboard.press("d")
    page.wait_for_selector("#end-dialog[open]")
    assert not violations(page, axe_script)
    context.close()


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)])
def test_a_won_games_dialogs_and_its_replay_have_no_serious_violation(browser, live_server, axe_script, size):
    """The end dialog with an achievement earned, the result to share, a day of the calendar chosen,
    and the replay of the player's own game."""
    entry = LINES["square/classic"]
    context, page = new_page(browser, size)
    page.goto(f"{live_server.url}/#/square/classic/{entry['deal']}")
    page.wait_for_selector("body[data-ready='1']")
    gid = page.evaluate("localStorage.getItem('cadogan.current')")
    for move in entry["line"][:-1]:
        live_server.request("POST", f"/api/games/{gid}/moves", {"move": move})
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    source, target = entry["line"][-1].split(">")
    page.click(f"[data-pile={source}] .card.top")
    page.click(f"[data-pile={target}] .stack")
    page.wait_for_selector("#end-dialog[open]")
    found = {"end": violations(page, axe_script)}
    page.click("#end-share")
    page.wait_for_selector("#share-dialog[open]")
    found["share"] = violations(page, axe_script)
    page.keyboard.press("Escape")
    page.click("#end-replay")
    page.wait_for_selector("#replay:not([hidden])")
    page.click("#replay-forward")
    page.wait_for_function("document.getElementById('replay-step').textContent.startsWith('Step 1')")
    found["replay"] = violations(page, axe_script)
    page.click("#replay-close")
    open_menu(page)
    page.click("#daily")
    page.wait_for_selector("#daily-dialog[open] #cal-body button.day")
    page.click("#cal-body button.day:not([disabled])")
    found["daily, a day chosen"] = violations(page, axe_script)
    assert_clean(found)
    context.close()


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)])
def test_the_review_dialog_has_no_serious_violation(browser, live_server, axe_script, size):
    """The review of a short game in progress, complete, a move picked, in English and in Russian."""
    from known_lines import random_line

    context, page = new_page(browser, size)
    open_game(page, live_server, "british-square", "piles", 3, random_line("british-square", "piles", 3, 12))
    page.keyboard.press("v")
    page.wait_for_function("document.getElementById('review-progress').hidden", timeout=120_000)
    page.wait_for_selector("#review-board [data-pile=s]")
    found = {"review": violations(page, axe_script)}
    page.keyboard.press("Escape")
    open_menu(page)
    page.click("#lang")
    page.wait_for_function("document.getElementById('lang').textContent === 'EN'")
    page.keyboard.press("v")
    page.wait_for_selector("#review-board [data-pile=s]")
    found["russian"] = violations(page, axe_script)
    assert_clean(found)
    context.close()


def test_the_review_chip_behind_the_table_has_no_serious_violation(browser, live_server, axe_script):
    """The status bar's chip of a finished game's review going on behind the table (answers stood in)."""
    import random

    from tests.web.test_browser_review import REVIEW_ANSWERS, review_in_steps

    from cadogan import games
    from cadogan.solver.playing import play_out

    moves = [str(m) for m in play_out(games.load("british-square", "piles", 3), random.Random(3)).move_stack]
    context, page = new_page(browser, (390, 844))
    page.add_init_script(REVIEW_ANSWERS)
    page.add_init_script(f"window.reviewAnswers = {json.dumps(review_in_steps(moves))}")
    open_game(page, live_server, "british-square", "piles", 3, moves)
    page.keyboard.press("v")
    page.wait_for_function("window.reviewAsked === 2")
    page.keyboard.press("Escape")
    page.wait_for_function("document.getElementById('review-chip').dataset.state === 'ready'")
    assert_clean({"chip": violations(page, axe_script)})
    context.close()
