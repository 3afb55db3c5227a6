"""``GET /api/games/{id}/analysis`` (SPEC.md) and ``GET /api/games/{id}/verdict``, through TestClient."""

from __future__ import annotations

import random
import warnings

import pytest

from cadogan import games
from cadogan.solver import solve
from cadogan.solver.playing import play_out
from cadogan.store import Store
from cadogan.web.app import make_app
from cadogan.web.solver_service import SolverService

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402

KEYS = ["game", "variant", "deal", "result", "last_winnable", "losing_move", "line", "seconds"]


@pytest.fixture()
def client(tmp_path):
    with TestClient(make_app(Store(str(tmp_path / "games.sqlite3"))), raise_server_exceptions=False) as c:
        yield c


def new_game(client, game: str, variant: str, deal: int, moves: list[str]) -> str:
    response = client.post("/api/games", json={"game": game, "variant": variant, "deal": deal})
    assert response.status_code == 201
    game_id = response.json()["id"]
    for move in moves:
        assert client.post(f"/api/games/{game_id}/moves", json={"move": move}).status_code == 200
    return game_id


def test_a_lost_game_is_analysed_as_the_command_would(client):
    moves = [str(m) for m in play_out(games.load("british-square", "piles", 3), random.Random(3)).move_stack]
    game_id = new_game(client, "british-square", "piles", 3, moves)
    response = client.get(f"/api/games/{game_id}/analysis?budget=10")
    assert response.status_code == 200
    answer = response.json()
    assert list(answer) == KEYS and answer["result"] == "went-wrong" and answer["deal"] == 3
    k = answer["last_winnable"]
    assert answer["losing_move"] == moves[k]
    assert games.load("british-square", "piles", 3).line_wins(moves[:k] + answer["line"])
    after = games.replay(games.get("british-square"), "piles", 3, moves[:k + 1])
    assert solve(after, timeout=20).result == "lost"
    again = client.get(f"/api/games/{game_id}/analysis")  # decided: kept, the same answer at once
    assert again.json() == answer


def test_analysis_follows_the_game_as_it_is_now(client, monkeypatch):
    game_id = new_game(client, "precedence", "king-out", 10, ["deal", "deal"])
    assert client.get(f"/api/games/{game_id}/analysis").json()["last_winnable"] == 2
    client.post(f"/api/games/{game_id}/undo")
    answer = client.get(f"/api/games/{game_id}/analysis").json()
    assert (answer["result"], answer["last_winnable"]) == ("winnable", 1)


def test_a_deal_lost_from_the_start(client):
    game_id = new_game(client, "british-square", "columns", 2, [])
    answer = client.get(f"/api/games/{game_id}/analysis").json()
    assert (answer["result"], answer["last_winnable"], answer["line"]) == ("never-winnable", None, [])
    assert client.get(f"/api/games/{game_id}/verdict").json() == \
        {"verdict": "lost", "difficulty": "lost", "source": "solver"}


def test_verdict_of_a_pool_deal(client):
    game_id = new_game(client, "precedence", "king-out", 4, ["deal"])
    assert client.get(f"/api/games/{game_id}/verdict").json() == \
        {"verdict": "winnable", "difficulty": "easy", "source": "pool"}


def test_an_undecided_verdict_is_asked_again_for_a_longer_budget(client, monkeypatch):
    from cadogan.solver.verdict import DealVerdict
    calls = []

    def undecided(game, variant, deal, seconds):
        calls.append(seconds)
        return DealVerdict("undecided", "unknown", "solver")

    monkeypatch.setattr("cadogan.solver.verdict.deal_verdict", undecided)
    game_id = new_game(client, "square", "free", 1, [])
    for budget in ("0.5", "0.5", "1"):  # undecided is kept for its budget, asked again for a longer one
        assert client.get(f"/api/games/{game_id}/verdict?budget={budget}").json() == \
            {"verdict": "undecided", "difficulty": "unknown", "source": "solver"}
    assert calls == [0.5, 1.0]


@pytest.mark.parametrize("route", ["analysis", "verdict"])
@pytest.mark.parametrize("budget", ["0", "-1", "nan", "inf", "ten", "1e9", ""])
def test_a_bad_budget_is_a_400_with_a_code(client, route, budget):
    game_id = new_game(client, "precedence", "king-out", 10, [])
    response = client.get(f"/api/games/{game_id}/{route}?budget={budget}")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "bad-parameter" and body["name"] == "budget" and "budget" in body["error"]


@pytest.mark.parametrize("route", ["analysis", "verdict"])
def test_an_unknown_game_id_is_a_404(client, route):
    response = client.get(f"/api/games/no-such-game/{route}")
    assert response.status_code == 404 and "error" in response.json()


def test_requests_beyond_the_solver_queue_are_told_the_solver_is_busy(tmp_path):
    service = SolverService(processes=False, queue_limit=0)  # as if the queue were full
    with TestClient(make_app(Store(str(tmp_path / "g.sqlite3")), solver=service), raise_server_exceptions=False) as c:
        game_id = new_game(c, "precedence", "king-out", 10, ["deal"])
        for route in ("analysis", "verdict"):
            response = c.get(f"/api/games/{game_id}/{route}?budget=2.5")
            assert response.status_code == 429 and response.json()["code"] == "busy"
            assert int(response.headers["Retry-After"]) >= 1


def test_analysis_and_verdict_run_in_the_solver_service(tmp_path):
    service = SolverService(processes=False)
    with TestClient(make_app(Store(str(tmp_path / "g.sqlite3")), solver=service), raise_server_exceptions=False) as c:
        game_id = new_game(c, "precedence", "king-out", 10, ["deal"])
        c.get(f"/api/games/{game_id}/analysis?budget=5")
        c.get(f"/api/games/{game_id}/verdict?budget=1")
        assert service.started == 2


def test_a_deal_of_a_chosen_difficulty_is_picked_in_the_solver_service(tmp_path):
    service = SolverService(processes=False)
    with TestClient(make_app(Store(str(tmp_path / "g.sqlite3")), solver=service), raise_server_exceptions=False) as c:
        answer = c.get("/api/pick?game=british-square&variant=columns&difficulty=lost&budget=10").json()
        assert answer["difficulty"] == "lost" and isinstance(answer["deal"], int)
        assert solve(games.load("british-square", "columns", answer["deal"]), timeout=20).result == "lost"
        again = c.get("/api/pick?game=british-square&variant=columns&difficulty=lost&budget=10").json()
        assert service.started == 2 and again["difficulty"] == "lost"  # never answered from the cache


@pytest.mark.parametrize("query, status, code", [
    ("game=precedence&difficulty=impossible", 400, "bad-parameter"),
    ("game=precedence&difficulty=hard&budget=99", 400, "bad-parameter"),
    ("game=chess&difficulty=hard", 422, "unknown-game"),
    ("game=precedence&variant=queen-out&difficulty=hard", 422, "unknown-variant"),
])
def test_a_bad_pick_is_a_4xx_with_a_code(client, query, status, code):
    response = client.get(f"/api/pick?{query}")
    assert response.status_code == status and response.json()["code"] == code
