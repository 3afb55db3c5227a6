"""The coach in a real headless Chromium: the game review (its graph, grades, a point picked showing
that position, at phone and desktop sizes, in Russian; the losing move labelled with why and the line
in brief; "try longer"), the win-chance meter (updated after each move, never holding one up, never
showing a stale chance), the fair hint with its chance and the Peek counted apart, and "Where did it
go wrong?" searching longer when asked again.

Reviews of real games run on the live server (short games in progress: every decision graded in
seconds); the answers of a long lost game's review are the server's too where the screenshots are
made, and stand-ins only where a test needs one exact state (a look undecided, a step half done).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from tests.web.chromium import browser, needs_chromium, open_game, start_game  # noqa: F401  (fixtures)
from tests.web.test_browser_phone import cut_texts

from cadogan import games
from cadogan.solver.analysis import analyse_state
from cadogan.solver.playing import play_out

from known_lines import random_line

pytestmark = needs_chromium
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
REVIEWED = 120_000  # ms: a generous bound for a review of a short game on a busy machine (never asserted on)


def new_page(browser, width: int, height: int, *, locale: str = "en-US"):
    phone = width < 700
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone,
                                  locale=locale, bypass_csp=True)
    context.add_init_script("localStorage.setItem('cadogan.seen', '1')")
    return context, context.new_page()


def open_review(page) -> None:
    page.keyboard.press("v")
    page.wait_for_selector("#review-dialog[open]")


def wait_reviewed(page) -> None:
    page.wait_for_function("document.getElementById('review-progress').hidden", timeout=REVIEWED)


def graph_point(page, k: int, n: int) -> tuple[float, float]:
    """Where move ``k`` (from 0) of ``n`` lies on the graph (its first and last move's x, as drawn)."""
    graph = page.locator("#review-svg")
    graph.wait_for()  # drawn and visible: bounding_box() of a hidden element is None
    box = graph.bounding_box()
    width = float(page.get_attribute("#review-svg", "width"))
    first, last = (float(page.get_attribute("#review-svg", f"data-{end}")) for end in ("first", "last"))
    x = first + k * (last - first) / (n - 1)
    return box["x"] + x * box["width"] / width, box["y"] + box["height"] / 2


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (1366, 768)])
def test_the_review_draws_its_graph_grades_each_move_and_shows_a_point_picked(browser, live_server, size):
    moves = random_line("british-square", "piles", 3, 12)
    context, page = new_page(browser, *size)
    gid = open_game(page, live_server, "british-square", "piles", 3, moves)
    open_review(page)
    wait_reviewed(page)
    status, review = live_server.request("GET", f"/api/games/{gid}/review")
    assert status == 200 and review["complete"]  # kept on the server: answered at once
    assert page.inner_text("#review-status") == "Review complete"
    assert page.locator("#review-svg path.chance").count() == 1
    listed = [m for m in review["moves"] if m["how"] in ("sampled", "exact", "safe", "undecided")]
    assert page.locator("#review-list-body tr").count() == len(listed) > 0
    grades = page.locator("#review-list-body .grade").all_inner_texts()
    assert grades == [m["grade"] or m["how"] for m in listed]
    assert re.match(r"Accuracy \d+ %", page.inner_text("#review-summary"))
    assert "not over" in page.inner_text("#review-in-progress")  # mid-game: no look at the whole deal
    assert page.is_hidden("#review-losing")
    shown = int(page.get_attribute("#review-graph", "aria-valuenow")) - 1  # the most telling move, at first
    k = next(i for i, m in enumerate(review["moves"]) if m["how"] == "sampled" and i not in (shown, len(moves) - 1))
    page.mouse.click(*graph_point(page, k, len(moves)))
    page.wait_for_function("k => document.getElementById('review-move').textContent.startsWith(`Move ${k + 1} of`)",
                           arg=k)
    assert page.get_attribute("#review-graph", "aria-valuenow") == str(k + 1)
    _, there = live_server.request("GET", f"/api/games/{gid}/line?from={k}&moves=&step=0")
    stock = str(len(there["position"]["stock"]))  # the position before move k: its stock's count on the pile
    page.wait_for_function("n => (document.querySelector('#review-board [data-pile=s] .count') || {}).textContent === n",
                           arg=stock)
    text = page.inner_text("#review-move")
    grade = review["moves"][k]["grade"]
    assert grade in text and "Win chance:" in text
    page.focus("#review-graph")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("k => document.getElementById('review-move').textContent.startsWith(`Move ${k + 2} of`)",
                           arg=k)
    overflow = page.evaluate("() => { const d = document.getElementById('review-dialog');"
                             " return d.scrollWidth - d.clientWidth; }")
    assert overflow <= 1, f"the review is {overflow}px wider than its dialog"
    page.click("#review-show")  # that point on the table, in the replay viewer
    page.wait_for_selector("#replay:not([hidden])")
    assert page.inner_text("#moves") == str(k + 1)
    context.close()


def test_a_review_in_russian(browser, live_server):
    moves = random_line("british-square", "piles", 3, 12)
    context, page = new_page(browser, 390, 844, locale="ru-RU")
    open_game(page, live_server, "british-square", "piles", 3, moves)
    open_review(page)
    wait_reviewed(page)
    assert page.inner_text("#review-title") == "Разбор партии"
    assert page.inner_text("#review-status") == "Разбор готов"
    assert page.inner_text("#review-summary").startswith("Точность")
    assert re.match(r"Ход \d+ из 12", page.inner_text("#review-move"))
    body = page.inner_text("#review-dialog")
    assert not re.search(r"\b(best|good|inaccuracy|mistake|blunder|Move|Win chance)\b", body), body
    context.close()


def lost_review(moves: list[str], k: int, line: list[str], summary: list[dict], *, seen: bool) -> dict:
    """A complete review of ``moves`` lost at move ``k`` (a stand-in: the grades are made up)."""
    entries = []
    for i, move in enumerate(moves):
        bad = i == k and seen
        entries.append({"move": move, "win_chance_before": 0.75, "win_chance_after": 0.125 if bad else 0.75,
                        "best_move": move, "grade": "blunder" if bad else "best", "how": "sampled", "samples": 8,
                        "unknown": 0})
    return {"moves": entries, "accuracy": 0.97, "analysis": "went-wrong", "complete": True, "over": True,
            "losing_move": {"index": k, "seen": seen, "move": moves[k], "grade": entries[k]["grade"],
                            "reason": {"kind": "buried", "card": "KC", "pile": "w", "by": "QS",
                                       "needed": {"pile": "t4", "onto": "QC", "step": 1}},
                            "line": line, "summary": summary},
            "progress": {"graded": len(moves), "total": len(moves), "analysis_seconds": 15.0, "next": None,
                         "longer": None}}


def test_the_losing_move_is_labelled_with_why_and_the_line_in_brief_and_its_line_steps(browser, live_server):
    state = play_out(games.load("british-square", "piles", 3), random.Random(3))
    moves = [str(m) for m in state.move_stack]
    found = analyse_state(state, 30)
    assert found.result == "went-wrong", found.result
    k, line = found.last_winnable, [str(m) for m in found.line]
    summary = [{"move": "deal", "times": 12, "dealt": 12, "cards": []},
               {"move": "w>f6", "times": 2, "dealt": 0, "cards": ["8S", "7S"]}]
    partial = {**lost_review(moves, k, line, summary, seen=False), "complete": False, "analysis": None,
               "losing_move": None, "progress": {"graded": 40, "total": len(moves), "analysis_seconds": 0.0,
                                                 "next": {"task": "analyse", "seconds": 15.0}, "longer": None}}
    answers = [partial, lost_review(moves, k, line, summary, seen=False)]
    asked: list[str] = []

    def fulfil(route):
        asked.append(route.request.url)
        body = answers[min(len(asked), len(answers)) - 1]
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    context, page = new_page(browser, 1366, 768)
    page.route("**/review?*", fulfil)
    open_game(page, live_server, "british-square", "piles", 3, moves[:-1])
    page.keyboard.press("d" if moves[-1] == "deal" else "v")
    page.wait_for_selector("#end-dialog[open]")
    page.click("#end-review")
    page.wait_for_selector("#review-dialog[open]")
    page.wait_for_function("!document.getElementById('review-losing').hidden")
    assert "budget=2" in asked[0] and "budget=5" in asked[1]  # a short first step, then the rest
    text = page.inner_text("#review-losing")
    assert f"Move {k + 1} lost the game" in text and "bad luck: only the full deal shows it" in text
    assert "It buried K♣ under Q♠ on Waste; the winning line plays K♣ to Pile 4, onto Q♣, at its move 1." in text
    assert "in brief: deal 12 cards, 8♠ 7♠ to Foundation 6" in text
    assert page.locator("#review-svg line.losing").count() == 1
    page.wait_for_function("k => document.getElementById('review-move').textContent.startsWith(`Move ${k + 1} of`)",
                           arg=k)  # the losing move shown first
    page.click("#review-line")
    page.wait_for_selector("#replay:not([hidden])")
    assert page.inner_text("#moves") == str(k)  # the position before the losing move
    assert f"{len(line)}" in page.inner_text("#replay-step")
    context.close()


def test_a_losing_move_the_grading_left_undecided_is_neither_seen_nor_bad_luck(browser, live_server):
    moves = random_line("british-square", "piles", 3, 4)
    review = lost_review(moves, 2, [moves[2]], [], seen=False)
    review["moves"][2].update({"win_chance_before": None, "win_chance_after": None, "grade": None, "how": "undecided"})
    review["losing_move"].update({"grade": None, "reason": None})
    context, page = new_page(browser, 390, 844)
    page.route("**/review?*", lambda route: route.fulfill(status=200, content_type="application/json",
                                                          body=json.dumps(review)))
    open_game(page, live_server, "british-square", "piles", 3, moves)
    open_review(page)
    page.wait_for_function("!document.getElementById('review-losing').hidden")
    text = page.inner_text("#review-losing")
    assert "Move 3 lost the game" in text and "whether you could have seen it, the review cannot tell" in text
    assert "bad luck" not in text and "could have seen it:" not in text
    assert page.get_attribute("#review-losing", "class").split() == ["review-losing", "unjudged"]
    context.close()


def test_an_undecided_review_offers_to_try_longer(browser, live_server):
    moves = random_line("british-square", "piles", 3, 4)
    undecided = {"moves": [{"move": m, "win_chance_before": None, "win_chance_after": None, "best_move": m,
                            "grade": None, "how": "forced", "samples": 0, "unknown": 0} for m in moves],
                 "accuracy": None, "analysis": "unknown", "losing_move": None, "complete": False, "over": True,
                 "progress": {"graded": 4, "total": 4, "analysis_seconds": 60.0, "next": None, "longer": 120.0}}
    asked: list[str] = []

    def fulfil(route):
        asked.append(route.request.url)
        route.fulfill(status=200, content_type="application/json", body=json.dumps(undecided))

    context, page = new_page(browser, 1366, 768)
    page.route("**/review?*", fulfil)
    open_game(page, live_server, "british-square", "piles", 3, moves)
    open_review(page)
    page.wait_for_selector("#review-longer:not([hidden])")
    assert "could not yet decide" in page.inner_text("#review-losing") and len(asked) == 1
    page.click("#review-longer")
    page.wait_for_function("n => window.performance.getEntriesByType('resource').filter((e) =>"
                           " e.name.includes('longer=1')).length >= n", arg=1)
    assert "longer=1" in asked[-1] and len(asked) == 2
    context.close()


# --- the meter, the hint and the peek ------------------------------------------------------------
SLOW_SECOND_ADVICE = """{ const fetch0 = window.fetch;  // the start 50 %; after the 1st move 25 %, answered last
    let calls = 0;
    window.fetch = (url, ...rest) => {
        if (!String(url).includes('/advice')) return fetch0(url, ...rest);
        const n = ++calls, chance = [0.5, 0.25][n - 1] ?? 0.75;
        const body = {move: null, win_chance: chance, samples: 8, unknown: 0, how: 'sampled', moves: []};
        return new Promise((ok) => setTimeout(ok, n === 2 ? 1500 : 50)).then(() =>
            new Response(JSON.stringify(body), {status: 200, headers: {'Content-Type': 'application/json'}}));
    }; }"""


def test_the_meter_follows_each_move_never_holds_one_up_and_drops_a_stale_chance(browser, live_server):
    context, page = new_page(browser, 1366, 768)
    page.add_init_script("localStorage.setItem('cadogan.settings', JSON.stringify({winMeter: true}))")
    page.add_init_script(SLOW_SECOND_ADVICE)
    open_game(page, live_server, "precedence", "king-out", 5, [])
    page.wait_for_function("document.getElementById('meter-value').textContent === '≈ 50 %'")
    page.keyboard.press("d")  # its chance comes after 1.5 s
    page.wait_for_function("document.getElementById('moves').textContent === '1'")
    assert page.inner_text("#meter-value") == "…"  # asked, not answered: the move did not wait
    page.keyboard.press("d")
    page.wait_for_function("document.getElementById('moves').textContent === '2'")
    page.wait_for_function("document.getElementById('meter-value').textContent === '≈ 75 %'")
    page.wait_for_timeout(1800)  # the first, stale answer (25 %) arrives meanwhile
    assert page.inner_text("#meter-value") == "≈ 75 %"
    assert page.get_attribute("#meter-fill", "style") == "width: 75%;"
    context.close()


UNDECIDED_ADVICE = """{ const fetch0 = window.fetch;  // 3 of 8 orders undecided, then all 8, then none
    let calls = 0;
    window.fetch = (url, ...rest) => {
        if (!String(url).includes('/advice')) return fetch0(url, ...rest);
        const n = ++calls, unknown = [3, 8][n - 1] ?? 0, chance = [0.5, 0][n - 1] ?? 0.25;
        const body = {move: null, win_chance: chance, samples: 8, unknown, how: 'sampled', moves: []};
        return Promise.resolve(new Response(JSON.stringify(body),
            {status: 200, headers: {'Content-Type': 'application/json'}}));
    }; }"""


def test_the_meter_says_at_least_where_orders_were_undecided_and_nothing_where_none_was(browser, live_server):
    context, page = new_page(browser, 390, 844)
    page.add_init_script("localStorage.setItem('cadogan.settings', JSON.stringify({winMeter: true}))")
    page.add_init_script(UNDECIDED_ADVICE)
    open_game(page, live_server, "precedence", "king-out", 5, [])
    page.wait_for_function("document.getElementById('meter-value').textContent === '≥ 50 %'")
    assert "3 of the 8 drawn orders" in page.get_attribute("#meter", "title")
    page.keyboard.press("d")
    page.wait_for_function("document.getElementById('moves').textContent === '1'")
    page.wait_for_function("document.getElementById('meter-value').textContent === '—'")
    assert "none of the 8 drawn orders" in page.get_attribute("#meter", "title")
    assert page.get_attribute("#meter-fill", "style") == "width: 0%;"
    page.keyboard.press("d")
    page.wait_for_function("document.getElementById('meter-value').textContent === '≈ 25 %'")
    context.close()


def test_the_meter_on_a_real_server_and_off_by_default(browser, live_server):
    context, page = new_page(browser, 390, 844)
    open_game(page, live_server, "british-square", "piles", 3, random_line("british-square", "piles", 3, 3))
    assert page.is_hidden("#meter")  # off by default
    page.click("#menu")
    page.click("#settings")
    page.check("#set-winMeter")
    page.keyboard.press("Escape")
    page.wait_for_function("/^([≈≥] \\d+ %|—)$/.test(document.getElementById('meter-value').textContent)",
                           timeout=30000)
    context.close()


def test_a_fair_hint_gives_its_chance_and_a_peek_counts_apart(browser, live_server):
    context, page = new_page(browser, 1366, 768)
    page.goto(f"{live_server.url}/#/british-square/piles/3")  # the page's own game: its statistics are the page's
    page.wait_for_selector("body[data-ready='1']")
    gid = page.evaluate("localStorage.getItem('cadogan.current')")
    page.keyboard.press("h")
    page.wait_for_function("/^(Hint|No hint)/.test(document.getElementById('message').textContent)", timeout=30000)
    message = page.inner_text("#message")
    assert re.search(r"^Hint: .+ — (\d+|at least \d+) % to win from here, by what you can see"
                     r"( \(\d+ of 16 drawn orders of the unseen cards undecided\))?$", message), message
    assert page.locator(".pile.hint").count() >= 1 and page.is_hidden("#verdict")
    page.keyboard.press("p")
    page.wait_for_function("/^Peek/.test(document.getElementById('message').textContent)", timeout=30000)
    assert page.is_visible("#verdict")
    status, game = live_server.request("GET", f"/api/games/{gid}")
    assert (game["hints"], game["peeks"]) == (1, 1)
    page.click("#stats")
    page.wait_for_selector("#stats-dialog[open]")
    cells = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#stats-body tr.current td')]
        .map((td) => [td.dataset.label, td.textContent]))""")
    assert cells["Hints"] == "1" and cells["Peeks"] == "1", cells
    context.close()


def test_where_did_it_go_wrong_searches_longer_when_asked_again(browser, live_server):
    asked: list[str] = []

    def undecided(route):
        asked.append(route.request.url)
        route.fulfill(status=200, content_type="application/json", body=json.dumps(
            {"game": "precedence", "variant": "king-out", "deal": 5, "result": "unknown", "last_winnable": None,
             "losing_move": None, "line": [], "seconds": 1.0}))

    context, page = new_page(browser, 1366, 768)
    page.route("**/analysis?*", undecided)
    open_game(page, live_server, "precedence", "king-out", 5, ["deal"])
    for budget, said in ((10, "search 30 s"), (30, "search 60 s"), (60, "can look longer")):
        page.click("#analysis")
        page.wait_for_function("s => document.getElementById('message').textContent.includes(s)", arg=said)
        assert asked[-1].endswith(f"budget={budget}")
    context.close()


# --- screenshots of a real review ----------------------------------------------------------------
def test_screenshots_of_a_lost_games_review(browser, live_server):
    """The review of a whole lost game, computed by the server once (the second page finds it done),
    at desktop and phone size, for docs/screenshots and the README."""
    state = play_out(games.load("british-square", "piles", 3), random.Random(3))
    moves = [str(m) for m in state.move_stack]
    gid = start_game(live_server, "british-square", "piles", 3, moves)
    for (width, height), name in (((1366, 768), "review-desktop"), ((390, 844), "review-phone")):
        context, page = new_page(browser, width, height)
        page.add_init_script(f"localStorage.setItem('cadogan.current', {json.dumps(gid)})")
        page.goto(f"{live_server.url}/")
        page.wait_for_selector("body[data-ready='1']")
        open_review(page)
        page.wait_for_function("document.getElementById('review-progress').hidden", timeout=300_000)
        page.wait_for_selector("#review-board [data-pile=s]")
        assert page.is_visible("#review-losing") and page.locator("#review-svg .mark").count() >= 1
        page.wait_for_timeout(300)
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
        context.close()


# --- a review going on behind the table --------------------------------------------------------
REVIEW_ANSWERS = """{ const fetch0 = window.fetch;  // the review's answers in turn, the second one late
    window.reviewAsked = 0;
    window.fetch = (url, ...rest) => {
        if (!String(url).includes('/review?')) return fetch0(url, ...rest);
        const n = ++window.reviewAsked, answers = window.reviewAnswers;
        const body = answers[Math.min(n, answers.length) - 1];
        return new Promise((ok) => setTimeout(ok, n === 2 ? 1500 : 50)).then(() =>
            new Response(JSON.stringify(body), {status: 200, headers: {'Content-Type': 'application/json'}}));
    }; }"""


def review_in_steps(moves: list[str]) -> list[dict]:
    """Three answers of a review of ``moves``: a third graded, two thirds, complete."""
    complete = lost_review(moves, 2, [moves[2]], [], seen=True)
    steps = []
    for graded in (len(moves) // 3, 2 * len(moves) // 3):
        steps.append({**complete, "complete": False, "analysis": None, "losing_move": None,
                      "progress": {"graded": graded, "total": len(moves), "analysis_seconds": 0.0,
                                   "next": {"task": "grade", "seconds": 5.0}, "longer": None}})
    return steps + [complete]


def review_closed_midway(browser, live_server, size: tuple[int, int], moves: list[str]):
    """A page on piles deal 3 after ``moves``, its review (answers stood in, ``review_in_steps``)
    opened and closed while its second answer is on its way; (context, page)."""
    context, page = new_page(browser, *size)
    page.add_init_script(REVIEW_ANSWERS)
    page.add_init_script(f"window.reviewAnswers = {json.dumps(review_in_steps(moves))}")
    open_game(page, live_server, "british-square", "piles", 3, moves)
    open_review(page)
    page.wait_for_function("window.reviewAsked === 2")  # the first answer in, the second on its way
    page.click("#review-close")
    return context, page


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)])
def test_a_finished_games_review_goes_on_behind_the_table_with_a_chip_that_opens_it(browser, live_server, size):
    state = play_out(games.load("british-square", "piles", 3), random.Random(3))
    moves = [str(m) for m in state.move_stack]
    context, page = review_closed_midway(browser, live_server, size, moves)  # a dead end: the game is lost
    page.wait_for_function("!document.getElementById('review-dialog').open")
    chip = page.locator("#review-chip")
    chip.wait_for()
    assert chip.get_attribute("data-state") == "working" and re.fullmatch(r"∿ Review \d+ %", chip.inner_text())
    page.wait_for_function("document.getElementById('review-chip').dataset.state === 'ready'")
    assert chip.inner_text() == "∿ Review ready" and page.evaluate("window.reviewAsked") == 3
    assert page.evaluate("document.querySelector('#review-chip .icon').getAttribute('aria-hidden')") == "true"
    page.wait_for_function("document.getElementById('live').textContent === 'Review complete'")  # said aloud
    assert not cut_texts(page)  # the status bar with the chip: nothing cut off
    chip.click()  # opens the review, complete: nothing more asked
    page.wait_for_selector("#review-dialog[open]")
    assert page.inner_text("#review-status") == "Review complete" and chip.is_hidden()
    page.wait_for_timeout(300)
    assert page.evaluate("window.reviewAsked") == 3
    page.click("#review-close")
    chip.wait_for()
    page.click("#new")  # a new deal on the table: the chip goes
    page.wait_for_function("document.getElementById('moves').textContent === '0'")
    assert chip.is_hidden()
    context.close()


def test_closing_the_review_of_a_game_in_progress_stops_it(browser, live_server):
    moves = random_line("british-square", "piles", 3, 4)
    context, page = review_closed_midway(browser, live_server, (1366, 768), moves)
    page.wait_for_timeout(2500)  # past the late second answer: no third question
    assert page.evaluate("window.reviewAsked") == 2 and page.is_hidden("#review-chip")
    context.close()


def test_an_undo_ends_a_review_going_on_behind_the_table(browser, live_server):
    state = play_out(games.load("british-square", "piles", 3), random.Random(3))
    moves = [str(m) for m in state.move_stack]
    context, page = review_closed_midway(browser, live_server, (1366, 768), moves)
    page.locator("#review-chip").wait_for()
    page.click("#undo")  # the game is no longer the one reviewed
    page.wait_for_function(f"document.getElementById('moves').textContent === '{len(moves) - 1}'")
    assert page.is_hidden("#review-chip")
    page.wait_for_timeout(2500)  # past the late second answer: no third question
    assert page.evaluate("window.reviewAsked") == 2 and page.is_hidden("#review-chip")
    context.close()
