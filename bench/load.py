"""Load benchmark of ``cadogan serve``: players moving, with and without solution requests.

Starts its own server on 127.0.0.1 (a free port, a temporary games file). ``--players`` players
(default 12) each play random legal moves in their own game (a restart when none is left), as fast
as the server answers, in blocks of ``--seconds``/``--rounds`` seconds that alternate between

- *alone*: only the players;
- *solving*: the players while ``--solvers`` clients (default 4) ask for solutions of fresh deals
  (Square free, undecided within the budget, so each request is a real search of ``--budget``
  seconds); at the end of a block they hang up, and the server stops their searches.

With ``--idle N`` a third side, *idle*: the players while N more connections are held
open doing nothing useful, half of them silent and half dribbling a request head one byte every
0.5 s (each reopened when the server closes it); the summary prints the ratio of the players'
p50 and p95 latency with them to alone.

Alternating blocks keep a machine whose other load changes from favouring one side. Prints
requests/s and p50/p95/p99 latency of the moves on each side, the solution requests' outcomes, and
whether moves' p95 stayed within 2x of the players alone (exit 1 if not). Bounded: at most
``--moves`` moves per player and block, ``--seconds`` at most 120 a side; loopback only.

    python3 bench/load.py                       # 12 players, 4 solution clients, 3 rounds of 5 + 5 s
    python3 bench/load.py --seconds 6 --rounds 2 --players 4 --solvers 2
    python3 bench/load.py --solvers 0 --idle 300  # alone against 300 idle and dribbling connections
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from ports import free_port  # noqa: E402  (the tests' helper: one way to find a free port)


class Client:
    """One keep-alive connection to the server, JSON in and out."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, method: str, path: str, body: object = None) -> tuple[int, dict, object]:
        data = None if body is None else json.dumps(body).encode()
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=data, headers={"Content-Type": "application/json"})
                response = self.conn.getresponse()
                return response.status, dict(response.getheaders()), json.loads(response.read() or b"null")
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


def start_server(port: int, db: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    process = subprocess.Popen([sys.executable, "-m", "cadogan.cli", "serve", "--host", "127.0.0.1", "--port",
                                str(port), "--db", db], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("bench/load.py: the server did not start in 30 s")


def player(port: int, game_id: str, stop: float, max_moves: int, seed: int, latencies: list[float]) -> None:
    """Random legal moves in one game until ``stop`` (a monotonic time) or ``max_moves``."""
    client, rng = Client(port), random.Random(seed)
    _, _, game = client.call("GET", f"/api/games/{game_id}")
    for _ in range(max_moves):
        if time.monotonic() >= stop:
            return
        started = time.perf_counter()
        if game["legal_moves"]:
            status, _, answer = client.call("POST", f"/api/games/{game_id}/moves", {"move": rng.choice(game["legal_moves"])})
        else:
            status, _, answer = client.call("POST", f"/api/games/{game_id}/restart")
        latencies.append(time.perf_counter() - started)
        if status != 200:
            raise SystemExit(f"bench/load.py: a move answered {status}: {answer}")
        game = answer


def solver_client(port: int, game_ids: list[str], budget: float, stop: float, outcomes: list[str]) -> None:
    """Ask for the solution of one game after another until ``stop``, then hang up (429: wait Retry-After)."""
    while game_ids:
        remaining = stop - time.monotonic()
        if remaining <= 0:
            return
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=remaining)
        try:
            conn.request("GET", f"/api/games/{game_ids.pop(0)}/solution?budget={budget}")
            response = conn.getresponse()
            answer = json.loads(response.read())
            outcomes.append(answer["result"] if response.status == 200 else str(response.status))
            if response.status == 429:
                time.sleep(min(float(response.getheader("retry-after", "1")), max(0.0, stop - time.monotonic())))
        except (TimeoutError, OSError):
            outcomes.append("hung up")
        finally:
            conn.close()


def idle_clients(port: int, count: int, stop: float, reopened: list[int]) -> None:
    """Hold ``count`` connections until ``stop``: even ones silent, odd ones dribbling a request head a
    byte every 0.5 s; one the server closes is opened again (counted in ``reopened``)."""
    head = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"y" * 10_000

    def connect() -> socket.socket | None:
        try:
            return socket.create_connection(("127.0.0.1", port), timeout=5)
        except OSError:
            return None

    socks = [connect() for _ in range(count)]
    sent = [0] * count
    while time.monotonic() < stop:
        for k in range(count):
            sock = socks[k]
            try:
                if sock is None:
                    raise OSError("closed")
                if k % 2:
                    sock.send(head[sent[k]:sent[k] + 1])
                    sent[k] += 1
                else:
                    sock.setblocking(False)
                    if sock.recv(1) == b"":  # the server closed the silent one
                        raise OSError("closed")
            except BlockingIOError:
                pass
            except OSError:
                if sock is not None:
                    sock.close()
                socks[k], sent[k] = connect(), 0
                reopened[0] += 1
        time.sleep(0.5)
    for sock in socks:
        if sock is not None:
            sock.close()


def percentiles(values: list[float]) -> dict[str, float]:
    """p50/p95/p99 of ``values`` (seconds) in milliseconds."""
    if len(values) < 2:
        return {"p50": float("nan"), "p95": float("nan"), "p99": float("nan")}
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {"p50": cuts[49] * 1000, "p95": cuts[94] * 1000, "p99": cuts[98] * 1000}


def block(port: int, games: list[str], solver_games: list[list[str]], args: argparse.Namespace, seed: int,
          latencies: list[float], outcomes: list[str], idle: int = 0, reopened: list[int] | None = None) -> float:
    """One block of ``args.seconds / args.rounds`` seconds; the players' time."""
    per_player: list[list[float]] = [[] for _ in games]
    stop = time.monotonic() + args.seconds / args.rounds
    holder = None
    if idle:
        holder = threading.Thread(target=idle_clients, args=(port, idle, stop + 1.0, reopened if reopened else [0]))
        holder.start()
        time.sleep(1.0)  # the idle connections are open before the players start
    threads = [threading.Thread(target=player, args=(port, g, stop, args.moves, seed + k, per_player[k]))
               for k, g in enumerate(games)]
    threads += [threading.Thread(target=solver_client, args=(port, ids, args.budget, stop, outcomes))
                for ids in solver_games]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads[:len(games)]:
        thread.join()
    elapsed = time.monotonic() - started
    for thread in threads[len(games):]:
        thread.join()
    if holder is not None:
        holder.join()
    latencies.extend(x for moves in per_player for x in moves)
    time.sleep(0.5)  # the searches of the clients that hung up stop before the next block
    return elapsed


def summary(latencies: list[float], seconds: float) -> dict:
    return {"moves": len(latencies), "rps": len(latencies) / seconds, **percentiles(latencies)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--solvers", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=15.0, help="time of each side, alone and solving (at most 120)")
    parser.add_argument("--rounds", type=int, default=3, help="blocks per side, alternating (default 3)")
    parser.add_argument("--moves", type=int, default=2000, help="at most this many moves per player and block")
    parser.add_argument("--budget", type=float, default=2.0, help="seconds of each solution search")
    parser.add_argument("--idle", type=int, default=0, help="idle and dribbling connections of the idle side (0: none)")
    args = parser.parse_args(argv)
    if not (0 < args.seconds <= 120 and 0 < args.players <= 50 and 0 <= args.solvers <= 16 and 0 < args.moves
            and 0 < args.rounds <= 20 and args.budget > 0 and 0 <= args.idle <= 2000):
        parser.error("--seconds 1..120, --players 1..50, --solvers 0..16, --rounds 1..20, --moves > 0, --budget > 0, "
                     "--idle 0..2000")
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(port, os.path.join(tmp, "load.sqlite3"))
        try:
            setup = Client(port)
            games = [setup.call("POST", "/api/games", {"game": "precedence", "deal": 1000 + k})[2]["id"]
                     for k in range(args.players)]
            per_client = args.rounds * (int(args.seconds / args.rounds / args.budget) + 2)
            solver_games = [[setup.call("POST", "/api/games", {"game": "square", "variant": "free",
                                                               "deal": 5000 + c * 100 + k})[2]["id"]
                             for k in range(per_client)] for c in range(args.solvers)]
            names = ["alone", "solving"] + (["idle"] if args.idle else [])
            sides: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in names}
            outcomes: list[str] = []
            reopened = [0]
            for r in range(args.rounds):
                for side in names:
                    latencies, times = sides[side]
                    times.append(block(port, games, solver_games if side == "solving" else [], args, 100 * r,
                                       latencies, outcomes, idle=args.idle if side == "idle" else 0, reopened=reopened))
            alone, loaded = (summary(sides[s][0], sum(sides[s][1])) for s in ("alone", "solving"))
            held = summary(*sides["idle"][:1], sum(sides["idle"][1])) if args.idle else None
            loaded["solutions"] = {o: outcomes.count(o) for o in sorted(set(outcomes))}
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(f"cadogan serve on 127.0.0.1, {os.cpu_count()} cores; {args.players} players moving, {args.seconds:g} s a side "
          f"in {args.rounds} alternating blocks; solutions: {args.solvers} clients, budget {args.budget:g} s")
    for name, result in (("moves alone", alone), (f"moves + {args.solvers} solving", loaded)):
        print(f"{name:22} {result['moves']:6d} moves  {result['rps']:7.1f} req/s  p50 {result['p50']:6.1f} ms  "
              f"p95 {result['p95']:6.1f} ms  p99 {result['p99']:6.1f} ms")
    print(f"solution requests: {loaded['solutions']}")
    if held is not None:
        print(f"{'moves + ' + str(args.idle) + ' idle':22} {held['moves']:6d} moves  {held['rps']:7.1f} req/s  "
              f"p50 {held['p50']:6.1f} ms  p95 {held['p95']:6.1f} ms  p99 {held['p99']:6.1f} ms")
        print(f"moves' latency with {args.idle} idle and dribbling connections / without: "
              f"p50 {held['p50'] / alone['p50']:.2f}x, p95 {held['p95'] / alone['p95']:.2f}x "
              f"({reopened[0]} connections closed by the server and reopened)")
    ratio = loaded["p95"] / alone["p95"]
    print(f"moves' p95 with solutions / without: {ratio:.2f}x ({'within' if ratio <= 2 else 'BEYOND'} the 2x bound)")
    return 0 if ratio <= 2 else 1


if __name__ == "__main__":
    sys.exit(main())
