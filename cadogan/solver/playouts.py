"""Nested playouts: a search for wins only (it never proves a loss).

Nested Monte-Carlo search (Cazenave, IJCAI 2009) over the moves the pruned search would try
(``GameKnowledge.safe_moves``, else ``search_moves``, in the game's order of promise):

* a level-0 search is one *playout*: from the position, play the game's most promising move, or
  with a small probability a random one of its moves, until no move is left; a position met twice
  in one playout ends it (tableau moves can go round in circles), and so does a position the
  game's dead-end test refutes where the game asks for it (``GameKnowledge.playout_ends_at_dead_end``);
* a level-n search tries every move followed by a level-(n-1) search, plays the first move of the
  best line found so far (the line bringing the most cards home), and repeats from there; a forced
  move (the only one, once a best line is known, which then goes on from it) is played without a
  search of its own, which makes a level several times cheaper where most moves are forced
  (Precedence: a deal whenever the waste card cannot go).

Every ``won`` answer carries the line actually played from the given position, so the verdict is
honest by construction (the tests replay it through the engine).  Where the complete search drowns
in interchangeable orders of moves, these lines find most wins of British Square ``piles``, Square
``classic`` and Precedence within a second or two.

``find_win`` runs the compiled core's version (``_core.playouts``) when it is built and supports the
game, else ``nested_search`` below, the pure-Python reference.
"""

from __future__ import annotations

import random
import time

from multiprocessing.connection import wait

from cadogan.games.base import Move, State
from cadogan.solver.adaptation import run_adaptation
from cadogan.solver.knowledge import knowledge_of
from cadogan.solver.outcome import Result
from cadogan.solver.search import MAX_PLAYOUT, PlayoutResult, playout, playout_rules, pruned_moves
from cadogan.solver.search import PlayoutBudget as _PlayoutBudget
from cadogan.solver.workers import Worker, can_fork, replays_to_win

# Probability of a random move at each step, one value per playout in turn (as in the core).
EPSILONS = (0.01, 0.03, 0.06, 0.12, 0.25)

SEED_STRIDE = 1_000_003  # racer w of find_win draws seeds w * SEED_STRIDE + 1, + 2, ...: no two share one
RACE_GRACE_SECONDS = 1.0  # past the timeout, for a racer to report before it is stopped



class _Search:
    """The pure-Python nested search; ``run`` leaves the state as it found it."""

    def __init__(self, state: State, budget: _PlayoutBudget, rng: random.Random) -> None:
        self.state = state
        self.budget = budget
        self.rng = rng
        self.playouts = 0
        self.key, self.is_dead = playout_rules(state)

    def playout(self) -> tuple[int, list[Move]]:
        state, rng = self.state, self.rng
        eps = EPSILONS[self.playouts % len(EPSILONS)]
        self.playouts += 1
        return playout(state, lambda moves: rng.randrange(len(moves)) if rng.random() < eps else 0,
                       self.key, self.is_dead, self.budget)

    def run(self, level: int) -> tuple[int, list[Move]]:
        if level == 0:
            return self.playout()
        state = self.state
        best_home, best = -1, []
        played: list[Move] = []
        while len(played) + len(best) < MAX_PLAYOUT - 1 and not state.is_won() and not self.budget.stopped:
            moves = pruned_moves(state)
            if not moves:
                break
            forced = len(moves) == 1 and bool(best)
            for move in [] if forced else moves:
                state.push(move)
                self.budget.spent()
                home, tail = (104, []) if state.is_won() else self.run(level - 1)
                state.pop()
                if home > best_home:
                    best_home, best = home, [move] + tail
                if best_home == 104 or self.budget.stopped:
                    break
            if not best or self.budget.stopped:
                break
            state.push(best[0])
            played.append(best[0])
            best = best[1:]
        best_home = max(best_home, state.cards_home())
        for _ in played:
            state.pop()
        return best_home, played + best


def nested_search(state: State, level: int, *, timeout: float | None = None,
                  max_nodes: int | None = None, seed: int = 1) -> PlayoutResult:
    """One nested search of ``level`` from ``state`` (left unchanged), in pure Python."""
    start = time.perf_counter()
    work = state.copy()
    search = _Search(work, _PlayoutBudget(timeout, max_nodes), random.Random(seed))
    home, line = (104, []) if work.is_won() else search.run(level)
    won = home == 104
    return PlayoutResult(Result.WON if won else Result.UNKNOWN, line if won else [], search.budget.nodes,
                         time.perf_counter() - start, line[0] if line else None, home)


def _one_run(state: State, level: int, timeout: float | None, max_nodes: int | None, seed: int,
             use_core: bool) -> PlayoutResult:
    if use_core:
        from cadogan.solver import native
        return native.playouts(state, level, timeout=timeout, max_nodes=max_nodes, seed=seed)
    return nested_search(state, level, timeout=timeout, max_nodes=max_nodes, seed=seed)


def find_win(state: State, timeout: float | None, max_nodes: int | None = None, *,
             use_core: bool | None = None, workers: int = 1) -> PlayoutResult:
    """Searches one level below the game's ``playout_top_level`` (level 1 at least), with seeds
    1, 2, ..., for the game's ``playout_warmup_share`` of the budget, then searches at the top
    level, with seeds 1, 2, ... again, until the budget (time and/or nodes; at least one must be
    given) is spent or a win is found.  Where the game asks for policy adaptation
    (``GameKnowledge.playout_adaptation``), its searches (``cadogan.solver.adaptation``) take the
    top level's place.

    With ``workers`` above 1 and a timeout, that many such searches race side by side, each in a
    forked process of its own (``cadogan.solver.workers``; where processes cannot be forked, one
    search alone) and each with seeds of its own (``SEED_STRIDE``); each has the whole budget, and
    only the first has the warmup below the top level (a portfolio: the warmup wins some deals at
    once, the top level most of the others within seconds of its start).  The
    first win, replayed through the engine, ends the race; else the answer is the line that brought
    the most cards home, and ``nodes`` counts the searches that reported.  The playouts' time to a
    win varies widely from one seed to another (Square ``free``), so two searches on two cores
    find more wins within a timeout than one with twice the time would (docs/performance.md)."""
    if timeout is None and max_nodes is None:
        raise ValueError("find_win needs a time or a node limit")
    if workers > 1 and timeout is not None and can_fork():
        return _race(state, timeout, max_nodes, use_core, workers)
    return _find_win_alone(state, timeout, max_nodes, use_core, 0)


def _find_win_alone(state: State, timeout: float | None, max_nodes: int | None, use_core: bool | None,
                    first_seed: int, warmup: bool = True) -> PlayoutResult:
    """``find_win`` in this process, its seeds counted from ``first_seed`` + 1; without ``warmup``
    it starts at the top level."""
    from cadogan.solver import native
    if use_core is None:
        use_core = native.available() and native.supports(state)
    knowledge = knowledge_of(state)
    warmup_share = knowledge.playout_warmup_share(state) if warmup else 0.0
    top_level = knowledge.playout_top_level(state)
    adaptation = knowledge.playout_adaptation(state)
    start = time.perf_counter()
    nodes = 0
    runs = [0, 0]  # runs so far below the top level and at it: each phase counts its own seeds
    best: PlayoutResult | None = None
    while True:
        elapsed = time.perf_counter() - start
        time_left = None if timeout is None else timeout - elapsed
        nodes_left = None if max_nodes is None else max_nodes - nodes
        if (time_left is not None and time_left <= 0.001) or (nodes_left is not None and nodes_left <= 0):
            break
        if timeout is not None:
            early = elapsed < warmup_share * timeout
        else:
            early = nodes < warmup_share * (max_nodes or 0)
        phase = 0 if early else 1
        runs[phase] += 1
        if adaptation is not None and not early:
            run = run_adaptation(state, adaptation, time_left, nodes_left, first_seed + runs[phase], use_core)
        else:
            level = max(1, top_level - 1) if early else top_level
            run = _one_run(state, level, time_left, nodes_left, first_seed + runs[phase], use_core)
        nodes += run.nodes
        if best is None or run.home > best.home:
            best = run
        if run.result == Result.WON:
            break
    seconds = time.perf_counter() - start
    if best is None:
        return PlayoutResult(Result.UNKNOWN, [], 0, seconds, None, state.cards_home())
    return best._replace(nodes=nodes, seconds=seconds)


def _race(state: State, timeout: float, max_nodes: int | None, use_core: bool | None,
          workers: int) -> PlayoutResult:
    """``workers`` searches of ``find_win`` side by side (see there)."""
    start = time.perf_counter()
    deadline = start + timeout + RACE_GRACE_SECONDS
    racers = [Worker(w, timeout, _raced_search, state, timeout, max_nodes, use_core, w * SEED_STRIDE, w == 0)
              for w in range(workers)]
    failed = (Result.UNKNOWN.value, [], 0, 0.0, None, state.cards_home())
    best: PlayoutResult | None = None
    nodes = 0
    try:
        while racers:
            ready = wait([racer.pipe for racer in racers], max(0.0, deadline - time.perf_counter()))
            if not ready:
                break  # (a search past its time and the grace: stopped below)
            for racer in [racer for racer in racers if racer.pipe in ready]:
                racers.remove(racer)
                found = _from_report(racer.answer(failed))
                nodes += found.nodes
                if found.result == Result.WON:
                    if replays_to_win(state, found.moves):
                        return found._replace(nodes=nodes, seconds=time.perf_counter() - start)
                    continue  # a line that does not replay to a win is never believed
                if best is None or found.home > best.home:
                    best = found
    finally:
        for racer in racers:
            racer.stop()
    seconds = time.perf_counter() - start
    if best is None:
        return PlayoutResult(Result.UNKNOWN, [], nodes, seconds, None, state.cards_home())
    return best._replace(nodes=nodes, seconds=seconds)


def _raced_search(state: State, timeout: float, max_nodes: int | None, use_core: bool | None,
                  first_seed: int, warmup: bool) -> tuple:
    """One racer of ``_race``, in its own process: what it found as a tuple for the pipe (the
    result's word, the line, nodes, seconds, the best first move as text or None, cards home)."""
    found = _find_win_alone(state, timeout, max_nodes, use_core, first_seed, warmup)
    return (found.result.value, found.moves, found.nodes, found.seconds,
            None if found.best_first is None else str(found.best_first), found.home)


def _from_report(report: tuple) -> PlayoutResult:
    result, moves, nodes, seconds, best_first, home = report
    return PlayoutResult(Result(result), list(moves), nodes, seconds,
                         None if best_first is None else Move.from_text(best_first), home)
