"""10,000+ hostile requests against a real ``cadogan serve``: malformed JSON, huge bodies, bad
headers, path traversal, hang-ups. Never a 5xx, never a traceback in the log, the store intact.

Also: lone surrogates, numbers past Python's 4,300-digit int() limit, non-ASCII digits in
pile numbers, deals and budgets, ``"-0"``, and ambiguous framing; ``test_client_text_*`` checks each
answer's status and code."""

from __future__ import annotations

import json
import random
import socket
import sqlite3
import threading
import time
from collections import Counter

REQUESTS = 10_200
THREADS = 4
SECONDS = 75  # the whole run stops here whatever is left (it takes ~20-40 s on a loaded 2-core machine)

PATHS = ["/", "/static/app.js", "/static/../../../../etc/passwd", "/static/%2e%2e/%2e%2e/etc/passwd",
         "/static/..%2f..%2fcadogan%2fstore.py", "/static//etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
         "/static/%00", "/api/games/..%2f..%2f", "/api/games/%00/moves", "/api/stats", "/api/daily",
         "/api/games/{gid}", "/api/games/{gid}/hint?budget={budget}", "/api/games/{gid}/solution?budget={budget}",
         "/api/games/{gid}/solution/position?step={step}", "/api/../../etc/passwd", "/" + "a" * 5000,
         "/api/games/" + "%ff" * 50, "/api/games/{gid}/undo", "/api/games/{gid}/redo", "/api/games/{gid}/restart",
         "/api/games/{gid}/line?from=0&step=1&moves=t" + "1" * 5000 + ">f1", "/api/games/{gid}/line?from=0&step=1&moves=s>t%D9%A1",
         "/api/games/{gid}/line?from=" + "9" * 5000 + "&step=0&moves="]
BUDGETS = ["abc", "nan", "inf", "-1", "0", "1e309", "0.01", "99", "", "%00", "0.05", "%D9%A1", "1" * 5000,
           "%ED%A0%80"]
STEPS = ["-1", "x", "1.5", "9" * 30, "", "0", "\u0661"]
BODIES = [b"", b"{", b"[]", b"null", b'{"game": 5}', b'{"game": "square", "deal": "\xd9\xa1\xd9\xa2"}',
          b'{"game": "square", "deal": 1e999}', b'{"move": ' + b"[" * 3000 + b"]" * 3000 + b"}",
          b'{"move": "x>y"}', b'{"move": "deal"}', b'{"move": "t1>f1"}', b'{"move": "\\u0000"}', b"\xff\xfe" * 50,
          b'{"game": "square", "variant": {"$gt": ""}}', b'{"game": "precedence", "daily": "yes"}',
          b'{"game": "precedence", "winnable": true}', b'{"a":' * 2000 + b"1" + b"}" * 2000, b"x" * 20000,
          b'{"game": "\\ud800"}', b'{"move": "\\udfff"}', b'{"game": "square", "variant": "\\ud800x"}',
          b'{"game": "square", "deal": "\\ud800"}', b'{"game": "square", "deal": "' + b"1" * 5000 + b'"}',
          b'{"game": "square", "deal": ' + b"7" * 5000 + b"}", b'{"game": "square", "deal": "-0"}',
          b'{"move": "s>t\\u0661"}', b'{"move": "t' + b"1" * 90 + b'>f1"}']


def hostile(rng: random.Random, host: str, gid: str) -> tuple[bytes, bool]:
    """One hostile request as bytes, and whether to hang up before reading the answer."""
    kind = rng.randrange(10)
    method = rng.choice(["GET", "POST", "PUT", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE", "GE T", "\x00"])
    path = rng.choice(PATHS).format(gid=rng.choice([gid, "nope", "0" * 16]), budget=rng.choice(BUDGETS),
                                    step=rng.choice(STEPS))
    if method in ("POST", "PUT", "PATCH") and rng.random() < 0.6:
        path = rng.choice(["/api/games", f"/api/games/{gid}/moves"])
    body = rng.choice(BODIES) if method != "GET" or rng.random() < 0.1 else b""
    headers = [f"Host: {host}"]
    if kind == 0:  # bad headers
        headers = rng.choice([[], [f"Host: evil.example:{host.split(':')[1]}"], [f"Host: {host}", "Host: x"],
                              [f"Host: {host}", "Content-Length: -5"], [f"Host: {host}", "Content-Length: abc"],
                              [f"Host: {host}", "Content-Length: 3", "Content-Length: 9"],
                              [f"Host: {host}", "X-Evil: \x01\x02"], [f"Host: {host}", "Bad Header Name: 1"],
                              [f"Host: {host}", "Origin: http://evil.example"], [f"Host: {host}", "Origin: null"],
                              [f"Host: {host}", f"Origin: https://{host}"], [f"Host: {host}", "X: " + "y" * 70000],
                              [f"Host: {host}", "Transfer-Encoding: chunked", "Content-Length: 5"],
                              [f"Host: {host}", "Content-Length: 5", "Transfer-Encoding: chunked"],
                              [f"Host: {host}", "Cookie: cadogan_player=" + "A" * 32 + "; cadogan_player=../../x"],
                              [f"Host: {host}", "Upgrade: websocket", "Connection: Upgrade"]])
        head = f"{method} {path} HTTP/1.1\r\n" + "\r\n".join(headers) + "\r\n\r\n"
        return head.encode("latin-1", "replace") + body, False
    if kind == 1:  # a body declared huge, or a chunked body that goes on and on
        if rng.random() < 0.5:
            return (f"POST /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Length: {rng.choice([10**9, 10**30, 20000])}\r\n\r\n"
                    .encode() + b"{" * 20000, False)
        chunks = b"".join(b"400\r\n" + b"[" * 1024 + b"\r\n" for _ in range(20)) + b"0\r\n\r\n"
        return f"POST /api/games HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: chunked\r\n\r\n".encode() + chunks, False
    if kind == 2:  # hang up: mid-headers, mid-body, or right after a request that starts a search
        cut = rng.choice(["headers", "body", "search"])
        if cut == "headers":
            return f"POST /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Le".encode(), True
        if cut == "body":
            return f"POST /api/games/{gid}/moves HTTP/1.1\r\nHost: {host}\r\nContent-Length: 80\r\n\r\n{{\"mo".encode(), True
        return f"GET /api/games/{gid}/hint?budget=0.2&count=0 HTTP/1.1\r\nHost: {host}\r\n\r\n".encode(), True
    if kind == 3:  # not HTTP at all
        return rng.choice([b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", b"GET\r\n\r\n", b"\r\n\r\n\r\n",
                           bytes(rng.randrange(256) for _ in range(200)), b"GET / HTTP/9.9\r\n\r\n",
                           b"GET /" + b"\xff" * 100 + b" HTTP/1.1\r\nHost: " + host.encode() + b"\r\n\r\n"]), False
    head = f"{method} {path} HTTP/1.1\r\n" + "\r\n".join(headers + [f"Content-Length: {len(body)}"]) + "\r\n\r\n"
    return head.encode("latin-1", "replace") + body, False


def exchange(port: int, data: bytes, hang_up: bool) -> bytes | None:
    """Send ``data`` on a new connection; the status line of the answer (None when there is none)."""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        try:
            sock.sendall(data)
            if hang_up:
                return None
            sock.shutdown(socket.SHUT_WR)
            answer = b""
            while b"\r\n" not in answer:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                answer += chunk
        except (ConnectionResetError, BrokenPipeError):
            return None
    return answer.split(b"\r\n", 1)[0] if answer else None


def test_ten_thousand_hostile_requests_give_no_5xx_no_traceback_and_an_intact_store(server_factory, tmp_path):
    db = str(tmp_path / "fuzz.sqlite3")
    server = server_factory(db)
    status, game = server.request("POST", "/api/games", {"game": "precedence", "deal": 7})
    gid = game["id"]
    statuses: Counter[str] = Counter()
    fives: list[tuple[bytes, bytes]] = []
    deadline = time.monotonic() + SECONDS
    lock = threading.Lock()

    def run(seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(REQUESTS // THREADS):
            if time.monotonic() > deadline:
                return
            data, hang_up = hostile(rng, server.host, gid)
            try:
                line = exchange(server.port, data, hang_up)
            except OSError as err:
                line = f"socket {type(err).__name__}".encode()
            with lock:
                code = line.split(b" ")[1][:3].decode("latin-1") if line and line.startswith(b"HTTP/") else "none"
                statuses[code] += 1
                if code.startswith("5"):
                    fives.append((data[:300], line))

    threads = [threading.Thread(target=run, args=(seed,)) for seed in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    sent = sum(statuses.values())
    assert sent >= 10_000, f"only {sent} requests in {SECONDS} s: {statuses}"
    assert not fives, fives[:5]
    assert server.request("GET", f"/api/games/{gid}")[0] == 200  # still serving
    server.stop()
    log = server.log_text()
    assert "Traceback" not in log and "Exception" not in log, log[-3000:]
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    print(f"{sent} requests: {dict(statuses)}; log {len(log)} characters")
    assert statuses["none"] < sent // 3  # most requests were answered (hang-ups are not)
    assert json.dumps(dict(statuses))


# --- what clients send that once gave a 500 ------------------------------------------------
CLIENT_TEXT = [  # (method, path, body, status, code)
    ("POST", "/api/games", b'{"game": "\\ud800"}', 422, "unknown-game"),
    ("POST", "/api/games", b'{"game": "square", "variant": "\\udfff"}', 422, "unknown-variant"),
    ("POST", "/api/games", b'{"game": "square", "deal": "\\ud800"}', 422, "bad-deal"),
    ("POST", "/api/games", b'{"game": "square", "deal": "' + b"1" * 5000 + b'"}', 422, "deal-out-of-range"),
    ("POST", "/api/games", b'{"game": "square", "deal": "-0"}', 422, "deal-out-of-range"),
    ("POST", "/api/games", b'{"game": "square", "deal": ' + b"7" * 5000 + b"}", 400, "malformed-body"),
    ("POST", "/api/games/{gid}/moves", b'{"move": "\\ud800"}', 422, "bad-move"),
    ("POST", "/api/games/{gid}/moves", b'{"move": "s>t\\u0661"}', 422, "bad-pile"),
    ("GET", "/api/games/{gid}/line?from=0&step=1&moves=t" + "1" * 5000 + ">f1", b"", 422, "bad-pile"),
    ("GET", "/api/games/{gid}/hint?budget=%D9%A1", b"", 400, "bad-parameter"),
    ("GET", "/api/games/{gid}/hint?budget=" + "1" * 5000, b"", 400, "bad-parameter"),
    ("GET", "/api/games/{gid}/solution?budget=%D9%A1", b"", 400, "bad-parameter"),
]


def test_client_text_that_once_gave_a_500_gets_a_4xx_with_its_code(tmp_path):
    from starlette.testclient import TestClient

    from cadogan.store import Store
    from cadogan.web.app import make_app

    with TestClient(make_app(Store(str(tmp_path / "g.sqlite3"))), raise_server_exceptions=False) as client:
        gid = client.post("/api/games", json={"game": "british-square", "variant": "piles", "deal": 42}).json()["id"]
        for method, path, body, status, code in CLIENT_TEXT:
            answer = client.request(method, path.format(gid=gid), content=body or None,
                                    headers={"Content-Type": "application/json"})
            assert (answer.status_code, answer.json()["code"]) == (status, code), (path[:60], body[:60], answer.text[:200])
        assert client.get(f"/api/games/{gid}").json()["moves"] == []  # s>t\u0661 was not stored as s>t1


def test_an_error_echoing_a_lone_surrogate_gives_it_back_exactly(tmp_path):
    from starlette.testclient import TestClient

    from cadogan.store import Store
    from cadogan.web.app import make_app

    with TestClient(make_app(Store(str(tmp_path / "g.sqlite3"))), raise_server_exceptions=False) as client:
        answer = client.post("/api/games", content=b'{"game": "x\\ud800y"}', headers={"Content-Type": "application/json"})
    assert answer.status_code == 422 and answer.content.isascii()
    assert json.loads(answer.content)["game"] == "x\ud800y"
