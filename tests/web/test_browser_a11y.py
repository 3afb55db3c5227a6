"""Accessibility: axe-core (from npm, tests/web/chromium.py) finds no serious or
critical violation in mid-game at phone and desktop size, on the table and with every dialog open in
turn, in English and in Russian. ``label-content-name-mismatch`` (an experimental rule) is run too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.web.chromium import axe_script, browser, needs_chromium, open_game  # noqa: F401  (fixtures)

LINES = json.loads((Path(__file__).parent / "fit_lines.json").read_text())
DIALOGS = ["stats", "rules", "settings"]

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


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)])
@pytest.mark.parametrize("key", ["square/classic", "british-square/piles", "precedence/king-out"])
def test_no_serious_violation_mid_game_on_the_table_and_in_every_dialog(browser, live_server, axe_script, key, size):
    game_id, variant = key.split("/")
    entry = LINES[key]
    phone = size[0] < 700
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=phone, is_mobile=phone,
                                  bypass_csp=True)
    context.add_init_script("localStorage.setItem('cadogan.seen', '1')")
    page = context.new_page()
    open_game(page, live_server, game_id, variant, entry["deal"], entry["line"][:18], settle_ms=300)
    found = {"table": violations(page, axe_script)}
    for name in DIALOGS:
        if page.is_visible("#menu"):
            page.click("#menu")
        page.click(f"#{name}")
        page.wait_for_selector(f"#{name}-dialog[open]")
        found[name] = violations(page, axe_script)
        page.keyboard.press("Escape")
        page.wait_for_function(f"!document.getElementById('{name}-dialog').open")
    if page.is_visible("#menu"):
        page.click("#menu")
    page.click("#lang")
    page.wait_for_function("document.getElementById('lang').textContent === 'EN'")
    found["russian"] = violations(page, axe_script)
    faults = [f"{where}: {v}" for where, vs in found.items() for v in vs]
    assert not faults, "\n".join(faults)
    context.close()


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
def test_the_review_dialog_has_no_serious_violation(browser, live_server, axe_script, size):
    """The review of a short game in progress, complete, a move picked, in English and in Russian."""
    from known_lines import random_line

    phone = size[0] < 700
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=phone, is_mobile=phone,
                                  bypass_csp=True)
    context.add_init_script("localStorage.setItem('cadogan.seen', '1')")
    page = context.new_page()
    open_game(page, live_server, "british-square", "piles", 3, random_line("british-square", "piles", 3, 12))
    page.keyboard.press("v")
    page.wait_for_function("document.getElementById('review-progress').hidden", timeout=120_000)
    page.wait_for_selector("#review-board [data-pile=s]")
    found = {"review": violations(page, axe_script)}
    page.keyboard.press("Escape")
    if page.is_visible("#menu"):
        page.click("#menu")
    page.click("#lang")
    page.wait_for_function("document.getElementById('lang').textContent === 'EN'")
    page.keyboard.press("v")
    page.wait_for_selector("#review-board [data-pile=s]")
    found["russian"] = violations(page, axe_script)
    faults = [f"{where}: {v}" for where, vs in found.items() for v in vs]
    assert not faults, "\n".join(faults)
    context.close()
