"""The HTTP API of SPEC.md, through Starlette's TestClient: answers, errors, persistence."""

from __future__ import annotations

import json
import re
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cadogan import games
from cadogan.games.view import player_view
from cadogan.store import Store
from cadogan.web.app import make_app

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402

GAME_KEYS = {"id", "game", "variant", "deal", "position", "legal_moves", "won", "lost", "moves"}


@pytest.fixture()
def db(tmp_path):
    return str(tmp_path / "games.sqlite3")


@pytest.fixture()
def client(db):
    with TestClient(make_app(Store(db)), raise_server_exceptions=False) as c:
        yield c


def new(client, **body):
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def test_games_lists_every_game_and_its_variants_default_first(client):
    listed = client.get("/api/games").json()
    assert [(g["game"], g["variants"]) for g in listed] == [
        ("british-square", ["piles", "columns"]), ("square", ["classic", "free"]),
        ("precedence", ["king-out", "first-king"])]


@pytest.mark.parametrize("game", ["british-square", "square", "precedence"])
def test_new_game_is_the_engines_start_position_of_the_deal(client, game):
    obj = new(client, game=game, deal=42)
    assert GAME_KEYS <= obj.keys()
    state = games.load(game, None, 42)
    assert obj["variant"] == games.get(game).variants[0]
    assert obj["deal"] == 42 and obj["moves"] == [] and not obj["won"] and not obj["lost"]
    assert obj["position"] == player_view(state).to_json()  # the player's view: the stock face down
    assert obj["legal_moves"] == [str(m) for m in state.legal_moves()]


def test_variant_aliases_resolve_to_the_spec_ids(client):
    assert new(client, game="british-square", variant="british", deal=3)["variant"] == "columns"
    assert new(client, game="british-square", variant="american", deal=3)["variant"] == "piles"


def test_a_game_without_a_deal_gets_a_random_one(client):
    deals = {new(client, game="precedence")["deal"] for _ in range(5)}
    assert all(isinstance(d, int) and 0 <= d < 2**64 for d in deals) and len(deals) > 1


def test_the_largest_deal_number_survives_the_round_trip(client):
    obj = new(client, game="square", deal=2**64 - 1)
    assert obj["deal"] == 2**64 - 1 and obj["deal_text"] == "18446744073709551615"
    assert client.get(f"/api/games/{obj['id']}").json()["deal"] == 2**64 - 1
    assert new(client, game="square", deal="18446744073709551615")["deal"] == 2**64 - 1


def test_a_legal_move_is_played_and_recorded(client):
    obj = new(client, game="precedence", deal=42)
    after = client.post(f"/api/games/{obj['id']}/moves", json={"move": "deal"}).json()
    assert after["moves"] == ["deal"] and after["position"]["waste"] == ["QD"]
    again = client.get(f"/api/games/{obj['id']}").json()
    assert again.pop("elapsed") >= after.pop("elapsed")  # the clock runs from the first move
    assert again == after


def test_an_illegal_move_is_refused_with_the_engines_reason(client):
    obj = new(client, game="precedence", deal=42)
    response = client.post(f"/api/games/{obj['id']}/moves", json={"move": "w>f2"})
    assert response.status_code == 422
    assert "waste is empty" in response.json()["error"]
    assert client.get(f"/api/games/{obj['id']}").json()["moves"] == []


@pytest.mark.parametrize("token", ["t1>f1", "x>y", "f9>f1", "w>w", "", "deal deal", "t99>t1"])
def test_a_move_the_engine_cannot_read_is_422(client, token):
    obj = new(client, game="precedence", deal=1)
    response = client.post(f"/api/games/{obj['id']}/moves", json={"move": token})
    assert response.status_code == 422 and response.json()["error"]


def test_undo_and_redo_walk_the_history_and_409_at_its_ends(client):
    gid = new(client, game="precedence", deal=42)["id"]
    assert client.post(f"/api/games/{gid}/undo").status_code == 409
    assert client.post(f"/api/games/{gid}/redo").status_code == 409
    positions = [client.get(f"/api/games/{gid}").json()["position"]]
    for _ in range(3):
        positions.append(client.post(f"/api/games/{gid}/moves", json={"move": "deal"}).json()["position"])
    for k in (2, 1, 0):
        undone = client.post(f"/api/games/{gid}/undo").json()
        assert undone["position"] == positions[k] and len(undone["moves"]) == k
    assert client.post(f"/api/games/{gid}/undo").json() == {"error": "nothing to undo", "code": "nothing-to-undo"}
    for k in (1, 2, 3):
        assert client.post(f"/api/games/{gid}/redo").json()["position"] == positions[k]
    assert client.post(f"/api/games/{gid}/redo").status_code == 409


def test_restart_goes_back_to_the_deal_and_keeps_every_move_redoable(client):
    gid = new(client, game="square", deal=5)["id"]
    start = client.get(f"/api/games/{gid}").json()["position"]
    client.post(f"/api/games/{gid}/moves", json={"move": "deal"})
    after = client.post(f"/api/games/{gid}/restart").json()
    assert after["position"] == start and after["moves"] == [] and after["redo"] == ["deal"]


def test_hint_is_a_legal_move_that_keeps_a_winnable_game_winnable(client):
    """Four moves before the end of a known winning line any search decides the position at once."""
    from pathlib import Path

    from cadogan.solver import solve

    entry = json.loads((Path(__file__).parent / "fit_lines.json").read_text())["precedence/king-out"]
    obj = new(client, game="precedence", deal=entry["deal"])
    for move in entry["line"][:-4]:
        assert client.post(f"/api/games/{obj['id']}/moves", json={"move": move}).status_code == 200
    answer = client.get(f"/api/games/{obj['id']}/hint?budget=0.5").json()
    state = games.replay(games.get("precedence"), "king-out", entry["deal"], entry["line"][:-4])
    assert answer["verdict"] == "winnable" and answer["move"] in map(str, state.legal_moves())
    state.play(answer["move"])
    found = solve(state, timeout=10)
    assert found.result == "won" and state.line_wins(found.moves)  # the hinted move kept the win
    start = client.get(f"/api/games/{obj['id']}/hint?from=start&budget=0.3").json()
    assert start["verdict"] in ("winnable", "unknown")  # never "lost": the line wins the deal
    client.get(f"/api/games/{obj['id']}/hint?budget=0.2&count=0")
    counted = client.get(f"/api/games/{obj['id']}").json()
    assert (counted["peeks"], counted["hints"]) == (1, 0)  # only the hint asked for counts, as a peek


HOSTILE_BODIES = [
    b"", b"   ", b"{", b"[]", b"3", b'"game"', b"null", b"\xff\xfe\x00", b"[" * 100000, b"[" * 15000, b'{"a":' * 5000,
    b'{"game": "square", "deal": ' + b"9" * 5000 + b"}", b'{"game": "square", "deal": NaN}',
    b'{"game": "square", "deal": Infinity}', b'{"game": "square", "deal": 1e999}', b'{"game": 5}',
    b'{"game": ["square"]}', b'{"game": {"$ne": 1}}', b'{"game": "square", "variant": 3}',
    b'{"game": "square", "deal": true}', b'{"game": "square", "deal": 1.5}', b'{"game": "square", "deal": [1]}',
    b'{"game": "square", "deal": "12abc"}', b'{"game": "square", "deal": "\xc2\xb2"}', b'{"game": "square", "winnable": "yes"}',
    b"x" * 100000, b'{"game": "' + b"a" * 20000 + b'"}',
]


def expected_refusal(body: bytes) -> tuple[int, str]:
    """(status, code) of a hostile new-game body: too large, a deal that is no ASCII integer, or malformed."""
    if len(body) > 16 * 1024:
        return 413, "body-too-large"
    if b"NaN" in body or b"Infinity" in body:  # not JSON at all
        return 400, "malformed-body"
    if b'"deal": ' in body and len(body) < 100:  # 1e999, true, 1.5, [1], "12abc", "\xc2\xb2"
        return 422, "bad-deal"
    if b"winnable" in body:
        return 400, "bad-parameter"
    return 400, "malformed-body"


@pytest.mark.parametrize("body", HOSTILE_BODIES, ids=range(len(HOSTILE_BODIES)))
def test_a_malformed_new_game_body_is_a_4xx_json_error_with_a_code(client, body):
    response = client.post("/api/games", content=body, headers={"Content-Type": "application/json"})
    assert (response.status_code, response.json()["code"]) == expected_refusal(body), response.text
    assert isinstance(response.json()["error"], str) and response.json()["error"]


@pytest.mark.parametrize("body", [
    {"game": "klondike"}, {"game": "square", "variant": "spider"}, {"game": "square", "deal": -1},
    {"game": "square", "deal": 2**64}, {"game": "square", "deal": 10**400}, {"game": "square", "deal": "99999999999999999999"},
    {"game": ""}, {"game": "square", "variant": ""},
])
def test_an_unknown_game_variant_or_deal_is_a_422(client, body):
    response = client.post("/api/games", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["error"]


@pytest.mark.parametrize("body", [b"", b"{}", b'{"move": 1}', b'{"move": null}', b'{"move": ["deal"]}', b"[\"deal\"]",
                                  b'{"move": "' + b"t1>" * 10000 + b'"}'])
def test_a_malformed_move_body_is_a_4xx_and_changes_nothing(client, body):
    gid = new(client, game="precedence", deal=3)["id"]
    response = client.post(f"/api/games/{gid}/moves", content=body)
    assert 400 <= response.status_code < 500 and response.json()["error"]
    assert client.get(f"/api/games/{gid}").json()["moves"] == []


@pytest.mark.parametrize("method,path", [
    ("GET", "/api/games/0123456789abcdef"), ("GET", "/api/games/nope"), ("POST", "/api/games/nope/moves"),
    ("POST", "/api/games/../../etc/undo"), ("GET", "/api/games/" + "a" * 5000), ("GET", "/api/nothing"),
    ("POST", "/api/stats/x"), ("GET", "/static/nothing.js"), ("GET", "/api/games/%00/hint"),
])
def test_unknown_ids_and_routes_are_404_json(client, method, path):
    response = client.request(method, path, content=b'{"move": "deal"}')
    assert response.status_code == 404, response.text
    assert response.json()["error"]


@pytest.mark.parametrize("query", ["budget=abc", "budget=nan", "budget=-1", "budget=1e9", "budget=0", "from=middle"])
def test_a_bad_hint_query_is_a_400(client, query):
    gid = new(client, game="precedence", deal=3)["id"]
    response = client.get(f"/api/games/{gid}/hint?{query}")
    assert response.status_code == 400 and response.json()["error"]


def test_a_wrong_method_is_a_4xx_json_error(client):
    response = client.delete("/api/games")
    assert 400 <= response.status_code < 500 and response.json()["error"]


def test_the_front_end_is_served_with_its_modules(client):
    page = client.get("/")
    assert page.status_code == 200 and 'src="/static/app.js"' in page.text
    for name in ("app.js", "board.js", "cards.js", "i18n.js", "input.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert not re.search(r"""(src|href)=["'](https?:)?//""", page.text)  # nothing fetched from outside


def test_a_game_survives_a_new_server_on_the_same_file_with_its_redo_line(db):
    with TestClient(make_app(Store(db))) as first:
        gid = new(first, game="british-square", variant="columns", deal=11)["id"]
        for _ in range(3):
            first.post(f"/api/games/{gid}/moves", json={"move": "deal"})
        first.post(f"/api/games/{gid}/undo")
        before = first.get(f"/api/games/{gid}").json()
    with TestClient(make_app(Store(db))) as second:
        after = second.get(f"/api/games/{gid}").json()
    assert after["position"] == before["position"] and after["moves"] == ["deal", "deal"]
    assert after["redo"] == ["deal"] and after["can_redo"]


def test_stats_count_played_games_and_abandoned_ones_as_lost(client):
    first = new(client, game="precedence", deal=1)
    client.post(f"/api/games/{first['id']}/moves", json={"move": "deal"})
    new(client, game="precedence", deal=2)  # leaves the first game unfinished: it counts as lost
    rows = client.get("/api/stats").json()
    (row,) = [r for r in rows if r["game"] == "precedence" and r["variant"] == "king-out"]
    assert row["played"] == 1 and row["won"] == 0 and row["win_percent"] == 0 and row["current_streak"] == 0


def test_store_statistics_streaks_best_time_and_fewest_moves():
    store = Store(":memory:")
    outcomes = [("won", 120, 300), ("won", 90, 280), ("lost", 0, 40), ("won", 200, 250), ("won", 60, 400), ("won", 100, 310)]
    clock = 1000.0
    for outcome, seconds, moves in outcomes:
        saved = store.create("square", "classic", 1, now=clock)
        store.save(saved.id, ["deal"], [], won=False, lost=False, now=clock)
        store.save(saved.id, ["deal"] * moves, [], won=outcome == "won", lost=outcome == "lost", now=clock + seconds)
        clock += 1000
    (row,) = store.stats()
    assert row["played"] == 6 and row["won"] == 5 and row["win_percent"] == pytest.approx(83.3)
    assert row["current_streak"] == 3 and row["best_streak"] == 3
    assert row["best_time_seconds"] == 60 and row["fewest_moves"] == 250


def test_undoing_after_a_win_keeps_the_win_counted():
    store = Store(":memory:")
    saved = store.create("square", "free", 9, now=0)
    store.save(saved.id, ["deal"], [], won=True, lost=False, now=10)
    store.save(saved.id, [], ["deal"], won=False, lost=False, now=20)
    assert store.load(saved.id).outcome == "won" and store.stats()[0]["won"] == 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=st.lists(st.one_of(
    st.sampled_from(["legal", "legal", "legal", "undo", "redo", "restart"]),
    st.text(max_size=12), st.integers(), st.none()), max_size=25))
def test_no_request_sequence_causes_a_5xx_or_a_game_that_does_not_replay(tmp_path_factory, actions):
    db = str(tmp_path_factory.mktemp("h") / "g.sqlite3")
    with TestClient(make_app(Store(db)), raise_server_exceptions=False) as c:
        obj = new(c, game="british-square", deal=5)
        gid = obj["id"]
        for k, action in enumerate(actions):
            if action == "legal" and obj["legal_moves"]:
                response = c.post(f"/api/games/{gid}/moves", json={"move": obj["legal_moves"][k % len(obj["legal_moves"])]})
            elif action in ("undo", "redo", "restart"):
                response = c.post(f"/api/games/{gid}/{action}")
            else:
                response = c.post(f"/api/games/{gid}/moves", content=json.dumps({"move": action}).encode())
            assert response.status_code < 500, response.text
            if response.status_code == 200:
                obj = response.json()
    saved = Store(db).load(gid)
    replayed = games.replay(games.get("british-square"), saved.variant, saved.deal, saved.moves)
    assert player_view(replayed).to_json() == obj["position"]


def test_winnable_only_draws_from_the_surveys_pool(client, monkeypatch):
    import cadogan.web.app as web_app

    monkeypatch.setattr(web_app, "winnable_pool", lambda game, variant: [1234, 5678] if game == "square" else [])
    deals = {new(client, game="square", winnable=True)["deal"] for _ in range(8)}
    assert deals <= {1234, 5678}
    assert new(client, game="square", winnable=True, deal=9)["deal"] == 9  # a given deal wins
    listed = {g["game"]: g["winnable_pool"] for g in client.get("/api/games").json()}
    assert listed["square"] == {"classic": True, "free": True} and not any(listed["precedence"].values())


def test_safe_moves_are_legal_moves(client):
    obj = new(client, game="square", variant="classic", deal=3)
    assert set(obj["safe_moves"]) <= set(obj["legal_moves"])


def test_a_request_from_another_site_cannot_change_anything(client):
    evil = client.post("/api/games", json={"game": "square"}, headers={"Origin": "http://evil.example"})
    assert evil.status_code == 403 and evil.json()["error"]
    assert client.post("/api/games", json={"game": "square"}, headers={"Origin": "null"}).status_code == 403
    same = client.post("/api/games", json={"game": "square"}, headers={"Origin": "http://testserver"})
    assert same.status_code == 201
    assert client.get("/api/games", headers={"Origin": "http://evil.example"}).status_code == 200


# --- error codes (SPEC.md "Errors"), the deal parser, the daily deal, undo and hint counts ------------------
def test_an_illegal_move_answers_its_code_and_the_move(client):
    gid = new(client, game="precedence", deal=42)["id"]
    answer = client.post(f"/api/games/{gid}/moves", json={"move": "w>f2"}).json()
    assert answer["move"] == "w>f2" and isinstance(answer["code"], str) and answer["code"]
    assert answer["code"] in ("waste-empty", "illegal-move")  # the engine's code once errors carry one
    malformed = client.post(f"/api/games/{gid}/moves", json={"move": "x>y"})
    assert malformed.status_code == 422 and malformed.json()["move"] == "x>y" and malformed.json()["code"]


@pytest.mark.parametrize("body,status,code", [
    ({"game": "klondike"}, 422, "unknown-game"), ({"game": "square", "variant": "spider"}, 422, "unknown-variant"),
    ({"game": "square", "deal": -1}, 422, "deal-out-of-range"), ({"game": "square", "deal": "12abc"}, 422, "bad-deal"),
    ({"game": "square", "deal": "\u0661\u0662"}, 422, "bad-deal"),  # Arabic-Indic digits: ASCII only, as the CLI
    ({"game": "square", "daily": "yes"}, 400, "bad-parameter"), ({"gam": "square"}, 400, "malformed-body"),
])
def test_every_refusal_carries_a_code(client, body, status, code):
    response = client.post("/api/games", json=body)
    assert (response.status_code, response.json()["code"]) == (status, code), response.text


@pytest.mark.parametrize("method,path,status,code", [
    ("GET", "/api/games/0123456789abcdef", 404, "unknown-game-id"), ("GET", "/api/nothing", 404, "unknown-route"),
    ("DELETE", "/api/games", 404, "unknown-route"), ("POST", "/api/games", 400, "malformed-body"),
])
def test_route_and_body_faults_carry_a_code(client, method, path, status, code):
    response = client.request(method, path, content=b"{not json")
    assert (response.status_code, response.json()["code"]) == (status, code)


def test_the_daily_deal_is_todays_date_in_every_game_and_variant(client):
    from datetime import date

    today = date.today()
    number = int(today.strftime("%Y%m%d"))
    daily = client.get("/api/daily").json()
    assert {(d["game"], d["variant"]) for d in daily} == {(g.id, v) for g in games.all_games() for v in g.variants}
    assert all(d["deal"] == number and d["date"] == today.isoformat() for d in daily)
    obj = new(client, game="square", daily=True)
    assert obj["deal"] == number and obj["daily"] is True
    assert new(client, game="square", daily=True, deal=number)["daily"] is True
    wrong = client.post("/api/games", json={"game": "square", "daily": True, "deal": 7})
    assert wrong.status_code == 400 and wrong.json() == {**wrong.json(), "code": "bad-parameter", "name": "deal"}
    assert new(client, game="square", deal=number)["daily"] is False  # the same deal, not asked as the daily one


def test_daily_games_count_apart_and_undos_and_peeks_count_per_game(client):
    daily = new(client, game="precedence", daily=True)
    for _ in range(2):
        client.post(f"/api/games/{daily['id']}/moves", json={"move": "deal"})
    assert client.post(f"/api/games/{daily['id']}/undo").json()["undos"] == 1
    client.get(f"/api/games/{daily['id']}/hint?budget=0.1")  # the solver's hint: a peek
    random_deal = new(client, game="precedence", deal=5)
    client.post(f"/api/games/{random_deal['id']}/moves", json={"move": "deal"})
    client.post(f"/api/games/{random_deal['id']}/undo")
    client.post(f"/api/games/{random_deal['id']}/redo")
    client.post(f"/api/games/{random_deal['id']}/undo")
    (row,) = client.get("/api/stats").json()
    assert (row["played"], row["undos_used"], row["peeks_used"]) == (1, 2, 0)
    assert (row["daily"]["played"], row["daily"]["undos_used"], row["daily"]["peeks_used"]) == (1, 1, 1)
    assert row["daily"]["hints_used"] == 0
    assert row["daily"]["current_streak"] == 0 and client.get(f"/api/games/{daily['id']}").json()["peeks"] == 1


OLD_SCHEMA = """CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, variant TEXT NOT NULL, deal TEXT NOT NULL,
    moves TEXT NOT NULL DEFAULT '', redo TEXT NOT NULL DEFAULT '', created REAL NOT NULL, updated REAL NOT NULL,
    first_move REAL, won_at REAL, won_moves INTEGER, lost INTEGER NOT NULL DEFAULT 0,
    abandoned INTEGER NOT NULL DEFAULT 0, hints INTEGER NOT NULL DEFAULT 0);"""


def test_a_games_file_of_before_players_is_migrated_and_its_history_goes_to_the_browser_that_played_it(tmp_path):
    import sqlite3

    path = str(tmp_path / "old.sqlite3")
    with sqlite3.connect(path) as conn:
        conn.executescript(OLD_SCHEMA)
        rows = [("a" * 16, "deal deal", 10.0, 20.0, 60.0, 2, 0, 0, 3), ("b" * 16, "deal", 30.0, 31.0, None, None, 1, 0, 0),
                ("c" * 16, "deal", 40.0, 41.0, None, None, 0, 1, 1), ("d" * 16, "", 50.0, None, None, None, 0, 0, 0)]
        conn.executemany("INSERT INTO games (id, game, variant, deal, moves, created, updated, first_move, won_at, "
                         "won_moves, lost, abandoned, hints) VALUES (?, 'precedence', 'king-out', '42', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         [(i, m, c, c, f, w, wm, lost, ab, h) for i, m, c, f, w, wm, lost, ab, h in rows])
    store = Store(path)
    (row,) = store.stats()
    # every hint of that time read the whole deal: a peek in today's words
    assert (row["played"], row["won"], row["peeks_used"], row["hints_used"], row["best_time_seconds"]) == (3, 1, 4, 0, 40.0)
    assert (store.load("a" * 16).peeks, store.load("a" * 16).hints) == (3, 0)
    app = make_app(store)
    with TestClient(app) as first, TestClient(app) as second:
        second.get("/")  # comes first without a cookie, but names none of the old games: gets nothing
        assert second.get("/api/stats").json() == []
        assert first.get(f"/api/games/{'a' * 16}").json()["moves"] == ["deal", "deal"]  # it holds an old game's id
        assert first.get("/api/stats").json()[0]["played"] == 3
        assert second.get(f"/api/games/{'b' * 16}").status_code == 200 and second.get("/api/stats").json() == []
    assert Store(path).stats(store.load("a" * 16).player)[0]["won"] == 1  # opened again: no second migration


def test_a_lost_games_clock_stops_at_the_move_that_lost_it():
    """The server's elapsed time ends at the loss (the last save), not at the moment of asking."""
    from cadogan.history import History
    from cadogan.store import SavedGame
    from cadogan.web.board import game_object

    state = games.load("precedence", "king-out", 42)
    while state.legal_moves():  # deal and redeal while possible: a sure way to get stuck
        legal = [str(m) for m in state.legal_moves()]
        state.play("deal" if "deal" in legal else "redeal" if "redeal" in legal else legal[0])
    saved = SavedGame(id="g", game="precedence", variant="king-out", deal=42, first_move=100.0, updated=150.0)
    history = History(state)
    lost = game_object(saved, history, now=1000.0)
    assert lost["lost"] and lost["elapsed"] == 50.0
    playing = game_object(saved, History(games.load("precedence", "king-out", 42)), now=1000.0)
    assert not playing["lost"] and playing["elapsed"] == 900.0
