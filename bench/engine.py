"""Engine speed: random playouts per game and variant.

Prints, per variant, legal-move generations per second and moves applied *with undo*
(push + pop) per second, on one core.  Usage: python bench/engine.py [--seconds S]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from cadogan import games


def playout_moves(game_id: str, variant: str, deal: int, rng: random.Random, limit: int = 600):
    """A random legal game: the list of moves played (the state is returned to the start)."""
    state = games.load(game_id, variant, deal)
    line = []
    for _ in range(limit):
        moves = state.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        state.push(move)
        line.append(move)
    return state, line


def measure(game_id: str, variant: str, seconds: float) -> tuple[float, float]:
    """(legal-move generations per second, push+pop pairs per second) over random playouts."""
    rng = random.Random(1)
    moves_done = 0
    apply_time = gen_time = 0.0
    deal = 0
    while apply_time + gen_time < seconds:
        state, line = playout_moves(game_id, variant, deal, rng)
        deal += 1
        t0 = time.perf_counter()
        for _ in line:
            state.pop()
        t1 = time.perf_counter()
        for move in line:
            state.push(move)
        t2 = time.perf_counter()
        for _ in line:
            state.pop()
        t3 = time.perf_counter()
        for move in line:
            state.legal_moves()
            state.push(move)
        t4 = time.perf_counter()
        moves_done += len(line)
        apply_time += (t1 - t0) + (t2 - t1)
        gen_time += (t4 - t3) - (t2 - t1)
    return moves_done / gen_time, moves_done / apply_time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per variant (default 2)")
    args = parser.parse_args()
    print(f"# {platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
          f"{platform.processor() or 'unknown cpu'}")
    print(f"{'game':16} {'variant':11} {'legal-move gens/s':>18} {'apply+undo/s':>14}")
    for game in games.all_games():
        for variant in game.variants:
            gens, applies = measure(game.id, variant, args.seconds)
            print(f"{game.id:16} {variant:11} {gens:18,.0f} {applies:14,.0f}")


if __name__ == "__main__":
    main()
