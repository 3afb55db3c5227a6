"""Is the rollout chance calibrated? (``cadogan.solver.rollout``)

    python bench/rollouts.py --only GAME/VARIANT [--deals A-B] [--rollouts R] [--seed X] [--survey CSV]
                             [--samples S --max-nodes N] [--jobs J]

For each deal of the range: the rollout chance of the deal's opening view (R orders of the unseen
cards, each played to its end by the cheap blind player), beside what the survey's blind player
did on that deal (data/survey/blind/GAME-VARIANT.csv: won or lost, and its first-move chance,
``advise``'s).  Prints the mean rollout chance with its standard error, the survey player's win
rate on the same deals with its Wilson 95 % interval, the mean first-move chance of the survey
(the calibration the issue asks for: mean forecast against realised rate), the survey's win rate
among deals the rollouts gave every order to and among the others (does the chance tell deals
apart?), and seconds per rollout.  Deal N is rolled out with seed X + N: where the opening view is
the same for every deal (Precedence ``first-king``: nothing is seen yet), one seed for all would
roll out the same R orders a hundred times.  ``--samples``/``--max-nodes`` set the rollout player
(default ``ROLLOUT_PLAYER``; the survey's own settings ask whether *its* player is calibrated);
``--jobs`` rolls that many deals out side by side.  Figures: docs/advise.md "Calibration".
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from cadogan import games
from cadogan.games.view import player_view
from cadogan.solver import SOLVER_VERSION
from cadogan.solver.advise import Settings
from cadogan.solver.rollout import ROLLOUT_PLAYER, rollout_chance
from cadogan.survey.player import read_rows
from cadogan.survey.stats import wilson_interval

SURVEY = Path(__file__).resolve().parent.parent / "data" / "survey" / "blind"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", required=True, metavar="GAME/VARIANT")
    parser.add_argument("--deals", default="1-100", metavar="A-B")
    parser.add_argument("--rollouts", type=int, default=4, metavar="R")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--survey", metavar="CSV", help="the player rows to compare with (default "
                        "data/survey/blind/GAME-VARIANT.csv; data/rollout-player/ holds the rollout "
                        "player's own rows of British Square piles)")
    parser.add_argument("--samples", type=int, default=ROLLOUT_PLAYER.samples, metavar="S")
    parser.add_argument("--max-nodes", type=int, default=ROLLOUT_PLAYER.max_nodes, metavar="N")
    parser.add_argument("--jobs", type=int, default=1, metavar="J")
    args = parser.parse_args()
    game, variant = args.only.split("/")
    first, last = (int(x) for x in args.deals.split("-"))
    rows = Path(args.survey) if args.survey else SURVEY / f"{game}-{variant}.csv"
    survey = {row.deal: row for row in read_rows(rows, "blind")}
    player = Settings(samples=args.samples, max_nodes=args.max_nodes)
    deals = [deal for deal in range(first, last + 1) if deal in survey]
    chances, outcomes, starts, seconds = [], [], [], []
    with ProcessPoolExecutor(args.jobs) as pool:
        tasks = [(game, variant, deal, args.rollouts, args.seed + deal, player) for deal in deals]
        for deal, found in zip(deals, pool.map(roll_out, tasks)):
            seconds.append(found.seconds / found.played)
            chances.append(found.win_chance)
            outcomes.append(survey[deal].result == "won")
            if survey[deal].start_chance is not None:
                starts.append(survey[deal].start_chance)
            print(f"deal {deal}: rollouts {found.won}/{found.played}, survey {survey[deal].result}", flush=True)
    n, won = len(outcomes), sum(outcomes)
    low, high = wilson_interval(won, n)
    mean = statistics.mean(chances)
    error = statistics.stdev(chances) / n ** 0.5 if n > 1 else float("nan")
    sure = [o for c, o in zip(chances, outcomes) if c == 1]
    unsure = [o for c, o in zip(chances, outcomes) if c < 1]
    print(f"\n{game}/{variant}, deals {first}-{last} in the survey: {n}; {args.rollouts} rollouts each, seed "
          f"{args.seed} + deal; player {player.samples} x {player.max_nodes:,}; solver {SOLVER_VERSION}")
    print(f"mean rollout chance {100 * mean:.1f} % (standard error {100 * error:.1f}); survey player won "
          f"{won} = {100 * won / n:.1f} % ({100 * low:.1f}-{100 * high:.1f} %); its mean first-move chance "
          f"{100 * statistics.mean(starts):.1f} %" if starts else "")
    for name, group in (("every rollout won", sure), ("some rollout lost", unsure)):
        if group:
            print(f"  deals where {name}: {len(group)}, survey won {sum(group)} ({100 * sum(group) / len(group):.0f} %)")
    print(f"seconds per rollout: median {statistics.median(seconds):.2f}, mean {statistics.mean(seconds):.2f}, "
          f"max {max(seconds):.1f}")


def roll_out(task: tuple[str, str, int, int, int, Settings]):
    """One deal's rollouts (a pool's task: the arguments in one tuple)."""
    game, variant, deal, rollouts, seed, player = task
    return rollout_chance(player_view(games.load(game, variant, deal)), rollouts, seed, player)


if __name__ == "__main__":
    main()
