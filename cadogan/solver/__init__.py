"""The solver: prove a position won or lost, give the winning line, power hints.

>>> from cadogan.games import load
>>> state = load("precedence", "king-out", 1)
>>> r = solve(state, max_nodes=2000)
>>> r.result in ("won", "lost", "unknown"), len(state.move_stack)   # the state is left unchanged
(True, 0)
>>> hint(state, budget=0.2).verdict in ("winnable", "lost", "unknown")
True

One search serves every game; the games supply their knowledge through the ``Game`` hooks
(``canonical_key``, ``safe_moves``, ``search_moves``, ``is_dead``, ``core_encoding``).  The hot
loop runs in the compiled core ``cadogan.solver._core`` when it is built and the game offers an
encoding of the position; otherwise in pure Python (``cadogan.solver.search``), which is also the
reference the core is tested against.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from cadogan.games.base import Move, State

SOLVER_VERSION = "0.3"
DEFAULT_MAX_MEMORY_MB = 1024

__all__ = ["SOLVER_VERSION", "DEFAULT_MAX_MEMORY_MB", "SolveResult", "Hint", "solve", "hint",
           "core_available"]


@dataclass
class SolveResult:
    """``result`` is ``won`` (``moves`` wins from the given position), ``lost`` (proven: the search
    was complete) or ``unknown`` (a limit was reached first)."""

    result: str
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    best_first: Move | None = None  # first move of the line that brought the most cards home


@dataclass
class Hint:
    """``move``: the first move of a winning line if one was found, else a good heuristic move
    (None when no move is legal).  ``verdict``: ``winnable``, ``lost`` or ``unknown``."""

    move: Move | None
    verdict: str


def core_available() -> bool:
    """True when the compiled core is built and importable."""
    from cadogan.solver import native
    return native.available()


def solve(state: State, timeout: float | None = None, max_nodes: int | None = None,
          max_memory_mb: int | None = None, *, use_core: bool | None = None) -> SolveResult:
    """Search ``state`` (left unchanged) for a win within the limits.

    ``max_memory_mb`` bounds the transposition table (default ``DEFAULT_MAX_MEMORY_MB``).
    ``use_core``: None picks the compiled core when available, True/False force the choice
    (True raises RuntimeError if the core is missing).
    """
    if max_memory_mb is None:
        max_memory_mb = DEFAULT_MAX_MEMORY_MB
    from cadogan.solver import native
    if use_core is None:
        use_core = native.available() and native.supports(state)
    if use_core:
        outcome = _core_solve(state, timeout, max_nodes, max_memory_mb)
    else:
        from cadogan.solver.search import search
        outcome = search(state, timeout=timeout, max_nodes=max_nodes, max_memory_mb=max_memory_mb)
    return SolveResult(outcome.result, outcome.moves, outcome.nodes, outcome.seconds, outcome.best_first)


def _core_solve(state: State, timeout: float | None, max_nodes: int | None, max_memory_mb: int):
    """The complete search, then, if it ran out of time and the game asks for it
    (``Game.dive_share``: the share of the time to keep back), randomised dives for a win.

    A dive is a depth-first search whose move order is perturbed at random, with a node budget
    growing by a fifth each time; it can only ever answer ``won`` (with a line the tests replay) or
    nothing, so the verdict stays honest.
    """
    from cadogan.solver import native
    from cadogan.solver.search import Outcome
    start = time.perf_counter()
    share = float(getattr(state.game, "dive_share", 0.0)) if timeout is not None else 0.0
    first = timeout * (1.0 - share) if timeout is not None else None
    result, moves, nodes, _, best = native.search(state, timeout=first, max_nodes=max_nodes,
                                                  max_memory_mb=max_memory_mb)
    seed, budget = 1, 20_000
    while result == "unknown" and share > 0 and timeout is not None:
        left = timeout - (time.perf_counter() - start)
        if left <= 0.001 or (max_nodes is not None and nodes >= max_nodes):
            break
        if max_nodes is not None:
            budget = min(budget, max_nodes - nodes)
        dive = native.search(state, timeout=left, max_nodes=budget, max_memory_mb=max_memory_mb, seed=seed)
        nodes += dive.nodes
        best = best or dive.best_first
        if dive.result == "won":
            result, moves, best = "won", dive.moves, dive.moves[0]
        seed, budget = seed + 1, budget + budget // 5
    return Outcome(result, moves, nodes, time.perf_counter() - start, best)


def hint(state: State, budget: float = 0.5) -> Hint:
    """The first move of a winning line if one is found within ``budget`` seconds, else a good
    heuristic move; the verdict says what the search learnt.  Returns within the budget.

    The heuristic move, in order of preference: a safe move of the game (``Game.safe_moves``),
    the first move of the line that brought the most cards home during the search, the game's
    most promising move (``Game.ordered_moves``)."""
    legal = state.legal_moves()
    if state.is_won() or not legal:
        return Hint(None, "winnable" if state.is_won() else "lost")
    found = solve(state, timeout=max(0.0, budget * 0.85 - 0.01), max_memory_mb=256)
    if found.result == "won" and found.moves:
        return Hint(found.moves[0], "winnable")
    verdict = "lost" if found.result == "lost" else "unknown"
    game = state.game
    candidates = game.safe_moves(state)[:1] + ([found.best_first] if found.best_first else []) \
        + game.ordered_moves(state)[:1] + legal[:1]
    return Hint(next(m for m in candidates if m in legal), verdict)
