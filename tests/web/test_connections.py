"""Connections under real clients: idle and dribbling clients, a connection limit under few
file descriptors, protocol errors in the API's JSON form, ambiguous framing closed.

No wall-clock assertion: "served" means "answered within a generous bound", and timeouts are
checked by the connection being closed, not by how fast.
"""

from __future__ import annotations

import json
import os
import resource
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import pytest
from ports import free_port

from cadogan.web.connection import AcceptLogLimit, connection_limit, guarded_protocol

GENEROUS = 60.0  # seconds: the bound of "eventually" on a loaded 2-core machine


# --- a guarded uvicorn in this process, with small limits ------------------------------------------
class Guarded:
    """The app under ``cadogan.web.connection``'s protocol, in a thread, with the limits given."""

    def __init__(self, tmp_path, max_connections: int, head_seconds: float) -> None:
        import uvicorn

        from cadogan.store import Store
        from cadogan.web.app import make_app

        self.port = free_port()
        self.host = f"127.0.0.1:{self.port}"
        app = make_app(Store(str(tmp_path / "g.sqlite3")), hosts={self.host})
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", timeout_keep_alive=5,
                                http=guarded_protocol(max_connections, head_seconds))
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.02)
        assert self.server.started

    def get(self, path: str) -> tuple[int, object]:
        with urllib.request.urlopen(f"http://{self.host}{path}", timeout=GENEROUS) as answer:
            return answer.status, json.loads(answer.read())

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)


@pytest.fixture()
def guarded(tmp_path):
    started: list[Guarded] = []

    def make(max_connections: int = 50, head_seconds: float = 1.0) -> Guarded:
        server = Guarded(tmp_path, max_connections, head_seconds)
        started.append(server)
        return server

    yield make
    for server in started:
        server.stop()


def read_until_closed(sock: socket.socket, bound: float = GENEROUS) -> bytes:
    """Everything the server sends until it closes the connection (fails past ``bound`` seconds)."""
    sock.settimeout(bound)
    chunks = []
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def head_and_json(answer: bytes) -> tuple[str, dict]:
    head, _, body = answer.partition(b"\r\n\r\n")
    return head.decode("latin-1").lower(), json.loads(body)


def test_an_idle_connection_is_closed_once_its_head_is_late(guarded):
    server = guarded(head_seconds=1.0)
    with socket.create_connection(("127.0.0.1", server.port)) as sock:
        assert read_until_closed(sock) == b""  # closed without a word: nothing was asked


def test_a_head_dribbled_a_byte_at_a_time_is_cut_off_with_408(guarded):
    server = guarded(head_seconds=1.0)
    request = f"GET /api/games HTTP/1.1\r\nHost: {server.host}\r\nX-Slow: ".encode() + b"y" * 200
    with socket.create_connection(("127.0.0.1", server.port)) as sock:
        sent = 0
        try:
            for byte in request:  # one byte every 0.1 s: each byte resets uvicorn's own keep-alive timer
                sock.send(bytes([byte]))
                sent += 1
                time.sleep(0.1)
        except (BrokenPipeError, ConnectionResetError):
            pass
        assert sent < len(request)  # the server hung up before the head was complete
        head, body = head_and_json(read_until_closed(sock))
    assert head.startswith("http/1.1 408") and body["code"] == "head-timeout"
    assert "x-content-type-options: nosniff" in head and "connection: close" in head


def test_a_kept_alive_connection_gets_the_same_bound_for_its_next_head(guarded):
    server = guarded(head_seconds=1.0)
    with socket.create_connection(("127.0.0.1", server.port)) as sock:
        sock.sendall(f"GET /api/games HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode())
        sock.settimeout(GENEROUS)
        first = sock.recv(65536)
        assert first.startswith(b"HTTP/1.1 200")
        try:
            for _ in range(100):  # the next head, dribbled
                sock.send(b"G")
                time.sleep(0.1)
        except (BrokenPipeError, ConnectionResetError):
            pass
        rest = read_until_closed(sock)
    assert rest == b"" or rest.startswith(b"HTTP/1.1 408") or first.count(b"HTTP/1.1") == 1


def test_past_the_connection_limit_the_longest_waiting_idle_connection_makes_room(guarded):
    server = guarded(max_connections=8, head_seconds=30.0)
    idle = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(20)]
    try:
        status, games = server.get("/api/games")  # a real client, beyond the limit, is served
        assert status == 200 and {g["game"] for g in games} == {"british-square", "square", "precedence"}
        closed = 0
        for sock in idle[:12]:  # the oldest ones made room (each newcomer pushed one out)
            closed += read_until_closed(sock, bound=GENEROUS) == b""
        assert closed == 12
    finally:
        for sock in idle:
            sock.close()


def test_a_request_h11_cannot_parse_gets_the_apis_json_400_with_the_security_headers(guarded):
    server = guarded()
    for garbage in (b"GET / HTTP/1.1\r\nBad Header Name: 1\r\n\r\n", b"\x16\x03\x01\x02\x00\x01\x00\r\n\r\n",
                    b"GET / HTTP/1.1\r\nX: " + b"y" * 70000):  # a head past h11's 16 KiB, still going
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            sock.sendall(garbage)
            head, body = head_and_json(read_until_closed(sock))
        assert head.startswith("http/1.1 400") and body["code"] == "malformed-request" and body["error"]
        assert "content-type: application/json" in head and "x-frame-options: deny" in head


@pytest.mark.parametrize("order", ["cl-te", "te-cl"])
def test_content_length_with_transfer_encoding_is_refused_and_the_connection_closed(guarded, order):
    """RFC 9112 section 6.1: such a request may be a smuggling attempt; answer, then close."""
    server = guarded(head_seconds=30.0)
    framing = ["Content-Length: 5", "Transfer-Encoding: chunked"]
    if order == "te-cl":
        framing.reverse()
    head = f"POST /api/games HTTP/1.1\r\nHost: {server.host}\r\n" + "\r\n".join(framing) + "\r\n\r\n"
    with socket.create_connection(("127.0.0.1", server.port)) as sock:
        sock.sendall(head.encode() + b'12\r\n{"game": "square"}\r\n0\r\n\r\n')
        answer = read_until_closed(sock)  # fails (times out) if the connection stays open
    head_text, body = head_and_json(answer)
    assert head_text.startswith("http/1.1 400") and body["code"] == "malformed-request"
    assert "connection: close" in head_text


def test_the_connection_limit_keeps_file_descriptors_free():
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    limit = connection_limit()
    assert 8 <= limit and (soft == resource.RLIM_INFINITY or limit <= soft - 64)


def test_out_of_resource_reports_are_one_line_each_ten_seconds():
    lines: list[str] = []
    handler = AcceptLogLimit(every=10.0, write=lines.append)
    context = {"message": "socket.accept() out of system resource", "exception": OSError(24, "Too many open files")}
    for now in range(0, 30):  # 30 reports a second would be thousands; here one every 10 s
        for _ in range(1000):
            handler.report(context, float(now))
    assert len(lines) == 3 and all("Traceback" not in line and "\n" not in line for line in lines)


# --- the real server, few file descriptors, hundreds of idle clients ------------------------------
DESCRIPTORS = 256
IDLE = 300


def _few_descriptors() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = DESCRIPTORS if hard == resource.RLIM_INFINITY else min(DESCRIPTORS, hard)
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, want))


@pytest.mark.skipif(resource.getrlimit(resource.RLIMIT_NOFILE)[0] < IDLE + 50, reason="this process cannot open 300 sockets")
def test_300_idle_connections_under_256_descriptors_leave_a_real_client_served_and_the_log_small(tmp_path):
    port = free_port()
    log_path = tmp_path / "serve.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen([sys.executable, "-m", "cadogan.cli", "serve", "--port", str(port), "--db",
                                    str(tmp_path / "g.sqlite3")], stdout=subprocess.DEVNULL, stderr=log,
                                   env=dict(os.environ, PYTHONUNBUFFERED="1"), preexec_fn=_few_descriptors)
    idle: list[socket.socket] = []
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert time.monotonic() < deadline and process.poll() is None, log_path.read_text()
                time.sleep(0.05)
        for i in range(IDLE):  # half say nothing, half start a head and stop
            sock = socket.create_connection(("127.0.0.1", port), timeout=GENEROUS)
            if i % 2:
                sock.send(b"GET / HTTP/1.1\r\nHo")
            idle.append(sock)
        served = None
        deadline = time.monotonic() + GENEROUS
        while served is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=10) as answer:
                    served = answer.status
            except OSError:
                time.sleep(0.5)
        assert served == 200
        time.sleep(2)  # the idle clients stay a while: the log must stay quiet meanwhile
        assert process.poll() is None
    finally:
        for sock in idle:
            sock.close()
        process.terminate()
        process.wait(timeout=20)
    text = log_path.read_text(errors="replace")
    assert "Traceback" not in text and len(text) < 2000, text[-2000:]
