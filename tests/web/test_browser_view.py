"""No unseen card reaches the page: a whole game played in a real headless Chromium, every response
the page receives recorded and read (SPEC.md "The player's view").

Square ``classic`` deal 27 is played to its end by clicks (the greedy rule's game: 44 moves, both
gatherings, lost with no move left). Each response body is checked: every position in it is the
engine's player's view of the game at that point, and no body holds four cards of the unseen order
in a row, either way round. The table never draws a ``??`` face; the stock is face down in the first
pass. Then Square ``free``: its next stock card is face up, the real one, and nothing below it.
"""

from __future__ import annotations

import json

import pytest
from tests.web.chromium import browser, needs_chromium  # noqa: F401  (browser: a fixture)

from cadogan import games
from cadogan.games.view import UNSEEN, player_view
from cadogan.solver.advise_greedy import play_greedy

pytestmark = needs_chromium

GAME, VARIANT, DEAL = "square", "classic", 27


class Recorder:
    """Every response from the server the page receives, its body read as JSON when it is JSON."""

    def __init__(self, page) -> None:
        self.pending: list = []
        page.on("response", lambda response: self.pending.append(response))

    def take(self) -> list[tuple[str, object]]:
        out = []
        for response in self.pending:
            if "application/json" in (response.headers.get("content-type") or ""):
                out.append((response.url, json.loads(response.body())))
        self.pending.clear()
        return out


def positions_in(value, found: list) -> list:
    """Every object in an answer that carries a position: the game object and the steps of a line."""
    if isinstance(value, dict):
        if "position" in value and "moves" in value:
            found.append(value)
        for item in value.values():
            positions_in(item, found)
    elif isinstance(value, list):
        for item in value:
            positions_in(item, found)
    return found


def unseen_runs(state: games.State, length: int = 4) -> list[str]:
    """Every run of ``length`` unseen cards in the order they will turn up, and reversed, as JSON
    text (what a body that wrote the stock's order out would hold)."""
    hidden = player_view(state).hidden
    order = state.to_json()["stock"][len(state.stock) - hidden:]
    runs = []
    for i in range(len(order) - length + 1):
        window = order[i:i + length]
        runs += [json.dumps(window, separators=(",", ":"))[1:-1], json.dumps(window[::-1], separators=(",", ":"))[1:-1]]
    return runs


def check_responses(answers: list[tuple[str, object]], state: games.State) -> int:
    """The recorded answers of the game up to ``state``: positions are views, no unseen run is sent."""
    runs = unseen_runs(state)
    for url, body in answers:
        text = json.dumps(body, separators=(",", ":"))
        leaked = [run for run in runs if run in text]
        assert not leaked, (url, leaked[:2])
        for board in positions_in(body, []):
            replayed = games.replay(games.get(board["game"]), board["variant"], int(board["deal_text"]), board["moves"])
            assert board["position"] == player_view(replayed).to_json(), url
    return len(answers)


def open_page(browser, server, hash_: str):  # noqa: F811  (browser: the fixture)
    context = browser.new_context(viewport={"width": 1200, "height": 800}, service_workers="block",
                                  bypass_csp=True)  # wait_for_function evaluates text (test_browser.py checks the CSP)
    context.add_init_script("localStorage.setItem('cadogan.seen', '1')")  # no first-visit card
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    recorder = Recorder(page)
    page.goto(f"{server.url}/{hash_}")
    page.wait_for_selector("body[data-ready='1']", timeout=15000)
    return context, page, recorder, errors


def settle(page) -> None:
    page.wait_for_function("document.getAnimations().filter(a => a.playState === 'running').length === 0")


def click_move(page, move: str) -> None:
    settle(page)
    if move in ("deal", "redeal"):
        page.click('[data-pile="s"]')
        return
    src, dst = move.split(">")
    if src != "s":
        page.click(f'[data-pile="{src}"]')
        settle(page)
    else:
        page.click('[data-pile="s"]')
    page.click(f'[data-pile="{dst}"] .stack')


def no_unseen_face(page) -> None:
    """The table draws no card from a "??": an unseen card is a back, never a face."""
    assert page.locator(f'[data-card="{UNSEEN}"]').count() == 0
    assert UNSEEN not in page.inner_text("#board")


def play_and_check(page, recorder: Recorder, state: games.State, move: str) -> int:
    """Click ``move``, wait for the page to show it, make it in ``state`` too, and check what the page
    received meanwhile and what it draws; the number of answers read."""
    played = len(state.move_stack) + 1
    click_move(page, move)
    page.wait_for_function(f"document.getElementById('moves').textContent === '{played}'", timeout=15000)
    state.play(move)
    settle(page)
    checked = check_responses(recorder.take(), state)
    no_unseen_face(page)
    return checked


def test_a_whole_game_in_the_page_receives_no_unseen_card(browser, live_server):  # noqa: F811
    line = [str(m) for m in play_greedy(GAME, VARIANT, DEAL).moves]
    context, page, recorder, errors = open_page(browser, live_server, f"#/{GAME}/{VARIANT}/{DEAL}")
    try:
        state = games.load(GAME, VARIANT, DEAL)
        checked = check_responses(recorder.take(), state)
        redealt = False
        for move in line:
            checked += play_and_check(page, recorder, state, move)
            redealt = redealt or move == "redeal"
            if not redealt and state.stock:  # the first pass: the stock is all face down
                assert page.locator('[data-pile="s"] .card[data-card]').count() == 0
        assert state.is_lost() and redealt
        page.wait_for_function("!document.getElementById('outcome').hidden", timeout=15000)
        page.wait_for_timeout(500)  # the end's own requests (the verdict, the statistics)
        checked += check_responses(recorder.take(), state)
        assert checked >= len(line) + 2  # every move's answer and the page's start were read
        assert not errors, errors
    finally:
        context.close()


def test_free_square_shows_its_next_stock_card_and_nothing_below_it(browser, live_server):  # noqa: F811
    context, page, recorder, errors = open_page(browser, live_server, "#/square/free/5")
    try:
        state = games.load("square", "free", 5)
        for _ in range(5):
            next_card = state.to_json()["stock"][0]
            assert page.locator('[data-pile="s"] .card[data-card]').count() == 1
            assert page.get_attribute('[data-pile="s"] .card[data-card]', "data-card") == next_card
            play_and_check(page, recorder, state, next(str(m) for m in state.legal_moves() if str(m).startswith("s>")))
        assert not errors, errors
    finally:
        context.close()


def test_a_card_filled_blind_from_the_stock_is_named_once_it_lies_face_up(browser, live_server):  # noqa: F811
    """British Square: an emptied pile is filled from the face-down stock (``s>t15``): before the move
    nothing names the card (the page has only "??"), after it the page says which card it was."""
    context, page, recorder, errors = open_page(browser, live_server, "#/british-square/piles/1")
    try:
        state = games.load("british-square", "piles", 1)
        for move in ["t15>f1", "s>t15"]:
            assert page.locator('[data-pile="s"] .card[data-card]').count() == 0  # the stock: backs only
            play_and_check(page, recorder, state, move)
        placed = state.to_json()["tableau"][14][-1]
        assert page.get_attribute('[data-pile="t15"] .card.top', "data-card") == placed
        page.wait_for_function("/^Placed/.test(document.getElementById('live').textContent)", timeout=10000)
        said = page.inner_text("#live")
        assert UNSEEN not in said and "undefined" not in said and "a card" not in said, said
        assert not errors, errors
    finally:
        context.close()
