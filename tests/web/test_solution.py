"""The solution of a deal, step by step: ``GET /api/games/{id}/solution`` and ``.../solution/position``."""

from __future__ import annotations

import warnings

import pytest

from cadogan import games
from cadogan.games.view import player_view
from cadogan.solver import SolveResult
from cadogan.store import Store
from cadogan.web.app import make_app

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402

# Precedence king-out deal 10: the solver wins it in a few hundred nodes (`cadogan solve precedence --deal 10`).
DEAL = 10


@pytest.fixture()
def client(tmp_path):
    with TestClient(make_app(Store(str(tmp_path / "games.sqlite3"))), raise_server_exceptions=False) as c:
        yield c


@pytest.fixture()
def fake_solver(monkeypatch):
    """Replace the solver with one that answers ``fake_solver.result`` and records each call's timeout."""
    import cadogan.solver

    class Fake:
        result = "lost"
        calls: list[float | None] = []

        def solve(self, state, timeout=None, **limits):
            self.calls.append(timeout)
            assert not state.move_stack  # always the deal's start position
            return SolveResult(self.result, [], nodes=123, seconds=0.25)

    fake = Fake()
    fake.calls = []
    monkeypatch.setattr(cadogan.solver, "solve", fake.solve)
    return fake


def new(client, game="precedence", variant="king-out", deal=DEAL):
    response = client.post("/api/games", json={"game": game, "variant": variant, "deal": deal})
    assert response.status_code == 201, response.text
    return response.json()


def solution(client, gid, query=""):
    response = client.get(f"/api/games/{gid}/solution{query}")
    assert response.status_code == 200, response.text
    return response.json()


def without_clock(obj):
    return {k: v for k, v in obj.items() if k != "elapsed"}


def test_the_winning_line_wins_when_the_engine_replays_it_from_the_start(client):
    gid = new(client)["id"]
    for move in ("deal", "deal"):  # the line is for the deal, wherever the game stands
        assert client.post(f"/api/games/{gid}/moves", json={"move": move}).status_code == 200
    answer = solution(client, gid)
    assert answer["result"] == "won" and answer["moves"]
    assert isinstance(answer["seconds"], float) and isinstance(answer["nodes"], int) and answer["nodes"] > 0
    state = games.load("precedence", "king-out", DEAL)
    for token in answer["moves"]:
        state.play(games.Move.from_text(token))
    assert state.is_won()


def test_asking_leaves_the_saved_game_its_history_and_the_statistics_alone(client, tmp_path):
    gid = new(client)["id"]
    for move in ("deal", "deal", "deal"):
        client.post(f"/api/games/{gid}/moves", json={"move": move})
    client.post(f"/api/games/{gid}/undo")
    before, stats = without_clock(client.get(f"/api/games/{gid}").json()), client.get("/api/stats").json()
    answer = solution(client, gid)
    assert answer["result"] == "won"
    client.get(f"/api/games/{gid}/solution/position?step=5")
    after = without_clock(client.get(f"/api/games/{gid}").json())
    assert after == before and after["moves"] == ["deal", "deal"] and after["redo"] == ["deal"]
    assert after["hints"] == 0 and client.get("/api/stats").json() == stats
    saved = Store(str(tmp_path / "games.sqlite3")).load(gid)  # and on disk
    assert saved.moves == ["deal", "deal"] and saved.redo == ["deal"]


def test_a_decided_answer_is_kept_per_deal_and_asking_again_does_not_search(client, fake_solver):
    fake_solver.result = "lost"
    first = new(client)["id"]
    assert solution(client, first) == {"result": "lost", "moves": [], "seconds": 0.25, "nodes": 123,
                                        "budget": 10.0, "cached": False}
    again = new(client)["id"]  # another game of the same deal shares the answer
    assert solution(client, again)["cached"] is True and solution(client, first)["result"] == "lost"
    assert fake_solver.calls == [10.0]
    solution(client, new(client, variant="first-king")["id"])  # another variant is another deal
    assert len(fake_solver.calls) == 2


def test_an_unknown_answer_is_not_kept(client, fake_solver):
    fake_solver.result = "unknown"
    gid = new(client)["id"]
    assert solution(client, gid, "?budget=0.1")["result"] == "unknown"
    assert solution(client, gid, "?budget=30")["cached"] is False
    assert fake_solver.calls == [0.1, 30.0]


def test_a_known_won_line_is_answered_from_memory(client):
    gid = new(client)["id"]
    first, second = solution(client, gid), solution(client, gid)
    assert first["cached"] is False and second["cached"] is True and second["moves"] == first["moves"]


@pytest.mark.parametrize("budget", ["abc", "0", "0.05", "-1", "30.5", "1e9", "nan", "inf", ""])
def test_a_bad_budget_is_a_400_naming_the_problem(client, fake_solver, budget):
    gid = new(client)["id"]
    response = client.get(f"/api/games/{gid}/solution?budget={budget}")
    assert response.status_code == 400, response.text
    assert "budget" in response.json()["error"]
    assert fake_solver.calls == []


@pytest.mark.parametrize("path", ["/api/games/nope/solution", "/api/games/0123456789abcdef/solution?budget=1",
                                  "/api/games/nope/solution/position?step=0"])
def test_an_unknown_game_is_a_404(client, path):
    response = client.get(path)
    assert response.status_code == 404 and response.json()["error"]


def test_each_step_is_the_start_position_after_that_many_moves_of_the_line(client):
    obj = new(client)
    gid = obj["id"]
    moves = solution(client, gid)["moves"]
    start = client.get(f"/api/games/{gid}/solution/position?step=0").json()
    assert start["position"] == obj["position"] and start["legal_moves"] == obj["legal_moves"]
    assert start["layout"] == obj["layout"] and start["step"] == 0 and start["move"] is None
    assert start["steps"] == len(moves) and start["moves"] == [] and not start["won"]
    for k in (1, 7, len(moves) // 2):
        view = client.get(f"/api/games/{gid}/solution/position?step={k}").json()
        state = games.replay(games.get("precedence"), "king-out", DEAL, moves[:k])
        assert view["position"] == player_view(state).to_json() and view["move"] == moves[k - 1] and view["moves"] == moves[:k]
    end = client.get(f"/api/games/{gid}/solution/position?step={len(moves)}").json()
    assert end["won"] and not end["lost"] and end["legal_moves"] == []
    assert sum(len(f) for f in end["position"]["foundations"]) == 104
    past = client.get(f"/api/games/{gid}/solution/position?step={len(moves) + 1}")
    assert past.status_code == 400 and str(len(moves)) in past.json()["error"]


@pytest.mark.parametrize("query", ["", "?step=", "?step=-1", "?step=x", "?step=1.5", "?step=99999999999"])
def test_a_bad_step_is_a_400(client, query):
    gid = new(client)["id"]
    solution(client, gid)
    response = client.get(f"/api/games/{gid}/solution/position{query}")
    assert response.status_code == 400 and "step" in response.json()["error"]


def test_a_step_without_a_known_winning_line_is_a_409(client, fake_solver):
    gid = new(client)["id"]
    response = client.get(f"/api/games/{gid}/solution/position?step=0")
    assert response.status_code == 409 and "/solution" in response.json()["error"]
    for result in ("unknown", "lost"):
        fake_solver.result = result
        solution(client, gid)
        response = client.get(f"/api/games/{gid}/solution/position?step=0")
        assert response.status_code == 409 and response.json()["error"]
