"""The daily deal's days, the achievements and the history of finished games through the HTTP API
(docs/spec.md, "Days, history and achievements"): the server's local date decides (a test sets it),
every player sees only their own games, and every bad request is a JSON 4xx with a code."""

from __future__ import annotations

import sqlite3
import warnings
from datetime import date, timedelta
from functools import lru_cache

import pytest

from cadogan import daily, games
from cadogan.games.view import player_view
from cadogan.solver import Result, solve
from cadogan.store import Store
from cadogan.web.app import make_app

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402

TODAY = date(2025, 1, 11)


@pytest.fixture()
def clock(monkeypatch):
    """``clock(day)`` makes ``day`` the server's local date."""
    def set_day(day: date) -> None:
        monkeypatch.setattr(daily, "clock", lambda: day)
    set_day(TODAY)
    return set_day


@pytest.fixture()
def store(tmp_path):
    return Store(str(tmp_path / "games.sqlite3"))


@pytest.fixture()
def app(store):
    return make_app(store)


@pytest.fixture()
def client(app, clock):
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


@lru_cache(maxsize=None)
def winning_line(game_id: str, variant: str, deal: int) -> tuple[str, ...]:
    """A winning line of the deal, found by the solver (Precedence's take milliseconds)."""
    result = solve(games.load(game_id, variant, deal), timeout=60)
    assert result.result is Result.WON
    return tuple(str(m) for m in result.moves)


def new(client, **body) -> dict:
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def play(client, gid: str, moves) -> dict:
    obj = None
    for move in moves:
        response = client.post(f"/api/games/{gid}/moves", json={"move": move})
        assert response.status_code == 200, (move, response.text)
        obj = response.json()
    return obj


def win_daily(client) -> dict:
    """Today's daily Precedence deal, played to its win."""
    obj = new(client, game="precedence", daily=True)
    return play(client, obj["id"], winning_line("precedence", "king-out", obj["deal"]))


def mark_won(store: Store, gid: str) -> None:
    """Store a game as won without playing it (the days read only its outcome)."""
    store.save(gid, ["deal"], [], won=True, lost=False)


def month(client, text: str | None = None) -> dict:
    response = client.get("/api/daily/history" + (f"?month={text}" if text else ""))
    assert response.status_code == 200, response.text
    return response.json()


def day_of(answer: dict, day: date) -> dict:
    return next(d for d in answer["days"] if d["date"] == day.isoformat())


def achievements(client) -> dict[str, dict]:
    return {a["id"]: a for a in client.get("/api/achievements").json()["achievements"]}


# --- the days ----------------------------------------------------------------------------------------
def test_a_daily_deal_won_today_makes_today_won_and_starts_the_streak(client):
    assert month(client)["streak"] == {"current": 0, "best": 0}
    won = win_daily(client)
    assert won["won"] and won["daily"] and won["deal"] == 20250111
    answer = month(client)
    assert (answer["today"], answer["month"]) == ("2025-01-11", "2025-01") and len(answer["days"]) == 31
    today = day_of(answer, TODAY)
    assert today["status"] == "won" and today["deal"] == 20250111
    assert [(g["outcome"], g["day"], g["late"], g["replay"]) for g in today["games"]] == [("won", "2025-01-11", False, True)]
    assert today["games"][0]["moves"] == len(won["moves"]) and "position" not in today["games"][0]
    assert answer["streak"] == {"current": 1, "best": 1}
    assert day_of(answer, TODAY - timedelta(days=1))["status"] == "none"


def test_seven_days_won_in_a_row_make_a_streak_and_earn_its_achievement_once(client, store, clock):
    for k in range(6, -1, -1):
        clock(TODAY - timedelta(days=k))
        mark_won(store, new(client, game="square", variant="free", daily=True)["id"])
    answer = month(client)
    assert answer["streak"] == {"current": 7, "best": 7}
    assert [d["status"] for d in answer["days"][4:11]] == ["won"] * 7
    streak = achievements(client)["streak-7"]
    assert streak["earned"] and streak["earned_on"] == "2025-01-11" and streak["new"] and streak["progress"] == 7
    seen = client.post("/api/achievements/seen", json={"ids": ["streak-7", "daily-win"]})
    assert seen.status_code == 200 and not {a["id"]: a for a in seen.json()["achievements"]}["streak-7"]["new"]
    assert not achievements(client)["streak-7"]["new"]  # told once: a reload does not tell it again
    clock(TODAY + timedelta(days=2))
    assert month(client, "2025-01")["streak"] == {"current": 0, "best": 7}


def test_a_past_days_deal_is_played_late_and_never_mends_a_streak(client, store):
    past = TODAY - timedelta(days=2)
    obj = new(client, game="precedence", daily=True, deal=int(past.strftime("%Y%m%d")))
    assert obj["daily"] and obj["deal"] == 20250109
    mark_won(store, obj["id"])
    answer = month(client)
    assert day_of(answer, past)["status"] == "won-late" and day_of(answer, past)["games"][0]["late"]
    assert answer["streak"] == {"current": 0, "best": 0}
    assert achievements(client)["daily-win"]["earned"]  # a daily deal won, late or not


def test_a_daily_game_played_and_not_won_marks_its_day_played(client):
    obj = new(client, game="precedence", daily=True)
    play(client, obj["id"], ["deal"])
    assert day_of(month(client), TODAY)["status"] == "played"
    new(client, game="precedence", daily=True)  # opened, no move: the day stays as it was
    assert [g["outcome"] for g in day_of(month(client), TODAY)["games"]] == ["lost"]  # left unfinished: lost


@pytest.mark.parametrize("deal", [20250112, 20250230, 19991231, 7, "20250111x"])
def test_a_daily_deal_of_no_date_up_to_today_is_refused(client, deal):
    response = client.post("/api/games", json={"game": "square", "daily": True, "deal": deal})
    assert response.status_code in (400, 422) and response.json()["code"] in ("bad-parameter", "bad-deal")
    if response.status_code == 400:
        assert response.json()["name"] == "deal"


@pytest.mark.parametrize("text", ["2025-13", "2025-1", "abc", "1999-12", "2025-02", "２０２５-01", "", "2025-01-01"])
def test_a_bad_month_is_a_400_with_its_name(client, text):
    response = client.get(f"/api/daily/history?month={text}")
    assert response.status_code == 400
    assert {k: response.json()[k] for k in ("code", "name")} == {"code": "bad-parameter", "name": "month"}


def test_an_earlier_month_lists_its_days(client, store, clock):
    clock(date(2024, 12, 31))
    mark_won(store, new(client, game="square", daily=True)["id"])
    clock(TODAY)
    answer = month(client, "2024-12")
    assert answer["month"] == "2024-12" and day_of(answer, date(2024, 12, 31))["status"] == "won"
    assert answer["streak"] == {"current": 0, "best": 1}
    assert month(client, "2000-01")["days"][0]["date"] == "2000-01-01"


def test_every_player_sees_only_their_own_days_and_achievements(app, client, store):
    mark_won(store, new(client, game="square", variant="free", daily=True)["id"])
    with TestClient(app, raise_server_exceptions=False) as other:
        assert day_of(month(other), TODAY)["status"] == "none"
        assert not any(a["earned"] for a in achievements(other).values())
        assert other.get("/api/history").json() == {"games": [], "total": 0, "limit": 20, "offset": 0}
    assert achievements(client)["square-free"]["earned"]


# --- achievements ----------------------------------------------------------------------------------
def test_a_real_win_earns_its_first_win_and_a_clean_quick_win(client):
    win_daily(client)
    found = achievements(client)
    earned = {name for name, a in found.items() if a["earned"]}
    assert earned == {"first-win-precedence", "clean-win", "quick-win", "daily-win"}
    assert all(found[name]["new"] and found[name]["earned_on"] == date.today().isoformat() for name in earned)
    assert found["played-100"]["progress"] == 1 and found["played-100"]["goal"] == 100


def test_a_win_with_an_undo_is_not_clean(client):
    obj = new(client, game="precedence", daily=True)
    line = winning_line("precedence", "king-out", obj["deal"])
    play(client, obj["id"], line[:1])
    assert client.post(f"/api/games/{obj['id']}/undo").status_code == 200
    assert play(client, obj["id"], line)["won"]
    found = achievements(client)
    assert found["first-win-precedence"]["earned"] and not found["clean-win"]["earned"]


def test_a_hundred_games_played_earn_played_100(client, store):
    first = new(client, game="precedence", deal=1)
    play(client, first["id"], ["deal"])
    owner = store.load(first["id"]).player  # the client's player
    for k in range(98):
        saved = store.create("precedence", "king-out", k + 2, player=owner)
        store.save(saved.id, ["deal"], [], won=False, lost=False)
    assert achievements(client)["played-100"]["progress"] == 99 and not achievements(client)["played-100"]["earned"]
    saved = store.create("precedence", "king-out", 200, player=owner)
    store.save(saved.id, ["deal"], [], won=False, lost=False)
    assert achievements(client)["played-100"]["earned"]


@pytest.mark.parametrize("body", [{"ids": "streak-7"}, {"ids": ["nothing"]}, {"ids": [1]}, {}, {"ids": ["clean-win"] * 20}])
def test_telling_of_an_unknown_achievement_is_a_400(client, body):
    response = client.post("/api/achievements/seen", json=body)
    assert response.status_code == 400 and response.json()["code"] == "bad-parameter"


def test_a_malformed_body_is_a_400(client):
    response = client.post("/api/achievements/seen", content=b"{not json")
    assert response.status_code == 400 and response.json()["code"] == "malformed-body"


# --- history and replay ----------------------------------------------------------------------------
def test_the_history_lists_finished_games_newest_first_in_pages(client, store):
    ids = []
    for deal in (1, 2, 3):
        obj = new(client, game="precedence", deal=deal)
        play(client, obj["id"], ["deal"])
        ids.append(obj["id"])
    new(client, game="precedence", deal=4)  # leaves deal 3 unfinished (lost); deal 4 is not over
    answer = client.get("/api/history?limit=2").json()
    assert answer["total"] == 3 and [g["deal"] for g in answer["games"]] == [3, 2]
    assert client.get("/api/history?limit=2&offset=2").json()["games"][0]["id"] == ids[0]
    assert all(g["outcome"] == "lost" and not g["replay"] for g in answer["games"])  # left: they may go on


@pytest.mark.parametrize("query,name", [("limit=0", "limit"), ("limit=101", "limit"), ("limit=x", "limit"),
                                        ("offset=-1", "offset"), ("offset=1e3", "offset"), ("limit=%D9%A1", "limit")])
def test_a_bad_page_of_the_history_is_a_400(client, query, name):
    response = client.get(f"/api/history?{query}")
    assert response.status_code == 400 and (response.json()["code"], response.json()["name"]) == ("bad-parameter", name)


def test_a_won_game_replays_from_the_deals_start_to_its_win(client):
    won = win_daily(client)
    n = len(won["moves"])
    start = client.get(f"/api/games/{won['id']}/replay?step=0").json()
    assert start["step"] == 0 and start["steps"] == n and start["move"] is None and start["moves"] == []
    # drawn from the player's view like every step of a line (the board shows the stock face down)
    assert start["position"] == player_view(games.load("precedence", "king-out", won["deal"])).to_json()
    middle = client.get(f"/api/games/{won['id']}/replay?step=5").json()
    assert middle["moves"] == won["moves"][:5] and middle["move"] == won["moves"][4]
    end = client.get(f"/api/games/{won['id']}/replay?step={n}").json()
    assert end["won"] and end["position"] == won["position"]
    history = client.get("/api/history").json()["games"]
    assert history[0]["id"] == won["id"] and history[0]["replay"] and history[0]["outcome"] == "won"


@pytest.mark.parametrize("step", ["-1", "x", "99999", ""])
def test_a_bad_replay_step_is_a_400(client, step):
    won = win_daily(client)
    response = client.get(f"/api/games/{won['id']}/replay?step={step}")
    assert response.status_code == 400 and response.json()["code"] == "bad-parameter"


def test_a_game_not_over_has_no_replay_and_an_unknown_one_is_a_404(client):
    obj = new(client, game="precedence", deal=5)
    play(client, obj["id"], ["deal"])
    response = client.get(f"/api/games/{obj['id']}/replay?step=0")
    assert response.status_code == 409 and response.json()["code"] == "game-not-over"
    new(client, game="precedence", deal=6)  # deal 5 is left unfinished: lost, yet it may go on
    assert client.get(f"/api/games/{obj['id']}/replay?step=0").json()["code"] == "game-not-over"
    missing = client.get("/api/games/0123456789abcdef/replay?step=0")
    assert missing.status_code == 404 and missing.json()["code"] == "unknown-game-id"


# --- the games file ------------------------------------------------------------------------------------
def test_a_games_file_of_schema_2_gains_the_late_column_and_keeps_its_daily_games(tmp_path):
    path = str(tmp_path / "old.sqlite3")
    store = Store(path)
    saved = store.create("square", "classic", 20250110, player="p", daily=True)
    store.save(saved.id, ["deal"], [], won=True, lost=False)
    store.close()
    with sqlite3.connect(path) as conn:  # as schema 2 left it
        conn.execute("ALTER TABLE games DROP COLUMN late")
        conn.execute("DROP TABLE achievements_seen")
        conn.execute("DROP INDEX IF EXISTS games_by_player")
        conn.execute("PRAGMA user_version = 2")
    store = Store(path)
    assert [(g.deal, g.late, g.outcome) for g in store.daily_games("p")] == [(20250110, False, "won")]
    store.see_achievements("p", ["daily-win"])
    assert store.achievements_seen("p") == {"daily-win"}
    assert store.stats("p")[0]["daily"]["won"] == 1  # the statistics were not counted again
