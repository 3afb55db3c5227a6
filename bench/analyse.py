"""Benchmark of ``cadogan analyse``: games played at random to a dead end, then analysed.

    nice python bench/analyse.py [--games N] [--timeout S] [--workers W] [--only GAME/VARIANT ...] [--seed K]

For each variant (default: Precedence king-out and first-king, British Square piles), deals 1..N are
played by the random-but-sensible player of ``cadogan.solver.playing`` (seeded with the deal number
plus ``--seed``) until no move is legal (or ``MAX_MOVES``), and the line is analysed within
``--timeout`` seconds with ``--workers`` searches side by side (default: as ``cadogan analyse``, one
per core up to four; give the benchmark the whole machine).  Prints one line per game, then per
variant the share decided (not ``unknown``), the answers, and the mean and largest time per game,
then the machine and its load (the times are wall-clock: on a busy machine the solver gets less of
the deadline).  Every ``went-wrong`` answer is checked: its line wins from the position after ``last_winnable`` moves.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time

from cadogan import games
from cadogan.solver import SOLVER_VERSION
from cadogan.solver.analysis import analyse_state, default_workers
from cadogan.solver.playing import play_out

VARIANTS = ("precedence/king-out", "precedence/first-king", "british-square/piles")


def cpu_seconds() -> float:
    """CPU seconds of this process and of its workers that have ended."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def bench_variant(game_id: str, variant: str, n_games: int, timeout: float, seed: int,
                  workers: int) -> dict[str, object]:
    counts: dict[str, int] = {}
    seconds: list[float] = []
    for deal in range(1, n_games + 1):
        state = play_out(games.load(game_id, variant, deal), random.Random(deal + seed))
        moves = list(state.move_stack)
        cpu = cpu_seconds()
        a = analyse_state(state, timeout, workers)
        cpu = cpu_seconds() - cpu
        counts[a.result] = counts.get(a.result, 0) + 1
        seconds.append(a.seconds)
        if a.last_winnable is not None:
            start = games.load(game_id, variant, deal)
            assert start.line_wins(moves[:a.last_winnable] + a.line), f"deal {deal}: the line does not win"
        print(f"  {game_id}/{variant} deal {deal}: {len(moves)} moves, {'dead end' if state.is_lost() else 'stopped'}"
              f" -> {a.result} last_winnable={a.last_winnable} losing_move={a.losing_move} "
              f"{a.seconds:.1f} s ({cpu:.1f} s CPU), {len(a.searches)} searches", flush=True)
    decided = n_games - counts.get("unknown", 0)
    return {"variant": f"{game_id}/{variant}", "decided": decided, "games": n_games, "counts": counts,
            "mean": statistics.mean(seconds), "max": max(seconds)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per variant (deals 1..N; default 10)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per analysis (default 60)")
    parser.add_argument("--workers", type=int, default=default_workers(),
                        help=f"searches side by side (default {default_workers()}, as cadogan analyse)")
    parser.add_argument("--only", nargs="*", metavar="GAME/VARIANT", help=f"variants (default {' '.join(VARIANTS)})")
    parser.add_argument("--seed", type=int, default=0, help="added to the deal number to seed the player")
    args = parser.parse_args()
    rows = []
    started = time.time()
    for name in args.only or VARIANTS:
        game_id, variant = name.split("/")
        rows.append(bench_variant(game_id, variant, args.games, args.timeout, args.seed, args.workers))
    print(f"\n| variant | decided | answers | mean s | max s |  (solver {SOLVER_VERSION}, --timeout {args.timeout:g}, "
          f"--workers {args.workers})")
    print("|---|---|---|---|---|")
    for row in rows:
        answers = ", ".join(f"{k} {v}" for k, v in sorted(row["counts"].items()))  # type: ignore[union-attr]
        print(f"| {row['variant']} | {row['decided']}/{row['games']} | {answers} | {row['mean']:.1f} | {row['max']:.1f} |")
    load = " ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"\nmachine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"python {platform.python_version()}; load average at the end {load}; {time.time() - started:.0f} s in all")


if __name__ == "__main__":
    main()
