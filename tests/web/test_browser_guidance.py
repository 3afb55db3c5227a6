"""Guidance in a real headless Chromium.

Double-click sends a card to the foundation proven never worse, or lights the candidates where none
is; a dragged card lights its legal destinations; Finish plays the last foundation moves; the daily
deal; a letter shortcut on a Russian keyboard layout; messages built from error codes with plurals;
"Where did it go wrong?" on a game that lost a winnable deal. Positions come from real lines:
tests/web/fit_lines.json (solver lines, see test_browser_fit.py) and tests/known_lines.py.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from tests.web.chromium import browser, needs_chromium, open_game  # noqa: F401  (browser: a fixture)

from cadogan import games
from cadogan.web.guidance import finishing_tokens, home_destinations

from known_lines import LOSABLE_DEAL, LOSABLE_LINE, expand, losing_point

LINES = json.loads((Path(__file__).parent / "fit_lines.json").read_text())

pytestmark = needs_chromium



@pytest.fixture()
def page(browser):
    context = browser.new_context(viewport={"width": 1366, "height": 768}, bypass_csp=True)
    context.add_init_script("localStorage.setItem('cadogan.seen', '1')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    yield page
    context.close()
    assert not errors, errors


def first_position(key: str, wanted) -> tuple[str, str, int, list[str]]:
    """The first position along the stored line of ``key`` where ``wanted(state)`` holds."""
    game_id, variant = key.split("/")
    entry = LINES[key]
    state = games.load(game_id, variant, entry["deal"])
    for k, move in enumerate(entry["line"]):
        if wanted(state):
            return game_id, variant, entry["deal"], entry["line"][:k]
        state.play(move)
    raise AssertionError(f"no such position along the line of {key}")


def moves_of(server, gid: str) -> list[str]:
    return server.request("GET", f"/api/games/{gid}")[1]["moves"]


def wait_moves(page, count: int) -> None:
    page.wait_for_function(f"Number(document.getElementById('moves').textContent) === {count}", timeout=10000)


def test_double_click_sends_the_card_to_the_dominating_foundation_not_the_leftmost(page, live_server):
    def dominated_left(state):
        entry = home_destinations(state).get("w")
        legal = homes_from(state, "w")
        return bool(entry and len(legal) > 1 and entry["best"] and entry["best"] != legal[0])

    game_id, variant, deal, moves = first_position("precedence/king-out", dominated_left)
    best = home_destinations(_replayed(game_id, variant, deal, moves))["w"]["best"]
    gid = open_game(page, live_server, game_id, variant, deal, moves)
    page.dblclick("[data-pile=w] .card.top")
    wait_moves(page, len(moves) + 1)
    assert moves_of(live_server, gid)[-1] == f"w>{best}"


def homes_from(state: games.State, src: str) -> list[str]:
    """Every foundation the card on ``src`` may legally go to, left to right."""
    return [str(m).split(">")[1] for m in state.legal_moves() if str(m).startswith(f"{src}>f")]


def _replayed(game_id: str, variant: str, deal: int, moves: list[str]) -> games.State:
    state = games.load(game_id, variant, deal)
    for move in moves:
        state.play(move)
    return state


def test_where_no_foundation_dominates_the_candidates_light_up_and_the_player_picks(page, live_server):
    def undecided(state):
        return any(len(e["choices"]) > 1 and e["best"] is None for e in home_destinations(state).values())

    game_id, variant, deal, moves = first_position("square/classic", undecided)
    src, entry = next((s, e) for s, e in home_destinations(_replayed(game_id, variant, deal, moves)).items()
                      if len(e["choices"]) > 1 and e["best"] is None)
    gid = open_game(page, live_server, game_id, variant, deal, moves)
    page.dblclick(f"[data-pile={src}] .card.top")
    page.wait_for_selector(".pile.choice")
    lit = page.eval_on_selector_all(".pile.choice", "els => els.map((e) => e.dataset.pile)")
    assert sorted(lit) == sorted(entry["choices"])
    assert "pick one" in page.inner_text("#message")
    assert len(moves_of(live_server, gid)) == len(moves)  # nothing played until the player picks
    page.click(f"[data-pile={entry['choices'][-1]}] .stack")
    wait_moves(page, len(moves) + 1)
    assert moves_of(live_server, gid)[-1] == f"{src}>{entry['choices'][-1]}"


def test_a_dragged_card_lights_its_legal_destinations(page, live_server):
    def several_targets(state):
        return sum(1 for m in state.legal_moves() if str(m).startswith("w>")) >= 2

    game_id, variant, deal, moves = first_position("british-square/piles", several_targets)
    state = _replayed(game_id, variant, deal, moves)
    expected = sorted(str(m).split(">")[1] for m in state.legal_moves() if str(m).startswith("w>"))
    open_game(page, live_server, game_id, variant, deal, moves)
    waste_top = page.locator("[data-pile=w] .card.top")
    waste_top.wait_for(state="visible")  # bounding_box() is None, not a wait, while it is not drawn (CI once)
    box = waste_top.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 40, box["y"] + box["height"] / 2 + 40, steps=5)
    lit = page.eval_on_selector_all(".pile.target", "els => els.map((e) => e.dataset.pile)")
    assert sorted(lit) == expected
    page.mouse.move(5, 5)
    page.mouse.up()
    assert page.locator(".pile.target").count() == 0


def test_finish_plays_the_last_foundation_moves_and_wins(page, live_server):
    game_id, variant, deal, moves = first_position("british-square/piles", lambda s: finishing_tokens(s) is not None)
    gid = open_game(page, live_server, game_id, variant, deal, moves)
    page.wait_for_selector("#finish:not([hidden])")
    page.click("#finish")
    page.wait_for_selector("#end-dialog[open]", timeout=20000)
    assert live_server.request("GET", f"/api/games/{gid}")[1]["won"]


def test_the_daily_deal_is_todays_date(page, live_server):
    open_game(page, live_server, "precedence", "king-out", 5, [])
    page.click("#daily")
    page.click("#daily-play")  # in the daily deal's dialog
    today = datetime.date.today().strftime("%Y%m%d")
    page.wait_for_function(f"document.getElementById('share').textContent === '{today}'")
    assert page.evaluate("location.hash").endswith(f"/{today}")


def test_d_deals_on_a_russian_keyboard_layout(page, live_server):
    open_game(page, live_server, "precedence", "king-out", 5, [])
    page.evaluate("""document.dispatchEvent(new KeyboardEvent('keydown', {key: 'в', code: 'KeyD', bubbles: true}))""")
    wait_moves(page, 1)


def test_messages_come_from_error_codes_with_plurals_in_both_languages(page, live_server):
    open_game(page, live_server, "precedence", "king-out", 5, [])
    said = page.evaluate("""async () => {
        const i = await import('/static/i18n.js');
        const out = {};
        const wants = {error: 'English text', code: 'foundation-wants', card: 'QH', pile: 'f2', rank: 'K', suit: 'H'};
        for (const lang of ['en', 'ru']) {
            i.setLang(lang);
            out[lang] = {
                wants: i.errorText(wants),
                range: i.errorText({error: 'x', code: 'deal-out-of-range', deal: '99999999999999999999'}),
                unknown: i.errorText({error: 'Some new fault', code: 'a-code-from-the-future'}),
                nocode: i.errorText({error: 'cannot play w>f1: no'}),
                cards: [1, 2, 5, 11, 21, 22, 25, 111].map((n) => i.t('cardsN', {n})),
                variant: i.variantName('precedence', 'king-out'),
            };
        }
        i.setLang('en');
        return out;
    }""")
    assert said["en"]["wants"] == "Q♥ does not go on Foundation 2: it needs K♥"
    assert said["ru"]["wants"] == "Д♥ не идёт на База 2: туда нужна карта К♥"
    assert said["en"]["range"].startswith("deal 99999999999999999999 is too large")
    assert "Cannot move" not in said["en"]["range"]
    assert said["en"]["unknown"] == "Some new fault" and said["ru"]["nocode"] == "cannot play w>f1: no"
    assert said["en"]["cards"] == ["1 card", "2 cards", "5 cards", "11 cards", "21 cards", "22 cards", "25 cards", "111 cards"]
    assert said["ru"]["cards"] == ["1 карта", "2 карты", "5 карт", "11 карт", "21 карта", "22 карты", "25 карт", "111 карт"]
    assert said["ru"]["variant"] == "король выложен"


def test_i18n_has_no_regular_expression_over_english_text():
    source = (Path(__file__).resolve().parents[2] / "cadogan/web/static/i18n.js").read_text()
    assert "REASONS" not in source and "translateReason" not in source
    assert "docs/rules.md" not in source


def test_where_did_it_go_wrong_shows_the_losing_move_steps_the_line_and_takes_the_game_back(page, live_server):
    line = expand(LOSABLE_LINE)
    k, losing = losing_point(line)
    answer = {"game": "precedence", "variant": "king-out", "deal": LOSABLE_DEAL, "result": "went-wrong",
              "last_winnable": k, "losing_move": losing, "line": line[k:], "seconds": 0.5}
    page.route("**/api/games/*/analysis", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(answer)))
    played = line[:k] + [losing]
    gid = open_game(page, live_server, "precedence", "king-out", LOSABLE_DEAL, played)
    page.click("#analysis")
    page.wait_for_selector("#replay:not([hidden])")
    assert f"Move {k + 1} lost the game" in page.inner_text("#replay-note")
    src, dst = losing.split(">") if ">" in losing else ("s", "w")
    assert page.locator(f"[data-pile={dst}].lost-move, [data-pile={src}].lost-move").count() >= 1
    assert page.inner_text("#moves") == str(k)  # the position before the losing move
    page.screenshot(path=str(Path(__file__).resolve().parents[2] / "docs/screenshots/analysis.png"))
    page.click("#replay-forward")
    page.wait_for_function("document.getElementById('replay-step').textContent.startsWith('Step 1 of')")
    page.click("#replay-takeback")
    wait_moves(page, k)
    assert moves_of(live_server, gid) == line[:k]
    assert page.is_enabled("#redo")  # taken back by undo: the losing move can be redone


CONTRACT_CODES = """no-redeal redeals-used stock-not-empty stock-empty waste-empty source-empty fill-empty-first
    no-empty-pile empty-needs-stock foundation-final foundation-needs-ace suit-started pile-complete
    foundation-suit foundation-wants foundation-order tableau-suit tableau-rank tableau-direction waste-top-only
    no-tableau place-one-by-one deal-in-rounds bottom-row-only no-building-yet empty-stays-empty stock-to-square
    round-has-card no-such-pile unknown-game unknown-variant bad-deal deal-out-of-range bad-move bad-pile bad-card
    bad-position bad-record nothing-to-undo nothing-to-redo malformed-body body-too-large body-timeout
    bad-parameter unknown-route unknown-game-id forbidden busy rate-limited game-too-long stale-game
    malformed-request head-timeout no-legal-move game-not-over""".split()


def test_every_error_code_of_the_contract_has_english_and_russian_words():
    import re

    source = (Path(__file__).resolve().parents[2] / "cadogan/web/static/i18n.js").read_text()
    body = source.split("const ERRORS = {", 1)[1].split("\n};", 1)[0]
    blocks = dict(re.findall(r"^  (\w\w): \{\n(.*?)^  \},", body, re.S | re.M))
    for lang in ("en", "ru"):
        codes = set(re.findall(r'"([a-z-]+)":', blocks[lang]))
        assert codes == set(CONTRACT_CODES), (lang, codes ^ set(CONTRACT_CODES))


def test_home_choices_pick_the_foundation_with_the_most_cards_to_come_in_precedence():
    game_id, variant, deal, moves = first_position("precedence/king-out", lambda s: len(homes_from(s, "w")) > 1)
    state = _replayed(game_id, variant, deal, moves)
    entry = home_destinations(state)["w"]
    sizes = {f: len(state.foundations[int(f[1:]) - 1]) for f in homes_from(state, "w")}
    assert entry["choices"] == [entry["best"]] and sizes[entry["best"]] == min(sizes.values())


@pytest.mark.parametrize("key", ["british-square/piles", "square/classic", "square/free"])
def test_a_finishing_line_is_offered_near_the_end_and_wins(key):
    from cadogan.web.guidance import auto_play_tokens

    game_id, variant, deal, moves = first_position(key, lambda s: finishing_tokens(s) is not None)
    state = _replayed(game_id, variant, deal, moves)
    line = finishing_tokens(state)
    assert state.line_wins(line) and all(">f" in move for move in line)
    assert auto_play_tokens(state, "off") == [] and auto_play_tokens(state, "safe")  # a finishing line is safe
    assert finishing_tokens(games.load(game_id, variant, deal)) is None  # not at the start


def test_the_line_route_shows_a_continuation_and_refuses_bad_steps(live_server):
    line = expand(LOSABLE_LINE)
    status, obj = live_server.request("POST", "/api/games", {"game": "precedence", "variant": "king-out",
                                                              "deal": LOSABLE_DEAL})
    for move in line[:5]:
        live_server.request("POST", f"/api/games/{obj['id']}/moves", {"move": move})
    path = f"/api/games/{obj['id']}/line?from=3&moves={','.join(line[3:9])}"
    status, view = live_server.request("GET", path + "&step=2")
    assert status == 200 and view["moves"] == line[:5] and view["step"] == 2 and view["move"] == line[4]
    assert live_server.request("GET", path + "&step=7")[0] == 400
    assert live_server.request("GET", f"/api/games/{obj['id']}/line?from=9&moves=deal&step=0")[0] == 400
    status, err = live_server.request("GET", f"/api/games/{obj['id']}/line?from=0&moves=w>f9&step=1")
    assert status == 422 and err["error"]
    status, guide = live_server.request("GET", f"/api/games/{obj['id']}/guidance")
    assert status == 200 and set(guide) == {"home", "finish", "safe", "all"}
