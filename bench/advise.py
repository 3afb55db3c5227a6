"""How fast is one advice, and how often do the blind and the greedy player win?

    python bench/advise.py [--deals N] [--only GAME[/VARIANT]] [--samples K] [--max-nodes B] [--advice-only]

Per variant: p50 / p95 seconds of one advice (``cadogan advise`` at K samples, B nodes per solve)
over the decisions of the blind games played (the advices that sampled), and the blind and greedy
win rates on deals 1..N (default 200) with Wilson 95 % intervals, the mean first-move win chance
(the blind player's own forecast) and the seconds per deal.  Figures: docs/performance.md "Advice".
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from cadogan.survey.stats import wilson_interval
from cadogan.solver import advise as advise_module
from cadogan.solver.advise import DEFAULT_MAX_NODES, DEFAULT_SAMPLES, Settings, play_blind
from cadogan.solver.advise_greedy import play_greedy

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from solver import selected_variants  # noqa: E402  (bench/solver.py)


def _timed_advices(seconds: list[float]):
    """Wrap ``advise`` so that every advice that sampled records its seconds."""
    real = advise_module.advise

    def timed(view, *args, **kwargs):
        advice = real(view, *args, **kwargs)
        if advice.how in ("sampled", "exact"):
            seconds.append(advice.seconds)
        return advice

    return timed


def _rate(won: int, n: int) -> str:
    low, high = wilson_interval(won, n)
    return f"{100 * won / n:.1f} % ({100 * low:.1f}-{100 * high:.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals 1..N (default 200)")
    parser.add_argument("--only", action="append", default=[], metavar="GAME[/VARIANT]")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--max-nodes", type=int, default=DEFAULT_MAX_NODES)
    args = parser.parse_args()
    settings = Settings(samples=args.samples, max_nodes=args.max_nodes)
    print(f"advice: {settings.samples} samples, {settings.max_nodes} nodes per solve; deals 1-{args.deals}\n")
    print("| game | variant | advice p50 s | advice p95 s | blind won (Wilson 95%) | mean first-move chance | "
          "blind s/deal | greedy won (Wilson 95%) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    real = advise_module.advise
    for game_id, variant in selected_variants(args.only):
        seconds: list[float] = []
        advise_module.advise = _timed_advices(seconds)
        blind_won = greedy_won = 0
        chances = []
        blind_seconds = 0.0
        try:
            for deal in range(1, args.deals + 1):
                game = play_blind(game_id, variant, deal, settings)
                blind_seconds += game.seconds / args.deals
                blind_won += game.result == "won"
                if game.start_chance is not None:
                    chances.append(game.start_chance)
                greedy_won += play_greedy(game_id, variant, deal).result == "won"
        finally:
            advise_module.advise = real
        p50 = statistics.median(seconds) if seconds else 0.0
        p95 = statistics.quantiles(seconds, n=20)[-1] if len(seconds) >= 2 else p50
        chance = f"{100 * statistics.mean(chances):.1f} %" if chances else "-"
        print(f"| {game_id} | {variant} | {p50:.3f} | {p95:.3f} | {_rate(blind_won, args.deals)} | {chance} | "
              f"{blind_seconds:.1f} | {_rate(greedy_won, args.deals)} |", flush=True)


if __name__ == "__main__":
    main()
