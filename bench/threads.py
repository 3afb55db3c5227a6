"""Does the compiled solver core run in parallel in threads of one process (GIL released)?

    python bench/threads.py [--seconds S] [--threads K]

Runs the complete search on British Square ``columns`` deals for S seconds (default 3), first in
one thread, then in K threads at once (default: the number of cores), and prints the nodes searched
per second in each case.  If the core released Python's GIL only in name, K threads would search
no more nodes per second than one.  Run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import os
import threading
import time

from cadogan import games
from cadogan.solver import core_available, native


def nodes_per_second(threads: int, seconds: float) -> float:
    totals = [0] * threads

    def work(i: int) -> None:
        totals[i] = native.search(games.load("british-square", "columns", 1 + i), timeout=seconds).nodes

    workers = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
    started = time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return sum(totals) / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    if not core_available():
        raise SystemExit("the compiled core is not built: pip install -e .")
    one = nodes_per_second(1, args.seconds)
    many = nodes_per_second(args.threads, args.seconds)
    print(f"1 thread: {one:,.0f} nodes/s; {args.threads} threads: {many:,.0f} nodes/s "
          f"({many / one:.2f}x)")


if __name__ == "__main__":
    main()
