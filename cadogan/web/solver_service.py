"""The server's solver service: bounded, cancellable searches for hints and solutions.

- At most one search per core at once (``workers``, default ``os.cpu_count()``); solutions may use
  all but one of them, so a hint always finds a worker within one hint's time.
- A bounded queue per kind: beyond ``queue_limit`` waiting searches, ``Busy`` (the server answers
  429 with ``Retry-After``).
- Each search runs in a worker process (``processes=True``, what ``cadogan serve`` uses): when no
  one waits for it any more (the client hung up, or a newer request for the same game superseded
  it) the process is killed, so the CPU work really stops, and a fresh one takes its place. With
  ``processes=False`` searches run in threads of this process (tests that replace the solver in
  process use this): they are bounded and queued the same way, but a cancelled search runs on to
  its budget, its answer thrown away. Worker processes run at a lower priority (nice 10), so moves
  stay quick while they search.
- Answers are kept per position and budget (``cadogan.solver.cache.SolveCache``): decided ones for
  every budget, ``unknown`` until a longer budget is asked. Two requests for the same position and
  budget share one search.

Imports no web framework: the worker processes load only this module, the games and the solver.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import signal
import threading
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from cadogan import games, solver
from cadogan.solver.cache import SolveCache

__all__ = ["SolverService", "Busy", "Superseded", "Gone", "compute", "Payload"]

# (kind, game, variant, deal, moves, budget): what a worker needs to rebuild the position and search it
Payload = tuple[str, str, str, int, tuple[str, ...], float]
KINDS = ("hint", "solve", "analyse", "verdict", "pick")  # all but hint are long work, run in the solve lanes
WORKER_NICENESS = 10


class Busy(Exception):
    """The queue for this kind of search is full; ``retry_after`` seconds is a fair wait."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"the solver is busy; retry after {retry_after} s")
        self.retry_after = retry_after


class Superseded(Exception):
    """A newer request for the same game and kind took this request's place."""


class Gone(Exception):
    """The client hung up while its search waited or ran."""


# --- what a worker computes ------------------------------------------------------------------------
def compute(payload: Payload) -> dict[str, Any]:
    """The answer to one search (in a worker): ``hint`` -> {move, verdict}; ``solve`` -> {result, moves,
    seconds, nodes}; ``analyse`` -> ``cadogan analyse``'s object for ``moves``; ``verdict`` -> what is
    known about the deal (``cadogan.solver.verdict``); ``pick`` -> ``{"deal": n | None, "difficulty"}``,
    a random deal of the difficulty named by ``moves[0]``."""
    kind, game, variant, deal, moves, budget = payload
    if kind == "pick":  # moves holds one word: the difficulty asked for; deal is unused
        from cadogan.solver.verdict import pick_deal
        return {"deal": pick_deal(game, variant, moves[0], seconds=budget), "difficulty": moves[0]}
    state = games.load(game, variant, deal)
    for token in moves:
        state.play(token)
    if kind == "hint":
        move, verdict = solver_hint(state, budget)
        return {"move": move, "verdict": verdict}
    if kind == "analyse":
        from cadogan.solver.analysis import analyse_state
        return analyse_state(state, budget).to_json()
    if kind == "verdict":
        from cadogan.solver.verdict import deal_verdict
        return deal_verdict(game, variant, deal, seconds=budget).to_json()
    outcome = solver.solve(state, timeout=budget)
    line = [str(m) for m in outcome.moves] if outcome.result == "won" else []
    return {"result": outcome.result, "moves": line, "seconds": round(outcome.seconds, 3), "nodes": outcome.nodes,
            "budget": budget}


def solver_hint(state: games.State, budget: float) -> tuple[str | None, str]:
    """The solver's hint for ``state``: (move token or None, verdict)."""
    if state.is_won():
        return None, "winnable"
    if not state.legal_moves():
        return None, "lost"
    result = solver.hint(state, budget)
    return (str(result.move) if result.move is not None else None), result.verdict


def _no_answer(kind: str, payload: Payload) -> dict[str, Any]:
    """What a search that failed or died answers: nothing decided, in its kind's shape."""
    if kind == "hint":
        return {"move": None, "verdict": "unknown"}
    if kind == "pick":
        return {"deal": None, "difficulty": payload[4][0]}
    if kind == "verdict":
        return {"verdict": "undecided", "difficulty": "unknown", "source": "solver"}
    if kind == "analyse":
        return {"game": payload[1], "variant": payload[2], "deal": payload[3], "result": "unknown",
                "last_winnable": None, "losing_move": None, "line": [], "seconds": 0.0}
    return {"result": "unknown", "moves": [], "seconds": 0.0, "nodes": 0, "budget": payload[-1]}


def decided(kind: str, answer: dict[str, Any]) -> bool:
    """Whether a longer search could not change ``answer``."""
    if kind == "verdict":
        return answer.get("verdict") != "undecided"
    if kind == "pick":
        return False  # a pick is never answered again from the cache: each asks for a new deal
    return (answer.get("verdict") if kind == "hint" else answer.get("result")) != "unknown"


def _worker_main(conn: Any) -> None:
    """A worker process: answer payloads from ``conn`` until it closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the server, which stops its workers
    try:
        os.nice(WORKER_NICENESS)  # searches yield the CPU to the server's moves, whose answers a player waits for
    except OSError:
        pass
    while True:
        try:
            payload = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[str, Any] = ("ok", compute(payload))
        except Exception as err:  # a fault in one search must not kill the worker
            reply = ("error", f"{type(err).__name__}: {err}")
        conn.send(reply)


# --- workers ---------------------------------------------------------------------------------------
class ProcessWorker:
    """One worker process, started on first use; ``kill`` stops a search at once."""

    _context: Any = None
    _context_lock = threading.Lock()

    def __init__(self) -> None:
        self.process: Any = None
        self.conn: Any = None
        self.killed = False
        self._lock = threading.Lock()

    @classmethod
    def context(cls) -> Any:
        with cls._context_lock:
            if cls._context is None:
                ctx = multiprocessing.get_context("forkserver")
                ctx.set_forkserver_preload(["cadogan.web.solver_service"])
                cls._context = ctx
            return cls._context

    def _start(self) -> None:
        ctx = self.context()
        parent, child = ctx.Pipe()
        process = ctx.Process(target=_worker_main, args=(child,), daemon=True, name="cadogan-solver")
        process.start()
        child.close()
        with self._lock:
            self.process, self.conn = process, parent
            if self.killed:
                process.kill()

    def run(self, payload: Payload) -> dict[str, Any] | None:
        """The answer, or None when the worker was killed (or died) meanwhile. Blocks: call in a thread."""
        if self.killed:  # cancelled before it began
            return None
        if self.process is None:
            self._start()
        try:
            self.conn.send(payload)
            status, value = self.conn.recv()
        except (EOFError, OSError):
            self.killed = True
            self.process.join(5)
            return None
        if status != "ok":
            raise RuntimeError(value)
        return value

    def kill(self) -> None:
        with self._lock:
            self.killed = True
            if self.process is not None and self.process.is_alive():
                self.process.kill()

    @property
    def reusable(self) -> bool:
        return not self.killed


class ThreadWorker:
    """A search in a thread of this process: cannot be stopped, only its answer dropped."""

    killed = False
    reusable = True

    def run(self, payload: Payload) -> dict[str, Any] | None:
        return compute(payload)

    def kill(self) -> None:
        pass


# --- the service -----------------------------------------------------------------------------------
@dataclass(eq=False)
class Job:
    kind: str
    key: str
    payload: Payload
    future: asyncio.Future
    waiters: int = 1
    state: str = "queued"  # queued, running, done, cancelled
    worker: Any = None

    @property
    def budget(self) -> float:
        return self.payload[-1]


@dataclass(eq=False)
class _Ticket:
    """One request's place: superseded when a newer request of the same owner starts another job."""

    job: Job
    superseded: asyncio.Future = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class SolverService:
    """Bounded, cancellable, cached solver searches; every method runs on the server's event loop."""

    def __init__(self, workers: int | None = None, *, processes: bool = True, queue_limit: int | None = None,
                 cache: SolveCache[dict[str, Any]] | None = None) -> None:
        self.size = max(1, workers or os.cpu_count() or 1)
        self.processes = processes
        self.solve_lanes = max(1, self.size - 1)  # one worker kept for hints when there are two or more
        self.queue_limit = queue_limit if queue_limit is not None else 4 * self.size
        self.cache: SolveCache[dict[str, Any]] = cache if cache is not None else SolveCache(4096)
        self._queue: deque[Job] = deque()
        self._running: set[Job] = set()
        self._idle: list[Any] = []
        self._jobs: dict[tuple[str, float], Job] = {}
        self._owners: dict[str, _Ticket] = {}
        self._executor = ThreadPoolExecutor(max_workers=self.size, thread_name_prefix="cadogan-solver")
        self.started = 0  # searches started (tests and the load benchmark read it)
        self.killed = 0  # searches stopped before their end
        self.killed_pids: deque[int] = deque(maxlen=64)  # worker processes killed (tests check they are gone)

    async def ask(self, kind: str, key: str, payload: Payload, *, owner: str | None = None,
                  gone: Callable[[], Awaitable[Any]] | None = None) -> tuple[dict[str, Any], bool]:
        """The answer for position ``key`` (``payload`` rebuilds it) and whether it came from the cache.

        Raises Busy (queue full), Superseded (a newer request of ``owner`` replaced this one) or
        Gone (``gone()`` returned first: the client hung up).
        """
        assert kind in KINDS
        budget = payload[-1]
        cached = self.cache.get(key, budget)
        if cached is not None:
            return cached, True
        job = self._jobs.get((key, budget))
        if job is not None and job.state in ("queued", "running"):
            job.waiters += 1
        else:
            job = self._enqueue(kind, key, payload)
        ticket = _Ticket(job)
        if owner is not None:
            previous = self._owners.get(owner)
            if previous is not None and previous.job is not job and not previous.superseded.done():
                previous.superseded.set_result(None)
            self._owners[owner] = ticket
        watcher = asyncio.ensure_future(gone()) if gone is not None else None
        try:
            waits: set[asyncio.Future] = {job.future, ticket.superseded}
            if watcher is not None:
                waits.add(watcher)
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            if job.future.done() and not job.future.cancelled():
                return job.future.result(), False
            if ticket.superseded.done():
                raise Superseded()
            raise Gone()
        finally:
            if watcher is not None:
                watcher.cancel()
            if owner is not None and self._owners.get(owner) is ticket:
                del self._owners[owner]
            self._release(job)

    def _enqueue(self, kind: str, key: str, payload: Payload) -> Job:
        waiting = [j for j in self._queue if j.kind == kind]
        if len(waiting) >= self.queue_limit:
            lanes = self.size if kind == "hint" else self.solve_lanes
            ahead = sum(j.budget for j in waiting) + sum(j.budget for j in self._running if j.kind == kind)
            raise Busy(max(1, math.ceil(ahead / lanes)))
        job = Job(kind, key, payload, asyncio.get_running_loop().create_future())
        self._jobs[(key, payload[-1])] = job
        self._queue.append(job)
        self._dispatch()
        return job

    def _release(self, job: Job) -> None:
        job.waiters -= 1
        if job.waiters > 0 or job.state not in ("queued", "running"):
            return
        if job.state == "queued":
            self._queue.remove(job)
        else:
            job.worker.kill()
            self.killed += 1
            pid = getattr(job.worker.process, "pid", None) if self.processes else None
            if pid is not None:
                self.killed_pids.append(pid)
        job.state = "cancelled"
        self._forget(job)
        if not job.future.done():
            job.future.cancel()

    def _forget(self, job: Job) -> None:
        if self._jobs.get((job.key, job.budget)) is job:
            del self._jobs[(job.key, job.budget)]

    def _next_job(self) -> Job | None:
        if len(self._running) >= self.size:
            return None
        hint = next((j for j in self._queue if j.kind == "hint"), None)
        if hint is not None:
            return hint
        if sum(1 for j in self._running if j.kind != "hint") >= self.solve_lanes:
            return None
        return next(iter(self._queue), None)

    def _dispatch(self) -> None:
        loop = asyncio.get_running_loop()
        while (job := self._next_job()) is not None:
            self._queue.remove(job)
            worker = self._idle.pop() if self._idle else (ProcessWorker() if self.processes else ThreadWorker())
            job.state, job.worker = "running", worker
            self._running.add(job)
            self.started += 1
            done = loop.run_in_executor(self._executor, worker.run, job.payload)
            done.add_done_callback(lambda fut, job=job, worker=worker: self._finished(job, worker, fut))

    def _finished(self, job: Job, worker: Any, fut: asyncio.Future) -> None:
        self._running.discard(job)
        if worker.reusable:
            self._idle.append(worker)
        if job.state == "running":
            job.state = "done"
            self._forget(job)
            answer = None if fut.cancelled() or fut.exception() is not None else fut.result()
            if answer is None:  # the worker failed or died: say "unknown", keep nothing
                answer = _no_answer(job.kind, job.payload)
            else:
                self.cache.put(job.key, job.budget, answer, decided=decided(job.kind, answer))
            if not job.future.done():
                job.future.set_result(answer)
        self._dispatch()

    @property
    def busy(self) -> int:
        """Searches running now."""
        return len(self._running)

    def close(self) -> None:
        """Stop every worker (the server is shutting down)."""
        for job in list(self._running):
            job.worker.kill()
        for worker in self._idle:
            worker.kill()
        self._idle.clear()
        self._executor.shutdown(wait=False, cancel_futures=True)
