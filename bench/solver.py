"""Solver benchmark: per game and variant over deals 1..N, with a time limit per deal.

    python bench/solver.py [--first K] [--deals N] [--timeout S] [--only GAME[/VARIANT]] [--workers K] [--python]
                           [--hints K]

Prints one Markdown table row per variant: decided %, won %, proven-lost %, unknown %, median and
p95 seconds per deal, nodes per second, and how far the unknown deals' best lines got (median cards
home at the end of the nested playouts' best line); then the machine it ran on.  Every won line is replayed
through the engine (a failure stops the run).  ``--hints K`` also times ``hint()`` (default budget
0.5 s) at K positions per variant taken along random lines of play.  One deal at a time, its
playout searches racing on ``--workers`` cores (default: as ``cadogan solve``, the cores, at most 4).
"""

from __future__ import annotations

import argparse
import os
import random
import platform
import statistics
import sys
import time

from cadogan import games
from cadogan.solver import SOLVER_VERSION, core_available, hint, solve
from cadogan.solver.workers import default_workers


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def bench_variant(game_id: str, variant: str, first: int, deals: int, timeout: float, use_core: bool | None,
                  verbose: bool, workers: int = 1) -> dict[str, float]:
    counts = {"won": 0, "lost": 0, "unknown": 0}
    seconds: list[float] = []
    unknown_homes: list[int] = []
    nodes = 0
    for deal in range(first, deals + 1):
        state = games.load(game_id, variant, deal)
        result = solve(state, timeout=timeout, use_core=use_core, workers=workers)
        if result.result == "won":
            if not state.line_wins(result.moves):
                sys.exit(f"{game_id} {variant} deal {deal}: the winning line does not win")
        counts[result.result] += 1
        if result.result == "unknown" and result.best_home is not None:
            unknown_homes.append(result.best_home)
        seconds.append(result.seconds)
        nodes += result.nodes
        if verbose:
            print(f"  {game_id} {variant} {deal}: {result.result} {result.nodes} nodes {result.seconds:.2f} s"
                  f" (best line {result.best_home})", file=sys.stderr, flush=True)
    n = float(deals - first + 1)
    total = sum(seconds)
    return {"decided": 100 * (counts["won"] + counts["lost"]) / n, "won": 100 * counts["won"] / n,
            "lost": 100 * counts["lost"] / n, "unknown": 100 * counts["unknown"] / n,
            "median": statistics.median(seconds), "p95": percentile(seconds, 0.95),
            "nodes_per_s": nodes / total if total else 0.0,
            "unknown_home": statistics.median(unknown_homes) if unknown_homes else None}


def bench_hints(game_id: str, variant: str, count: int) -> dict[str, float]:
    """Time hint() at ``count`` positions reached by random play from deals 1, 2, ..."""
    rng = random.Random(f"{game_id}/{variant}")
    times: list[float] = []
    verdicts = {"winnable": 0, "lost": 0, "unknown": 0}
    deal = 0
    while len(times) < count:
        deal += 1
        state = games.load(game_id, variant, deal)
        for _ in range(rng.randrange(0, 200)):
            moves = state.legal_moves()
            if not moves:
                break
            state.push(rng.choice(moves))
        started = time.perf_counter()
        answer = hint(state)
        times.append(time.perf_counter() - started)
        verdicts[answer.verdict] += 1
        if answer.move is not None and answer.move not in state.legal_moves():
            sys.exit(f"{game_id} {variant}: hint {answer.move} is not legal")
    return {"median": statistics.median(times), "p95": percentile(times, 0.95), "max": max(times),
            **{k: 100 * v / count for k, v in verdicts.items()}}


def _cards(home: float | None) -> str:
    """The median cards home at the end of the unknown deals' best lines, as a table cell."""
    return "-" if home is None else f"{home:.0f} of 104"


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def selected_variants(only: list[str]) -> list[tuple[str, str]]:
    """(game, variant) pairs in table order, limited to ``only`` (game or game/variant) if given."""
    return [(game.id, variant) for game in games.all_games() for variant in game.variants
            if not only or any(o in (game.id, f"{game.id}/{variant}") for o in only)]


def solve_table(first: int, deals: int, timeout: float, variants: list[tuple[str, str]], use_core: bool | None,
                verbose: bool, workers: int = 1) -> None:
    print(f"\ndeals {first}-{deals}, {timeout:g} s per deal, {workers} worker{'s' if workers > 1 else ''}\n")
    print("| game | variant | decided % | won % | proven lost % | unknown % | median s | p95 s | nodes/s "
          "| unknowns' best line |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for game_id, variant in variants:
        started = time.perf_counter()
        row = bench_variant(game_id, variant, first, deals, timeout, use_core, verbose, workers)
        print(f"| {game_id} | {variant} | {row['decided']:.1f} | {row['won']:.1f} | {row['lost']:.1f} | "
              f"{row['unknown']:.1f} | {row['median']:.2f} | {row['p95']:.2f} | {row['nodes_per_s']:,.0f} | "
              f"{_cards(row['unknown_home'])} |", flush=True)
        if verbose:
            print(f"  ({time.perf_counter() - started:.0f} s)", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals up to N (default 200; 0: hints only)")
    parser.add_argument("--first", type=int, default=1,
                        help="the first deal (default 1; to split a long run across processes)")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per deal (default 30)")
    parser.add_argument("--only", action="append", default=[], metavar="GAME[/VARIANT]",
                        help="bench only these (repeatable)")
    parser.add_argument("--workers", type=int, default=default_workers(), metavar="K",
                        help=f"playout searches racing per deal (default {default_workers()}, as cadogan solve)")
    parser.add_argument("--python", action="store_true", help="force the pure-Python search")
    parser.add_argument("--verbose", "-v", action="store_true", help="one line per deal on stderr")
    parser.add_argument("--hints", type=int, default=0, metavar="K", help="also time hint() at K positions per variant")
    args = parser.parse_args(argv)
    if args.deals > 0 and not 1 <= args.first <= args.deals:
        parser.error(f"--first must be from 1 to --deals ({args.deals})")
    use_core = False if args.python else None
    engine = "pure Python" if args.python or not core_available() else "compiled core"
    print(f"Solver {SOLVER_VERSION} ({engine})")
    if args.deals > 0:
        solve_table(args.first, args.deals, args.timeout, selected_variants(args.only), use_core, args.verbose,
                    max(1, args.workers))
    if args.hints:
        print()
        print(f"hint(), default budget, {args.hints} positions per variant along random lines of play")
        print()
        print("| game | variant | median s | p95 s | max s | winnable % | lost % | unknown % |")
        print("|---|---|---:|---:|---:|---:|---:|---:|")
        for game_id, variant in selected_variants(args.only):
            row = bench_hints(game_id, variant, args.hints)
            print(f"| {game_id} | {variant} | {row['median']:.3f} | {row['p95']:.3f} | {row['max']:.3f} | "
                  f"{row['winnable']:.0f} | {row['lost']:.0f} | {row['unknown']:.0f} |", flush=True)
    print()
    print(f"Machine: {machine()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
