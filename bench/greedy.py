"""How often the simplest blind strategy wins: always make the game's most promising move.

    python bench/greedy.py [--deals N] [--only GAME[/VARIANT]]

Plays deals 0..N-1 (default 2000) of each variant with one rule (``cadogan.solver.advise_greedy``,
the survey's ``--player greedy``): make the first move the solver would try (the game's first safe
move, else the first of ``GameKnowledge.search_moves``; in Precedence that is "play the waste card
whenever it can go, onto the foundation with the most cards to come, else deal"), never returning
to a position already met.  It looks at nothing a player cannot see, so its win rate is
a player's baseline, to set beside the survey's share of winnable deals (docs/winnability.md).
"""

from __future__ import annotations

import argparse
import sys

from cadogan.solver.advise import WON
from cadogan.solver.advise_greedy import play_greedy

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from solver import selected_variants  # noqa: E402  (bench/solver.py)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals 0..N-1 (default 2000)")
    parser.add_argument("--only", action="append", default=[], metavar="GAME[/VARIANT]")
    args = parser.parse_args()
    print("| game | variant | deals | greedy wins | % |")
    print("|---|---|---:|---:|---:|")
    for game_id, variant in selected_variants(args.only):
        won = sum(play_greedy(game_id, variant, deal).result == WON for deal in range(args.deals))
        print(f"| {game_id} | {variant} | {args.deals} | {won} | {100 * won / args.deals:.1f} |", flush=True)


if __name__ == "__main__":
    main()
