"""No unseen card leaves the server (SPEC.md "The player's view"), and ``GET /api/games/{id}/advice``.

- Every game and variant is played through the API, redeals included, and every position answered is
  the engine's player's view of the replayed game.
- Metamorphic: two deals that differ only in the order of cards no player has seen yet (``twins``)
  get the same answers, byte for byte but for the deal number and the clock, from every route that
  shows a position or reads it (hints, verdicts, solutions and analyses speak of the whole deal by
  design, and are left out).
- The advice: its shape, the same answer for the same view, samples and seed, the worker given the
  view alone, and its refusals (400 ``bad-parameter``, 422 ``no-legal-move``, 429 ``busy``, 409
  ``superseded``).
"""

from __future__ import annotations

import json
import random
import threading
import warnings

import pytest

from cadogan import games
from cadogan.games.view import UNSEEN, player_view
from cadogan.solver.cache import SolveCache
from cadogan.store import Store
from cadogan.web.app import make_app
from cadogan.web.solver_service import AdviceRequest, SolverService

from known_lines import LOSABLE_DEAL, LOSABLE_LINE, expand
from twins import same_to_a_player, twin_deals
from waiting import wait_until

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402

VARIANTS = [(g.id, v) for g in games.all_games() for v in g.variants]
REDEALING = {("square", "classic"), ("precedence", "king-out"), ("precedence", "first-king")}
DEAL, TWIN = 11, 9_000_000_011
ADVICE_KEYS = {"game", "variant", "deal", "move", "win_chance", "moves", "samples", "unknown", "how", "seconds"}


@pytest.fixture()
def client(tmp_path):
    with TestClient(make_app(Store(str(tmp_path / "g.sqlite3"))), raise_server_exceptions=False) as c:
        yield c


@pytest.fixture()
def uncached(tmp_path):
    """A client whose solver keeps no answer: each advice is computed anew."""
    service = SolverService(processes=False, cache=SolveCache(0))
    with TestClient(make_app(Store(str(tmp_path / "u.sqlite3")), solver=service), raise_server_exceptions=False) as c:
        yield c


def new(client, game_id: str, variant: str, deal: int) -> dict:
    response = client.post("/api/games", json={"game": game_id, "variant": variant, "deal": deal})
    assert response.status_code == 201, response.text
    return response.json()


def choose(rng: random.Random, legal: list[str]) -> str:
    """A seeded random move; a redeal whenever one may be made, stock moves more often than others."""
    if "redeal" in legal:
        return "redeal"
    weights = [4 if m == "deal" or m.startswith("s>") else 1 for m in legal]
    return rng.choices(legal, weights)[0]


def unseen_order(state: games.State) -> list[str]:
    """The cards a player has not seen, next to be turned up first (what must never be sent)."""
    hidden = player_view(state).hidden
    return state.to_json()["stock"][len(state.stock) - hidden:]


def check_board(obj: dict, state: games.State) -> None:
    """A board answer holds the player's view of ``state`` and nothing of its unseen order."""
    view = player_view(state).to_json()
    assert obj["position"] == view
    assert obj["moves"] == [str(m) for m in state.move_stack]
    assert obj["legal_moves"] == [str(m) for m in state.legal_moves()]
    hidden = unseen_order(state)
    assert obj["position"]["stock"].count(UNSEEN) == len(hidden)
    if len(hidden) >= 4:  # the old leak: the stock's order written out
        text = json.dumps(obj, separators=(",", ":"))
        assert json.dumps(hidden[:4], separators=(",", ":"))[1:-1] not in text


# --- every answer is the player's view ------------------------------------------------------------
@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_every_answer_of_a_game_played_through_the_api_is_the_players_view(client, game_id, variant):
    rng = random.Random(f"{game_id}/{variant}")
    obj = new(client, game_id, variant, DEAL)
    gid = obj["id"]
    state = games.load(game_id, variant, DEAL)
    assert obj["deal"] == DEAL and obj["deal_text"] == str(DEAL) and obj["position"]["deal"] is None
    check_board(obj, state)
    redealt = False
    while obj["legal_moves"] and (len(state.move_stack) < 60 or (
            (game_id, variant) in REDEALING and not redealt and len(state.move_stack) < 400)):
        move = choose(rng, obj["legal_moves"])
        response = client.post(f"/api/games/{gid}/moves", json={"move": move})
        assert response.status_code == 200, response.text
        obj = response.json()
        state.play(move)
        redealt = redealt or move == "redeal"
        check_board(obj, state)
        k = len(state.move_stack)
        if k % 15 == 7:  # undo, redo, a fresh read and a step along a line: each the view too
            check_board(client.post(f"/api/games/{gid}/undo").json(), games.replay(
                state.game, variant, DEAL, state.move_stack[:-1]))
            check_board(client.post(f"/api/games/{gid}/redo").json(), state)
            check_board(client.get(f"/api/games/{gid}").json(), state)
            before = games.replay(state.game, variant, DEAL, state.move_stack[:k // 2])
            step = client.get(f"/api/games/{gid}/line?from={k // 2}&moves=&step=0")
            assert step.status_code == 200 and step.json()["step"] == 0
            check_board(step.json(), before)
            line = [str(m) for m in state.move_stack[k // 2:]]
            along = client.get(f"/api/games/{gid}/line?from={k // 2}&moves={','.join(line)}&step={len(line)}")
            check_board(along.json(), state)
    assert (game_id, variant) not in REDEALING or redealt
    assert len(state.move_stack) >= 40 or not obj["legal_moves"]


def test_a_step_of_the_solution_is_the_view_there(client):
    obj = new(client, "precedence", "king-out", LOSABLE_DEAL)
    gid = obj["id"]
    answer = client.get(f"/api/games/{gid}/solution?budget=10").json()
    assert answer["result"] == "won"
    for k in (0, 5, len(answer["moves"]) // 2):
        step = client.get(f"/api/games/{gid}/solution/position?step={k}").json()
        check_board(step, games.replay(games.get("precedence"), "king-out", LOSABLE_DEAL, answer["moves"][:k]))


# --- metamorphic: deals a player cannot tell apart are answered alike ------------------------------
MASKED = {"id", "deal", "deal_text", "elapsed", "started", "seconds"}


def masked(value):
    """The answer without what may differ between two games a player cannot tell apart: their ids,
    deal numbers and clocks."""
    if isinstance(value, dict):
        return {k: masked(v) for k, v in value.items() if k not in MASKED}
    if isinstance(value, list):
        return [masked(v) for v in value]
    return value


def probes(obj: dict) -> list[str]:
    """Moves a client might try that are not legal here (their refusals must not tell the order)."""
    pos = obj["position"]
    piles = ["s", "w"] + [f"f{i + 1}" for i in range(len(pos["foundations"]))] + [
        f"t{i + 1}" for i in range(len(pos["tableau"]))]
    tries = [f"s>{p}" for p in piles[1:]] + ["w>f1", "w>t1", "t1>f1", "t10>f5", "deal", "redeal"]
    return [m for m in tries if m not in obj["legal_moves"]]


def both(client, ids: tuple[str, str], method: str, path: str, body=None) -> dict:
    """The same request about both games: the same status and, masked, the same answer."""
    answers = [client.request(method, path.format(gid=gid), json=body) for gid in ids]
    assert answers[0].status_code == answers[1].status_code, (path, [a.text for a in answers])
    one, other = (masked(a.json()) for a in answers)
    assert one == other, path
    return answers[0].json()


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_deals_that_differ_only_in_unseen_cards_get_the_same_answers(uncached, monkeypatch, game_id, variant):
    twin_deals(monkeypatch, game_id, variant, DEAL, TWIN)
    ids = (new(uncached, game_id, variant, DEAL)["id"], new(uncached, game_id, variant, TWIN)["id"])
    rng = random.Random(7)
    obj = both(uncached, ids, "GET", "/api/games/{gid}")
    line: list[str] = []
    while obj["legal_moves"] and len(line) < 40:
        move = choose(rng, obj["legal_moves"])
        if not same_to_a_player(game_id, variant, (DEAL, TWIN), line + [move]):
            break  # the move turns up a card the twins differ in: from here a player can tell them apart
        for probe in probes(obj):
            both(uncached, ids, "POST", "/api/games/{gid}/moves", {"move": probe})
        obj = both(uncached, ids, "POST", "/api/games/{gid}/moves", {"move": move})
        line.append(move)
        both(uncached, ids, "GET", "/api/games/{gid}/guidance")
        both(uncached, ids, "GET", f"/api/games/{{gid}}/line?from={len(line) // 2}&moves=&step=0")
        if len(line) % 8 == 1 and obj["legal_moves"]:
            advice = both(uncached, ids, "GET", "/api/games/{gid}/advice?samples=3&budget=10&seed=4")
            assert advice["samples"] >= 1 and advice["move"] in obj["legal_moves"]
        if len(line) % 10 == 5:
            both(uncached, ids, "POST", "/api/games/{gid}/undo")
            obj = both(uncached, ids, "POST", "/api/games/{gid}/redo")
    assert len(line) >= 5
    both(uncached, ids, "POST", "/api/games/{gid}/restart")


# --- the advice ------------------------------------------------------------------------------------
def test_advice_is_advises_object_for_the_games_view(client):
    obj = new(client, "precedence", "king-out", 7)
    gid = obj["id"]
    for move in ["deal"] * 6:
        obj = client.post(f"/api/games/{gid}/moves", json={"move": move}).json()
    response = client.get(f"/api/games/{gid}/advice?samples=4&budget=10&seed=2")
    assert response.status_code == 200, response.text
    advice = response.json()
    assert ADVICE_KEYS <= advice.keys()
    assert advice["game"] == "precedence" and advice["variant"] == "king-out" and advice["deal"] == 7
    assert advice["move"] in obj["legal_moves"] and advice["move"] == advice["moves"][0]["move"]
    assert {m["move"] for m in advice["moves"]} <= set(obj["legal_moves"])
    assert 0.0 <= advice["win_chance"] <= 1.0 and 1 <= advice["samples"] <= 4
    assert advice["how"] in ("sampled", "exact", "forced", "safe")
    chances = [m["win_chance"] for m in advice["moves"] if m["samples"]]
    assert chances[0] == max(chances)


def test_advice_is_the_same_for_the_same_view_samples_and_seed(uncached):
    gid = new(uncached, "british-square", "columns", 3)["id"]
    answers = [uncached.get(f"/api/games/{gid}/advice?samples=3&budget=10&seed={seed}").json()
               for seed in (5, 5, 6)]
    assert masked(answers[0]) == masked(answers[1])
    assert answers[0]["samples"] == answers[2]["samples"] == 3  # the seed changes the draw, not its size


def test_the_worker_is_given_the_view_alone(tmp_path, monkeypatch):
    asked: list = []
    service = SolverService(processes=False)
    real = service.ask

    async def spy(request, key, **kwargs):
        asked.append(request)
        return await real(request, key, **kwargs)

    monkeypatch.setattr(service, "ask", spy)
    with TestClient(make_app(Store(str(tmp_path / "s.sqlite3")), solver=service)) as client:
        gid = new(client, "british-square", "piles", 5)["id"]
        client.post(f"/api/games/{gid}/moves", json={"move": "deal"})
        assert client.get(f"/api/games/{gid}/advice?samples=2&budget=10").status_code == 200
    (work,) = asked
    assert isinstance(work, AdviceRequest) and not hasattr(work, "deal") and not hasattr(work, "moves")
    state = games.replay(games.get("british-square"), "piles", 5, ["deal"])
    assert json.loads(work.view) == player_view(state).to_json()
    assert json.loads(work.view)["stock"] == [UNSEEN] * len(state.stock)


@pytest.mark.parametrize("query,name", [
    ("samples=0", "samples"), ("samples=65", "samples"), ("samples=-1", "samples"), ("samples=%D9%A1", "samples"),
    ("samples=1e3", "samples"), ("samples=", "samples"), ("samples=99999999999999999999", "samples"),
    ("budget=0", "budget"), ("budget=10.5", "budget"), ("budget=inf", "budget"), ("budget=nan", "budget"),
    ("budget=-1", "budget"), ("budget=%D9%A1", "budget"), ("seed=-1", "seed"), ("seed=4294967296", "seed"),
    ("seed=x", "seed"),
])
def test_bad_advice_parameters_are_400_naming_the_field(client, query, name):
    gid = new(client, "precedence", "king-out", 7)["id"]
    response = client.get(f"/api/games/{gid}/advice?{query}")
    assert response.status_code == 400, response.text
    assert response.json()["code"] == "bad-parameter" and response.json()["name"] == name


def test_advice_on_a_finished_game_is_422_no_legal_move(client):
    won = new(client, "precedence", "king-out", LOSABLE_DEAL)
    for move in expand(LOSABLE_LINE):
        won = client.post(f"/api/games/{won['id']}/moves", json={"move": move}).json()
    assert won["won"]
    lost = new(client, "square", "classic", 27)  # the greedy rule's game of deal 27 ends with no move left
    from cadogan.solver.advise_greedy import play_greedy

    for move in play_greedy("square", "classic", 27).moves:
        lost = client.post(f"/api/games/{lost['id']}/moves", json={"move": str(move)}).json()
    assert lost["lost"]
    for game in (won, lost):
        response = client.get(f"/api/games/{game['id']}/advice")
        assert response.status_code == 422 and response.json()["code"] == "no-legal-move", response.text
    assert client.get("/api/games/0123456789abcdef/advice").json()["code"] == "unknown-game-id"


def test_advice_when_the_solver_is_busy_is_429_with_retry_after(tmp_path):
    service = SolverService(processes=False, queue_limit=0)  # as if the queue were full
    with TestClient(make_app(Store(str(tmp_path / "b.sqlite3")), solver=service)) as busy:
        gid = new(busy, "square", "free", 2)["id"]
        response = busy.get(f"/api/games/{gid}/advice")
        assert response.status_code == 429 and response.json()["code"] == "busy"
        assert int(response.headers["Retry-After"]) >= 1


def test_a_newer_advice_for_the_same_game_supersedes_the_older(in_process, monkeypatch):
    import cadogan.solver.advise as advise_module

    release, started = threading.Event(), threading.Event()
    real = advise_module.advise

    def held(view, settings, *args, **kwargs):
        if settings.samples == 5:  # the first request's: held until the second has been answered
            started.set()
            release.wait(30)
        return real(view, settings, *args, **kwargs)

    monkeypatch.setattr(advise_module, "advise", held)
    server = in_process(solver=SolverService(2, processes=False))
    status, _, obj = server.request("POST", "/api/games", {"game": "precedence", "variant": "king-out", "deal": 7})
    gid = obj["id"]
    first: list = []
    thread = threading.Thread(target=lambda: first.append(
        server.request("GET", f"/api/games/{gid}/advice?samples=5&budget=10")))
    thread.start()
    assert started.wait(20)
    status, _, second = server.request("GET", f"/api/games/{gid}/advice?samples=2&budget=10")
    thread.join(20)
    release.set()
    assert status == 200 and second["samples"] >= 1
    assert first[0][0] == 409 and first[0][2]["code"] == "superseded"


def test_a_superseded_advice_stops_its_worker_process(in_process):
    service = SolverService(2, processes=True, queue_limit=8)
    server = in_process(solver=service)
    try:
        status, _, obj = server.request("POST", "/api/games", {"game": "british-square", "variant": "piles",
                                                               "deal": 9})
        gid = obj["id"]
        first: list = []
        thread = threading.Thread(target=lambda: first.append(
            server.request("GET", f"/api/games/{gid}/advice?samples=64&budget=10")))
        thread.start()
        wait_until(lambda: service.busy, 20)
        killed = service.killed
        status, _, second = server.request("GET", f"/api/games/{gid}/advice?samples=1&budget=5")
        thread.join(20)
        assert status == 200 and first[0][0] == 409 and service.killed == killed + 1
    finally:
        service.close()
