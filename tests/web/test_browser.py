"""End to end, in a real headless Chromium (Debian's /usr/bin/chromium, driven by Playwright).

For every game: start a deal, move a card by drag, one by click-click and one by keyboard, undo and
redo, take a hint, reload and find the game intact, switch to Russian (README's screenshots come
from test_browser_fit.py and test_browser_guidance.py). Then the end of a game: the win celebration
and "no moves left" with the verdict.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from cadogan import games, solver
from known_lines import LOSABLE_DEAL, LOSABLE_LINE, expand, losing_point

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian's chromium is not installed")

# A winning line of Precedence deal 4 (found by `cadogan solve`; replayed by the engine below).
WON_DEAL = 4
WON_LINE = """
    deal*5 w>f2 deal*15 w>f3 deal*3 w>f1 deal*3 w>f2 deal*7 w>f4 deal w>f5 deal*4 w>f3 deal*4 w>f4 deal*2 w>f3
    deal w>f1 deal*3 w>f6 deal w>f7 deal*3 w>f8 deal*6 w>f5 deal*2 w>f7 deal w>f2 deal*2 w>f6 deal w>f6 deal*8
    w>f4 deal w>f1 deal w>f2 deal w>f1 deal*2 w>f3 deal w>f8 deal w>f5 deal*2 w>f2 deal*2 w>f5 deal*5 w>f7 deal
    w>f8 deal w>f4 deal*3 w>f7 deal*4 w>f6 deal*2 w>f8 deal w>f3 deal w>f6 deal w>f5 deal w>f1 redeal deal w>f8
    deal*4 w>f7 deal*2 w>f2 deal*3 w>f6 deal*3 w>f5*2 deal w>f4 deal*4 w>f1 deal w>f3 deal w>f7 deal w>f8
    deal*4 w>f7 deal w>f2 deal w>f4 deal w>f3 deal w>f6 deal w>f8*2 deal w>f7*2 deal w>f4 deal w>f1 deal w>f4
    deal w>f5 deal*3 w>f2 deal w>f6 deal*2 w>f8 deal w>f3*2 deal w>f5 deal w>f7 deal w>f4 deal w>f6*2 w>f5 deal
    w>f4 deal w>f5 deal w>f2 deal w>f2 deal w>f4 deal w>f4 deal*2 w>f6 deal w>f5 deal*2 w>f3 deal w>f3*2 deal
    w>f3 deal w>f8 deal w>f2*2 deal w>f2 deal*2 w>f8 deal*2 w>f4 redeal deal*2 w>f1 deal w>f7*2 deal*2 w>f8
    deal w>f6*2 deal w>f5 deal w>f7 deal*2 w>f1*2 deal w>f8 deal w>f1 deal w>f1
"""


def plan(game_id: str, variant: str) -> tuple[int, list[str]]:
    """A deal whose first moves (card moves first, else deal) reach three card moves soon."""
    for deal in range(1, 500):
        state = games.load(game_id, variant, deal)
        line: list[str] = []
        card_moves = 0
        while card_moves < 3 and len(line) < 40:
            legal = [str(m) for m in state.legal_moves()]
            cards = [m for m in legal if ">" in m and not m.startswith("s>")]
            move = cards[0] if cards else next((m for m in legal if m.startswith("s>")), "deal" if "deal" in legal else None)
            if move is None:
                break
            card_moves += move in cards
            state.play(move)
            line.append(move)
        if card_moves == 3:
            return deal, line
    raise AssertionError(f"no deal of {game_id} starts with three card moves")


def refused_move(obj: dict) -> str:
    """A card move the rules refuse here, from a pile that has a card."""
    pos = obj["position"]
    sources = (["w"] if pos["waste"] else []) + [f"t{i + 1}" for i, t in enumerate(pos["tableau"]) if t]
    targets = [f"f{i + 1}" for i in range(len(pos["foundations"]))] + [f"t{i + 1}" for i in range(len(pos["tableau"]))]
    return next(f"{s}>{t}" for s in sources for t in targets if s != t and f"{s}>{t}" not in obj["legal_moves"])


@pytest.fixture(scope="module")
def browser_context_factory(tmp_path_factory):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        contexts = []

        def make(width: int = 1200, height: int = 780, locale: str = "en-GB", touch: bool = False):
            context = pw.chromium.launch_persistent_context(
                str(tmp_path_factory.mktemp("chromium-profile")), executable_path=CHROMIUM, headless=True,
                args=FLAGS, viewport={"width": width, "height": height}, locale=locale, has_touch=touch,
                bypass_csp=True)  # wait_for_function evals; test_the_page_runs_under_the_servers_csp checks the CSP
            contexts.append(context)
            return context

        yield make
        for context in contexts:
            context.close()


class Player:
    """A page of the game, with the checks every test wants: no page errors, nothing fetched from outside."""

    def __init__(self, context, server):
        context.add_init_script("localStorage.setItem('cadogan.seen', '1')")  # no first-visit card
        self.page = context.pages[0] if context.pages else context.new_page()
        self.server = server
        self.errors: list[str] = []
        self.outside: list[str] = []
        self.page.on("pageerror", lambda err: self.errors.append(str(err)))
        self.page.on("console", lambda msg: msg.type == "error" and not msg.text.startswith("Failed to load resource")
                     and self.errors.append(msg.text))
        self.page.on("request", lambda req: req.url.startswith(server.url) or req.url.startswith("data:")
                     or self.outside.append(req.url))

    def open(self, hash_: str = "") -> None:
        self.page.goto(f"{self.server.url}/{hash_}")
        self.page.wait_for_selector("body[data-ready='1']", timeout=15000)

    def game(self) -> dict:
        gid = self.page.evaluate("localStorage.getItem('cadogan.current')")
        status, obj = self.server.request("GET", f"/api/games/{gid}")
        assert status == 200
        return obj

    def play_through_api(self, moves: list[str]) -> None:
        """Play ``moves`` in the current game through the HTTP API, then reload the page onto them."""
        gid = self.game()["id"]
        for move in moves:
            assert self.server.request("POST", f"/api/games/{gid}/moves", {"move": move})[0] == 200
        self.page.reload()
        self.page.wait_for_selector("body[data-ready='1']")

    def turn_on(self, setting: str) -> None:
        """Tick a setting's box in the settings dialog and close it."""
        self.page.click("#settings")
        self.page.check(f"#set-{setting}")
        self.page.keyboard.press("Escape")

    def choose(self, setting: str, value: str) -> None:
        """Pick a value of a setting's list in the settings dialog and close it."""
        self.page.click("#settings")
        self.page.select_option(f"#set-{setting}", value)
        self.page.keyboard.press("Escape")

    def moves_shown(self) -> int:
        return int(self.page.inner_text("#moves"))

    def wait_moves(self, count: int) -> None:
        self.page.wait_for_function(f"document.getElementById('moves').textContent === '{count}'", timeout=10000)

    def wait_live(self, pattern: str) -> None:
        """Wait until the polite live region says something matching ``pattern`` at its start."""
        self.page.wait_for_function("p => new RegExp('^(' + p + ')').test(document.getElementById('live').textContent)",
                                    arg=pattern, timeout=10000)

    def pile(self, name: str):
        return self.page.locator(f'[data-pile="{name}"]')

    def settle(self) -> None:
        """Wait until no card is still sliding (a card is dragged from where it lies, not mid-flight)."""
        self.page.wait_for_function("document.getAnimations().filter(a => a.playState === 'running').length === 0")

    def box(self, locator) -> dict:
        """The element's box; asked again while a re-render (a verdict arriving, say) has just
        replaced the element, which Playwright answers with None."""
        for _ in range(100):
            found = locator.bounding_box()
            if found:
                return found
            self.page.wait_for_timeout(20)
        raise AssertionError(f"{locator} never had a box")

    def click_move(self, move: str) -> None:
        self.settle()
        if move in ("deal", "redeal"):
            self.pile("s").click()
            return
        src, dst = move.split(">")
        self.pile(src).click()
        self.pile(dst).locator(".stack").click()

    def drag_move(self, move: str) -> None:
        self.settle()
        src, dst = move.split(">")
        card = self.box(self.pile(src).locator(".card.top"))
        target = self.box(self.pile(dst).locator(".stack"))
        mouse = self.page.mouse
        mouse.move(card["x"] + card["width"] / 2, card["y"] + card["height"] * 0.3)
        mouse.down()
        mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=12)
        assert self.page.locator(".ghost").count() == 1  # a card follows the pointer
        mouse.up()

    def key_to(self, name: str) -> None:
        """Arrow keys from the focused pile to pile ``name``."""
        for _ in range(40):
            here = self.page.evaluate("document.activeElement.dataset.pile")
            assert here, "the board lost the keyboard focus"
            if here == name:
                return
            # both boxes in one call: the board may be redrawn between two calls (guidance arriving)
            a, b = self.page.evaluate("""([p, q]) => [p, q].map((n) => {
                const r = document.querySelector(`[data-pile="${n}"]`).getBoundingClientRect();
                return {x: r.x, y: r.y, width: r.width}; })""", [here, name])
            dx = (b["x"] + b["width"] / 2) - (a["x"] + a["width"] / 2)
            dy = b["y"] - a["y"]
            if abs(dy) > 4:
                self.page.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
            else:
                self.page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
        raise AssertionError(f"arrow keys never reached {name}")

    def keyboard_move(self, move: str) -> None:
        src, dst = move.split(">")
        self.page.focus("#share")
        for _ in range(4):  # past the deal link in the status line to the board: one tab stop
            self.page.keyboard.press("Tab")
            if self.page.evaluate("document.activeElement.getAttribute('role')") == "gridcell":
                break
        assert self.page.evaluate("document.activeElement.getAttribute('role')") == "gridcell"
        self.key_to(src)
        self.page.keyboard.press("Enter")
        assert self.pile(src).get_attribute("aria-selected") == "true"
        self.key_to(dst)
        self.page.keyboard.press("Enter")

    def table(self) -> dict:
        return self.page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.pile')].map(
            p => [p.dataset.pile, [...p.querySelectorAll('.card')].map(c => c.dataset.card || '#').join(' ')
                  + ' | ' + p.querySelector('.pile-name').textContent]))""")

    def check_clean(self) -> None:
        assert not self.errors, self.errors
        assert not self.outside, self.outside


@pytest.mark.parametrize("game_id,variant", [("british-square", "piles"), ("square", "classic"),
                                             ("precedence", "king-out"), ("british-square", "columns")])
def test_a_whole_session_of_play(browser_context_factory, live_server, game_id, variant):
    deal, line = plan(game_id, variant)
    player = Player(browser_context_factory(), live_server)
    page = player.page
    player.open(f"#/{game_id}/{variant}/{deal}")
    assert player.game()["game"] == game_id and player.game()["deal"] == deal
    assert page.inner_text("#share") == str(deal)
    assert page.locator("#board[role=grid] [role=row] [role=gridcell]").count() == len(
        [p for p in player.table()])
    methods = iter(["drag", "click", "keyboard"])
    for played, move in enumerate(line, 1):
        if ">" in move and not move.startswith("s>"):
            how = next(methods)
            getattr(player, f"{how}_move")(move)
        else:
            player.click_move(move)
        player.wait_moves(played)
        assert player.game()["moves"] == line[:played], f"{move} by {how if '>' in move else 'click'}"
    player.wait_live("Moved|Dealt|Placed")

    # undo (button) and redo (keyboard R), then Ctrl+Z and Ctrl+Y
    before = player.table()
    page.click("#undo")
    player.wait_moves(len(line) - 1)
    player.wait_live("Undone: Moved")
    page.keyboard.press("r")
    player.wait_moves(len(line))
    assert player.table() == before
    page.keyboard.press("Control+z")
    player.wait_moves(len(line) - 1)
    page.keyboard.press("Control+y")
    player.wait_moves(len(line))

    # a refused move shows the server's reason, in the message line and beside the card
    player.click_move(refused_move(player.game()))
    # note and shake checked in one frame: the shake ends (and a re-render drops it) after 0.36 s
    page.wait_for_function("!document.getElementById('note').hidden"
                           " && document.querySelectorAll('.card.shake').length === 1")
    player.wait_live(re.escape(page.inner_text("#note")))
    assert player.moves_shown() == len(line)

    # a hint highlights its move, with its chance by what the player can see; a peek reads the whole deal
    page.click("#hint")
    page.wait_for_function("/^(Hint|No)/.test(document.getElementById('message').textContent)", timeout=20000)
    hint = page.inner_text("#message")
    if hint.startswith("Hint"):
        assert page.locator(".pile.hint").count() >= 1
        assert re.search(r"% to win from here, by what you can see|the only move|a safe move|no chance", hint), hint
    assert page.locator("#verdict").is_hidden()  # a hint says nothing of the whole deal
    page.keyboard.press("p")
    page.wait_for_function("/^(Peek|No)/.test(document.getElementById('message').textContent)", timeout=20000)
    assert page.locator("#verdict").is_visible()


    # reload: the same game, the same table
    before = player.table()
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert player.table() == before and player.moves_shown() == len(line)
    assert page.url.endswith(f"#/{game_id}/{variant}/{deal}")

    # Russian: every text, the pile labels and the rules panel
    page.click("#lang")
    assert page.evaluate("document.documentElement.lang") == "ru"
    assert page.get_attribute("#undo", "title") == "Отменить"
    assert player.pile("s").locator(".pile-name").text_content().startswith("Колода")
    page.click("#rules")
    assert "Две колоды" in page.inner_text("#rules-dialog")
    page.keyboard.press("Escape")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.inner_text("#new .label") == "Новый расклад"  # the choice is remembered
    page.click("#lang")
    assert page.evaluate("document.documentElement.lang") == "en"
    player.check_clean()


def test_double_click_sends_a_card_to_a_foundation(browser_context_factory, live_server):
    deal, line = plan("precedence", "king-out")
    player = Player(browser_context_factory(), live_server)
    player.open(f"#/precedence/king-out/{deal}")
    for played, move in enumerate(line[:line.index(next(m for m in line if ">" in m))], 1):
        player.click_move(move)
        player.wait_moves(played)
    count = player.moves_shown()
    player.pile("w").locator(".card.top").dblclick()
    player.wait_moves(count + 1)
    assert player.game()["moves"][-1].startswith("w>f")
    player.check_clean()


def test_a_won_game_is_celebrated_and_counted(browser_context_factory, live_server):
    line = expand(WON_LINE)
    state = games.load("precedence", "king-out", WON_DEAL)
    for move in line:
        state.play(move)
    assert state.is_won()
    player = Player(browser_context_factory(), live_server)
    player.open(f"#/precedence/king-out/{WON_DEAL}")
    gid = player.game()["id"]
    player.play_through_api(line[:-1])
    player.click_move(line[-1])
    player.page.wait_for_selector("#end-dialog[open]")
    assert player.page.inner_text("#end-title") == "You won!"
    assert player.page.is_hidden("#end-solution")  # a won deal needs no solution
    assert f"{len(line)} moves" in player.page.inner_text("#end-text")
    stats_text = player.page.inner_text("#end-stats")
    assert "Won" in stats_text and f"\t{len(line)}\t" in stats_text  # fewest moves: this game
    player.page.click("#end-dialog button[value=new]")
    player.page.wait_for_function(f"localStorage.getItem('cadogan.current') !== '{gid}'")
    player.check_clean()


def test_a_move_that_loses_a_winnable_game_is_called_out(browser_context_factory, live_server):
    line = expand(LOSABLE_LINE)
    losing_at, losing_move = losing_point(line)
    player = Player(browser_context_factory(), live_server)
    page = player.page
    player.open(f"#/precedence/king-out/{LOSABLE_DEAL}")
    player.turn_on("checkVerdict")
    player.play_through_api(line[:losing_at - 1])
    verdict_is = "v => document.getElementById('verdict').className === 'verdict ' + v"
    player.click_move(line[losing_at - 1])
    page.wait_for_function(verdict_is, arg="winnable", timeout=20000)
    assert "can no longer be won" not in page.inner_text("#message")
    player.click_move(losing_move)
    player.wait_moves(losing_at + 1)
    page.wait_for_function(verdict_is, arg="lost", timeout=20000)
    assert f"can no longer be won, though it could after move {losing_at}:" in page.inner_text("#message")
    page.keyboard.press("Control+z")
    player.wait_moves(losing_at)
    page.wait_for_function(verdict_is, arg="winnable", timeout=20000)
    player.check_clean()


def test_no_moves_left_shows_the_solvers_verdict_on_the_deal(browser_context_factory, live_server):
    deal = 42
    state = games.load("precedence", "king-out", deal)
    line: list[str] = []
    while state.legal_moves():  # deal and redeal only while possible: a sure way to get stuck
        legal = [str(m) for m in state.legal_moves()]
        move = "deal" if "deal" in legal else "redeal" if "redeal" in legal else legal[0]
        state.play(move)
        line.append(move)
    assert state.is_lost()
    player = Player(browser_context_factory(), live_server)
    player.open(f"#/precedence/king-out/{deal}")
    player.play_through_api(line[:-1])
    player.click_move(line[-1])
    player.page.wait_for_selector("#end-dialog[open]")
    assert player.page.inner_text("#end-title") == "No moves left"
    assert player.page.is_visible("#end-solution")  # the way to see how it could have gone
    assert player.page.is_visible("#end-analysis")  # and "Where did it go wrong?" is offered
    player.page.wait_for_function("!document.getElementById('end-verdict').textContent.startsWith('Asking')",
                                  timeout=20000)
    verdict = player.page.inner_text("#end-verdict")
    assert re.search(r"could have been won|could not be won|could not decide", verdict), verdict
    player.page.click("#end-undo")
    player.wait_moves(len(line) - 1)
    player.check_clean()


def test_a_russian_phone_held_upright_fits_the_table_and_touch_works(browser_context_factory, live_server):
    deal, line = plan("square", "classic")
    context = browser_context_factory(390, 844, locale="ru-RU", touch=True)
    player = Player(context, live_server)
    page = player.page
    player.open(f"#/square/classic/{deal}")
    assert page.evaluate("document.documentElement.lang") == "ru"  # picked from the browser's language
    assert page.get_attribute("#hint", "title") == "Подсказка"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"
    touch = context.new_cdp_session(page)
    dragged = False
    for played, move in enumerate(line, 1):
        player.settle()
        if ">" in move and not dragged:  # drag with a finger: pointer events from touch
            src, dst = move.split(">")
            a = player.box(player.pile(src).locator(".card.top"))
            b = player.box(player.pile(dst).locator(".stack"))
            x0, y0 = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
            x1, y1 = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
            touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
            for k in range(1, 9):
                touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                    {"x": x0 + (x1 - x0) * k / 8, "y": y0 + (y1 - y0) * k / 8}]})
            touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            dragged = True
        elif ">" in move:  # tap the card, tap where it goes
            src, dst = move.split(">")
            player.pile(src).tap()
            player.pile(dst).locator(".stack").tap()
        else:
            player.pile("s").tap()
        try:
            player.wait_moves(played)
        except Exception:
            raise AssertionError(f"{move} (move {played}) by {'drag' if dragged and played == next(i for i, m in enumerate(line, 1) if '>' in m) else 'tap'}: "
                                 f"{page.inner_text('#message')!r}")
    assert dragged and player.game()["moves"] == line
    player.check_clean()


def test_settings_statistics_summary_and_leaving_a_game(browser_context_factory, live_server):
    player = Player(browser_context_factory(), live_server)
    page = player.page
    player.open("#/british-square/columns/8")
    gid = player.game()["id"]
    player.click_move("deal")
    player.wait_moves(1)
    # S reads a summary into the live region
    page.keyboard.press("s")
    player.wait_live("British Square, deal 8")
    # the four-colour deck and animations are settings, remembered across a reload
    page.click("#settings")
    page.check("#set-fourColour")
    page.uncheck("#set-animations")
    page.keyboard.press("Escape")
    assert page.evaluate("document.body.classList.contains('four-colour')")
    diamonds = page.locator(".suit-D").first
    if diamonds.count():
        assert diamonds.evaluate("e => getComputedStyle(e).color") == "rgb(21, 86, 192)"
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("document.body.classList.contains('four-colour') && document.body.classList.contains('no-anim')")
    # statistics are shown with unambiguous labels
    page.click("#stats")
    page.wait_for_selector("#stats-dialog[open] table.stats")
    text = page.inner_text("#stats-dialog")
    for label in ("Played", "Won", "Win %", "Streak", "Best streak", "Best time", "Fewest moves"):
        assert label in text
    page.keyboard.press("Escape")
    # a new deal over an unfinished game asks first; "Keep playing" keeps it
    page.click("#new")
    page.wait_for_selector("#confirm-dialog[open]")
    page.click("#confirm-dialog button[value=no]")
    assert player.game()["id"] == gid
    # a typed deal number starts that deal (after confirming), and the URL can be shared
    page.fill("#deal-input", "123")
    page.click("#go")
    page.click("#confirm-dialog button[value=yes]")
    page.wait_for_function("location.hash === '#/british-square/columns/123'")
    assert player.game()["deal"] == 123 and player.game()["id"] != gid
    # opening a shared URL starts its deal
    page.goto(f"{live_server.url}/#/square/free/77")
    page.wait_for_function("location.hash === '#/square/free/77' && document.body.dataset.ready")
    page.wait_for_function("document.getElementById('share').textContent === '77'")
    assert player.game()["game"] == "square" and player.game()["variant"] == "free"
    # the example URL uses the engine's alias of a variant: it opens, then shows the SPEC id
    page.goto(f"{live_server.url}/#/british-square/british/42")
    page.wait_for_function("location.hash === '#/british-square/columns/42'")
    assert player.game()["variant"] == "columns" and player.game()["deal"] == 42
    player.check_clean()


@pytest.fixture()
def patched_server(tmp_path, monkeypatch):
    """The app in this process (uvicorn in a thread), so a test can give a game safe moves."""
    import threading
    import time

    import uvicorn

    from cadogan.store import Store
    from cadogan.web.app import make_app

    class InProcess:
        pass

    server = InProcess()
    with __import__("socket").socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    config = uvicorn.Config(make_app(Store(str(tmp_path / "g.sqlite3"))), host="127.0.0.1", port=port, log_level="warning")
    runner = uvicorn.Server(config)
    thread = threading.Thread(target=runner.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not runner.started and time.monotonic() < deadline:
        time.sleep(0.05)
    server.url = f"http://127.0.0.1:{port}"
    yield server
    runner.should_exit = True
    thread.join(timeout=10)


def test_safe_auto_move_plays_after_the_players_move_but_never_after_undo(browser_context_factory, patched_server,
                                                                          monkeypatch):
    game = games.get("precedence")
    # For this test every legal foundation move counts as safe.
    monkeypatch.setattr(type(solver.knowledge_of(game)), "safe_moves", lambda self, state: [m for m in state.legal_moves() if ">" in str(m)])
    deal, line = plan("precedence", "king-out")
    first_card = next(i for i, m in enumerate(line) if ">" in m)
    player = Player(browser_context_factory(), patched_server)
    page = player.page
    player.open(f"#/precedence/king-out/{deal}")
    player.choose("autoPlay", "safe")
    for played in range(1, first_card + 1):  # the last deal uncovers a card that goes up by itself
        player.click_move("deal")
        if played < first_card:
            player.wait_moves(played)
    player.wait_moves(first_card + 1)
    player.wait_live("Moved")
    page.click("#undo")
    player.wait_moves(first_card)
    page.wait_for_timeout(400)
    assert int(page.inner_text("#moves")) == first_card  # undo is not fought


def test_the_solution_replays_step_by_step_and_close_restores_the_game(browser_context_factory, live_server):
    deal = 10  # Precedence king-out: the solver finds a winning line at once
    player = Player(browser_context_factory(), live_server)
    page = player.page
    player.open(f"#/precedence/king-out/{deal}")
    for played in (1, 2):
        player.click_move("deal")
        player.wait_moves(played)
    player.settle()
    before, table = {k: v for k, v in player.game().items() if k != "elapsed"}, player.table()
    start = games.load("precedence", "king-out", deal)

    page.click("#solution")
    page.wait_for_selector("#replay:not([hidden])", timeout=30000)
    player.wait_live("Step 0 of")
    steps = int(re.search(r"Step 0 of (\d+)", page.inner_text("#replay-step")).group(1))
    assert page.inner_text("#moves") == "0" and player.pile("w").locator(".card").count() == 0
    assert page.is_disabled("#undo") and page.is_disabled("#solution") and page.is_disabled("#replay-back")

    def at(k: int) -> None:
        page.wait_for_function(f"document.getElementById('replay-step').textContent.startsWith('Step {k} of {steps}')")
        player.wait_live(f"Step {k} of")
        assert page.inner_text("#moves") == str(k)

    page.click("#replay-forward")
    at(1)
    page.keyboard.press(".")
    at(2)
    page.keyboard.press("PageDown")
    at(3)
    page.keyboard.press(",")
    at(2)
    page.click("#replay-back")
    at(1)
    start.play("deal")
    assert player.pile("w").locator(".card.top").get_attribute("data-card") == start.to_json()["waste"][-1]
    # the table only shows: no dealing by click or key, no undo
    player.pile("s").click()
    page.keyboard.press("d")
    page.keyboard.press("u")
    page.wait_for_timeout(300)
    assert page.inner_text("#moves") == "1" and player.game()["moves"] == before["moves"]

    page.keyboard.press("End")
    at(steps)
    assert "All cards are on the foundations" in page.inner_text("#replay-step")
    labels = [player.pile(f"f{i}").locator(".pile-name").text_content() for i in range(1, 9)]
    assert all("13 cards" in label for label in labels), labels
    assert page.is_disabled("#replay-forward") and page.is_disabled("#replay-last")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "precedence-solution.png"))
    page.keyboard.press("Home")
    at(0)

    page.click("#replay-close")
    page.wait_for_selector("#replay", state="hidden")
    player.wait_live("Back to your game")
    assert page.inner_text("#moves") == "2" and player.table() == table
    assert {k: v for k, v in player.game().items() if k != "elapsed"} == before
    assert page.is_enabled("#undo") and page.is_enabled("#solution")
    # again: the answer is kept, and Esc closes
    page.click("#solution")
    page.wait_for_selector("#replay:not([hidden])")
    player.wait_live("Step 0 of")
    page.keyboard.press("Escape")
    page.wait_for_selector("#replay", state="hidden")
    assert player.table() == table
    page.click("#undo")  # the game plays on
    player.wait_moves(1)
    player.check_clean()


@pytest.mark.parametrize("result,text", [
    ("lost", "This deal is lost: the solver proved no line wins."),
    ("unknown", "No winning line found in 10 s — this does not mean the deal is lost."),
])
def test_no_replay_when_the_solver_has_no_winning_line(browser_context_factory, patched_server, monkeypatch,
                                                        result, text):
    import cadogan.solver
    from cadogan.solver import SolveResult

    monkeypatch.setattr(cadogan.solver, "solve", lambda state, timeout=None, **limits: SolveResult(result, [], 5, 0.5))
    player = Player(browser_context_factory(), patched_server)
    page = player.page
    player.open("#/precedence/king-out/3")
    page.click("#solution")
    player.wait_live(re.escape(text))
    assert page.inner_text("#message") == text and page.is_hidden("#replay")
    assert page.is_enabled("#solution")
    page.click("#lang")
    assert page.get_attribute("#solution", "title") == "Решение"
    page.click("#solution")
    player.wait_live("Этот расклад проигрышный" if result == "lost" else "За 10 с выигрышная линия не найдена")
    player.check_clean()
