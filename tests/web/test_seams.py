"""Issues 35 and 36: the server's solver queue and its games file, one test per fault fixed.

Each test failed on the code before the fix (named in its docstring).
"""

from __future__ import annotations

import signal
import socket
import subprocess
import threading
import time
import warnings
from pathlib import Path

import pytest

import cadogan.solver
from cadogan.store import Store
from cadogan.web.app import make_app
from cadogan.web.solver_service import SolverService
from tests.web.test_faults import make_game, wait_until

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (not gone, not a zombie)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1][0] not in "ZX"
    except (OSError, IndexError):
        return False


def descendants(pid: int) -> set[int]:
    """The processes below ``pid`` (children, their children, ...), from /proc."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(") ", 1)[1].split()
        except (OSError, IndexError):
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def ask_in_background(server, path: str, answers: dict[str, tuple]) -> threading.Thread:
    thread = threading.Thread(target=lambda: answers.__setitem__(path, server.request("GET", path)), daemon=True)
    thread.start()
    return thread


class SlowVerdict:
    """A deal's verdict that takes ``seconds`` to come (``cadogan.solver.verdict.deal_verdict``)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def __call__(self, game, variant, deal, seconds=3.0):
        time.sleep(self.seconds)
        return self

    def to_json(self) -> dict[str, str]:
        return {"verdict": "undecided", "difficulty": "unknown", "source": "solver"}


@pytest.fixture()
def slow_solver(monkeypatch):
    def slow(state, timeout=None, **limits):
        time.sleep(1.5)
        return cadogan.solver.SolveResult("unknown", [], 1, 1.5)

    monkeypatch.setattr(cadogan.solver, "solve", slow)
    monkeypatch.setattr("cadogan.solver.verdict.deal_verdict", SlowVerdict(1.5))


# --- one fair queue, bounded per lane ------------------------------------------------------------------
def test_the_queue_is_bounded_per_lane_not_per_kind(in_process, slow_solver):
    """Before: each kind had its own queue, so a verdict queued behind a full queue of solutions."""
    server = in_process(solver=SolverService(1, processes=False, queue_limit=1))
    first, second, third = (make_game(server, deal=d) for d in (1, 2, 3))
    answers: dict[str, tuple] = {}
    threads = [ask_in_background(server, f"/api/games/{first}/solution?budget=2", answers)]
    time.sleep(0.3)  # the first solution runs on the only worker
    threads.append(ask_in_background(server, f"/api/games/{second}/solution?budget=2", answers))
    time.sleep(0.3)
    status, headers, answer = server.request("GET", f"/api/games/{third}/verdict?budget=2")
    assert status == 429 and answer["code"] == "busy" and int(headers["retry-after"]) >= 1
    for thread in threads:
        thread.join(15)
    assert sorted(a[0] for a in answers.values()) == [200, 200]


def test_retry_after_counts_the_whole_queue_ahead(in_process, slow_solver):
    """Before: Retry-After counted only the searches of the refused request's own kind (here 10 s for
    the queued solution, not the verdict of 10 s running ahead of it)."""
    server = in_process(solver=SolverService(1, processes=False, queue_limit=1))
    first, second, third = (make_game(server, deal=d) for d in (1, 2, 3))
    answers: dict[str, tuple] = {}
    threads = [ask_in_background(server, f"/api/games/{first}/verdict?budget=10", answers)]
    time.sleep(0.3)
    threads.append(ask_in_background(server, f"/api/games/{second}/solution?budget=10", answers))
    time.sleep(0.3)
    status, headers, _ = server.request("GET", f"/api/games/{third}/solution?budget=1")
    assert status == 429
    assert int(headers["retry-after"]) >= 15  # 10 s queued + what is left of the 10 s verdict, on one worker
    for thread in threads:
        thread.join(15)


# --- statistics count what was given -------------------------------------------------------------------
def test_a_peek_refused_is_not_counted(tmp_path):
    """Before: the solver's hint was counted before the solver was asked, so a 429 counted as used."""
    store = Store(str(tmp_path / "g.sqlite3"))
    with TestClient(make_app(store, solver=SolverService(1, processes=False, queue_limit=0))) as client:
        game = client.post("/api/games", json={"game": "precedence", "variant": "king-out", "deal": 3}).json()
        client.post(f"/api/games/{game['id']}/moves", json={"move": "deal"})
        refused = client.get(f"/api/games/{game['id']}/hint?budget=0.2")
        assert refused.status_code == 429 and refused.json()["code"] == "busy"
        assert client.get(f"/api/games/{game['id']}/advice?count=1").status_code == 429
        (row,) = client.get("/api/stats").json()
        assert (row["peeks_used"], row["hints_used"]) == (0, 0)
        assert client.get(f"/api/games/{game['id']}").json()["peeks"] == 0


def test_a_peek_answered_is_counted_as_a_peek_and_advice_asked_as_a_hint_as_a_hint(tmp_path):
    with TestClient(make_app(Store(str(tmp_path / "g.sqlite3")))) as client:
        game = client.post("/api/games", json={"game": "precedence", "variant": "king-out", "deal": 3}).json()
        client.post(f"/api/games/{game['id']}/moves", json={"move": "deal"})
        assert client.get(f"/api/games/{game['id']}/hint?budget=0.2").status_code == 200
        assert client.get(f"/api/games/{game['id']}/hint?budget=0.2&count=0").status_code == 200  # a check only
        (row,) = client.get("/api/stats").json()
        assert (row["peeks_used"], row["hints_used"]) == (1, 0)
        assert client.get(f"/api/games/{game['id']}/advice?samples=2").status_code == 200  # the meter: not counted
        assert client.get(f"/api/games/{game['id']}/advice?samples=2&count=1").status_code == 200  # a hint
        (row,) = client.get("/api/stats").json()
        counted = client.get(f"/api/games/{game['id']}").json()
        assert (row["peeks_used"], row["hints_used"]) == (1, 1) and (counted["peeks"], counted["hints"]) == (1, 1)
        assert client.get(f"/api/games/{game['id']}/advice?count=2").json()["code"] == "bad-parameter"


# --- two servers on one games file ---------------------------------------------------------------------
def test_a_game_moved_on_by_another_server_is_not_served_stale(tmp_path):
    """Before: a GET answered the copy kept in memory, without the move the other server stored."""
    db = str(tmp_path / "g.sqlite3")
    with TestClient(make_app(Store(db))) as one, TestClient(make_app(Store(db))) as other:
        game = one.post("/api/games", json={"game": "precedence", "variant": "king-out", "deal": 5}).json()
        assert one.get(f"/api/games/{game['id']}").json()["moves"] == []
        assert other.post(f"/api/games/{game['id']}/moves", json={"move": "deal"}).status_code == 200
        assert one.get(f"/api/games/{game['id']}").json()["moves"] == ["deal"]
        moved = one.post(f"/api/games/{game['id']}/moves", json={"move": "deal"})  # played on the stored game
        assert moved.status_code == 200 and moved.json()["moves"] == ["deal", "deal"]


# --- the server's worker processes ---------------------------------------------------------------------
def _start_searches(server, count: int) -> list[socket.socket]:
    """``count`` long searches (Square free deals, undecided in 30 s), their clients still waiting."""
    sockets = []
    for deal in range(1, count + 1):
        status, game = server.request("POST", "/api/games", {"game": "square", "variant": "free", "deal": deal})
        assert status == 201
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.sendall(f"GET /api/games/{game['id']}/solution?budget=30 HTTP/1.1\r\nHost: {server.host}\r\n"
                     f"Cookie: {server.cookie}\r\n\r\n".encode())
        sockets.append(sock)
    return sockets


def test_ctrl_c_ends_queued_and_running_searches_at_once(server_factory):
    """Before: the server waited for every queued search to run to its budget before it stopped."""
    server = server_factory()
    sockets = _start_searches(server, 3)
    assert wait_until(lambda: len(descendants(server.process.pid)) >= 2, 10)  # the fork server and a worker
    server.process.send_signal(signal.SIGINT)
    try:
        server.process.wait(timeout=15)  # the searches alone would take 30 s each
    except subprocess.TimeoutExpired:
        pytest.fail("Ctrl+C waited for the searches")
    finally:
        for sock in sockets:
            sock.close()


def test_search_workers_die_with_their_server(server_factory):
    """Before: after kill -9 of the server a worker searched on to its budget, then printed a
    BrokenPipeError traceback."""
    server = server_factory()
    sockets = _start_searches(server, 1)
    assert wait_until(lambda: len(descendants(server.process.pid)) >= 2, 10)
    time.sleep(0.5)  # the search has begun
    workers = descendants(server.process.pid)
    server.kill()
    for sock in sockets:
        sock.close()
    assert wait_until(lambda: not any(alive(pid) for pid in workers), 10), "a worker outlived its server"
    assert "Traceback" not in server.log_text()
