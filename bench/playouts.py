"""How fast are the compiled core's nested playouts, per game and variant?

    python bench/playouts.py [--nodes N] [--repeat R]

Runs one level-2 nested search (``cadogan.solver.native.playouts``, seed 3) from deal 1 of each
variant with a budget of N moves (default 2,000,000), R times (default 3), and prints the moves per
second of the fastest run; then the same for the policy adaptation search that Square ``free``
uses while placements remain (``native.adaptation`` with ``Adaptation()``'s parameters).  A node
budget makes the work the same on every machine and version: the moves and cards home printed
beside the speed must not change when only the speed does (a check that a faster core still plays
the same lines).  Run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse

from cadogan import games
from cadogan.solver import SOLVER_VERSION, native
from cadogan.solver.adaptation import Adaptation
from cadogan.solver.search import PlayoutResult

VARIANTS = [("square", "free"), ("square", "classic"), ("british-square", "piles"),
            ("british-square", "columns"), ("precedence", "king-out"), ("precedence", "first-king")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=2_000_000, help="moves per run (default 2,000,000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per variant; the fastest counts (default 3)")
    args = parser.parse_args()
    if not native.available():
        raise SystemExit("the compiled core is not built: pip install -e .")
    print(f"Solver {SOLVER_VERSION}, level-2 playouts from deal 1, {args.nodes:,} moves per run\n")
    print("| game | variant | moves | cards home | moves/s |")
    print("|---|---|---:|---:|---:|")
    for game_id, variant in VARIANTS:
        state = games.load(game_id, variant, 1)
        print_fastest(game_id, variant, [native.playouts(state, 2, max_nodes=args.nodes, seed=3)
                                         for _ in range(max(1, args.repeat))])
    params, state = Adaptation(), games.load("square", "free", 1)
    print_fastest("square", "free (adaptation)",
                  [native.adaptation(state, params, max_nodes=args.nodes, seed=3) for _ in range(max(1, args.repeat))])


def print_fastest(game_id: str, variant: str, runs: list[PlayoutResult]) -> None:
    fastest = min(runs, key=lambda run: run.seconds)
    speed = fastest.nodes / max(fastest.seconds, 1e-9)
    print(f"| {game_id} | {variant} | {fastest.nodes:,} | {fastest.home} | {speed:,.0f} |")


if __name__ == "__main__":
    main()
