"""``GET /api/games/{id}/review`` (SPEC.md; docs/spec.md "The review"): its shape, its steps (partial
answers that go further with each call, then complete), the same grades as one uninterrupted review,
the losing move of a lost game, its bounds and its refusals (400, 404, 409 ``superseded``, 429
``busy``), and the accuracy it leaves in the statistics.

The searches are kept small (one or two drawn orders, few nodes a solve) so that whole games are
reviewed in seconds; the grades are compared with the engine's own review, never with the clock.
"""

from __future__ import annotations

import itertools
import random
import threading
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cadogan.web.routes.review as review_route
from cadogan import games
from cadogan.solver.playing import play_out
from cadogan.solver.review import Reviewer, ReviewSettings
from cadogan.store import Store
from cadogan.web.app import make_app
from cadogan.web.reviews import AUTO_ANALYSIS, MAX_ANALYSIS, ReviewProgress, next_step
from cadogan.web.solver_service import ANALYSE, GRADE, SolverService

from known_lines import random_line
from waiting import wait_until

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402

SPEC_MOVE_KEYS = {"move", "win_chance_before", "win_chance_after", "best_move", "grade"}
GRADES = {"best", "good", "inaccuracy", "mistake", "blunder", None}
NODES = 2_000  # per solve: small, so a whole game is reviewed in seconds


@pytest.fixture(autouse=True)
def small_searches(monkeypatch):
    monkeypatch.setattr(review_route, "REVIEW_MAX_NODES", NODES)


@pytest.fixture()
def service():
    return SolverService(2, processes=False)


@pytest.fixture()
def client(tmp_path, service):
    with TestClient(make_app(Store(str(tmp_path / "r.sqlite3")), solver=service), raise_server_exceptions=False) as c:
        yield c


def new_game(client, game: str, variant: str, deal: int, moves: list[str]) -> str:
    response = client.post("/api/games", json={"game": game, "variant": variant, "deal": deal})
    assert response.status_code == 201, response.text
    gid = response.json()["id"]
    for move in moves:
        assert client.post(f"/api/games/{gid}/moves", json={"move": move}).status_code == 200, move
    return gid


def lost_game() -> list[str]:
    """A British Square game played at random to its end, lost after a winnable start (the deal and
    line of ``test_analysis``'s lost game)."""
    return [str(m) for m in play_out(games.load("british-square", "piles", 3), random.Random(3)).move_stack]


def review_to_the_end(client, gid: str, query: str = "samples=1", calls: int = 400) -> list[dict]:
    """Every answer of the review until it says there is nothing more to do."""
    answers = []
    for _ in range(calls):
        response = client.get(f"/api/games/{gid}/review?{query}")
        assert response.status_code == 200, response.text
        answers.append(response.json())
        if answers[-1]["progress"]["next"] is None:
            return answers
    raise AssertionError(f"the review did not end in {calls} calls")


def check_shape(answer: dict, moves: list[str]) -> None:
    """SPEC's review object, and docs/spec.md's additions."""
    assert [m["move"] for m in answer["moves"]] == moves
    for entry in answer["moves"]:
        assert SPEC_MOVE_KEYS <= set(entry) and entry["grade"] in GRADES
        for key in ("win_chance_before", "win_chance_after"):
            assert entry[key] is None or 0 <= entry[key] <= 1
        if entry["win_chance_after"] is not None:
            assert entry["win_chance_after"] <= entry["win_chance_before"]
    assert answer["accuracy"] is None or 0 <= answer["accuracy"] <= 1
    assert answer["losing_move"] is None or {"index", "seen"} <= set(answer["losing_move"])
    progress = answer["progress"]
    assert progress["total"] == len(moves) and 0 <= progress["graded"] <= len(moves)
    assert progress["graded"] == sum(1 for m in answer["moves"] if m["how"] != "not-reached")


def one_move_a_step(monkeypatch):
    """Make every grading step grade exactly one move (the steps no longer depend on the clock);
    the real ``Reviewer.grades``."""
    real = Reviewer.grades
    monkeypatch.setattr(Reviewer, "grades", lambda self, seconds=None, node_budget=None: itertools.islice(
        real(self, None, node_budget), 1))
    return real


# --- a game in progress: graded only, step by step ------------------------------------------------
def test_a_game_in_progress_is_graded_step_by_step_as_one_review_would(client, service, monkeypatch):
    grades = one_move_a_step(monkeypatch)
    moves = random_line("british-square", "piles", 3, 12)
    gid = new_game(client, "british-square", "piles", 3, moves)
    answers = review_to_the_end(client, gid, "samples=2&seed=5")
    graded = [a["progress"]["graded"] for a in answers]
    assert graded == list(range(1, len(moves) + 1))  # partial answers, one move further each call
    assert [a["complete"] for a in answers] == [False] * (len(moves) - 1) + [True]
    for answer in answers:
        check_shape(answer, moves)
    last = answers[-1]
    assert last["over"] is False and last["analysis"] is None and last["losing_move"] is None  # no peek mid-game
    assert service.started == len(moves)  # one search a call
    again = client.get(f"/api/games/{gid}/review?samples=2&seed=5").json()
    assert again == last and service.started == len(moves)  # complete: answered at once, nothing searched
    state = games.replay(games.get("british-square"), "piles", 3, moves)
    whole = Reviewer(state, ReviewSettings(samples=2, max_nodes=NODES, seed=5, timeout=None))
    for _ in grades(whole, None):
        pass
    expected = whole.review().to_json()
    assert last["moves"] == expected["moves"] and last["accuracy"] == expected["accuracy"]
    assert client.get("/api/stats").json()[0]["reviewed"] == 0  # a game in progress leaves no accuracy


def test_a_move_made_starts_the_review_afresh(client, monkeypatch):
    one_move_a_step(monkeypatch)
    moves = random_line("british-square", "piles", 3, 6)
    gid = new_game(client, "british-square", "piles", 3, moves[:5])
    assert client.get(f"/api/games/{gid}/review?samples=1").json()["progress"]["graded"] == 1
    client.post(f"/api/games/{gid}/moves", json={"move": moves[5]})
    answer = client.get(f"/api/games/{gid}/review?samples=1").json()
    assert answer["progress"] == {"graded": 1, "total": 6, "analysis_seconds": 0.0,
                                  "next": {"task": "grade", "seconds": 4.0}, "longer": None}


# --- a finished game: the losing move, the accuracy in the statistics ------------------------------
def test_a_lost_game_gets_its_losing_move_labelled_and_its_accuracy_counted(client):
    moves = lost_game()
    gid = new_game(client, "british-square", "piles", 3, moves)
    answers = review_to_the_end(client, gid, "samples=1&budget=30")
    first, last = answers[0], answers[-1]
    assert first["complete"] is False and first["analysis"] is None  # graded first; the whole deal after
    assert first["progress"]["next"] == {"task": ANALYSE, "seconds": 15.0}
    check_shape(last, moves)
    assert last["complete"] and last["over"] and last["analysis"] == "went-wrong"
    losing = last["losing_move"]
    k = losing["index"]
    assert losing["move"] == moves[k] and isinstance(losing["seen"], bool)
    assert losing["seen"] == (last["moves"][k]["grade"] in ("inaccuracy", "mistake", "blunder"))
    assert games.load("british-square", "piles", 3).line_wins(moves[:k] + losing["line"])
    (row,) = client.get("/api/stats").json()
    assert row["reviewed"] == 1 and row["accuracy_percent"] == round(100 * last["accuracy"], 1)
    assert row["recent_accuracy"] == [round(100 * last["accuracy"], 1)]
    assert client.get(f"/api/games/{gid}").json()["accuracy"] == last["accuracy"]
    client.get(f"/api/games/{gid}/review?samples=1")
    assert client.get("/api/stats").json()[0]["reviewed"] == 1  # asked again: counted once


def test_an_undecided_look_for_the_losing_move_goes_on_only_when_asked_for_longer(client, service, monkeypatch):
    """The fault fixed: "Where did it go wrong?" kept its "could not decide", so asking again never
    tried longer. Here the look is made undecided on purpose (no search decides anything)."""
    import cadogan.solver.analysis as analysis_module
    from cadogan.solver.analysis import Analysis
    from cadogan.solver.outcome import Finding

    tried: list[float] = []

    def undecided(state, timeout=60.0, workers=1):
        tried.append(timeout)
        return Analysis(state.game.id, state.variant, state.deal, Finding.UNKNOWN, None, None, [], timeout)

    monkeypatch.setattr(analysis_module, "analyse_state", undecided)
    moves = lost_game()
    gid = new_game(client, "british-square", "piles", 3, moves)
    last = review_to_the_end(client, gid, "samples=1&budget=30")[-1]
    assert tried == [15.0, AUTO_ANALYSIS]  # the first look, then bench/analyse.py's 60 s, by itself
    assert last["complete"] is False and last["analysis"] == "unknown" and last["losing_move"] is None
    assert last["progress"]["next"] is None and last["progress"]["longer"] == 2 * AUTO_ANALYSIS
    assert client.get("/api/stats").json()[0]["reviewed"] == 1  # every move graded: the accuracy counts
    longer = client.get(f"/api/games/{gid}/review?samples=1&longer=1").json()
    assert tried[-1] == 2 * AUTO_ANALYSIS and longer["progress"]["analysis_seconds"] == 2 * AUTO_ANALYSIS


def test_a_won_game_is_graded_without_a_look_for_a_losing_move(client):
    from known_lines import LOSABLE_DEAL, LOSABLE_LINE, expand

    line = expand(LOSABLE_LINE)
    gid = new_game(client, "precedence", "king-out", LOSABLE_DEAL, line)
    assert client.get(f"/api/games/{gid}").json()["won"]
    answers = review_to_the_end(client, gid, "samples=1&budget=30")
    last = answers[-1]
    assert all(a["progress"]["next"] in (None, {"task": GRADE, "seconds": 30.0}) for a in answers)
    assert last["complete"] and last["over"] and last["analysis"] is None and last["losing_move"] is None


def test_a_game_without_moves_has_an_empty_review(client):
    gid = new_game(client, "square", "classic", 4, [])
    answer = client.get(f"/api/games/{gid}/review").json()
    assert answer["moves"] == [] and answer["accuracy"] is None and answer["complete"]


# --- bounds and refusals ------------------------------------------------------------------------
@given(st.lists(st.booleans(), max_size=12), st.booleans(), st.floats(0.5, 30))
@settings(max_examples=60, deadline=None)
def test_the_steps_are_bounded_and_end(longers, won, budget):
    """Whatever a client asks, a step never takes more than its bound, and the steps end."""
    progress = ReviewProgress(("deal",) * 3, 1, 0, over=True, won=won)
    progress.review = {"moves": [{"how": "sampled"}] * 3, "analysis": "unknown"}
    steps = 0
    for longer in longers + [True] * 10:
        step = next_step(progress, budget, longer)
        if step is None:
            continue
        steps += 1
        task, seconds = step
        assert task == ANALYSE and seconds <= MAX_ANALYSIS and not won
        progress.analysed = seconds
    assert steps <= 4 and next_step(progress, budget, True) is None


@pytest.mark.parametrize("query, name", [
    ("budget=0.1", "budget"), ("budget=31", "budget"), ("budget=x", "budget"), ("samples=0", "samples"),
    ("samples=33", "samples"), ("samples=%D9%A1", "samples"), ("seed=-1", "seed"), ("seed=4294967296", "seed"),
    ("longer=2", "longer"), ("longer=yes", "longer"),
])
def test_bad_parameters_are_400_naming_the_field(client, service, query, name):
    gid = new_game(client, "precedence", "king-out", 3, ["deal"])
    response = client.get(f"/api/games/{gid}/review?{query}")
    assert response.status_code == 400 and response.json()["code"] == "bad-parameter", response.text
    assert response.json()["name"] == name and service.started == 0


def test_an_unknown_game_is_404(client):
    for gid in ("0123456789abcdef", "nope"):
        response = client.get(f"/api/games/{gid}/review")
        assert response.status_code == 404 and response.json()["code"] == "unknown-game-id"


def test_a_review_when_the_solver_is_busy_is_429_with_retry_after(tmp_path):
    service = SolverService(processes=False, queue_limit=0)  # as if the queue were full
    with TestClient(make_app(Store(str(tmp_path / "b.sqlite3")), solver=service)) as busy:
        gid = new_game(busy, "precedence", "king-out", 3, ["deal"])
        response = busy.get(f"/api/games/{gid}/review")
        assert response.status_code == 429 and response.json()["code"] == "busy"
        assert int(response.headers["Retry-After"]) >= 1


def test_a_review_of_older_moves_is_superseded_and_its_worker_stopped(in_process):
    """A step under way when the player moves on is superseded by the review of the new moves: 409,
    and its worker process killed (the search really stops)."""
    service = SolverService(2, processes=True, queue_limit=8)
    server = in_process(solver=service)
    try:
        moves = random_line("british-square", "piles", 9, 30, seed=1)
        status, _, game = server.request("POST", "/api/games", {"game": "british-square", "variant": "piles",
                                                                "deal": 9})
        gid = game["id"]
        for move in moves[:-1]:
            assert server.request("POST", f"/api/games/{gid}/moves", {"move": move})[0] == 200
        first: list = []
        thread = threading.Thread(target=lambda: first.append(
            server.request("GET", f"/api/games/{gid}/review?samples=32&budget=30", timeout=120)))
        thread.start()
        wait_until(lambda: service.busy, 20)
        killed = service.killed
        assert server.request("POST", f"/api/games/{gid}/moves", {"move": moves[-1]})[0] == 200
        status, _, second = server.request("GET", f"/api/games/{gid}/review?samples=1&budget=0.5", timeout=120)
        thread.join(120)
        assert status == 200 and second["progress"]["total"] == len(moves)
        assert first[0][0] == 409 and first[0][2]["code"] == "superseded" and service.killed == killed + 1
    finally:
        service.close()


# --- the store ---------------------------------------------------------------------------------------
def test_the_store_keeps_one_accuracy_per_game_and_their_mean(tmp_path):
    store = Store(str(tmp_path / "s.sqlite3"))
    a = store.create("square", "classic", 1, player="p")
    b = store.create("square", "classic", 2, player="p")
    store.save(b.id, ["deal"], [], won=False, lost=True)
    store.record_accuracy(a.id, 0.5, now=1.0)
    store.record_accuracy(b.id, 0.9, now=2.0)
    store.record_accuracy(a.id, 0.7, now=3.0)  # reviewed again: replaces its first accuracy
    (row,) = store.stats("p")
    assert (row["reviewed"], row["accuracy_percent"], row["recent_accuracy"]) == (2, 80.0, [90.0, 70.0])
    assert store.load(a.id).accuracy == 0.7 and store.record_accuracy("f" * 16, 0.5) is None
    with pytest.raises(ValueError):
        store.record_accuracy(a.id, 1.5)
