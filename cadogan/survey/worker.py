"""What a worker does with one deal: solve it, check a "won" verdict, and return the row.

This runs in another process (the local pool) or on another machine (a Dask worker), so it takes
and returns only plain, picklable values, and imports the solver when first called.
"""

from __future__ import annotations

import os
import signal
import sys
from dataclasses import dataclass

from cadogan.solver.outcome import Result
from cadogan.survey.store import RESULTS, Row


@dataclass(frozen=True)
class Limits:
    """What each deal may cost before the solver gives up and says "unknown" (None: no limit)."""

    timeout: float | None = None
    max_nodes: int | None = None
    max_memory_mb: int | None = None

    def already_tried(self, row: Row) -> bool:
        """Whether ``row`` (an unknown deal) came from this solver version under limits at least as
        large as these, so that solving it again would only repeat it.

        >>> Limits(timeout=10).already_tried(Row("precedence", "king-out", 1, "unknown", 10.0, 5, "0.1", 30))
        False
        """
        from cadogan.solver import SOLVER_VERSION
        return row.solver_version == SOLVER_VERSION and _covers(row.timeout, self.timeout) and _covers(
            row.max_nodes, self.max_nodes)


def _covers(before: float | None, now: float | None) -> bool:
    """Whether a limit ``before`` (None: none) is at least the limit ``now``."""
    return before is None or (now is not None and before >= now)


class SolverFault(RuntimeError):
    """The solver's verdict cannot be trusted (a "won" whose line does not win, a strange result)."""


def solve_deal(game_id: str, variant: str, deal: int, limits: Limits) -> Row:
    """Solve one deal from its start position under ``limits``.

    A "won" verdict is only recorded after its winning line has been replayed, move by move through
    the engine's legality checks, on a fresh start position and found to win: the survey never
    counts a win it cannot show.  "lost" and "unknown" are taken as the solver gives them: "lost" is
    the solver's proof that no line wins, "unknown" means a limit was reached first.
    """
    from cadogan import games
    from cadogan.solver import SOLVER_VERSION, solve

    outcome = solve(games.load(game_id, variant, deal), timeout=limits.timeout, max_nodes=limits.max_nodes,
                    max_memory_mb=limits.max_memory_mb)
    if outcome.result not in RESULTS:
        raise SolverFault(f"{game_id} {variant} deal {deal}: the solver answered {outcome.result!r}")
    if outcome.result == Result.WON:
        check_winning_line(game_id, variant, deal, outcome.moves)
    return Row(game_id, variant, deal, outcome.result, float(outcome.seconds), int(outcome.nodes),
               str(SOLVER_VERSION), limits.timeout, limits.max_nodes)


def check_winning_line(game_id: str, variant: str, deal: int, moves: list) -> None:
    """Raise SolverFault unless ``moves`` is a legal line that wins the deal."""
    from cadogan import games
    from cadogan.errors import CadoganError

    try:
        wins = games.load(game_id, variant, deal).line_wins(moves)
    except CadoganError as err:
        raise SolverFault(f"{game_id} {variant} deal {deal}: the solver's winning line is illegal: {err}") from None
    if not wins:
        raise SolverFault(f"{game_id} {variant} deal {deal}: the solver's winning line ({len(moves)} moves) "
                          "does not win")


def init_pool_worker() -> None:
    """Run in each local pool process: leave Ctrl-C to the parent (it stops the survey cleanly) and,
    on Linux, die with the parent, so a survey killed with SIGKILL leaves no orphans solving on."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            PR_SET_PDEATHSIG = 1
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
            if os.getppid() == 1:  # the parent died before prctl took effect
                os._exit(1)
        except (OSError, AttributeError):  # pragma: no cover - no libc prctl: orphans finish their deal
            pass
