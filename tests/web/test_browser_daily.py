"""The daily habit in a real headless Chromium, at 390x844, 360x640, 844x390 (by touch) and 1366x768
(by mouse and keys): the daily deal's dialog with its streak and calendar (a past day opens its deal,
played late), the result shared after a win (Clipboard API, its fallback, navigator.share) with no
card in it, the player's own game watched again step by step (from the end dialog and from the
finished games), the achievements (dialog, and a notice told once), and a card size that visibly
changes in every layout. The server's date is fixed (``cadogan.daily.clock``) so the days never
depend on when the tests run; the new dialogs show no text cut off at any size.
"""

from __future__ import annotations

import json
import re
from datetime import date, datetime, timedelta
from functools import lru_cache
from pathlib import Path

import pytest
from tests.web.chromium import browser, needs_chromium  # noqa: F401  (browser: a fixture)
from tests.web.test_browser_phone import cut_in_dialog, cut_texts

from known_lines import LOSABLE_DEAL, LOSABLE_LINE, expand

from cadogan import daily, games
from cadogan.daily import deal_of_day
from cadogan.solver import Result, solve
from cadogan.store import Store

pytestmark = needs_chromium

SIZES = [(390, 844), (360, 640), (844, 390), (1366, 768)]
PHONES = {(390, 844), (360, 640), (844, 390)}
TODAY = date(2025, 1, 11)  # a Saturday
LINES = json.loads((Path(__file__).parent / "fit_lines.json").read_text())
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
CARD = re.compile(r"\b(?:[2-9TJQKA]|10)[CDHS♣♦♥♠]|[2-9JQKA][♣♦♥♠]")  # a card, written either way


@pytest.fixture()
def server(in_process, monkeypatch, tmp_path):
    """A server in this process whose local date is TODAY, on a games file the test may fill."""
    monkeypatch.setattr(daily, "clock", lambda: TODAY)
    db = str(tmp_path / "daily.sqlite3")
    started = in_process(db=db)
    started.db = db
    return started


def open_page(browser, server, size, *, hash_="#/precedence/king-out/5", script: str | None = None):
    width, height = size
    touch = size in PHONES
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch,
                                  locale="en-GB", bypass_csp=True)
    context.add_init_script("localStorage.setItem('cadogan.seen', '1')")
    if script:
        context.add_init_script(script)
    page = context.new_page()
    page.goto(f"{server.url}/{hash_}")
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    # The page asks for new achievements once it shows a game; a test that then fills in wins must
    # wait for that answer, or a slow first check is answered after the fill and tells of them here.
    page.wait_for_selector("body[data-awards-checked]", timeout=20000)
    return context, page


def player_of(context) -> str:
    return next(c["value"] for c in context.cookies() if c["name"] == "cadogan_player")


def press(page, selector: str, touch: bool) -> None:
    """Tap on a touch screen, click with the mouse elsewhere."""
    if touch:
        page.tap(selector)
    else:
        page.click(selector)


def menu_item(page, name: str, touch: bool) -> None:
    if page.is_visible("#menu"):
        press(page, "#menu", touch)
    press(page, f"#{name}", touch)


def fill_days(server, player: str, days: dict[date, str], game: tuple[str, str] = ("precedence", "king-out")) -> None:
    """Daily games of ``player``: each day "won" (on the day), "late" (won later) or "played", started
    at 9:00 of the day (a day later when late) and ended five minutes later."""
    store = Store(server.db)
    for day, how in days.items():
        start = datetime(day.year, day.month, day.day, 9).timestamp() + (86400 if how == "late" else 0)
        saved = store.create(*game, deal_of_day(day), now=start, player=player, daily=True, late=how == "late")
        store.save(saved.id, ["deal"], [], won=False, lost=False, now=start + 20)
        store.save(saved.id, ["deal", "deal"], [], won=how in ("won", "late"), lost=how == "played", now=start + 290)
    store.close()


@lru_cache(maxsize=None)
def winning_line(deal: int) -> tuple[str, ...]:
    result = solve(games.load("precedence", "king-out", deal), timeout=60)
    assert result.result is Result.WON
    return tuple(str(m) for m in result.moves)


def one_move_from_winning_today(server, context, page, line: tuple[str, ...] | None = None, deal: int | None = None) -> str:
    """Today's daily Precedence deal of the page's player (or ``deal`` with its winning ``line``),
    played through the API to one move before its win and opened in the page; the move left."""
    cookie = {"Cookie": f"cadogan_player={player_of(context)}"}
    body = {"game": "precedence", "daily": True} if deal is None else {"game": "precedence", "deal": deal}
    status, _, obj = server.request("POST", "/api/games", body, headers=cookie)
    assert status == 201 and (deal is not None or obj["deal"] == deal_of_day(daily.today()))
    line = line or winning_line(obj["deal"])
    for move in line[:-1]:
        assert server.request("POST", f"/api/games/{obj['id']}/moves", {"move": move}, headers=cookie)[0] == 200
    page.evaluate(f"localStorage.setItem('cadogan.current', {json.dumps(obj['id'])})")
    page.goto(f"{server.url}/")  # no deal in the address: the game kept in the page comes back
    page.wait_for_selector("body[data-ready='1']", timeout=20000)
    assert page.inner_text("#share") == str(obj["deal"])
    return line[-1]


def play_last_move(page, move: str, touch: bool) -> None:
    """The winning move, by hand: pick the card up, put it down."""
    source, target = move.split(">")
    press(page, f"[data-pile={source}] .card.top", touch)
    press(page, f"[data-pile={target}] .stack", touch)
    page.wait_for_selector("#end-dialog[open]", timeout=20000)


def no_cut(page, selector: str, where: str) -> None:
    """No text of the dialog (or bar) ``selector`` is cut off: read in place, or scrolled to in a dialog."""
    cut = cut_in_dialog(page, selector) if page.evaluate(f"document.querySelector({json.dumps(selector)}).tagName") == "DIALOG" \
        else cut_texts(page, selector)
    assert not cut, f"{where}: {cut}"


# --- the daily deal's dialog ---------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_daily_dialog_shows_the_streak_and_the_month_and_plays_todays_deal(browser, server, size):
    touch = size in PHONES
    context, page = open_page(browser, server, size)
    fill_days(server, player_of(context), {TODAY - timedelta(days=k): "won" for k in (1, 2, 3)}
              | {TODAY - timedelta(days=5): "played", TODAY - timedelta(days=6): "late"})
    menu_item(page, "daily", touch)
    page.wait_for_selector("#daily-dialog[open] #cal-body button.day")
    assert page.inner_text("#daily-streak") == "Streak: 3 days in a row · best: 3"
    assert "11 January 2025" in page.inner_text("#daily-today") and "20250111" in page.inner_text("#daily-today")
    assert page.inner_text("#cal-month") == "January 2025"
    statuses = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#cal-body button.day')]
        .map((b) => [b.dataset.date.slice(8), b.className.replace('day s-', '')]))""")
    assert [statuses[d] for d in ("05", "06", "07", "08", "09", "10", "11", "12")] == [
        "won-late", "played", "none", "won", "won", "won", "none", "future"]
    assert page.get_attribute("[data-date='2025-01-11']", "aria-current") == "date"
    assert page.inner_text("[data-date='2025-01-09'] .sr-only") == "9 January 2025: won"  # said, not only coloured
    assert page.is_disabled("[data-date='2025-01-12']") and page.is_disabled("#cal-next")
    no_cut(page, "#daily-dialog", f"{size}")
    press(page, "#daily-play", touch)
    page.wait_for_selector("#daily-badge:not([hidden])")
    assert page.inner_text("#share") == "20250111" and page.is_hidden("#daily-dialog")
    context.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_past_day_shows_its_games_and_opens_its_deal_played_late(browser, server, size):
    touch = size in PHONES
    context, page = open_page(browser, server, size)
    fill_days(server, player_of(context), {TODAY - timedelta(days=2): "won"})
    menu_item(page, "daily", touch)
    page.wait_for_selector("#daily-dialog[open] #cal-body button.day")
    press(page, "[data-date='2025-01-09']", touch)
    page.wait_for_selector("[data-date='2025-01-09'][aria-pressed='true']")
    assert "deal 20250109" in page.inner_text("#cal-day h3")
    assert page.locator("#cal-day li").count() == 1 and "won" in page.inner_text("#cal-day li")
    no_cut(page, "#daily-dialog", f"{size}, a day chosen")
    press(page, "#cal-play-day", touch)
    page.wait_for_function("document.getElementById('share').textContent === '20250109'")
    assert page.is_visible("#daily-badge")
    context.close()


def test_the_calendar_is_played_by_keys(browser, server):
    context, page = open_page(browser, server, (1366, 768))
    page.keyboard.press("Tab")  # any focus in the page; then the menu's button by keyboard
    page.focus("#daily")
    page.keyboard.press("Enter")
    page.wait_for_selector("#daily-dialog[open] #cal-body button.day")
    page.focus("[data-date='2025-01-11']")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.activeElement.dataset.date === '2025-01-10'")
    assert page.get_attribute("[data-date='2025-01-10']", "aria-pressed") == "true"
    page.keyboard.press("ArrowUp")
    page.wait_for_function("document.activeElement.dataset.date === '2025-01-03'")
    page.keyboard.press("ArrowRight")  # never past today
    page.keyboard.press("PageUp")
    page.wait_for_function("document.getElementById('cal-month').textContent === 'December 2024'")
    page.wait_for_function("document.activeElement.dataset.date === '2024-12-04'")
    assert "4 December 2024" in page.inner_text("#cal-day h3")
    page.keyboard.press("PageDown")
    page.wait_for_function("document.activeElement.dataset.date === '2025-01-04'")
    page.keyboard.press("End")  # the week's Sunday
    page.wait_for_function("document.activeElement.dataset.date === '2025-01-05'")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")  # 19 January is still to come: today is as far as it goes
    page.wait_for_function("document.activeElement.dataset.date === '2025-01-11'")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.getElementById('daily-dialog').open")
    context.close()


def test_russian_words_for_the_days(browser, server):
    context, page = open_page(browser, server, (390, 844), script="localStorage.setItem('cadogan.settings', '{\"lang\":\"ru\"}')")
    fill_days(server, player_of(context), {TODAY - timedelta(days=k): "won" for k in (0, 1)})
    menu_item(page, "daily", True)
    page.wait_for_selector("#daily-dialog[open] #cal-body button.day")
    assert page.inner_text("#daily-streak") == "Серия: 2 дня подряд · лучшая: 2"
    assert page.inner_text("#cal-month") == "Январь 2025 г."
    assert page.inner_text("[data-date='2025-01-10'] .sr-only") == "10 января 2025 г.: выигран"
    assert not re.search(r"[A-Za-z]{3,}", page.inner_text("#daily-dialog"))  # no English left
    no_cut(page, "#daily-dialog", "Russian")
    context.close()


# --- the end of a game: share, watch, achievements ------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_win_is_shared_without_a_card_and_watched_again_step_by_step(browser, server, size):
    touch = size in PHONES
    context, page = open_page(browser, server, size)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    last = one_move_from_winning_today(server, context, page)
    moves = len(winning_line(deal_of_day(TODAY)))
    play_last_move(page, last, touch)
    page.wait_for_selector("#end-awards:not([hidden])")  # this win earned achievements: said in the end dialog
    assert "First Precedence" in page.inner_text("#end-awards") and "Deal of the day" in page.inner_text("#end-awards")
    no_cut(page, "#end-dialog", f"{size}, end")
    press(page, "#end-share", touch)
    page.wait_for_selector("#share-dialog[open]")
    text = page.inner_text("#share-text")
    lines = text.split("\n")
    assert lines[0] == "Cadogan · Precedence · king out"
    assert lines[1] == "Daily deal of 11 January 2025 (deal 20250111)"
    assert re.fullmatch(rf"Won ✓ in {moves} moves · \d+:\d\d · no hints", lines[2]), lines[2]
    assert not CARD.search(text), text
    no_cut(page, "#share-dialog", f"{size}, share")
    press(page, "#share-copy", touch)
    page.wait_for_function("document.getElementById('share-status').textContent.startsWith('Copied')")
    assert page.evaluate("navigator.clipboard.readText()") == text
    page.keyboard.press("Escape")  # the share dialog closes; the end dialog stays
    page.wait_for_function("!document.getElementById('share-dialog').open")
    assert page.evaluate("document.getElementById('end-dialog').open")
    press(page, "#end-replay", touch)
    page.wait_for_selector("#replay:not([hidden])")
    assert page.inner_text("#replay-title") == "Your game"
    page.wait_for_function(f"document.getElementById('replay-step').textContent.startsWith('Step 0 of {moves}')")
    start_stock = page.evaluate("document.querySelectorAll('[data-pile=s] .card').length")
    assert start_stock >= 1  # the deal from its start
    if touch:
        page.tap("#replay-forward")
    else:
        page.focus("#replay-forward")
        page.keyboard.press(".")
    page.wait_for_function(f"document.getElementById('replay-step').textContent.startsWith('Step 1 of {moves}')")
    if touch:
        page.tap("#replay-last")
    else:
        page.keyboard.press("End")
    page.wait_for_function(f"document.getElementById('replay-step').textContent.includes('Step {moves} of {moves}')")
    assert "All cards are on the foundations" in page.inner_text("#replay-step")
    no_cut(page, "#replay", f"{size}, replay")
    press(page, "#replay-close", touch)
    page.wait_for_selector("#replay", state="hidden")
    assert page.inner_text("#moves") == str(moves)  # back to the game as it was
    context.close()


def test_the_copy_falls_back_to_the_selection_and_navigator_share_sends_the_text(browser, server):
    no_clipboard = """Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
        navigator.share = (data) => { window.sharedData = data; return Promise.resolve(); };
        document.addEventListener('copy', () => { window.copiedText = getSelection().toString(); });"""
    context, page = open_page(browser, server, (1366, 768), script=no_clipboard)
    last = one_move_from_winning_today(server, context, page)
    play_last_move(page, last, False)
    page.click("#end-share")
    page.wait_for_selector("#share-dialog[open]")
    text = page.inner_text("#share-text")
    page.click("#share-copy")
    page.wait_for_function("document.getElementById('share-status').textContent !== ''")
    assert page.evaluate("window.copiedText") == text  # the browser's copy command, on the text shown
    assert page.is_visible("#share-send")
    page.click("#share-send")
    page.wait_for_function("window.sharedData !== undefined")
    assert page.evaluate("window.sharedData.text") == text
    context.close()


def test_the_share_button_is_hidden_where_the_browser_cannot_share(browser, server):
    context, page = open_page(browser, server, (390, 844), script="delete Navigator.prototype.share")
    last = one_move_from_winning_today(server, context, page)
    play_last_move(page, last, True)
    page.tap("#end-share")
    page.wait_for_selector("#share-dialog[open]")
    assert page.is_hidden("#share-send")
    context.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_finished_game_is_watched_from_the_statistics(browser, server, size):
    touch = size in PHONES
    context, page = open_page(browser, server, size)
    last = one_move_from_winning_today(server, context, page)
    play_last_move(page, last, touch)
    page.keyboard.press("Escape")
    page.wait_for_function("!document.getElementById('end-dialog').open")
    menu_item(page, "stats", touch)
    page.wait_for_selector("#history-body li .watch")
    assert "20250111" in page.inner_text("#history-body li") and "won" in page.inner_text("#history-body li")
    no_cut(page, "#stats-dialog", f"{size}, statistics")
    press(page, "#history-body li .watch", touch)
    page.wait_for_selector("#replay:not([hidden])")
    assert page.is_hidden("#stats-dialog")
    page.wait_for_function("document.getElementById('replay-step').textContent.startsWith('Step 0 of')")
    context.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_achievements_dialog_says_earned_or_not_and_how_far(browser, server, size):
    touch = size in PHONES
    context, page = open_page(browser, server, size)
    fill_days(server, player_of(context), {TODAY - timedelta(days=k): "won" for k in (1, 2, 3)})
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#award:not([hidden])")  # earned since the last visit: told once
    no_cut(page, "#award", f"{size}, notice")
    press(page, "#award-close", touch)
    menu_item(page, "achievements", touch)
    page.wait_for_selector("#achievements-dialog[open] ul.achievements")
    state = dict(page.evaluate("""() => [...document.querySelectorAll('ul.achievements li')]
        .map((li) => [li.dataset.achievement, li.className + ': ' + li.querySelector('.ach-state').textContent])"""))
    assert state["first-win-precedence"].startswith("earned: earned ")
    assert state["daily-win"].startswith("earned: earned ")
    assert state["streak-7"] == "not-earned: not earned yet · 3 of 7"
    assert state["played-100"] == "not-earned: not earned yet · 3 of 100"
    assert state["square-free"] == "not-earned: not earned yet"
    no_cut(page, "#achievements-dialog", f"{size}, achievements")
    page.keyboard.press("Escape")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_timeout(500)
    assert page.is_hidden("#award")  # told once: not again after a reload
    context.close()


HELD_AWARDS = """{ const fetch0 = window.fetch;  // GET /api/achievements answers when the test says so
    let release; const held = new Promise((ok) => { release = ok; });
    window.releaseAwards = () => release();
    window.fetch = (url, ...rest) => String(url).endsWith('/api/achievements')
        ? held.then(() => fetch0(url, ...rest)) : fetch0(url, ...rest); }"""


def test_a_new_achievement_told_while_a_dialog_is_open_waits_until_it_closes(browser, server):
    """A notice under a modal dialog could be neither read nor closed: it comes when the dialog goes."""
    context, page = open_page(browser, server, (390, 844))
    fill_days(server, player_of(context), {TODAY - timedelta(days=k): "won" for k in (1, 2, 3)})
    context.add_init_script(HELD_AWARDS)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    menu_item(page, "stats", True)
    page.wait_for_selector("#stats-dialog[open]")
    page.evaluate("window.releaseAwards()")
    page.wait_for_selector("body[data-awards-checked]")
    assert page.is_hidden("#award")  # not under the dialog
    page.keyboard.press("Escape")
    page.wait_for_selector("#award:not([hidden])")
    assert "Deal of the day" in page.inner_text("#award")
    context.close()


# --- card size -------------------------------------------------------------------------------------
def card_width(page) -> float:
    return page.evaluate("document.querySelector('#board .card').getBoundingClientRect().width")


def table_fits(page, width: int, height: int) -> list[str]:
    box = page.evaluate("""() => {
        const r = [...document.querySelectorAll('#board .pile, #board .card')].map((e) => e.getBoundingClientRect());
        return { right: Math.max(...r.map((b) => b.right)), bottom: Math.max(...r.map((b) => b.bottom)),
                 scrollW: document.documentElement.scrollWidth, scrollH: document.documentElement.scrollHeight }; }""")
    faults = []
    if box["right"] > width + 0.5 or box["bottom"] > height + 0.5:
        faults.append(f"the table reaches {box['right']}x{box['bottom']}")
    if box["scrollW"] > width or box["scrollH"] > height:
        faults.append(f"the page scrolls ({box['scrollW']}x{box['scrollH']})")
    return faults


def sized_page(browser, live_server, size, card_size: str, key: str, moves: int):
    game_id, variant = key.split("/")
    entry = LINES[key]
    width, height = size
    touch = size in PHONES
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch,
                                  bypass_csp=True)
    context.add_init_script("localStorage.setItem('cadogan.seen', '1')")
    context.add_init_script(f"""if (!localStorage.getItem('cadogan.settings'))
        localStorage.setItem('cadogan.settings', JSON.stringify({{cardSize: {json.dumps(card_size)}}}))""")  # once: a reload keeps the player's
    page = context.new_page()
    status, obj = live_server.request("POST", "/api/games", {"game": game_id, "variant": variant, "deal": entry["deal"]})
    for move in entry["line"][:moves]:
        live_server.request("POST", f"/api/games/{obj['id']}/moves", {"move": move})
    page.add_init_script(f"localStorage.setItem('cadogan.current', {json.dumps(obj['id'])})")
    page.goto(f"{live_server.url}/")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_timeout(200)
    return context, page


@pytest.mark.parametrize("key", sorted(LINES))
def test_each_card_size_is_visibly_different_in_every_layout_on_a_desktop(browser, live_server, key):
    """The fault fixed: "Large cards" changed nothing at 1366x768 (the table already filled the room:
    the setting only raised a cap that the room, not the cap, held)."""
    faults = []
    for size in [(1366, 768), (1920, 1080)]:
        for moves in sorted({18, LINES[key]["peak"]}):
            widths = {}
            for card_size in ("small", "normal", "large"):
                context, page = sized_page(browser, live_server, size, card_size, key, moves)
                widths[card_size] = card_width(page)
                where = f"{key} after {moves} moves at {size[0]}x{size[1]}, {card_size}"
                faults += [f"{where}: {f}" for f in table_fits(page, *size) + cut_texts(page)]
                context.close()
            if not widths["small"] <= 0.92 * widths["normal"] or not widths["large"] >= 1.08 * widths["normal"]:
                faults.append(f"{key} after {moves} moves at {size}: {widths}")
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("size", [s for s in SIZES if s in PHONES], ids=lambda s: f"{s[0]}x{s[1]}")
def test_card_sizes_on_a_phone_fit_and_small_is_smaller(browser, live_server, size):
    faults = []
    for key in ("square/classic", "precedence/king-out", "british-square/piles"):
        widths = {}
        for card_size in ("small", "normal", "large"):
            context, page = sized_page(browser, live_server, size, card_size, key, 18)
            widths[card_size] = card_width(page)
            faults += [f"{key} {card_size}: {f}" for f in table_fits(page, *size) + cut_texts(page)]
            context.close()
        if not widths["small"] < widths["normal"] <= widths["large"]:
            faults.append(f"{key} at {size}: {widths}")
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_card_size_is_chosen_in_the_settings_and_remembered(browser, live_server, size):
    touch = size in PHONES
    context, page = sized_page(browser, live_server, size, "normal", "precedence/king-out", 0)
    normal = card_width(page)
    menu_item(page, "settings", touch)
    page.wait_for_selector("#settings-dialog[open]")
    page.select_option("#set-cardSize", "small")
    page.wait_for_function(f"document.querySelector('#board .card').getBoundingClientRect().width < {normal} - 1")
    page.keyboard.press("Escape")
    small = card_width(page)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_timeout(200)
    assert card_width(page) == small < normal
    assert json.loads(page.evaluate("localStorage.getItem('cadogan.settings')"))["cardSize"] == "small"
    context.close()


def test_the_old_large_cards_setting_becomes_the_large_size(browser, live_server):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_init_script("localStorage.setItem('cadogan.seen', '1')")
    context.add_init_script("localStorage.setItem('cadogan.settings', JSON.stringify({largeCards: true}))")
    page = context.new_page()
    page.goto(f"{live_server.url}/#/square/classic/3")
    page.wait_for_selector("body[data-ready='1']")
    assert page.input_value("#set-cardSize") == "large" and "large-cards" in page.evaluate("document.body.className")
    assert "largeCards" not in page.evaluate("localStorage.getItem('cadogan.settings')")
    context.close()


# --- the README's screenshots ---------------------------------------------------------------------
@pytest.fixture()
def server_today(in_process, tmp_path):
    """A server in this process on the real date (for the README's screenshots: dates that agree)."""
    db = str(tmp_path / "today.sqlite3")
    started = in_process(db=db)
    started.db = db
    return started


def todays_line() -> tuple[int | None, tuple[str, ...]]:
    """Today's daily Precedence deal and its winning line when the solver finds one in a few seconds,
    else deal 1 and its known winning line (not a daily deal)."""
    today = daily.today()
    result = solve(games.load("precedence", "king-out", deal_of_day(today)), timeout=20)
    if result.result is Result.WON:
        return None, tuple(str(m) for m in result.moves)
    return LOSABLE_DEAL, tuple(expand(LOSABLE_LINE))


@pytest.mark.parametrize("size,name", [((390, 844), "phone"), ((1366, 768), "desktop")])
def test_screenshots_of_the_new_dialogs(browser, server_today, size, name):
    server = server_today
    touch = size in PHONES
    today = daily.today()
    context, page = open_page(browser, server, size, script="localStorage.setItem('cadogan.settings', '{\"animations\":false}')")
    fill_days(server, player_of(context), {today - timedelta(days=k): "won" for k in (1, 2, 3, 4, 7, 8, 9, 10)}
              | {today - timedelta(days=5): "played", today - timedelta(days=6): "late"}, game=("square", "classic"))
    deal, line = todays_line()
    last = one_move_from_winning_today(server, context, page, line=line, deal=deal)
    page.wait_for_selector("#award:not([hidden])")  # the Square wins above, told on opening
    press(page, "#award-close", touch)
    play_last_move(page, last, touch)
    page.wait_for_selector("#end-awards:not([hidden])")
    page.wait_for_timeout(300)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"end-{name}.png"))
    press(page, "#end-share", touch)
    page.wait_for_selector("#share-dialog[open]")
    page.screenshot(path=str(SCREENSHOTS / f"share-{name}.png"))
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.getElementById('end-dialog').open")
    menu_item(page, "daily", touch)
    page.wait_for_selector("#daily-dialog[open] #cal-body button.day")
    page.evaluate("document.getElementById('daily-dialog').scrollTop = 0")  # today chosen: its game below
    page.screenshot(path=str(SCREENSHOTS / f"daily-{name}.png"))
    page.keyboard.press("Escape")
    page.wait_for_function("!document.getElementById('daily-dialog').open")
    menu_item(page, "achievements", touch)
    page.wait_for_selector("#achievements-dialog[open] ul.achievements")
    page.screenshot(path=str(SCREENSHOTS / f"achievements-{name}.png"))
    context.close()
