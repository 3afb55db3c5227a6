"""The whole table fits the screen, always, in a real headless Chromium.

For every game and variant, a real line is played through the HTTP API up to the position where its
piles are longest (for the fanned games: the sum over the grid's rows of each row's longest pile), and
the page is loaded on it at phone, tablet and desktop sizes: the document never scrolls either way,
every pile lies inside the window, and a reload resumes the game in progress.

The lines (tests/web/fit_lines.json) were found by ``cadogan.solver.solve(state, timeout=8)`` on deals
of cadogan/data/winnable.json (the first the solver won fast), and the position kept is the one with
the longest piles along the line; the test replays each line with the engine and checks that it wins.
British Square ``columns`` has no winnable deal (0 of 10,000 in the survey): its line is a long
random line of mostly tableau moves to a dead end, kept at its longest column.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.web.chromium import browser, needs_chromium, start_game  # noqa: F401  (browser: a fixture)

from cadogan import games

LINES = json.loads((Path(__file__).parent / "fit_lines.json").read_text())
SIZES = [(360, 640), (390, 844), (844, 390), (768, 1024), (1366, 768), (1920, 1080), (2560, 1440)]
PHONE_SIZES = {(360, 640), (390, 844), (844, 390)}
SHOTS = {(390, 844): "phone", (844, 390): "landscape", (1366, 768): "desktop"}  # README's screenshots, of each game's first variant
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

pytestmark = needs_chromium


def longest_piles(key: str) -> tuple[str, str, int, list[str]]:
    """game, variant, deal and the moves up to the position with the longest piles of the line."""
    game_id, variant = key.split("/")
    entry = LINES[key]
    return game_id, variant, entry["deal"], entry["line"][:entry["peak"]]



@pytest.mark.parametrize("key", sorted(LINES))
def test_the_lines_are_real(key):
    """Every stored line is legal; the winnable variants' lines win (the solver's)."""
    game_id, variant = key.split("/")
    entry = LINES[key]
    state = games.load(game_id, variant, entry["deal"])
    if game_id == "british-square" and variant == "columns":
        for move in entry["line"]:
            state.play(move)
        assert state.game.fanned and max(len(p) for p in state.tableau) >= 10
    else:
        assert state.line_wins(entry["line"])


def measure(page) -> dict:
    return page.evaluate("""() => {
        const piles = [...document.querySelectorAll('#board .pile')].map((p) => p.getBoundingClientRect());
        const cards = [...document.querySelectorAll('#board .card')].map((c) => c.getBoundingClientRect());
        const buttons = [...document.querySelectorAll('header button')].filter((b) => b.offsetParent)
            .map((b) => b.getBoundingClientRect()).map((r) => Math.min(r.width, r.height));
        return {
            scrollW: document.documentElement.scrollWidth, scrollH: document.documentElement.scrollHeight,
            w: innerWidth, h: innerHeight,
            right: Math.max(...cards.map((r) => r.right), ...piles.map((r) => r.right)),
            bottom: Math.max(...cards.map((r) => r.bottom)),
            cardWidth: Math.min(...cards.map((r) => r.width)),
            smallestButton: Math.min(...buttons),
            moves: Number(document.getElementById('moves').textContent),
        };
    }""")


@pytest.mark.parametrize("key", sorted(LINES))
def test_the_table_fits_every_screen_at_its_longest_piles(browser, live_server, key):
    game_id, variant, deal, moves = longest_piles(key)
    gid = start_game(live_server, game_id, variant, deal, moves)
    faults = []
    for width, height in SIZES:
        context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
        context.add_init_script(f"localStorage.setItem('cadogan.current', {json.dumps(gid)});"
                                "localStorage.setItem('cadogan.seen', '1');")
        page = context.new_page()
        page.goto(f"{live_server.url}/")
        page.wait_for_selector("body[data-ready='1']", timeout=15000)
        page.wait_for_timeout(150)  # the late redraw after the stats line and guidance arrive
        m = measure(page)
        where = f"{key} at {width}x{height}"
        if m["moves"] != len(moves):
            faults.append(f"{where}: the page did not resume the game ({m['moves']} moves shown)")
        if m["scrollH"] > m["h"] or m["scrollW"] > m["w"]:
            faults.append(f"{where}: the document scrolls ({m['scrollW']}x{m['scrollH']})")
        if m["bottom"] > m["h"] + 0.5 or m["right"] > m["w"] + 0.5:
            faults.append(f"{where}: a card lies outside the window (right {m['right']}, bottom {m['bottom']})")
        if (width, height) in PHONE_SIZES and m["smallestButton"] < 44:
            faults.append(f"{where}: a header button is {m['smallestButton']} px, under 44")
        if m["cardWidth"] < 24:
            faults.append(f"{where}: cards {m['cardWidth']} px wide")
        if (width, height) in SHOTS and variant == games.get(game_id).variants[0]:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"{game_id}-{SHOTS[width, height]}.png"))
        page.reload()
        page.wait_for_selector("body[data-ready='1']", timeout=15000)
        if measure(page)["moves"] != len(moves):
            faults.append(f"{where}: a reload lost the game in progress")
        context.close()
    assert not faults, "\n".join(faults)
