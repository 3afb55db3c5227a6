"""The bridge to the compiled core ``cadogan.solver._core`` (a CPython extension written in C).

A game opts in by answering ``GameKnowledge.core_encoding(state)`` with ``(rules, flags, extra)``: which rule
family of the core its moves follow, the family's parameters, and the game's own fields as ints.
The solver never looks at a game's name; the encoding is the game's knowledge
(``cadogan.solver.<game>``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cadogan.games.base import DEAL, MOVES, PILE_CODES, REDEAL, Move, State
from cadogan.solver.knowledge import knowledge_of
from cadogan.solver.outcome import Result
from cadogan.solver.search import DEFAULT_MAX_MEMORY_MB, PlayoutResult, SearchOutcome

if TYPE_CHECKING:
    from cadogan.solver.adaptation import Adaptation

CORE_INTERFACE = 8  # must equal CORE_INTERFACE in _core.c

try:  # pragma: no cover - depends on the build
    from cadogan.solver import _core
except ImportError:  # the optional extension was not built: the pure-Python search is used
    _core = None
if _core is not None and getattr(_core, "INTERFACE", None) != CORE_INTERFACE:  # pragma: no cover
    import warnings

    warnings.warn("cadogan.solver._core is stale (built from older source): using the Python search; "
                  "run `pip install -e .` to rebuild it", RuntimeWarning, stacklevel=1)
    _core = None

# Move codes used by the core: src/dst pile codes as in base.py; -1 deal, -2 redeal.
_SPECIAL = {DEAL.src: DEAL, REDEAL.src: REDEAL}


def available() -> bool:
    return _core is not None


def encoding(state: State) -> tuple[int, int, tuple[int, ...]] | None:
    return knowledge_of(state).core_encoding(state)


def supports(state: State) -> bool:
    return _core is not None and encoding(state) is not None


def _piles(state: State) -> list[list[int]]:
    return [list(p) if p is not None else [] for p in state.piles]


def to_move(pair: tuple[int, int]) -> Move:
    src, dst = pair
    return _SPECIAL[src] if src < 0 else MOVES[src][dst]


def _args(state: State) -> tuple[Any, ...]:
    enc = encoding(state)
    if enc is None:
        raise RuntimeError(f"the compiled core does not support {state.game.id}")
    rules, flags, extra = enc
    return rules, flags, _piles(state), tuple(extra)


def legal_moves(state: State) -> list[Move]:
    """The core's move generation for ``state`` (the tests compare it with the engine's)."""
    if _core is None:
        raise RuntimeError("the compiled core is not built")
    return [to_move(p) for p in _core.legal_moves(*_args(state))]


def is_dead(state: State) -> bool:
    """The core's dead-end test for ``state`` (the tests compare it with ``GameKnowledge.is_dead``)."""
    if _core is None:
        raise RuntimeError("the compiled core is not built")
    return bool(_core.is_dead(*_args(state)))


def apply(state: State, moves: list[Move]) -> tuple[list[list[int]], tuple[int, ...]]:
    """Piles and extra fields after the core pushes ``moves`` (then checks its undo restores)."""
    if _core is None:
        raise RuntimeError("the compiled core is not built")
    piles, extra = _core.apply(*_args(state), [(m.src, m.dst) for m in moves])
    return piles, tuple(extra)


def search(state: State, *, prune: bool = True, timeout: float | None = None,
           max_nodes: int | None = None, max_memory_mb: int | None = None) -> SearchOutcome:
    """Same contract as ``cadogan.solver.search.search``, run by the core."""
    if _core is None:
        raise RuntimeError("the compiled core is not built")
    result, pairs, nodes, seconds, best = _core.search(
        *_args(state), bool(prune),
        -1.0 if timeout is None else max(0.0, float(timeout)),
        -1 if max_nodes is None else int(max_nodes),
        (DEFAULT_MAX_MEMORY_MB if max_memory_mb is None else int(max_memory_mb)) * 1024 * 1024)
    return SearchOutcome(Result(result), [to_move(p) for p in pairs], nodes, seconds,
                   None if best is None else to_move(best))


def playouts(state: State, level: int, *, timeout: float | None = None, max_nodes: int | None = None,
             seed: int = 1) -> PlayoutResult:
    """``cadogan.solver.playouts.nested_search`` run by the core (same contract, its own random
    numbers)."""
    if _core is None:
        raise RuntimeError("the compiled core is not built")
    result, pairs, nodes, seconds, first, home = _core.playouts(
        *_args(state), int(level), -1.0 if timeout is None else max(0.0, float(timeout)),
        -1 if max_nodes is None else int(max_nodes), int(seed) & (2**64 - 1))
    return PlayoutResult(Result(result), [to_move(p) for p in pairs], nodes, seconds,
                         None if first is None else to_move(first), home)


def adaptation(state: State, params: Adaptation, *, timeout: float | None = None, max_nodes: int | None = None,
               seed: int = 1) -> PlayoutResult:
    """``cadogan.solver.adaptation.adaptation_search`` run by the core (same contract, its own
    random numbers)."""
    if _core is None:
        raise RuntimeError("the compiled core is not built")
    result, pairs, nodes, seconds, first, home = _core.nrpa(
        *_args(state), int(params.level), int(params.iterations), int(params.repeats), float(params.alpha),
        float(params.prior), int(params.endgame), -1.0 if timeout is None else max(0.0, float(timeout)),
        -1 if max_nodes is None else int(max_nodes), int(seed) & (2**64 - 1))
    return PlayoutResult(Result(result), [to_move(p) for p in pairs], nodes, seconds,
                         None if first is None else to_move(first), home)


assert PILE_CODES == 26
