"""A server that holds under load and hostile clients. One test (or more) per fault found."""

from __future__ import annotations

import argparse
import json
import socket
import threading
import time
import urllib.request
import warnings
from pathlib import Path

import pytest

from cadogan.store import Store
from cadogan.web.app import make_app
from cadogan.web.solver_service import SolverService

from waiting import wait_until

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402

STATIC = Path(__file__).parents[2] / "cadogan" / "web" / "static"


def make_game(server, game="square", variant="free", deal=1) -> str:
    status, *_, obj = server.request("POST", "/api/games", {"game": game, "variant": variant, "deal": deal})
    assert status == 201, obj
    return obj["id"]


def gone(pid: int) -> bool:
    """Whether process ``pid`` no longer runs (gone, or a zombie waiting to be reaped)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] in "ZX"
    except (OSError, IndexError):
        return True


# --- 1. solver work bounded, cancelled, cached -------------------------------------------------------
@pytest.fixture()
def solving(in_process):
    """A real server whose searches run in two worker processes (one kept for hints)."""
    service = SolverService(2, processes=True, queue_limit=8)
    server = in_process(solver=service)
    server.service = service
    gid = make_game(server, "precedence", "king-out", 3)
    assert server.request("GET", f"/api/games/{gid}/hint?budget=0.1&count=0")[0] == 200  # workers warmed up
    yield server
    service.close()


def test_searches_whose_clients_hang_up_stop_and_a_hint_is_answered_in_its_budget(solving):
    service = solving.service
    games = [make_game(solving, deal=deal) for deal in range(1, 7)]  # Square free 1-6: undecided in 10 s
    sockets = []
    for gid in games:
        sock = socket.create_connection(("127.0.0.1", solving.port))
        sock.sendall(f"GET /api/games/{gid}/solution?budget=10 HTTP/1.1\r\nHost: {solving.host}\r\n\r\n".encode())
        sockets.append(sock)
    assert wait_until(lambda: service.busy == 1, 5)  # one solution at a time: the other core is for hints
    for sock in sockets:
        sock.close()
    assert wait_until(lambda: service.busy == 0, 5), "searches go on after their clients hung up"
    assert service.killed >= 1 and wait_until(lambda: all(gone(pid) for pid in service.killed_pids), 5)
    status, _, answer = solving.request("GET", f"/api/games/{games[0]}/hint?budget=0.3")
    assert status == 200 and answer["verdict"] in ("winnable", "lost", "unknown")


def test_a_hint_stays_within_its_budget_while_a_solution_runs(solving):
    solver_game, hint_game = make_game(solving, deal=1), make_game(solving, deal=2)
    thread = threading.Thread(target=solving.request, args=("GET", f"/api/games/{solver_game}/solution?budget=6"))
    thread.start()
    assert wait_until(lambda: solving.service.busy == 1, 5)
    status, _, _ = solving.request("GET", f"/api/games/{hint_game}/hint?budget=0.5")
    # answered while the 6 s solution still runs: the hint did not wait behind it (an order, not a clock)
    assert status == 200 and thread.is_alive() and solving.service.busy >= 1
    thread.join(20)


def test_a_newer_request_for_the_same_game_supersedes_the_older_one(solving):
    gid = make_game(solving, deal=4)
    answers: list[tuple[int, object]] = []
    first = threading.Thread(target=lambda: answers.append(
        solving.request("GET", f"/api/games/{gid}/hint?budget=8&count=0")[::2]))
    first.start()
    assert wait_until(lambda: solving.service.busy == 1, 5)
    killed = solving.service.killed
    status, _, second = solving.request("GET", f"/api/games/{gid}/hint?budget=0.2&count=0")
    first.join(10)
    assert status == 200 and answers == [(409, {"error": answers[0][1]["error"], "code": "superseded"})]
    assert solving.service.killed == killed + 1


def test_a_full_queue_is_429_with_retry_after(in_process, monkeypatch):
    import cadogan.solver

    release = threading.Event()  # the searches hold until the third request has been answered

    def held(state, timeout=None, **limits):
        release.wait(60)
        return cadogan.solver.SolveResult("unknown", [], 1, 1.0)

    monkeypatch.setattr(cadogan.solver, "solve", held)
    server = in_process(solver=SolverService(1, processes=False, queue_limit=1))
    games = [make_game(server, deal=d) for d in (1, 2, 3)]
    answers: dict[str, tuple] = {}
    threads = [threading.Thread(target=lambda g=g: answers.__setitem__(g, server.request(
        "GET", f"/api/games/{g}/solution?budget=1"))) for g in games]
    for thread in threads:
        thread.start()
    wait_until(lambda: len(answers) == 1, 60)  # one running, one queued: the third is refused at once
    release.set()
    for thread in threads:
        thread.join(60)
    statuses = sorted(a[0] for a in answers.values())
    assert statuses == [200, 200, 429]
    (refused,) = [a for a in answers.values() if a[0] == 429]
    assert refused[2]["code"] == "busy" and int(refused[1]["retry-after"]) >= 1


def test_unknown_answers_are_kept_until_a_longer_budget_is_asked(monkeypatch, tmp_path):
    import cadogan.solver

    calls: list[float] = []
    monkeypatch.setattr(cadogan.solver, "solve", lambda state, timeout=None, **limits: calls.append(timeout) or
                        cadogan.solver.SolveResult("unknown", [], 1, 0.1))
    with TestClient(make_app(Store(str(tmp_path / "g.sqlite3")))) as client:
        gid = client.post("/api/games", json={"game": "square", "deal": 5}).json()["id"]
        answers = [client.get(f"/api/games/{gid}/solution?budget={b}").json() for b in (2, 2, 1, 3)]
    assert [a["cached"] for a in answers] == [False, True, True, False] and calls == [2.0, 3.0]


# --- 2. an acknowledged move is never lost -------------------------------------------------------------
def test_a_move_whose_body_arrives_late_does_not_undo_newer_moves(server_factory, tmp_path):
    db = str(tmp_path / "late.sqlite3")
    server = server_factory(db)
    status, game = server.request("POST", "/api/games", {"game": "precedence", "deal": 42})
    gid = game["id"]
    body = json.dumps({"move": "deal"}).encode()
    with socket.create_connection(("127.0.0.1", server.port), timeout=20) as late:
        late.sendall(f"POST /api/games/{gid}/moves HTTP/1.1\r\nHost: {server.host}\r\nContent-Type: application/json"
                     f"\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode())
        for deal in range(70):  # more games than the server keeps in memory
            assert server.request("POST", "/api/games", {"game": "square", "deal": deal})[0] == 201
        for _ in range(2):
            assert server.request("POST", f"/api/games/{gid}/moves", {"move": "deal"})[0] == 200
        late.sendall(body)
        answer = b""
        while chunk := late.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200")
    assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["moves"] == ["deal"] * 3
    server.kill()
    assert server_factory(db).request("GET", f"/api/games/{gid}")[1]["moves"] == ["deal"] * 3


# --- 3. statistics in O(1); game creation limited ------------------------------------------------------
def test_statistics_are_running_totals_that_read_no_game():
    store = Store(":memory:")
    for k in range(3000):
        saved = store.create("precedence", "king-out", k, now=float(k))
        store.save(saved.id, ["deal"], [], won=k % 3 == 0, lost=False, now=k + 0.5)
    statements: list[str] = []
    store._conn.set_trace_callback(statements.append)
    (row,) = store.stats()
    assert statements and not [s for s in statements if "games" in s], "statistics read the games"
    assert row["played"] == 3000 and row["won"] == 1000 and row["current_streak"] == 0 and row["best_streak"] == 1


def test_game_creation_is_limited_per_client(tmp_path):
    with TestClient(make_app(Store(str(tmp_path / "g.sqlite3")), games_per_minute=3)) as client:
        statuses = [client.post("/api/games", json={"game": "square"}) for _ in range(4)]
    assert [r.status_code for r in statuses] == [201, 201, 201, 429]
    assert statuses[-1].json()["code"] == "rate-limited" and int(statuses[-1].headers["Retry-After"]) >= 1


# --- 4. hang-ups are quiet; bodies have a time limit -----------------------------------------------------
def test_clients_hanging_up_mid_body_are_quiet_log_lines(server_factory):
    server = server_factory()
    status, game = server.request("POST", "/api/games", {"game": "precedence", "deal": 1})
    for k in range(40):
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            path = "/api/games" if k % 2 else f"/api/games/{game['id']}/moves"
            sock.sendall(f"POST {path} HTTP/1.1\r\nHost: {server.host}\r\nContent-Length: 100\r\n\r\n"
                         '{"move": "de'.encode())
    assert server.request("GET", f"/api/games/{game['id']}")[1]["moves"] == []
    time.sleep(0.5)
    log = server.log_text()
    assert "Traceback" not in log and " 500" not in log and len(log) < 40 * 200


def test_a_body_that_does_not_arrive_in_time_is_408(in_process, raw):
    server = in_process(body_seconds=0.5)
    answer = raw(server.port, f"POST /api/games HTTP/1.1\r\nHost: {server.host}\r\nContent-Length: 50".encode(),
                         b'{"game": ')
    assert answer.startswith(b"HTTP/1.1 408") and b'"body-timeout"' in answer


def test_a_body_declared_too_large_is_413_without_reading_it(in_process, raw):
    server = in_process()
    answer = raw(server.port, f"POST /api/games HTTP/1.1\r\nHost: {server.host}\r\n"
                                      "Content-Length: 100000000".encode())
    assert answer.startswith(b"HTTP/1.1 413") and b'"body-too-large"' in answer


# --- 5. Host and Origin checked, security headers sent ---------------------------------------------------
def test_another_host_is_refused_even_with_a_matching_origin(server_factory, raw):
    server = server_factory()
    port = server.port
    for method in ("GET", "POST"):
        answer = raw(port, f"{method} /api/games HTTP/1.1\r\nHost: evil.example:{port}\r\n"
                                   f"Origin: http://evil.example:{port}\r\nContent-Length: 18".encode(), b'{"game": "square"}')
        assert answer.startswith(b"HTTP/1.1 403") and b'"reason": "host"' in answer


@pytest.mark.parametrize("origin", ["https://127.0.0.1:{port}", "http://127.0.0.1:{other}", "null",
                                    "http://evil.example"])
def test_an_origin_that_is_not_this_server_scheme_included_is_refused(server_factory, origin):
    server = server_factory()
    status, headers, answer = _post(server, {"Origin": origin.format(port=server.port, other=server.port + 1)})
    assert status == 403 and answer["code"] == "forbidden" and answer["reason"] == "origin"
    assert _post(server, {"Origin": f"http://127.0.0.1:{server.port}"})[0] == 201
    assert _post(server, {"Origin": f"http://localhost:{server.port}", "Host": f"localhost:{server.port}"})[0] == 201


def _post(server, headers):
    req = urllib.request.Request(server.url + "/api/games", data=b'{"game": "square"}', method="POST",
                                 headers={"Content-Type": "application/json", **headers})
    try:
        with urllib.request.urlopen(req, timeout=10) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, {k.lower(): v for k, v in err.headers.items()}, json.loads(err.read())


@pytest.mark.parametrize("path", ["/", "/static/app.js", "/static/style.css", "/api/games", "/api/nothing",
                                  "/static/../../etc/passwd"])
def test_every_answer_carries_the_security_headers(server_factory, raw, path):
    server = server_factory()
    answer = raw(server.port, f"GET {path} HTTP/1.1\r\nHost: {server.host}".encode()).decode("latin-1")
    head = answer.split("\r\n\r\n")[0].lower()
    assert "x-content-type-options: nosniff" in head and "x-frame-options: deny" in head
    csp = next(line for line in head.split("\r\n") if line.startswith("content-security-policy:"))
    script_src = next(part for part in csp.split(";") if "script-src" in part)
    assert "frame-ancestors 'none'" in csp and "'self'" in script_src and "unsafe-inline" not in script_src
    assert "*" not in script_src and "data:" not in script_src


def test_the_front_end_has_no_inline_script_the_policy_would_block():
    import re

    for page in STATIC.glob("*.html"):
        html = page.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), f"{page.name}: inline <script>"
        assert not re.search(r"\son[a-z]+\s*=", html), f"{page.name}: inline event handler"
        assert "javascript:" not in html


# --- 6. other hosts warned of; each browser its own player -----------------------------------------------
def test_listening_beyond_this_computer_warns_and_prints_the_real_urls(monkeypatch, capsys, tmp_path, port_factory):
    from cadogan.web import command, connection

    seen = {}
    monkeypatch.setattr(connection, "serve", lambda app, host, port, **options: seen.update(host=host, port=port))
    port = port_factory()
    command.run_serve(argparse.Namespace(host="0.0.0.0", port=port, db=str(tmp_path / "g.sqlite3"), open=False))
    err = capsys.readouterr().err
    assert "warning" in err and "other computers" in err
    assert f"http://127.0.0.1:{port}/" in err and "0.0.0.0:" not in err.replace("listening on 0.0.0.0", "")
    assert seen["host"] == "0.0.0.0"
    command.run_serve(argparse.Namespace(host="127.0.0.1", port=port, db=str(tmp_path / "g.sqlite3"), open=False))
    assert "warning" not in capsys.readouterr().err


def test_each_browser_is_its_own_player(tmp_path):
    app = make_app(Store(str(tmp_path / "g.sqlite3")))
    with TestClient(app) as alice, TestClient(app) as bob:
        first = alice.post("/api/games", json={"game": "precedence", "deal": 1})
        cookie = first.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/" in cookie
        assert len(alice.cookies["cadogan_player"]) == 32
        alice.post(f"/api/games/{first.json()['id']}/moves", json={"move": "deal"})
        assert "set-cookie" not in alice.get("/api/stats").headers  # the player is known now
        bob.post("/api/games", json={"game": "precedence", "deal": 2})  # does not abandon Alice's game
        assert alice.cookies["cadogan_player"] != bob.cookies["cadogan_player"]
        (row,) = alice.get("/api/stats").json()
        assert (row["played"], row["won"], row["current_streak"]) == (1, 0, 0)
        assert alice.get(f"/api/games/{first.json()['id']}").json()["moves"] == ["deal"]
        assert bob.get("/api/stats").json() == []
        alice.post("/api/games", json={"game": "precedence", "deal": 3})  # now Alice leaves her game: lost
        saved = Store(str(tmp_path / "g.sqlite3")).load(first.json()["id"])
        assert saved.outcome == "lost"


def test_a_forged_player_cookie_is_replaced(tmp_path):
    with TestClient(make_app(Store(str(tmp_path / "g.sqlite3")))) as client:
        client.cookies.set("cadogan_player", "admin")
        response = client.get("/api/stats")
        assert "cadogan_player=" in response.headers["set-cookie"] and "admin" not in response.headers["set-cookie"]


def test_two_requests_for_the_same_position_and_budget_share_one_search(in_process, monkeypatch):
    import cadogan.solver

    calls: list[float] = []

    def slow(state, timeout=None, **limits):
        calls.append(timeout)
        time.sleep(0.5)
        return cadogan.solver.SolveResult("lost", [], 1, 0.5)

    monkeypatch.setattr(cadogan.solver, "solve", slow)
    server = in_process(solver=SolverService(2, processes=False))
    first, second = make_game(server, deal=9), make_game(server, deal=9)  # two games of one deal
    answers: list[object] = []
    threads = [threading.Thread(target=lambda g=g: answers.append(server.request("GET", f"/api/games/{g}/solution?budget=2")[2]))
               for g in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert calls == [2.0] and [a["result"] for a in answers] == ["lost", "lost"]
