"""The solver: prove a position won or lost, give the winning line, power hints.

>>> from cadogan.games import load
>>> state = load("precedence", "king-out", 1)
>>> r = solve(state, max_nodes=2000)
>>> r.result, len(state.move_stack)   # the state is left unchanged
(<Result.UNKNOWN: 'unknown'>, 0)
>>> solve(state, timeout=10).result
<Result.WON: 'won'>
>>> h = hint(state, budget=5)
>>> h.result, h.verdict, state.play(h.move) == h.move
(<Result.WON: 'won'>, 'winnable', True)

Results are a ``Result`` (``cadogan.solver.outcome``): WON, LOST or UNKNOWN, the words of every
interface chosen there.

One search serves every game; what it knows of each game is a ``GameKnowledge``
(``cadogan.solver.knowledge``: ``canonical_key``, ``safe_moves``, ``search_moves``, ``is_dead`` with
``begin_search``, which resets what it keeps between calls, ``core_encoding``, the time shares, and
where a game has one, an exact constraint model), one module per game
(``cadogan.solver.british_square``, ``square``, ``precedence``), registered by game id.  The hot
loop runs in the compiled core ``cadogan.solver._core`` when it is built and the game offers an
encoding of the position; otherwise in pure Python (``cadogan.solver.search``), which is also the
reference the core is tested against.  ``cadogan.solver.moves`` answers the front ends' questions
about foundation moves (``home_choices``, ``finish_line``, ``auto_moves``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from cadogan.errors import CadoganError
from cadogan.games.base import Move, State
from cadogan.solver import british_square, precedence, square  # noqa: F401  (register their knowledge)
from cadogan.solver.knowledge import knowledge_of
from cadogan.solver.outcome import Finding, Result
from cadogan.solver.search import DEFAULT_MAX_MEMORY_MB
from cadogan.solver.moves import auto_moves, finish_line, home_choices

SOLVER_VERSION = "0.20"  # 0.20: Square free: the policy adaptation search 1.8x faster, the same lines (a line keeps the choices it was drawn from, so adapting to it needs no replay); 0.19: Square free: while placements remain, the playouts after the warm-up learn a policy (nested rollout policy adaptation, cadogan.solver.adaptation) instead of nesting searches; 0.18: Precedence: the last-pass waste-clearing test works within a credit per search (32 positions plus the waste's length a call), so a search where it cannot decide no longer pays its whole limit at every node; it starts afresh with each search; 0.17: once 16 positions with nothing unseen of a game were left undecided by the full budget, the blind player (play_on) gives the next ones its ordinary budget until 8 more cards are home; 0.16: the blind player (advise) solves a position with nothing unseen with at least 2,000,000 nodes; 0.15: British Square: the dead-end test 2.2x faster, no level-1 warm-up where the waste is deep
MODEL_MIN_SECONDS = 10.0  # below this an exact model is not built: it seldom decides a deal in less, and the
# playouts keep their whole share (hints, the winnability check and the 10 s Solution search of the front ends)
MODEL_MARGIN_SECONDS = 0.1  # kept back from the model's time so that a solve never outruns its timeout

__all__ = ["SOLVER_VERSION", "DEFAULT_MAX_MEMORY_MB", "Result", "Finding", "SolveResult", "Hint", "solve", "hint",
           "core_available", "knowledge_of", "home_choices", "finish_line", "auto_moves",
           "model_timeout"]


@dataclass
class SolveResult:
    """``result`` is WON (``moves`` wins from the given position), LOST (proven: the search was
    complete) or UNKNOWN (a limit was reached first); given as a word, it is read as its ``Result``."""

    result: Result
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    best_first: Move | None = None  # first move of the line that brought the most cards home
    best_home: int | None = None  # cards home at the end of the playouts' best line (None: no playouts)

    def __post_init__(self) -> None:
        self.result = Result.from_word(self.result)


@dataclass
class Hint:
    """``move``: the first move of a winning line if one was found, else a good heuristic move
    (None when no move is legal).  ``result``: can the game still be won from here (WON, LOST or
    UNKNOWN; given as a word, read as its ``Result``); ``verdict``: that in the hint's words
    (SPEC ``/hint``: ``winnable``, ``lost``, ``unknown``)."""

    move: Move | None
    result: Result

    def __post_init__(self) -> None:
        self.result = Result.from_word(self.result)

    @property
    def verdict(self) -> str:
        return self.result.hint_word


def core_available() -> bool:
    """True when the compiled core is built and importable."""
    from cadogan.solver import native
    return native.available()


def solve(state: State, timeout: float | None = None, max_nodes: int | None = None,
          max_memory_mb: int | None = None, *, use_core: bool | None = None,
          model_share: float | None = None, playout_share: float | None = None,
          first_search_share: float | None = None, workers: int = 1) -> SolveResult:
    """Search ``state`` (left unchanged) for a win within the limits.

    With a time or node limit the budget is spent in three phases: the complete search for the
    game's ``GameKnowledge.first_search_share`` of it (small or easy positions are decided there), then
    nested playouts for the game's ``GameKnowledge.playout_share`` of it (``cadogan.solver.playouts``: a
    search for wins only), then the complete search again with what is left.  Where the game has
    an exact model (``GameKnowledge.exact_model``) and its ``GameKnowledge.model_share`` of the timeout is at least
    ``MODEL_MIN_SECONDS``, the playouts end where that share begins and the model, not the complete
    search, gets the rest (its lines are replayed before they are believed).  Without limits only
    the complete search runs.

    ``max_memory_mb`` bounds the transposition table (default ``DEFAULT_MAX_MEMORY_MB``).
    ``use_core``: None picks the compiled core when available, True/False force the choice
    (True raises RuntimeError if the core is missing).  ``model_share`` and ``playout_share``
    and ``first_search_share`` replace the game's shares for this solve (a game without a model or
    playouts keeps 0).  ``workers`` above 1 races that many playout searches side by side, each in
    a process of its own with seeds of its own (``find_win``): more wins within a timeout where
    cores are free; the complete searches and the model run once, in this process.
    """
    if max_memory_mb is None:
        max_memory_mb = DEFAULT_MAX_MEMORY_MB
    from cadogan.solver import native
    from cadogan.solver.playouts import find_win
    if use_core is None:
        use_core = native.available() and native.supports(state)
    start = time.perf_counter()
    limited = timeout is not None or max_nodes is not None
    knowledge = knowledge_of(state)
    game_playout_share = knowledge.playout_share(state)
    if playout_share is None or not game_playout_share:
        playout_share = game_playout_share
    share = min(0.9, max(0.0, playout_share)) if limited else 0.0
    if first_search_share is None:
        first_search_share = knowledge.first_search_share(state)
    first_share = min(0.5, max(0.0, first_search_share))

    def complete(fraction: float, nodes_used: int):
        elapsed = time.perf_counter() - start
        time_left = None if timeout is None else max(0.0, timeout * fraction - elapsed)
        nodes_left = None if max_nodes is None else max(1, int(max_nodes * fraction) - nodes_used)
        return _complete_search(state, time_left, nodes_left, max_memory_mb, use_core)

    game_model_share = knowledge.model_share(state)
    if model_share is None or not game_model_share:  # a game without a model keeps 0
        model_share = game_model_share
    model_seconds = 0.0 if timeout is None else timeout * min(0.95, max(0.0, model_share))
    if model_seconds < MODEL_MIN_SECONDS:
        model_seconds = 0.0
    first = complete(first_share if share else 1.0, 0)
    nodes, best_first = first.nodes, first.best_first
    if Result(first.result).decided or not (share or model_seconds):
        return SolveResult(first.result, first.moves, nodes, time.perf_counter() - start, best_first)
    elapsed = time.perf_counter() - start
    playouts_end = None if timeout is None else \
        timeout - model_seconds if model_seconds else timeout * (first_share + share)
    found = find_win(state, None if playouts_end is None else max(0.0, playouts_end - elapsed),
                     None if max_nodes is None else max(1, int(max_nodes * share)), use_core=use_core,
                     workers=workers)
    nodes += found.nodes
    best_first = found.best_first or best_first
    if found.result == Result.WON:
        return SolveResult(Result.WON, found.moves, nodes, time.perf_counter() - start, found.moves[0], 104)
    if model_seconds:
        assert timeout is not None
        result, moves, branches = _decide_by_model(state, start + timeout, max_memory_mb)
        return SolveResult(result, moves, nodes + branches, time.perf_counter() - start,
                           moves[0] if moves else best_first, 104 if moves else found.home)
    rest = complete(1.0, nodes)
    return SolveResult(rest.result, rest.moves, nodes + rest.nodes, time.perf_counter() - start,
                       best_first or rest.best_first, found.home)


def model_timeout(state: State) -> float | None:
    """The shortest timeout with which ``solve`` runs the game's exact model (its ``model_share``
    of the timeout reaches ``MODEL_MIN_SECONDS``); None where the game has no model.

    >>> from cadogan.games import load
    >>> round(model_timeout(load("precedence", "king-out", 1)), 2), model_timeout(load("square", "classic", 1))
    (11.88, None)
    """
    share = min(0.95, max(0.0, knowledge_of(state).model_share(state)))
    return MODEL_MIN_SECONDS / share * 1.01 if share else None  # (1 % over: no rounding drops the model)


def _decide_by_model(state: State, deadline: float, max_memory_mb: int) -> tuple[Result, list[Move], int]:
    """The game's exact model, given the time left before ``deadline``; a line it answers is
    replayed through the engine, and one that does not win (a fault of the model) counts as
    unknown, never as a win."""
    model = knowledge_of(state).exact_model(state)
    if model is None:
        return Result.UNKNOWN, [], 0
    seconds = deadline - time.perf_counter() - MODEL_MARGIN_SECONDS
    result, moves, branches = model.decide(seconds, max_memory_mb)
    try:
        wins = result != Result.WON or state.line_wins(moves)
    except CadoganError:
        wins = False
    if not wins:
        return Result.UNKNOWN, [], branches
    return Result(result), moves, branches


def _complete_search(state: State, timeout: float | None, max_nodes: int | None, max_memory_mb: int,
                     use_core: bool):
    if use_core:
        from cadogan.solver import native
        return native.search(state, timeout=timeout, max_nodes=max_nodes, max_memory_mb=max_memory_mb)
    from cadogan.solver.search import search
    return search(state, timeout=timeout, max_nodes=max_nodes, max_memory_mb=max_memory_mb)


def hint(state: State, budget: float = 0.5) -> Hint:
    """The first move of a winning line if one is found within ``budget`` seconds, else a good
    heuristic move; the verdict says what the search learnt.  Returns within the budget.

    The heuristic move, in order of preference: a safe move of the game (``GameKnowledge.safe_moves``),
    the first move of the line that brought the most cards home during the search, the game's
    most promising move (``GameKnowledge.ordered_moves``)."""
    legal = state.legal_moves()
    if state.is_won() or not legal:
        return Hint(None, Result.WON if state.is_won() else Result.LOST)
    found = solve(state, timeout=max(0.0, budget * 0.85 - 0.01), max_memory_mb=256)
    if found.result is Result.WON and found.moves:
        return Hint(found.moves[0], Result.WON)
    knowledge = knowledge_of(state)
    candidates = knowledge.safe_moves(state)[:1] + ([found.best_first] if found.best_first else []) \
        + knowledge.ordered_moves(state)[:1] + legal[:1]
    return Hint(next(m for m in candidates if m in legal), found.result)
