"""Comforts in a real headless Chromium.

The hint shows the solver at work and never holds up or repeats the player's clicks; quick clicks on
the stock during the deal's slide still deal; the statistics reflow on a phone; the timer pauses in a
hidden tab; settings (theme, card backs, card size) persist; the variant picker tells the survey's
odds; the deal's verdict shows in the header and a setting hides it; no inline script or style.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from tests.web.chromium import browser, needs_chromium  # noqa: F401  (browser: a fixture)

STATIC = Path(__file__).resolve().parents[2] / "cadogan" / "web" / "static"

pytestmark = needs_chromium



def new_page(browser, width: int = 1366, height: int = 768):
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)  # the tests eval
    context.add_init_script("localStorage.setItem('cadogan.seen', '1')")
    return context, context.new_page()


def start(page, server, game: str = "precedence/king-out/5") -> None:
    page.goto(f"{server.url}/#/{game}")
    page.wait_for_selector("body[data-ready='1']", timeout=15000)


def moves_shown(page) -> int:
    return int(page.inner_text("#moves"))


def test_a_slow_hint_shows_work_and_the_table_stays_playable_with_each_click_applied_once(browser, live_server):
    context, page = new_page(browser)

    page.add_init_script("""{ const fetch0 = window.fetch;  // the solver takes 1.5 s over every hint
        window.fetch = (url, ...rest) => String(url).includes('/advice')
            ? new Promise((ok) => setTimeout(ok, 1500)).then(() => fetch0(url, ...rest)) : fetch0(url, ...rest); }""")
    start(page, live_server)
    page.click("#hint")
    page.wait_for_selector("#hint[aria-busy=true]")
    page.click("[data-pile=s] .stack")  # a deal while the solver thinks: played at once
    page.wait_for_function("Number(document.getElementById('moves').textContent) === 1", timeout=1200)
    page.wait_for_selector("#hint[aria-busy=false]", timeout=10000)
    page.wait_for_timeout(300)
    assert moves_shown(page) == 1  # not applied again when the hint came back
    assert "changed" in page.inner_text("#message")  # the hint was for the earlier position
    context.close()


def test_quick_clicks_on_the_stock_during_the_slide_each_deal(browser, live_server):
    context, page = new_page(browser)
    start(page, live_server)
    for _ in range(4):
        page.click("[data-pile=s] .stack")
        page.wait_for_timeout(40)  # faster than the slide from the stock to the waste
    page.wait_for_function("Number(document.getElementById('moves').textContent) === 4", timeout=5000)
    context.close()


def test_the_statistics_reflow_on_a_phone(browser, live_server):
    context, page = new_page(browser, 360, 640)
    start(page, live_server)
    page.click("[data-pile=s] .stack")
    page.wait_for_function("Number(document.getElementById('moves').textContent) === 1")
    page.click("#menu")
    page.click("#stats")
    page.wait_for_selector("#stats-dialog[open] table.stats")
    widths = page.evaluate("""() => { const d = document.getElementById('stats-dialog');
        return [d.scrollWidth, d.clientWidth, innerWidth]; }""")
    assert widths[0] <= widths[1] <= widths[2], widths
    assert page.locator("#stats-dialog td[data-label]").count() >= 3
    context.close()


def test_the_timer_pauses_while_the_tab_is_hidden(browser, live_server):
    context, page = new_page(browser)
    start(page, live_server)
    page.click("[data-pile=s] .stack")
    page.wait_for_function("Number(document.getElementById('moves').textContent) === 1")
    page.evaluate("""() => { Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
        document.dispatchEvent(new Event('visibilitychange')); }""")
    shown = page.inner_text("#time")
    page.wait_for_timeout(2300)
    assert page.inner_text("#time") == shown
    page.evaluate("""() => { Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});
        document.dispatchEvent(new Event('visibilitychange')); }""")
    page.wait_for_timeout(1200)
    assert page.inner_text("#time") == shown or int(page.inner_text("#time").split(":")[1]) <= int(shown.split(":")[1]) + 1
    context.close()


def test_themes_card_backs_and_card_size_persist(browser, live_server):
    context, page = new_page(browser)
    start(page, live_server)
    page.click("#settings")
    page.select_option("#set-theme", "blue")
    page.select_option("#set-back", "black")
    page.select_option("#set-cardSize", "large")
    page.check("#set-sound")
    page.keyboard.press("Escape")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    classes = page.evaluate("document.body.className")
    assert {"theme-blue", "back-black", "large-cards"} <= set(classes.split())
    assert page.evaluate("JSON.parse(localStorage.getItem('cadogan.settings')).sound") is True
    context.close()


def test_the_variant_picker_tells_the_surveys_odds(browser, live_server):
    context, page = new_page(browser)
    start(page, live_server, "british-square/columns/3")
    text = page.inner_text("#variant-odds")
    assert "0 of 10,000" in text and "almost never" in text and "try piles" in text
    blind = json.loads((STATIC / "odds.json").read_text())["odds"]["british-square"]["columns"].get("blind")
    assert text.startswith("a strong player who cannot see the stock wins about" if blind else "a player's odds")
    page.select_option("#variant-select", "piles")  # a new deal of the other variant
    page.wait_for_function("document.getElementById('variant-odds').textContent.includes('9,885 of 10,000 deals winnable with the stock in view')")
    context.close()


def test_a_variant_the_blind_player_never_won_is_not_called_hopeless_for_a_strong_player(browser, live_server):
    """Square `free`: Cadogan's blind player won none of 500 deals, the solver half of them; the
    picker says whose limit that is instead of "a strong player wins about 0 %"."""
    odds = json.loads((STATIC / "odds.json").read_text())
    odds["odds"]["square"]["free"]["blind"] = {"deals": 500, "won": 0, "low": 0.0, "high": 0.0076}
    context, page = new_page(browser)
    page.route("**/static/odds.json", lambda route: route.fulfill(status=200, content_type="application/json",
                                                                  body=json.dumps(odds)))
    start(page, live_server, "square/free/3")
    page.select_option("#variant-select", "free")
    title = page.evaluate("[...document.getElementById('variant-select').options].find((o) => o.value === 'free').title")
    assert title.startswith("Cadogan's own player, who cannot see the stock, won none of 500 deals"), title
    assert "strong player wins about" not in title
    context.close()


def test_the_deals_verdict_shows_in_the_header_and_a_setting_hides_it(browser, live_server):
    context, page = new_page(browser)
    page.route("**/verdict", lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps(
        {"verdict": "winnable", "difficulty": "hard", "source": "survey"})))
    start(page, live_server)
    page.wait_for_timeout(300)
    assert page.is_hidden("#deal-verdict")  # a peek at the whole deal: off until the player asks for it
    page.click("#settings")
    page.check("#set-showVerdict")
    page.keyboard.press("Escape")
    page.wait_for_selector("#deal-verdict:not([hidden])")
    assert page.inner_text("#deal-verdict") == "winnable deal · hard"
    page.click("#settings")
    page.uncheck("#set-showVerdict")
    page.keyboard.press("Escape")
    assert page.is_hidden("#deal-verdict")
    context.close()


def test_no_inline_script_or_style_so_a_strict_csp_holds():
    html = (STATIC / "index.html").read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)
    assert "<style" not in html and " style=" not in html and not re.search(r"\son[a-z]+=", html)
    for path in STATIC.glob("*.js"):
        assert 'style="' not in path.read_text(), path.name


def test_piles_show_the_numbers_hints_name(browser, live_server):
    context, page = new_page(browser)
    start(page, live_server, "square/classic/3")
    assert page.inner_text("[data-pile=t12] .caption .no") == "12"
    assert page.inner_text("[data-pile=f3] .caption .no") == "F3"
    said = page.evaluate("""async () => { const m = await import('/static/moves.js'); const s = await import('/static/state.js');
        return m.adviseMove(s.app.game, 't12>f5'); }""")
    assert said.startswith("Move ") and said.endswith("from Pile 12 to Foundation 5")
    context.close()


def test_the_solution_viewer_plays_itself_at_the_chosen_speed(browser, live_server):
    context, page = new_page(browser)
    start(page, live_server, "precedence/king-out/10")  # the solver finds a winning line at once
    page.click("#solution")
    page.wait_for_selector("#replay:not([hidden])", timeout=30000)
    page.select_option("#replay-speed", "300")
    page.click("#replay-play")
    assert page.get_attribute("#replay-play", "aria-pressed") == "true"
    page.wait_for_function("/^Step [4-9]/.test(document.getElementById('replay-step').textContent)", timeout=6000)
    page.click("#replay-play")  # pause
    shown = page.inner_text("#replay-step")
    page.wait_for_timeout(800)
    assert page.inner_text("#replay-step") == shown
    assert page.evaluate("JSON.parse(localStorage.getItem('cadogan.settings')).replaySpeed") == 300
    context.close()


def test_the_page_runs_under_the_servers_csp(browser, live_server):
    """The other browser tests bypass the CSP (Playwright's wait conditions eval); this one does not:
    the page draws, plays a move and reports no CSP violation under the server's own policy."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_init_script("localStorage.setItem('cadogan.seen', '1')")
    page = context.new_page()
    complaints: list[str] = []
    page.on("console", lambda msg: "Content Security Policy" in msg.text and complaints.append(msg.text))
    page.on("pageerror", lambda err: complaints.append(str(err)))
    response = page.goto(f"{live_server.url}/#/precedence/king-out/5")
    assert "'unsafe-eval'" not in response.headers["content-security-policy"]
    page.wait_for_selector("body[data-ready='1']", timeout=15000)
    page.wait_for_selector(".card", timeout=15000)
    before = moves_shown(page)
    page.keyboard.press("d")
    page.wait_for_timeout(600)
    assert moves_shown(page) == before + 1
    assert complaints == []
    context.close()


def test_new_deals_of_a_chosen_difficulty(browser, live_server):
    """Settings → New deals: easy — New deal asks the server for an easy winnable deal and plays it."""
    context, page = new_page(browser)
    start(page, live_server, "british-square/piles/3")
    page.click("#settings")
    page.select_option("#set-newDifficulty", "easy")
    page.keyboard.press("Escape")
    with page.expect_response(lambda r: "/api/pick?" in r.url, timeout=30000) as picked:
        page.click("#new")
    answer = picked.value.json()
    assert answer["difficulty"] == "easy" and answer["deal"] is not None
    page.wait_for_function(f"document.getElementById('deal-input').value === '{answer['deal']}'", timeout=15000)
    assert page.evaluate("JSON.parse(localStorage.getItem('cadogan.settings')).newDifficulty") == "easy"
    context.close()
