"""A real ``cadogan serve`` in a subprocess on a free port of 127.0.0.1, stopped after use."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from ports import free_port


class Server:
    """``cadogan serve --db FILE`` on a free port; ``request`` talks JSON to it."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.host = f"127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.log_path = f"{db}.{self.port}.log"  # a file, not a pipe: a full pipe would stall the server

    def log_text(self) -> str:
        """Everything the server wrote on stderr so far."""
        with open(self.log_path, encoding="utf-8", errors="replace") as handle:
            return handle.read()

    def start(self) -> "Server":
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "cadogan.cli", "serve", "--port", str(self.port), "--db", self.db],
                stdout=subprocess.DEVNULL, stderr=log, env=env)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_text()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("server did not start in 20 s")

    def request(self, method: str, path: str, body: object = None) -> tuple[int, object]:
        """One JSON request, as one browser: the player cookie the server gave is sent back."""
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if getattr(self, "cookie", None):
            headers["Cookie"] = self.cookie
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=30) as response:
                self._keep_cookie(response.headers)
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as err:
            self._keep_cookie(err.headers)
            return err.code, json.loads(err.read())

    def _keep_cookie(self, headers) -> None:
        cookie = headers.get("set-cookie")
        if cookie:
            self.cookie = cookie.split(";")[0]

    def kill(self) -> None:
        """kill -9: no chance to flush or close anything."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


@pytest.fixture()
def server_factory(tmp_path):
    started: list[Server] = []

    def make(db: str | None = None) -> Server:
        server = Server(db or str(tmp_path / "games.sqlite3")).start()
        started.append(server)
        return server

    yield make
    for server in started:
        server.stop()


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """One server per test module (and per xdist worker), on its own database."""
    server = Server(str(tmp_path_factory.mktemp("live") / "games.sqlite3")).start()
    yield server
    server.stop()


class InProcessServer:
    """uvicorn serving ``app`` in a thread of this process on a free port of 127.0.0.1 (tests can reach
    the app's objects, e.g. its solver service)."""

    def __init__(self, app, port: int | None = None) -> None:
        import threading

        import uvicorn

        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.host = f"127.0.0.1:{self.port}"
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning",
                                                    timeout_keep_alive=5))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> "InProcessServer":
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.02)
        assert self.server.started, "uvicorn did not start in 20 s"
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)

    def request(self, method: str, path: str, body: object = None, headers: dict | None = None,
                timeout: float = 30) -> tuple[int, dict, object]:
        """(status, headers, JSON answer) of one request."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as response:
                return response.status, {k.lower(): v for k, v in response.headers.items()}, json.loads(response.read())
        except urllib.error.HTTPError as err:
            return err.code, {k.lower(): v for k, v in err.headers.items()}, json.loads(err.read())


def raw_request(port: int, head: bytes, body: bytes = b"", timeout: float = 15) -> bytes:
    """Send ``head`` (request line and headers, without the blank line) and ``body``; the raw answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(head.rstrip(b"\r\n") + b"\r\nConnection: close\r\n\r\n" + body)
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not chunk:
                break
            chunks.append(chunk)
    return b"".join(chunks)


@pytest.fixture()
def in_process(tmp_path):
    """``in_process(**make_app_options)``: a started InProcessServer on a fresh database, stopped after the test."""
    from cadogan.store import Store
    from cadogan.web.app import make_app

    started: list[InProcessServer] = []

    def make(db: str | None = None, **options) -> InProcessServer:
        port = free_port()
        options.setdefault("hosts", {f"127.0.0.1:{port}", f"localhost:{port}"})
        app = make_app(Store(db or str(tmp_path / "g.sqlite3")), **options)
        server = InProcessServer(app, port).start()
        started.append(server)
        return server

    yield make
    for server in started:
        server.stop()


@pytest.fixture()
def raw():
    """``raw(port, head, body)``: one request over a plain socket (see ``raw_request``)."""
    return raw_request


@pytest.fixture()
def port_factory():
    return free_port
