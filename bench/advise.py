"""How fast is one advice, and how often do the blind and the greedy player win?

    python bench/advise.py [--deals N] [--only GAME[/VARIANT]] [--samples K] [--max-nodes B]
    python bench/advise.py --server [--deals N] [--per-deal P] [--only GAME[/VARIANT]]

Per variant: p50 / p95 seconds of one advice (``cadogan advise`` at K samples, B nodes per solve)
over the decisions of the blind games played (the advices that sampled), and the blind and greedy
win rates on deals 1..N (default 200) with Wilson 95 % intervals, the mean first-move win chance
(the blind player's own forecast) and the seconds per deal.  Figures: docs/performance.md "Advice".

``--server``: the server's ``GET /api/games/{id}/advice`` at its default settings
(``cadogan.web.routes.advice``), asked through a solver service with worker processes as
``cadogan serve`` runs it (HTTP aside): p50 / p95 seconds from the request to its answer, over P
positions per deal (spread along the greedy rule's game of deals 1..N, each with a choice of
moves), and how many answers the clock cap cut short (those drew fewer samples).
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


def _positions(game_id: str, variant: str, deal: int, per_deal: int):
    """Up to ``per_deal`` positions with a choice of moves, spread evenly along the greedy game of
    ``deal`` (the start among them when it has a choice)."""
    from cadogan import games

    state = games.load(game_id, variant, deal)
    choices = []
    for move in play_greedy(game_id, variant, deal).moves:
        if len(state.legal_moves()) > 1:
            choices.append(state.copy())
        state.push(move)
    step = max(1, len(choices) // per_deal)
    return choices[::step][:per_deal]


def server_table(deals: int, per_deal: int, only: list[str], samples: int | None = None, max_nodes: int | None = None,
                 budget: float | None = None) -> None:
    """The server's advice at its defaults (or the settings given), through a solver service of
    worker processes, warmed up by one advice first (a server's first advice also starts its worker
    process: that one is timed and printed apart)."""
    import asyncio
    import json

    from cadogan.games.view import player_view
    from cadogan.web.routes import advice
    from cadogan.web.solver_service import AdviceRequest, SolverService

    samples = samples or advice.ADVICE_SAMPLES
    max_nodes = max_nodes or advice.ADVICE_MAX_NODES
    budget = budget or advice.ADVICE_BUDGET
    print(f"server advice: {samples} samples, {max_nodes} nodes per solve, {budget:g} s cap; "
          f"{per_deal} positions per deal of deals 1-{deals}\n")
    print("| game | variant | answers | p50 s | p95 s | max s | cut short by the cap | samples drawn (mean) | "
          "first (cold) s |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")

    async def measure(requests: list[AdviceRequest]) -> list[tuple[float, dict]]:
        service = SolverService()
        try:
            out = []
            for n, request in enumerate([requests[0], *requests]):
                started = time.perf_counter()
                answer, _ = await service.ask(request, f"bench:{n}")  # a key of its own: never from the cache
                out.append((time.perf_counter() - started, answer))
            return out
        finally:
            service.close()

    for game_id, variant in selected_variants(only):
        requests = []
        for deal in range(1, deals + 1):
            for state in _positions(game_id, variant, deal, per_deal):
                view = json.dumps(player_view(state).to_json(), sort_keys=True)
                requests.append(AdviceRequest(game_id, variant, view, samples, max_nodes, 0, budget))
        cold, *timed = asyncio.run(measure(requests))
        seconds = [s for s, _ in timed]
        short = sum(1 for _, a in timed if a["seconds"] >= a["budget"])
        drawn = statistics.mean(a["samples"] for _, a in timed) if timed else 0.0
        p50 = statistics.median(seconds) if seconds else 0.0
        p95 = statistics.quantiles(seconds, n=20, method="inclusive")[-1] if len(seconds) >= 2 else p50
        print(f"| {game_id} | {variant} | {len(seconds)} | {p50:.3f} | {p95:.3f} | {max(seconds, default=0):.3f} | "
              f"{short} | {drawn:.1f} | {cold[0]:.3f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals 1..N (default 200)")
    parser.add_argument("--only", action="append", default=[], metavar="GAME[/VARIANT]")
    parser.add_argument("--samples", type=int, help=f"default {DEFAULT_SAMPLES} (--server: the server's)")
    parser.add_argument("--max-nodes", type=int, help=f"default {DEFAULT_MAX_NODES} (--server: the server's)")
    parser.add_argument("--server", action="store_true",
                        help="time the server's advice at its default settings instead")
    parser.add_argument("--per-deal", type=int, default=5, help="--server: positions per deal (default 5)")
    parser.add_argument("--budget", type=float, help="--server: seconds per advice (default: the server's)")
    args = parser.parse_args()
    if args.server:
        server_table(args.deals, args.per_deal, args.only, args.samples, args.max_nodes, args.budget)
        return
    args.samples = args.samples or DEFAULT_SAMPLES
    args.max_nodes = args.max_nodes or DEFAULT_MAX_NODES
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
