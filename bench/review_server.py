"""How soon does the browser's review show its first grades, and when is it done?

    python bench/review_server.py [--only GAME/VARIANT ...] [--moves N] [--samples K]

The review as the browser asks for it: ``GET /api/games/{id}/review`` again and again (a first step
of 2 s of grading, then 5 s steps, as review.js does) on the app with a solver service of worker
processes (what ``cadogan serve`` runs), until the review says there is nothing more to do. The
games are ``bench/review.py``'s (about ``--moves`` moves, default 150, by the random-but-sensible
player, played to their end: lost games, so the review also looks for the losing move). Prints per
game: its moves, seconds to the first answer and the moves graded in it, the calls made, seconds to
the last move graded and to the end, and whether the review is complete. Figures:
docs/performance.md "Review in the server".
"""

from __future__ import annotations

import argparse
import os
import platform
import tempfile
import time
import warnings

from review import VARIANTS, sample_game

from cadogan.store import Store
from cadogan.web.app import make_app
from cadogan.web.solver_service import SolverService

FIRST_STEP, STEP = 2, 5  # review.js's budgets


def review_game(client, game_id: str, variant: str, moves: list[str], deal: int, samples: int | None) -> str:
    gid = client.post("/api/games", json={"game": game_id, "variant": variant, "deal": deal}).json()["id"]
    for move in moves:
        assert client.post(f"/api/games/{gid}/moves", json={"move": move}).status_code == 200, move
    extra = f"&samples={samples}" if samples else ""
    started = time.perf_counter()
    first = graded_at = None
    calls = 0
    while True:
        response = client.get(f"/api/games/{gid}/review?budget={STEP if calls else FIRST_STEP}{extra}")
        calls += 1
        if response.status_code == 429:
            time.sleep(int(response.headers.get("Retry-After", "1")))
            continue
        answer = response.json()
        now = time.perf_counter() - started
        progress = answer["progress"]
        if first is None:
            first = (now, progress["graded"])
        if graded_at is None and progress["graded"] == progress["total"]:
            graded_at = now
        if progress["next"] is None:
            return (f"| {game_id} | {variant} | {len(moves)} | {first[0]:.1f} | {first[1]} | {calls} | "
                    f"{graded_at if graded_at is not None else float('nan'):.1f} | {now:.1f} | "
                    f"{'yes' if answer['complete'] else 'no'} ({answer['analysis']}) |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=list(VARIANTS), help="game/variant (default: %(default)s)")
    parser.add_argument("--moves", type=int, default=150, help="about how many moves a game has (default 150)")
    parser.add_argument("--samples", type=int, help="drawn orders a decision (default: the server's)")
    args = parser.parse_args()
    warnings.filterwarnings("ignore", message=".*httpx.*")
    from starlette.testclient import TestClient

    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores; review steps of "
          f"{FIRST_STEP} s then {STEP} s, as the browser asks\n")
    print("| game | variant | moves | first answer s | graded in it | calls | all graded s | done s | complete |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as folder:
        service = SolverService()
        with TestClient(make_app(Store(os.path.join(folder, "bench.sqlite3")), solver=service)) as client:
            for name in args.only:
                game_id, variant = name.split("/")
                state = sample_game(game_id, variant, args.moves)
                moves = [str(m) for m in state.move_stack]
                print(review_game(client, game_id, variant, moves, state.deal, args.samples), flush=True)


if __name__ == "__main__":
    main()
