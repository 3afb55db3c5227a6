"""Where did a game go wrong?  The last position along a line of play from which a win was still
possible, the move that lost it, and a winning continuation from there (SPEC.md, ``cadogan analyse``).

Winnability is monotone along a line: a position from which a win is possible stays so at every
earlier point of the line (play on to it, then win), and a proven-lost position stays lost at every
later point (every later position is reached from it).  So the positions 0..n of a line of n moves
are a winnable prefix and a lost suffix, and the analysis is a search for that boundary:

* the start first (lost: ``never-winnable``), then the end (winnable: ``winnable``; a dead end is
  lost at no cost), then bisection: a winnable position before a proven-lost one brackets the
  losing move, and the solver is asked about a position near the middle of the bracket;
* every search shares one deadline.  A search inside the bracket gets a small budget; a position
  it leaves undecided is taken as the bracket's high end for now (a winnable position is most
  often quickly shown so; a slow one is most often lost), and the bisection goes on below it.  When
  the bracket is down to one undecided position after a winnable one, that position gets all the
  time left: the answer depends on it alone.  Where the game's undecided positions lean won
  (``GameKnowledge.undecided_leans``), this is mirrored: an undecided position is a low end;
* a winning line found from position i is reused: wherever the player's line meets a position of
  that winning line later on (the same position, whatever the order of the moves), the player
  could still win there too, so the bracket's low end jumps ahead without a search; and where the
  player's next move left the winning line but a few moves lead back onto it (a short
  breadth-first walk, ``DETOUR_NODES``), that position is winnable too;
* every line reported is replayed through the engine before it is believed;
* with ``workers`` above 1 the searches run side by side, each in a process of its own: a second
  worker looks past a position still being searched as if it were winnable, so the two hard
  positions at the boundary (the last winnable, the first lost) are searched at the same time.  A
  search made pointless by another's answer is stopped;
* where the game has a line model (``GameKnowledge.line_model``: Precedence), one of those workers
  asks it, once a position is proven winnable, for the last winnable position of the whole
  bracket at once (starting from the winning line known).  When the bisection has shrunk the
  bracket to three quarters, a second worker asks it again about the new bracket, while the first
  goes on (it may be close to its answer; a longer line costs the model little more).  Near the
  boundary each position is a hard search of its own, while the line model carries what it
  learnt from one position to the next.  The model tells each better win as it finds it (the
  bracket's low end moves up at once), and the position after its newest win, where the boundary
  most likely is, is searched with all the time left: proving the model's optimum often takes
  longer than a search needs to prove that position lost.

>>> a = analyse("precedence", "king-out", 10, ["deal", "deal"], timeout=10)
>>> a.result, a.last_winnable, a.losing_move
(<Finding.WINNABLE: 'winnable'>, 2, None)
>>> games.load("precedence", "king-out", 10).line_wins(["deal", "deal"] + a.line)
True
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from typing import Any, Callable, Sequence

from cadogan import games
from cadogan.games.base import Move, State
from cadogan.solver import knowledge_of, model_timeout, solve
from cadogan.solver.outcome import Finding, Result
from cadogan.solver.workers import Worker, can_fork, default_workers, replays_to_win

EDGE_SHARE = 0.15  # of the timeout: the first search of the start and of the end of the line
ROUND_SHARE = 0.05  # of the timeout: a search inside the bracket
MIN_SECONDS = 0.2
HARDNESS_MARGIN = 1.5  # a search inside the bracket gets this times the longest search that decided so far
MODEL_PROBE_MAX_SHARE = 0.25  # of the timeout: the most a search inside the bracket is raised to so that the
# game's exact model runs in it (``model_timeout``); only the model proves a position in mid-game lost within
# seconds (Precedence: first-king deal 8's position 158 lost in 5.8 s at 12 s, undecided at 3 s)
RETRY_MODEL_SHARE = 0.95  # of a second, longer search of a position, for the game's exact model if it has one:
# the first search already gave the complete search and the playouts their try
RETRY_SHARES = (0.15, 0.75)  # of a second, longer search of a position, for the complete search first and
# then the playouts, where undecided positions lean won (``GameKnowledge.undecided_leans``) and the game has no
# exact model: the answer hangs on finding that position's win, and each finds wins the other does not
# (British Square piles, bench/analyse.py: deal 10's position 127 won by the playouts alone in 35 s and
# undecided by the complete search after 120 s; deal 8's 172 won by the complete search alone in 2.3 s and
# undecided by the playouts after 90 s); the complete search has what is left
MAX_MEMORY_MB = 512  # the transposition table of each search (one per worker)
MAX_LINE_JOBS = 2  # line model searches side by side: the oldest, and one from the newest bracket (with
# fewer than three workers only one, the newest: the bisection keeps a worker, see _most_line_jobs)
DETOUR_NODES = 100  # positions looked at for a way back onto a winning line from the player's next position
GRACE_SECONDS = 2.0  # past the deadline, for a worker to report before it is stopped

__all__ = ["Analysis", "analyse", "analyse_state", "default_workers"]


@dataclass
class Analysis:
    """The answer of ``cadogan analyse`` (SPEC.md).

    ``result``: a ``Finding`` (given as a word, read as one).  ``last_winnable``:
    the number of moves after which a win was (last) possible; ``losing_move``: the move after it;
    ``line``: a winning line from the position after ``last_winnable`` moves.  ``known_winnable`` and
    ``known_lost`` are the bracket at the end (move counts; None where nothing was proven), and
    ``searches`` the solver calls made: (moves played, result, seconds).
    """

    game: str
    variant: str
    deal: int | None
    result: Finding
    last_winnable: int | None = None
    losing_move: str | None = None
    line: list[Move] = field(default_factory=list)
    seconds: float = 0.0
    known_winnable: int | None = None
    known_lost: int | None = None
    searches: list[tuple[int, str, float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.result = Finding(self.result)

    def to_json(self) -> dict[str, Any]:
        """The JSON object of SPEC.md, no more and no fewer keys."""
        return {"game": self.game, "variant": self.variant, "deal": self.deal, "result": self.result,
                "last_winnable": self.last_winnable, "losing_move": self.losing_move,
                "line": [str(m) for m in self.line], "seconds": round(self.seconds, 3)}


def analyse(game: str, variant: str | None, deal: int, moves: Sequence[Move | str],
            timeout: float = 60.0, workers: int = 1) -> Analysis:
    """Analyse the line ``moves`` of a deal within ``timeout`` seconds (all searches together),
    with up to ``workers`` searches side by side.

    IllegalMove (or BadInput) when a move cannot be played: the line must replay first.
    """
    state = games.load(game, variant, deal)
    for move in moves:
        state.play(move)
    return analyse_state(state, timeout, workers)


def analyse_state(state: State, timeout: float = 60.0, workers: int = 1) -> Analysis:
    """Analyse the line that led to ``state`` (its ``move_stack``) from the start of its deal;
    ``state`` is left unchanged.  ``workers`` above 1 runs that many searches at once, each in a
    process of its own (where processes can be forked; else one search at a time)."""
    return _Bisection(state.copy(), timeout, workers).run()


class _Bisection:
    """The search for the boundary between the winnable prefix and the lost suffix of a line."""

    def __init__(self, state: State, timeout: float, workers: int = 1) -> None:
        self.start_time = time.perf_counter()
        self.deadline = self.start_time + max(0.0, timeout)
        self.timeout = max(0.0, timeout)
        self.moves: list[Move] = list(state.move_stack)
        self.final = state
        self.n = len(self.moves)
        self.lo = -1  # the last position proven winnable (-1: none yet)
        self.hi = self.n + 1  # the first position proven lost (n + 1: none yet)
        self.line: list[Move] = []  # a winning line from position lo
        self.tried: dict[int, float] = {}  # position -> the largest budget it was left undecided with
        self.searches: list[tuple[int, str, float]] = []
        self._keys: dict[int, str] = {}
        self.analysis = Analysis(state.game.id, state.variant, state.deal, Finding.UNKNOWN)
        self.workers = max(1, workers) if can_fork() else 1
        self.running: dict[int, Worker] = {}
        self.line_jobs: list[Worker] = []  # the line model's searches, oldest first, each from position .index to .end
        self.line_model = self.workers > 1  # until a line job finds that the game has none
        self.suspect = -1  # the position after the line model's newest win, not yet proven its optimum
        self.leans_won = knowledge_of(state).undecided_leans == Result.WON
        floor = model_timeout(state) or 0.0
        self.model_probe = floor if floor <= self.timeout * MODEL_PROBE_MAX_SHARE else 0.0

    # --- the search --------------------------------------------------------------------------
    def run(self) -> Analysis:
        self._free_answers()
        try:
            while not self._decided() and self.deadline - time.perf_counter() > 0.01:
                self._ask_line_model()
                questions = self._questions(self.workers - len(self.running) - len(self.line_jobs))
                if not questions and not self.running and not self.line_jobs:
                    break  # nothing left that the time could decide
                for index, seconds in questions:
                    self._ask(index, seconds)
                self._collect()
        finally:
            for worker in self._all_workers():
                worker.stop()
            self.running.clear()
            self.line_jobs.clear()
        return self._answer()

    def _free_answers(self) -> None:
        """What needs no search: a won end is winnable with no moves, a dead end is lost."""
        if self.final.is_won():
            self._winnable(self.n, [])
        elif not self.final.legal_moves():
            self.hi = self.n

    def _decided(self) -> bool:
        return self.hi == 0 or self.lo == self.n or self.hi - self.lo == 1

    def _questions(self, free: int) -> list[tuple[int, float]]:
        """Up to ``free`` positions to ask about next, with the seconds to give each."""
        busy = set(self.running)
        questions: list[tuple[int, float]] = []
        left = self.deadline - time.perf_counter()
        for _ in range(free):
            question = self._next_question(left, busy)
            if question is None:
                break
            questions.append(question)
            busy.add(question[0])
        return questions

    def _next_question(self, left: float, busy: set[int]) -> tuple[int, float] | None:
        """The position to ask about next and the seconds to give it, or None when no search
        could help.

        The start, then the end, with ``EDGE_SHARE`` of the timeout; then the middle of the bracket
        with ``ROUND_SHARE``, where an undecided position counts as the bracket's high end for now
        (a winnable position is most often shown so within seconds, so a slow one is taken as lost
        until a search says otherwise); when the bracket is down to that one undecided position,
        it gets all the time that is left: no answer can be given without deciding it.  A position
        being searched (``busy``) counts as a high end too; past it, a free worker looks on as if
        it were winnable, the bracket it would leave.  Only a position left undecided with at
        least the current budget (``_probe_seconds``) counts as a high end: one that had less is
        asked again when the bisection meets it.  Where the game's undecided positions lean won
        (``GameKnowledge.undecided_leans``) all of this is mirrored: an undecided position counts
        as a low end, and the one just before the first proven lost gets the time left."""
        for edge in (0, self.n):
            if self.lo < edge < self.hi and edge not in self.tried and edge not in busy:
                return edge, min(left, max(MIN_SECONDS, self.timeout * EDGE_SHARE))
        if self._suspect_waits(busy):
            return self.suspect, left
        probe = self._probe_seconds(left)
        resisted = {i for i, seconds in self.tried.items() if self.lo < i < self.hi and seconds >= probe}
        unsure = resisted | {i for i in busy if self.lo < i < self.hi}
        # Walk from the proven end the undecided positions lean away from (mirrored where they lean won).
        near, far = (self.hi, self.lo) if self.leans_won else (self.lo, self.hi)
        for end in sorted(unsure | {far}, reverse=self.leans_won):
            if abs(end - near) > 1:
                return (near + end) // 2, probe
            if end == far:
                return None
            if end not in busy:
                return (end, left) if self.tried[end] < left else None
            near = end
        return None

    def _suspect_waits(self, busy: set[int]) -> bool:
        """The position after the line model's newest win is inside the bracket and still to be
        searched."""
        return self.lo < self.suspect < self.hi and self.suspect not in busy and self.suspect not in self.tried

    def _probe_seconds(self, left: float) -> float:
        """The budget of a search inside the bracket: ``ROUND_SHARE`` of the timeout, or more
        where the positions have shown themselves hard: ``HARDNESS_MARGIN`` times the longest
        search that decided its position.  Near the boundary hard positions come in runs, and a
        budget too short for them decides none and only takes each for a high end.  Where the
        game has an exact model, at least the time it needs to run (``model_timeout``), unless
        that is more than ``MODEL_PROBE_MAX_SHARE`` of the timeout."""
        hardest = max((seconds for _, result, seconds in self.searches if result in (Result.WON, Result.LOST)), default=0.0)
        return min(left, max(MIN_SECONDS, self.timeout * ROUND_SHARE, HARDNESS_MARGIN * hardest, self.model_probe))

    def _ask(self, index: int, seconds: float) -> None:
        """Search position ``index``: at once with one worker, else in a process of its own."""
        state = self._position(index)
        shares = self._retry_shares() if index in self.tried else (None, None, None)
        if self.workers == 1:
            self._record(index, seconds, *_search_once(state, seconds, *shares))
        else:
            self.running[index] = Worker(index, seconds, _search_once, state, seconds, *shares)

    def _retry_shares(self) -> tuple[float | None, float | None, float | None]:
        """The shares of a second, longer search of a position (None: the game's own) for the
        exact model, the first complete search and the playouts: the exact model's where the game
        has one, else, where the undecided positions lean won, ``RETRY_SHARES``."""
        first, playouts = RETRY_SHARES if self.leans_won else (None, None)
        return RETRY_MODEL_SHARE, first, playouts

    def _all_workers(self) -> list[Worker]:
        """The searches running: of positions, and the line model's."""
        return [*self.running.values(), *self.line_jobs]

    def _ask_line_model(self) -> None:
        """Start the line model's search of the bracket, if a worker is free for it; and start
        another from the new bracket when the bisection has shrunk it to three quarters of the
        newest search's.  With three workers or more the oldest search is never stopped for a
        newer one (it may be near its answer: a search over a longer line costs little more); a
        newer one replaces the newest when ``_most_line_jobs`` run (with two workers: the one)."""
        if not self.line_model or self.lo < 0 or self.hi - self.lo <= 1 or self._suspect_waits(set(self.running)):
            return  # (the position after the model's newest win comes first: a search may prove it lost soonest)
        end = min(self.hi - 1, self.n)  # position hi is lost: the line model need not look at it
        if self.line_jobs:
            newest = self.line_jobs[-1]
            if 4 * (end - self.lo) > 3 * (newest.end - newest.index):
                return
            if len(self.line_jobs) >= self._most_line_jobs():
                self.line_jobs.pop().stop()
        if len(self.running) + len(self.line_jobs) >= self.workers:
            return
        seconds = self.deadline - time.perf_counter()
        job = Worker(self.lo, seconds, _boundary_once, self._position(self.lo), self.moves[self.lo:end],
                      seconds, self.line, progress=True)
        job.end = end
        self.line_jobs.append(job)

    def _most_line_jobs(self) -> int:
        """``MAX_LINE_JOBS``, but always a worker left for the bisection: where the game has an
        exact model, only the bisection's searches of single positions (given the model's time,
        ``MODEL_PROBE_MAX_SHARE``) prove the high end lost within seconds, while a line model over
        a long bracket mostly does not prove its optimum within a minute.  (Two workers, Precedence,
        bench/analyse.py at 60 s: king-out 9/10 and first-king 8/10 with one line search at a time,
        8/10 and 8/10 with two.)"""
        return max(1, min(MAX_LINE_JOBS, self.workers - 1))

    def _collect(self) -> None:
        """Wait for the first worker to report; record every answer in, and stop the searches
        that the answers made pointless (or that overran the deadline)."""
        workers = self._all_workers()
        if not workers:
            return
        by_pipe = {worker.pipe: worker for worker in workers}
        timeout = max(0.0, self.deadline + GRACE_SECONDS - time.perf_counter())
        for pipe in wait(list(by_pipe), timeout):
            worker = by_pipe[pipe]
            if worker in self.line_jobs:
                last, found = worker.next_report(_NO_BOUNDARY)
                if last:
                    self.line_jobs.remove(worker)
                self._record_boundary(worker.index, worker.end, *found)
                continue
            del self.running[worker.index]
            result, moves, seconds = worker.answer((Result.UNKNOWN, [], worker.seconds))
            self._record(worker.index, worker.seconds, result, moves, seconds)
        overran = time.perf_counter() > self.deadline + GRACE_SECONDS
        for index in [i for i in self.running if overran or not self.lo < i < self.hi]:
            self.running.pop(index).stop()
        for job in [job for job in self.line_jobs if overran or self._decided() or job.end <= self.lo]:
            self.line_jobs.remove(job)
            job.stop()

    def _record_boundary(self, start: int, end: int, k: int | None, line: list[Move], proven: bool,
                         spent: float, available: bool) -> None:
        """What the line model found along the player's line from position ``start`` to ``end``:
        a win after ``k`` more moves (believed once replayed), and with ``proven`` the next
        position lost (if the line went on past it)."""
        self.line_model = available
        if k is None or not available:
            return
        index = start + k
        self.searches.append((index, "line", round(spent, 3)))
        if not replays_to_win(self._position(index), line):
            return  # a fault of the model: neither its win nor its proof is believed
        self._winnable(index, line)
        if proven and index < end and index + 1 > self.lo:
            self.hi = min(self.hi, index + 1)
        elif not proven:
            # The model's wins come nearer the boundary one by one and its proof of the optimum
            # comes last, often much later; the position after its newest win is where the
            # boundary most likely is, and a search may prove it lost sooner than the model.
            self.suspect = index + 1

    def _record(self, index: int, seconds: float, result: Result, line: list[Move], spent: float) -> None:
        self.searches.append((index, result, round(spent, 3)))
        if result == Result.WON and replays_to_win(self._position(index), line):
            self._winnable(index, line)
        elif result == Result.LOST:
            self.hi = min(self.hi, index)
        else:
            self.tried[index] = max(self.tried.get(index, 0.0), seconds)

    def _winnable(self, index: int, line: list[Move]) -> None:
        """Position ``index`` wins with ``line``.  Jump ahead along the player's line: to the latest
        later position that the winning line passes through, and on to each next position from
        which a few moves (``DETOUR_NODES``) lead back onto the winning line."""
        if index <= self.lo:
            return
        self.lo, self.line = index, line
        while self.lo < self.n and self.hi - self.lo > 1:
            base, steps = self.line, self._steps_along(self.lo, self.line)
            later = next((i for i in range(min(self.hi, self.n + 1) - 1, self.lo, -1)
                          if self._key_of(i) in steps), None)
            if later is not None:
                self.lo, self.line = later, base[steps[self._key_of(later)]:]
                if self.hi - self.lo <= 1:
                    return
            detour = _detour(self._position(self.lo + 1), steps)  # any position of the line wins
            if detour is None:
                return
            path, step = detour
            line = path + base[step:]
            if not replays_to_win(self._position(self.lo + 1), line):
                return
            self.lo, self.line = self.lo + 1, line

    def _steps_along(self, index: int, line: list[Move]) -> dict[str, int]:
        """The positions a winning line from position ``index`` passes through (its start
        included): key -> the number of its moves played to reach it (the first time)."""
        along = self._position(index)
        steps = {_key(along): 0}
        for step, move in enumerate(line, 1):
            along.push(move)
            steps.setdefault(_key(along), step)
        return steps

    # --- positions along the player's line -----------------------------------------------------
    def _position(self, index: int) -> State:
        """A fresh copy of the position after the first ``index`` moves of the line."""
        state = self.final.copy()
        for _ in range(self.n - index):
            state.pop()
        return state

    def _key_of(self, index: int) -> str:
        if not self._keys:
            state = self.final.copy()
            for i in range(self.n, -1, -1):
                self._keys[i] = _key(state)
                if i:
                    state.pop()
        return self._keys[index]

    # --- the answer ---------------------------------------------------------------------------
    def _answer(self) -> Analysis:
        a = self.analysis
        a.seconds = time.perf_counter() - self.start_time
        a.searches = self.searches
        a.known_winnable = self.lo if self.lo >= 0 else None
        a.known_lost = self.hi if self.hi <= self.n else None
        if self.lo == self.n:
            a.result, a.last_winnable, a.line = Finding.WINNABLE, self.n, self.line
        elif self.hi == 0:
            a.result = Finding.NEVER_WINNABLE
        elif self.lo >= 0 and self.hi - self.lo == 1:
            a.result, a.last_winnable, a.line = Finding.WENT_WRONG, self.lo, self.line
            a.losing_move = str(self.moves[self.lo])
        return a


def _key(state: State) -> str:
    """The position without its history: two states with the same key have the same future."""
    position = state.to_json()
    return json.dumps(position, sort_keys=True)


def _detour(state: State, steps: dict[str, int]) -> tuple[list[Move], int] | None:
    """The fewest moves from ``state`` to a position of ``steps`` (a winning line's), with that
    position's step; None when none is found among ``DETOUR_NODES`` positions."""
    frontier: list[tuple[State, list[Move]]] = [(state, [])]
    seen = {_key(state)}
    while frontier and len(seen) < DETOUR_NODES:
        next_frontier: list[tuple[State, list[Move]]] = []
        for position, path in frontier:
            for move in position.legal_moves():
                position.push(move)
                key = _key(position)
                if key in steps:
                    return path + [move], steps[key]
                if key not in seen and len(seen) < DETOUR_NODES:
                    seen.add(key)
                    next_frontier.append((position.copy(), path + [move]))
                position.pop()
        frontier = next_frontier
    return None


def _search_once(state: State, seconds: float, model_share: float | None, first_search_share: float | None,
                 playout_share: float | None) -> tuple[Result, list[Move], float]:
    """One search of a position: (result, winning line or [], seconds spent)."""
    found = solve(state, timeout=seconds, max_memory_mb=MAX_MEMORY_MB, model_share=model_share,
                  first_search_share=first_search_share, playout_share=playout_share)
    return found.result, list(found.moves), found.seconds


def _boundary_once(state: State, line: list[Move], seconds: float, win: list[Move],
                   progress: Callable[[tuple], None] | None = None) -> tuple[int | None, list[Move], bool, float, bool]:
    """The line model's search (``GameKnowledge.line_model``) from ``state`` along ``line``,
    started from ``win``: (moves followed to the last win found, that win's moves from there,
    whether the next position is proven lost, seconds spent, whether the game has a line model).
    ``progress`` hears each better win as it is found, in the same form (not proven)."""
    started = time.perf_counter()
    model = knowledge_of(state).line_model(state, line)
    if model is None:
        return None, [], False, 0.0, False

    def better_win(k: int, moves: list[Move]) -> None:
        if progress:
            progress((k, moves, False, time.perf_counter() - started, True))

    k, moves, proven = model.boundary(seconds - (time.perf_counter() - started), MAX_MEMORY_MB, win, better_win)
    return k, moves, proven, time.perf_counter() - started, True


_NO_BOUNDARY = (None, [], False, 0.0, True)  # what a line model's search that died without a word found
