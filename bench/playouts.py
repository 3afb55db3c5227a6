"""How fast are the compiled core's nested playouts, per game and variant?

    python bench/playouts.py [--nodes N] [--repeat R]

Runs one level-2 nested search (``cadogan.solver.native.playouts``, seed 3) from deal 1 of each
variant with a budget of N moves (default 2,000,000), R times (default 3), and prints the moves per
second of the fastest run.  A node budget makes the work the same on every machine and version: the
moves and cards home printed beside the speed must not change when only the speed does (a check
that a faster core still plays the same lines).  Run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse

from cadogan import games
from cadogan.solver import SOLVER_VERSION, native

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
        runs = [native.playouts(state, 2, max_nodes=args.nodes, seed=3) for _ in range(max(1, args.repeat))]
        fastest = min(runs, key=lambda run: run.seconds)
        speed = fastest.nodes / max(fastest.seconds, 1e-9)
        print(f"| {game_id} | {variant} | {fastest.nodes:,} | {fastest.home} | {speed:,.0f} |")


if __name__ == "__main__":
    main()
