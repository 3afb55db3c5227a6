"""How many deals do the playouts win within a budget of moves?  Strength apart from speed.

    python bench/win_nodes.py [--game square --variant free] [--first A] [--deals N] [--nodes M]

Runs ``cadogan.solver.playouts.find_win`` (the compiled core, as ``solve`` does after its first
complete search) on deals A..A+N-1 (default: Square ``free``, deals 1-40) with a budget of M moves
(default 6,000,000; about 15 s of the core on the project machine), replays every win, and prints
per deal whether it was won and the moves spent, then the deals won with their Wilson 95 %
interval and the median moves of a win.  A budget of moves makes the figures the same on
every machine and under any load, so two versions of the search can be compared side by side,
deal by deal (one run per version; a run is deterministic); ``bench/solver.py`` measures the time.
"""

from __future__ import annotations

import argparse
import statistics
import time

from cadogan import games
from cadogan.solver import SOLVER_VERSION, native
from cadogan.solver.outcome import Result
from cadogan.solver.playouts import find_win
from cadogan.survey.stats import wilson_interval


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="square", help="game id (default square)")
    parser.add_argument("--variant", default="free", help="variant (default free)")
    parser.add_argument("--first", type=int, default=1, help="first deal (default 1)")
    parser.add_argument("--deals", type=int, default=40, help="how many deals (default 40)")
    parser.add_argument("--nodes", type=float, default=6e6, help="moves per deal (default 6,000,000)")
    args = parser.parse_args()
    if not native.available():
        raise SystemExit("the compiled core is not built: pip install -e .")
    budget = int(args.nodes)
    print(f"Solver {SOLVER_VERSION}, {args.game} {args.variant}, deals {args.first}-{args.first + args.deals - 1}, "
          f"{budget:,} moves per deal\n")
    spent: list[int | None] = []  # moves to the win, None if not won
    for deal in range(args.first, args.first + args.deals):
        started = time.perf_counter()
        run = find_win(games.load(args.game, args.variant, deal), None, budget, use_core=True)
        won = run.result == Result.WON
        if won and not games.load(args.game, args.variant, deal).line_wins(run.moves):
            raise SystemExit(f"deal {deal}: the winning line does not replay")
        spent.append(run.nodes if won else None)
        print(f"  deal {deal}: {'won' if won else 'not won'}, {run.nodes:,} moves, "
              f"{time.perf_counter() - started:.1f} s", flush=True)
    wins = sorted(n for n in spent if n is not None)
    low, high = wilson_interval(len(wins), len(spent))
    median = f"median moves of a win {statistics.median(wins):,.0f}" if wins else "no win"
    print(f"\nwon {len(wins)} of {len(spent)} ({100 * len(wins) / len(spent):.1f} %, "
          f"Wilson 95 % {100 * low:.1f}-{100 * high:.1f} %); {median}")


if __name__ == "__main__":
    main()
