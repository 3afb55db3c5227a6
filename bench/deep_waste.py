"""The compiled core's speed where British Square's waste is deep (its dead-end test at work).

    python bench/deep_waste.py [--nodes N]

Takes positions of the games of ``bench/analyse.py`` (British Square ``piles``, the random-but-sensible
player seeded with the deal number) at which the analysis spends its time, and runs the complete
search of the core on each for N positions (default 200,000).  Prints per position the answer, the
positions searched and the time, then the positions per second over all.  The search is
deterministic: a change that only makes the core faster prints the same answers and positions, so
comparing two builds compares their speed alone.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from cadogan import games
from cadogan.solver import SOLVER_VERSION, core_available, native
from cadogan.solver.playing import play_out

# (deal, moves played): the hard positions of the undecided or slow games, and a few easy ones
POSITIONS = [(5, 84), (5, 60), (7, 63), (7, 40), (10, 127), (10, 100), (3, 50)]


def position(deal: int, moves: int):
    line = play_out(games.load("british-square", "piles", deal), random.Random(deal)).move_stack
    state = games.load("british-square", "piles", deal)
    for move in line[:moves]:
        state.push(move)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=200_000, help="positions per search (default 200,000)")
    args = parser.parse_args()
    if not core_available():
        raise SystemExit("deep_waste.py: the compiled core is not built (python setup.py build_ext --inplace)")
    total_nodes, total_seconds = 0, 0.0
    for deal, moves in POSITIONS:
        state = position(deal, moves)
        started = time.perf_counter()
        result = native.search(state, timeout=None, max_nodes=args.nodes, max_memory_mb=1024)
        seconds = time.perf_counter() - started
        total_nodes += result.nodes
        total_seconds += seconds
        print(f"deal {deal} after {moves} moves (waste {len(state.waste)}, stock {len(state.stock)}): "
              f"{result.result}, {result.nodes:,} positions, {seconds:.2f} s")
    print(f"\nsolver {SOLVER_VERSION}: {total_nodes:,} positions in {total_seconds:.2f} s, "
          f"{total_nodes / total_seconds:,.0f} positions/s; {platform.machine()}, python {platform.python_version()}")


if __name__ == "__main__":
    main()
