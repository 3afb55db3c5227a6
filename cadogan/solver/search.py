"""The pure-Python search: depth-first, with a transposition table over canonical keys.

This is the reference the compiled core (``cadogan.solver._core``) is tested against, and the
fallback when the core is not built.  It knows nothing about any game: all game knowledge comes
through the game's ``GameKnowledge`` (``canonical_key``, ``safe_moves``, ``search_moves``, ``is_dead``).

Why a verdict is honest:

* ``won``: the line returned is the path the search actually pushed from the root to a won
  position; callers (and the tests) replay it with ``State.play``.
* ``lost``: returned only when the depth-first search ran out of moves to try without hitting any
  limit.  Every position it skipped was skipped for one of these reasons, each a proof that no win
  is lost: (1) its canonical key had been visited before (a position the game declares equivalent
  was, or is being, searched in full -- graph search over a finite graph visits every reachable
  class); (2) a game-supplied safe move was made instead of the alternatives (``GameKnowledge.safe_moves``
  promises some win survives it whenever one existed); (3) the game dropped a move dominated by a
  kept one (``GameKnowledge.search_moves``); (4) the game proved the position dead
  (``GameKnowledge.is_dead``).
  Each hook carries its own argument in its docstring.
* ``unknown``: a limit (time, nodes, memory) was reached first.
"""

from __future__ import annotations

import sys
import time
from typing import Any, Callable, NamedTuple

from cadogan.games.base import Move, State
from cadogan.solver.knowledge import knowledge_of
from cadogan.solver.outcome import Result

DEFAULT_MAX_MEMORY_MB = 1024  # the transposition table's bound when a caller gives none

# How often (in nodes) the limits are checked: often, since a dead-end test may take milliseconds in Python.
_CHECK_EVERY = 8
# Bytes a table entry takes besides its key's objects: the set's slots (resizing included) and the
# allocator's rounding of each tuple.  Keys grow as the game goes on: one new key in _SAMPLE_EVERY
# is measured, and the table reckoned at their mean size.
_ENTRY_OVERHEAD = 256
_SAMPLE_EVERY = 64


class _SearchBudget:
    """The limits of one complete search: its deadline, node count and table bytes."""

    def __init__(self, timeout: float | None, max_nodes: int | None, max_memory_mb: int | None) -> None:
        self.start = time.perf_counter()
        self.deadline = None if timeout is None else self.start + max(0.0, timeout)
        self.max_nodes = max_nodes
        self.max_bytes = None if max_memory_mb is None else max_memory_mb * 1024 * 1024


def _deep_size(obj: Any) -> int:
    """Rough bytes held by a key (the object and what it contains, shared small ints excluded)."""
    size = sys.getsizeof(obj)
    if isinstance(obj, (tuple, list, frozenset, set)):
        size += sum(_deep_size(x) for x in obj if not isinstance(x, int) or x > 256)
    return size


class SearchOutcome(NamedTuple):
    """What a search returns (the compiled core returns the same)."""

    result: Result
    moves: list[Move]      # the winning line when won, else []
    nodes: int
    seconds: float
    best_first: Move | None = None  # first move of the line that brought the most cards home


class PlayoutResult(NamedTuple):
    """What nested playouts return (``cadogan.solver.playouts``; the core returns the same)."""

    result: Result         # WON or UNKNOWN
    moves: list[Move]      # the winning line when won
    nodes: int             # moves pushed
    seconds: float
    best_first: Move | None  # first move of the line that brought the most cards home
    home: int              # cards home at the end of that line


PRUNING_RULES = frozenset({"keys", "moves", "safe", "dead"})


def _rules(prune: bool | frozenset[str] | set[str]) -> frozenset[str]:
    if prune is True:
        return PRUNING_RULES
    if prune is False:
        return frozenset()
    unknown = set(prune) - PRUNING_RULES
    if unknown:
        raise ValueError(f"unknown pruning rules {sorted(unknown)}: choose from {sorted(PRUNING_RULES)}")
    return frozenset(prune)


def pruned_moves(state: State) -> list[Move]:
    """The moves the fully pruned search tries at ``state``, in its order: the game's first safe
    move alone if it has one, else ``GameKnowledge.search_moves`` (the core's ``search_moves``)."""
    knowledge = knowledge_of(state)
    return knowledge.safe_moves(state)[:1] or knowledge.search_moves(state)


MAX_PLAYOUT = 4095  # moves in one playout's line (as NM_MAXLEN - 1 in the core)


class PlayoutBudget:
    """The limits of a playout search: ``spent()``, called once a move, says when one is reached;
    ``stopped`` stays true from then on."""

    def __init__(self, timeout: float | None, max_nodes: int | None) -> None:
        self.deadline = None if timeout is None else time.perf_counter() + max(0.0, timeout)
        self.max_nodes = max_nodes
        self.nodes = 0
        self.stopped = False

    def spent(self) -> bool:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            self.stopped = True
        elif self.deadline is not None and self.nodes % 64 == 0 and time.perf_counter() >= self.deadline:
            self.stopped = True
        return self.stopped

    def spend(self, nodes: int) -> None:
        """Counts ``nodes`` moves made by another search (an endgame's) at once."""
        self.nodes += nodes
        if (self.max_nodes is not None and self.nodes >= self.max_nodes) or \
                (self.deadline is not None and time.perf_counter() >= self.deadline):
            self.stopped = True


def playout_rules(state: State) -> tuple[Callable[[State], Any], Callable[[State], bool] | None]:
    """What a playout of ``state``'s game needs: the key of a position and, where the game asks
    (``GameKnowledge.playout_ends_at_dead_end``), its dead-end test; the game's search state is
    reset (``GameKnowledge.begin_search``)."""
    knowledge = knowledge_of(state)
    knowledge.begin_search()
    return knowledge.exact_key, knowledge.is_dead if knowledge.playout_ends_at_dead_end else None


def playout(state: State, pick: Callable[[list[Move]], int], key: Callable[[State], Any],
            is_dead: Callable[[State], bool] | None, budget: PlayoutBudget) -> tuple[int, list[Move]]:
    """One playout from ``state`` (left as it was): at each step the pruned move ``pick`` chooses
    (asked only where there are two or more), or the first after it (round the list) that does not
    lead back to a position met; it ends where no move is left, at a win, at a dead end where
    ``is_dead`` is given, or when the budget (spent once a move) is.  Returns the cards home at its
    end and its moves (``playout`` in the core's playouts.c)."""
    seen = {key(state)}
    line: list[Move] = []
    while len(line) < MAX_PLAYOUT and not state.is_won() and not budget.stopped:
        moves = pruned_moves(state)
        if not moves:
            break
        first = pick(moves) if len(moves) > 1 else 0
        for move in moves[first:] + moves[:first]:
            state.push(move)
            position = key(state)
            if position not in seen:
                seen.add(position)
                line.append(move)
                budget.spent()
                break
            state.pop()
        else:
            break
        if is_dead and is_dead(state):
            break
    home = state.cards_home()
    for _ in line:
        state.pop()
    return home, line


def _legal_moves(state: State) -> list[Move]:
    return state.legal_moves()


def search(state: State, *, prune: bool | frozenset[str] | set[str] = True, timeout: float | None = None,
           max_nodes: int | None = None, max_memory_mb: int | None = None
           ) -> SearchOutcome:
    """Search ``state`` (left unchanged) for a win: ``(result, winning line, nodes, seconds,
    best_first)``.

    ``prune=False`` is the plain reference search: exact keys (``GameKnowledge.exact_key``), every
    legal move in engine order, no safe moves, no dead-end test.  ``prune`` may also name the rules
    to use, a subset of ``PRUNING_RULES``: ``keys`` (``canonical_key``), ``moves``
    (``search_moves``), ``safe`` (``safe_moves``), ``dead`` (``is_dead``); the tests
    check each one alone against the plain search on many small positions.
    """
    limits = _SearchBudget(timeout, max_nodes, max_memory_mb)
    game = knowledge_of(state)
    game.begin_search()
    work = state.copy()
    depth0 = len(work.move_stack)
    rules = _rules(prune)
    key_of: Callable[[State], Any] = game.canonical_key if "keys" in rules else game.exact_key
    is_dead: Callable[[State], bool] = game.is_dead if "dead" in rules else _never_dead
    safe_moves = game.safe_moves if "safe" in rules else None
    search_moves = game.search_moves if "moves" in rules else _legal_moves

    def candidates(s: State) -> list[Move]:
        if safe_moves is not None:
            safe = safe_moves(s)
            if safe:
                return safe[:1]
        return search_moves(s)

    nodes = 1
    if work.is_won():
        return SearchOutcome(Result.WON, [], nodes, time.perf_counter() - limits.start)
    visited: set[Any] = {key_of(work)}
    key_bytes, sampled = _deep_size(next(iter(visited))), 1  # for a running mean of the keys' sizes
    entry_bytes = _ENTRY_OVERHEAD + key_bytes
    if is_dead(work):
        return SearchOutcome(Result.LOST, [], nodes, time.perf_counter() - limits.start)
    best_home = work.cards_home()
    best_first: Move | None = None
    stack = [iter(candidates(work))]
    result = Result.LOST
    try:
        while stack:
            if nodes % _CHECK_EVERY == 0 and _over(limits, nodes, len(visited) * entry_bytes):
                result = Result.UNKNOWN
                break
            move = next(stack[-1], None)
            if move is None:
                stack.pop()
                if stack:
                    work.pop()
                continue
            work.push(move)
            nodes += 1
            home = work.cards_home()
            if home > best_home:
                best_home, best_first = home, work.move_stack[depth0]
            if work.is_won():
                line = work.move_stack[depth0:]
                return SearchOutcome(Result.WON, list(line), nodes, time.perf_counter() - limits.start, line[0])
            key = key_of(work)
            if key in visited or is_dead(work):
                visited.add(key)
                work.pop()
                continue
            visited.add(key)
            if len(visited) % _SAMPLE_EVERY == 0:
                key_bytes, sampled = key_bytes + _deep_size(key), sampled + 1
                entry_bytes = _ENTRY_OVERHEAD + key_bytes // sampled
            stack.append(iter(candidates(work)))
    finally:
        del work
    return SearchOutcome(result, [], nodes, time.perf_counter() - limits.start, best_first)


def _never_dead(state: State) -> bool:
    return False


def _over(limits: _SearchBudget, nodes: int, bytes_used: int) -> bool:
    if limits.max_nodes is not None and nodes >= limits.max_nodes:
        return True
    if limits.deadline is not None and time.perf_counter() >= limits.deadline:
        return True
    return limits.max_bytes is not None and bytes_used >= limits.max_bytes
