"""``cadogan serve`` as a real process: the command line, and a game surviving kill -9."""

from __future__ import annotations

import socket
import subprocess
import sys


def test_serve_help_names_its_options():
    out = subprocess.run([sys.executable, "-m", "cadogan.cli", "serve", "--help"], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0
    for option in ("--host", "--port", "--db", "--open"):
        assert option in out.stdout


def test_a_busy_port_is_one_line_on_stderr_and_exit_2(tmp_path):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        out = subprocess.run([sys.executable, "-m", "cadogan.cli", "serve", "--port", str(port), "--db",
                              str(tmp_path / "g.sqlite3")], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr.startswith("cadogan: cannot listen on 127.0.0.1:") and out.stderr.count("\n") == 1


def test_a_file_that_is_not_a_database_is_refused(tmp_path):
    bad = tmp_path / "notes.txt"
    bad.write_text("not sqlite at all " * 100)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    out = subprocess.run([sys.executable, "-m", "cadogan.cli", "serve", "--port", str(port), "--db", str(bad)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and out.stderr.startswith("cadogan: cannot use") and "games database" in out.stderr


def test_the_game_survives_kill_9_and_a_restart(server_factory, tmp_path):
    db = str(tmp_path / "kill.sqlite3")
    server = server_factory(db)
    status, game = server.request("POST", "/api/games", {"game": "precedence", "deal": 42})
    assert status == 201
    gid = game["id"]
    for _ in range(5):
        status, game = server.request("POST", f"/api/games/{gid}/moves", {"move": "deal"})
        assert status == 200
    status, game = server.request("POST", f"/api/games/{gid}/undo")
    assert status == 200
    server.kill()
    again = server_factory(db)
    again.cookie = server.cookie  # the same browser
    status, after = again.request("GET", f"/api/games/{gid}")
    assert status == 200
    assert after["position"] == game["position"] and after["moves"] == ["deal"] * 4 and after["redo"] == ["deal"]
    status, stats = again.request("GET", "/api/stats")
    assert status == 200 and stats[0]["played"] == 1


def test_a_host_that_is_not_text_is_one_line_on_stderr_and_exit_2(tmp_path):
    import os

    out = subprocess.run([os.fsencode(sys.executable), b"-m", b"cadogan.cli", b"serve", b"--host", b"\xff", b"--db",
                          os.fsencode(tmp_path / "g.sqlite3")], capture_output=True, timeout=60)
    assert out.returncode == 2 and b"Traceback" not in out.stderr
    assert out.stderr == b"cadogan: cannot listen on \\xff: not a host name or address\n"


def test_a_games_file_in_a_missing_directory_is_refused_like_surveys(tmp_path):
    missing = tmp_path / "no" / "such" / "games.sqlite3"
    out = subprocess.run([sys.executable, "-m", "cadogan.cli", "serve", "--db", str(missing)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    assert out.stderr.startswith("cadogan: cannot create the games database") and "no directory" in out.stderr
    assert not (tmp_path / "no").exists()
