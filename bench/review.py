"""How long does the review of a game take (``cadogan review`` at its default settings)?

    python bench/review.py [--only GAME/VARIANT ...] [--moves N] [--timeout S] [--samples K] [--max-nodes B]

Per variant (default: one per game family, below), a game of about ``--moves`` moves (default 150)
played by the random-but-sensible player of ``cadogan.solver.playing``: the first deal from 1 on
whose whole game is within a fifth of N moves, else deal 1's game cut at N moves (a Precedence game
always runs its three passes, ~300 moves; a Square ``classic`` game seldom lasts 100).  The review
runs as ``Reviewer.run`` does, with ``--timeout`` (default: none, so the whole review is measured;
the analysis then gets its own 60 s).  Prints per game: its moves and what the review made of them,
seconds to the first move reviewed and to the first grade, to the end of the grading, of the
analysis, and in all, the CPU seconds of this process (the analysis's workers apart), and whether
the review is complete.  Figures: docs/performance.md "Review".  Issue target: the whole review of
a 150-move game within 60 s on the project machine, the first grades within 5 s.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time

from cadogan import games
from cadogan.solver import SOLVER_VERSION
from cadogan.solver.playing import play_out
from cadogan.solver.review import DEFAULT_MAX_NODES, DEFAULT_SAMPLES, How, Reviewer, ReviewSettings

VARIANTS = ("british-square/piles", "square/classic", "square/free", "precedence/king-out")


def sample_game(game_id: str, variant: str, moves: int) -> games.State:
    """A game of about ``moves`` moves by the random-but-sensible player (see the module's text)."""
    for deal in range(1, 101):
        state = play_out(games.load(game_id, variant, deal), random.Random(deal))
        if abs(len(state.move_stack) - moves) <= moves // 5:
            return state
    state = play_out(games.load(game_id, variant, 1), random.Random(1))
    while len(state.move_stack) > moves:
        state.pop()
    return state


def bench_game(state: games.State, settings: ReviewSettings) -> dict[str, object]:
    reviewer = Reviewer(state, settings)
    started = time.perf_counter()
    cpu = time.process_time()
    marks: dict[str, float] = {}

    def note(graded) -> None:  # type: ignore[no-untyped-def]
        now = time.perf_counter() - started
        marks.setdefault("first", now)
        if graded.grade is not None or graded.how is How.UNDECIDED:
            marks.setdefault("first_grade", now)
            marks.setdefault("first_grade_cpu", time.process_time() - cpu)
        marks["last"] = now

    original = reviewer.analyse

    def timed_analyse(seconds, workers=None):  # type: ignore[no-untyped-def]
        began = time.perf_counter()
        marks["grading_end"] = began - started
        try:
            return original(seconds, workers)
        finally:
            marks["analysis"] = time.perf_counter() - began

    reviewer.analyse = timed_analyse  # type: ignore[method-assign]
    review = reviewer.run(note)
    hows: dict[str, int] = {}
    for m in review.moves:
        hows[m.how.value] = hows.get(m.how.value, 0) + 1
    return {"deal": state.deal, "moves": len(state.move_stack), "end": "won" if state.is_won() else
            "lost" if state.is_lost() else "cut", "hows": hows, "marks": marks,
            "total": time.perf_counter() - started, "cpu": time.process_time() - cpu, "complete": review.complete,
            "analysis": review.analysis, "losing": review.losing_move}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", metavar="GAME/VARIANT", help=f"variants (default {' '.join(VARIANTS)})")
    parser.add_argument("--moves", type=int, default=150, help="moves per game (default 150)")
    parser.add_argument("--timeout", type=float, default=None, help="the review's timeout (default: none)")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--max-nodes", type=int, default=DEFAULT_MAX_NODES)
    args = parser.parse_args()
    settings = ReviewSettings(samples=args.samples, max_nodes=args.max_nodes, timeout=args.timeout)
    print(f"review: {settings.samples} samples a decision, {settings.max_nodes} nodes per solve, "
          f"timeout {args.timeout}; solver {SOLVER_VERSION}\n")
    print("| variant | deal | moves | forced / safe / graded / undecided | first move s | first grade s (CPU) | "
          "grading s | analysis s | whole s | CPU s | complete | losing move |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---|---|")
    started = time.time()
    for name in args.only or VARIANTS:
        game_id, variant = name.split("/")
        row = bench_game(sample_game(game_id, variant, args.moves), settings)
        hows, marks = row["hows"], row["marks"]
        kinds = " / ".join(str(hows.get(h, 0) + (hows.get("exact", 0) if h == "sampled" else 0))  # type: ignore[union-attr]
                           for h in ("forced", "safe", "sampled", "undecided"))
        losing = row["losing"]
        label = "-" if losing is None else f"{losing.index + 1} {losing.move} ({'seen' if losing.seen else 'bad luck'})"
        grading = marks.get("grading_end", marks.get("last", 0.0))  # type: ignore[union-attr]
        print(f"| {name} | {row['deal']} | {row['moves']} ({row['end']}) | {kinds} | "
              f"{marks.get('first', 0.0):.2f} | {marks.get('first_grade', float('nan')):.2f} "  # type: ignore[union-attr]
              f"({marks.get('first_grade_cpu', float('nan')):.2f}) | "  # type: ignore[union-attr]
              f"{grading:.1f} | {marks.get('analysis', 0.0):.1f} | {row['total']:.1f} | {row['cpu']:.1f} | "  # type: ignore[union-attr]
              f"{'yes' if row['complete'] else 'no'} ({row['analysis']}) | {label} |", flush=True)
    load = " ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"\nmachine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"python {platform.python_version()}; load average at the end {load}; {time.time() - started:.0f} s in all")


if __name__ == "__main__":
    main()
