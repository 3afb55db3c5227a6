"""The server's solver service: bounded, cancellable searches for hints, solutions and the rest.

- Each kind of work is a frozen request type (``HintRequest``, ``AdviceRequest``, ``SolveRequest``,
  ``AnalyseRequest``, ``VerdictRequest``, ``PickRequest``, ``ReviewRequest``); ``OPERATIONS`` says,
  once for every kind, which lane it waits in, how a worker answers it, what it answers when no
  search could, when an answer is final, and whether answers are kept.
- Two lanes: hints (and advice, the hint of a player who cannot see the stock: as short, and as
  much waited for), and long work (everything else). At most one search per core at once
  (``workers``, default ``os.cpu_count()``); long work may use all but one of them, so a hint always
  finds a worker within one hint's time.
- One queue, first come first served within each lane (hints go first), bounded per lane: beyond
  ``queue_limit`` waiting searches of a lane, ``Busy``, whose ``retry_after`` is the work ahead (the
  rest of the running searches and every queued one that would start first) shared among the
  workers the lane may use. The server answers 429 with ``Retry-After``.
- Each search runs in a worker process (``processes=True``, what ``cadogan serve`` uses): when no
  one waits for it any more (the client hung up, or a newer request for the same game superseded
  it) the process is killed, so the CPU work really stops, and a fresh one takes its place. A worker
  dies with its server (even after kill -9). With ``processes=False`` searches run in threads of
  this process (tests that replace the solver in process use this): they are bounded and queued the
  same way, but a cancelled search runs on to its budget, its answer thrown away. Worker processes
  run at a lower priority (nice 10), so moves stay quick while they search.
- ``close`` (the server stops, e.g. Ctrl+C) ends every search, queued or running, at once: each
  answers "nothing decided".
- Answers are kept per position and budget (``cadogan.solver.cache.SolveCache``): decided ones for
  every budget, undecided ones until a longer budget is asked; a review's steps are not kept (the
  web layer keeps each game's review as it goes). Two requests for the same position and budget
  share one search.

Imports no web framework: the worker processes load only this module, the games and the solver.
"""

from __future__ import annotations

import asyncio
import json
import math
import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Union

from cadogan import games, solver
from cadogan.solver.cache import SolveCache

__all__ = ["SolverService", "Busy", "Superseded", "Gone", "compute", "SolverRequest", "HintRequest",
           "AdviceRequest", "SolveRequest", "AnalyseRequest", "VerdictRequest", "PickRequest", "ReviewRequest",
           "GRADE", "ANALYSE", "OPERATIONS"]

WORKER_NICENESS = 10
HINT_LANE, LONG_LANE = "hint", "long"
_PR_SET_PDEATHSIG = 1  # linux/prctl.h


class Busy(Exception):
    """The queue of this lane is full; ``retry_after`` seconds is a fair wait."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"the solver is busy; retry after {retry_after} s")
        self.retry_after = retry_after


class Superseded(Exception):
    """A newer request for the same game and purpose took this request's place."""


class Gone(Exception):
    """The client hung up while its search waited or ran."""


# --- what a worker computes ------------------------------------------------------------------------
@dataclass(frozen=True)
class _PositionWork:
    """Work on the position after ``moves`` of the deal."""

    game: str
    variant: str
    deal: int
    moves: tuple[str, ...]
    budget: float


@dataclass(frozen=True)
class _DealWork:
    """Work on the deal itself."""

    game: str
    variant: str
    deal: int
    budget: float


@dataclass(frozen=True)
class HintRequest(_PositionWork):
    """A hint for the position: answers ``{"move", "verdict"}``."""


@dataclass(frozen=True)
class AnalyseRequest(_PositionWork):
    """Where the game of ``moves`` went wrong: ``cadogan analyse``'s object."""


@dataclass(frozen=True)
class SolveRequest(_DealWork):
    """A solution of the deal from its start: ``{"result", "moves", "seconds", "nodes", "budget"}``."""


@dataclass(frozen=True)
class VerdictRequest(_DealWork):
    """What is known about the deal (``cadogan.solver.verdict``): ``{"verdict", "difficulty", "source"}``."""


@dataclass(frozen=True)
class AdviceRequest:
    """``cadogan advise`` on a player's view: its JSON object (SPEC.md), ``deal`` null.

    ``view`` is the view object as JSON text (``View.to_json()``), all the worker is given: it never
    sees the unseen order, so its answer is the same for every deal with this view.  ``samples``
    drawn orders, ``max_nodes`` search nodes per solve, ``seed`` of the draw; ``budget`` seconds
    cap the whole advice (``Settings.timeout``)."""

    game: str
    variant: str
    view: str
    samples: int
    max_nodes: int
    seed: int
    budget: float


@dataclass(frozen=True)
class PickRequest:
    """A random deal of ``difficulty``: ``{"deal": n | None, "difficulty"}``."""

    game: str
    variant: str
    difficulty: str
    budget: float


GRADE, ANALYSE = "grade", "analyse"  # the two steps of a review


@dataclass(frozen=True)
class ReviewRequest:
    """One step of the review of the game of ``moves`` (``cadogan.solver.review``), asked for by the
    player: ``task`` GRADE grades the next moves from the player's view at each (a move once begun
    is finished, so a step may run past ``budget``), ANALYSE looks with the whole deal (hence the
    deal, not a view) for the move that lost the game, within ``budget`` seconds.  ``samples``,
    ``max_nodes`` (per solve) and ``seed`` are the review's settings.  ``progress`` is the review as the previous step left it
    (the ``Reviewer`` pickled by this module's worker; None: from the start), so each step goes on
    from there.  Answers ``{"review": the review object so far, "progress": the Reviewer pickled}``."""

    game: str
    variant: str
    deal: int
    moves: tuple[str, ...]
    samples: int
    max_nodes: int
    seed: int
    task: str
    budget: float
    progress: bytes | None = field(default=None, repr=False)


SolverRequest = Union[HintRequest, AdviceRequest, SolveRequest, AnalyseRequest, VerdictRequest, PickRequest,
                      ReviewRequest]


def _position(game: str, variant: str, deal: int, moves: tuple[str, ...]) -> games.State:
    state = games.load(game, variant, deal)
    for token in moves:
        state.play(token)
    return state


def _hint(request: HintRequest) -> dict[str, Any]:
    move, verdict = solver_hint(_position(request.game, request.variant, request.deal, request.moves), request.budget)
    return {"move": move, "verdict": verdict}


def _advise(request: AdviceRequest) -> dict[str, Any]:
    from cadogan.games.view import View
    from cadogan.solver.advise import Settings, advise

    settings = Settings(samples=request.samples, max_nodes=request.max_nodes, seed=request.seed,
                        timeout=request.budget)
    advice = advise(View.from_json(json.loads(request.view)), settings)
    return {**advice.to_json(request.game, request.variant, None), "budget": request.budget}


def _advice_complete(answer: dict[str, Any]) -> bool:
    """Whether an advice drew all it was asked to, its clock cap never reached: then the same view,
    samples and seed give it again, whatever the budget (``advise`` looks at the clock only when
    its ``timeout`` has passed)."""
    return answer.get("move") is not None and answer.get("seconds", 0.0) < answer.get("budget", 0.0)


def _no_advice(request: AdviceRequest) -> dict[str, Any]:
    return {"game": request.game, "variant": request.variant, "deal": None, "move": None, "win_chance": None,
            "moves": [], "samples": 0, "unknown": 0, "how": "none", "seconds": 0.0, "budget": request.budget}


def _solve(request: SolveRequest) -> dict[str, Any]:
    outcome = solver.solve(games.load(request.game, request.variant, request.deal), timeout=request.budget)
    line = [str(m) for m in outcome.moves] if outcome.result == "won" else []
    return {"result": outcome.result, "moves": line, "seconds": round(outcome.seconds, 3), "nodes": outcome.nodes,
            "budget": request.budget}


def _analyse(request: AnalyseRequest) -> dict[str, Any]:
    from cadogan.solver.analysis import analyse_state

    state = _position(request.game, request.variant, request.deal, request.moves)
    return analyse_state(state, request.budget).to_json()


def _verdict(request: VerdictRequest) -> dict[str, Any]:
    from cadogan.solver.verdict import deal_verdict

    return deal_verdict(request.game, request.variant, request.deal, seconds=request.budget).to_json()


def _pick(request: PickRequest) -> dict[str, Any]:
    from cadogan.solver.verdict import pick_deal

    deal = pick_deal(request.game, request.variant, request.difficulty, seconds=request.budget)
    return {"deal": deal, "difficulty": request.difficulty}


def _review(request: ReviewRequest) -> dict[str, Any]:
    import pickle

    from cadogan.solver.review import Reviewer, ReviewSettings

    if request.progress is None:
        state = _position(request.game, request.variant, request.deal, request.moves)
        reviewer = Reviewer(state, ReviewSettings(samples=request.samples, max_nodes=request.max_nodes,
                                                  seed=request.seed, timeout=None))
    else:  # made by this function in a worker of this server: the review as its last step left it
        reviewer = pickle.loads(request.progress)
    if request.task == ANALYSE:
        reviewer.analyse(request.budget, workers=1)  # one search: the long lane's worker is one core
    else:
        for _ in reviewer.grades(seconds=request.budget):
            pass
    return {"review": reviewer.review().to_json(), "progress": pickle.dumps(reviewer, pickle.HIGHEST_PROTOCOL)}


@dataclass(frozen=True)
class Operation:
    """How the service handles one kind of request."""

    kind: str  # the kind's name (owners and logs)
    lane: str  # HINT_LANE or LONG_LANE
    run: Callable[[Any], dict[str, Any]]  # the answer, computed in a worker
    no_answer: Callable[[Any], dict[str, Any]]  # what a search that failed, died or was stopped answers
    decided: Callable[[dict[str, Any]], bool]  # whether a longer search could not change the answer
    kept: bool = True  # whether answers go into the cache (a review's steps are kept by the web layer)


OPERATIONS: dict[type, Operation] = {
    HintRequest: Operation("hint", HINT_LANE, _hint, lambda r: {"move": None, "verdict": "unknown"},
                           lambda a: a.get("verdict") != "unknown"),
    AdviceRequest: Operation("advice", HINT_LANE, _advise, _no_advice, _advice_complete),
    SolveRequest: Operation("solve", LONG_LANE, _solve,
                            lambda r: {"result": "unknown", "moves": [], "seconds": 0.0, "nodes": 0, "budget": r.budget},
                            lambda a: a.get("result") != "unknown"),
    AnalyseRequest: Operation("analyse", LONG_LANE, _analyse,
                              lambda r: {"game": r.game, "variant": r.variant, "deal": r.deal, "result": "unknown",
                                         "last_winnable": None, "losing_move": None, "line": [], "seconds": 0.0},
                              lambda a: a.get("result") != "unknown"),
    VerdictRequest: Operation("verdict", LONG_LANE, _verdict,
                              lambda r: {"verdict": "undecided", "difficulty": "unknown", "source": "solver"},
                              lambda a: a.get("verdict") != "undecided"),
    PickRequest: Operation("pick", LONG_LANE, _pick, lambda r: {"deal": None, "difficulty": r.difficulty},
                           lambda a: False),  # never answered again from the cache: each pick asks for a new deal
    ReviewRequest: Operation("review", LONG_LANE, _review, lambda r: {"review": None, "progress": None},
                             lambda a: False, kept=False),
}


def operation_of(request: SolverRequest) -> Operation:
    return OPERATIONS[type(request)]


def compute(request: SolverRequest) -> dict[str, Any]:
    """The answer to one request (in a worker)."""
    return operation_of(request).run(request)


def solver_hint(state: games.State, budget: float) -> tuple[str | None, str]:
    """The solver's hint for ``state``: (move token or None, verdict)."""
    if state.is_won():
        return None, "winnable"
    if not state.legal_moves():
        return None, "lost"
    result = solver.hint(state, budget)
    return (str(result.move) if result.move is not None else None), result.verdict


def die_with_parent() -> None:
    """Have the kernel kill this process when its parent ends (Linux): a worker dies with the fork
    server, the fork server with the web server (``cadogan.web.forkserver_guard``), even after kill -9,
    so no search runs on for nobody."""
    parent = os.getppid()
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # not Linux: a worker still ends quietly on the broken pipe
        pass
    if os.getppid() != parent:  # the parent ended before the kernel was told
        os._exit(0)


def _worker_main(conn: Any) -> None:
    """A worker process: answer requests from ``conn`` until it closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the server, which stops its workers
    die_with_parent()
    try:
        os.nice(WORKER_NICENESS)  # searches yield the CPU to the server's moves, whose answers a player waits for
    except OSError:
        pass
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[str, Any] = ("ok", compute(request))
        except Exception as err:  # a fault in one search must not kill the worker
            reply = ("error", f"{type(err).__name__}: {err}")
        try:
            conn.send(reply)
        except OSError:  # the server is gone (BrokenPipeError): nobody waits for this answer
            return


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
                ctx.set_forkserver_preload(["cadogan.web.forkserver_guard"])  # imports this module too
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

    def run(self, request: SolverRequest) -> dict[str, Any] | None:
        """The answer, or None when the worker was killed (or died) meanwhile. Blocks: call in a thread."""
        if self.killed:  # cancelled before it began
            return None
        if self.process is None:
            self._start()
        try:
            self.conn.send(request)
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
    process = None

    def run(self, request: SolverRequest) -> dict[str, Any] | None:
        return compute(request)

    def kill(self) -> None:
        pass


Worker = Union[ProcessWorker, ThreadWorker]


# --- the service -----------------------------------------------------------------------------------
@dataclass(eq=False)
class Job:
    request: SolverRequest
    key: str
    future: asyncio.Future
    waiters: int = 1
    state: str = "queued"  # queued, running, done, cancelled
    worker: Worker | None = None
    started: float = 0.0  # time.monotonic() when it began to run

    @property
    def budget(self) -> float:
        return self.request.budget

    @property
    def lane(self) -> str:
        return operation_of(self.request).lane


@dataclass(eq=False)
class _Ticket:
    """One request's place: superseded when a newer request of the same owner starts another job."""

    job: Job
    superseded: asyncio.Future = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class SolverService:
    """Bounded, cancellable, cached solver searches; every method but ``close`` runs on the server's
    event loop."""

    def __init__(self, workers: int | None = None, *, processes: bool = True, queue_limit: int | None = None,
                 cache: SolveCache[dict[str, Any]] | None = None) -> None:
        self.size = max(1, workers or os.cpu_count() or 1)
        self.processes = processes
        self.solve_lanes = max(1, self.size - 1)  # one worker kept for hints when there are two or more
        self.queue_limit = queue_limit if queue_limit is not None else 4 * self.size
        self.cache: SolveCache[dict[str, Any]] = cache if cache is not None else SolveCache(4096)
        self._queue: deque[Job] = deque()
        self._running: set[Job] = set()
        self._idle: list[Worker] = []
        self._jobs: dict[tuple[str, float], Job] = {}
        self._owners: dict[str, _Ticket] = {}
        self._executor = ThreadPoolExecutor(max_workers=self.size, thread_name_prefix="cadogan-solver")
        self._closed = False
        self.started = 0  # searches started (tests and the load benchmark read it)
        self.killed = 0  # searches stopped before their end
        self.killed_pids: deque[int] = deque(maxlen=64)  # worker processes killed (tests check they are gone)

    async def ask(self, request: SolverRequest, key: str, *, owner: str | None = None,
                  gone: Callable[[], Awaitable[Any]] | None = None) -> tuple[dict[str, Any], bool]:
        """The answer to ``request`` (about the position ``key`` names) and whether it came from the cache.

        Raises Busy (its lane's queue is full), Superseded (a newer request of ``owner`` replaced this
        one) or Gone (``gone()`` returned first: the client hung up).
        """
        operation = operation_of(request)
        if self._closed:
            return operation.no_answer(request), False
        cached = self.cache.get(key, request.budget) if operation.kept else None
        if cached is not None:
            return cached, True
        job = self._jobs.get((key, request.budget))
        if job is not None and job.state in ("queued", "running"):
            job.waiters += 1
        else:
            job = self._enqueue(request, key)
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

    def _enqueue(self, request: SolverRequest, key: str) -> Job:
        lane = operation_of(request).lane
        if sum(1 for j in self._queue if j.lane == lane) >= self.queue_limit:
            raise Busy(self.retry_after(lane))
        job = Job(request, key, asyncio.get_running_loop().create_future())
        self._jobs[(key, request.budget)] = job
        self._queue.append(job)
        self._dispatch()
        return job

    def retry_after(self, lane: str, now: float | None = None) -> int:
        """Whole seconds until a request of ``lane`` could find room: the work ahead of it (what is
        left of the running searches it waits for, and every queued search that starts before it)
        shared among the workers the lane may use."""
        now = time.monotonic() if now is None else now
        if lane == HINT_LANE:  # hints go first and may use every worker
            queued, running, workers = [j for j in self._queue if j.lane == HINT_LANE], self._running, self.size
        else:  # long work waits behind every queued search, on its own lanes
            queued, workers = list(self._queue), self.solve_lanes
            running = {j for j in self._running if j.lane == LONG_LANE}
        ahead = sum(j.budget for j in queued) + sum(max(0.0, j.budget - (now - j.started)) for j in running)
        return max(1, math.ceil(ahead / workers))

    def _release(self, job: Job) -> None:
        job.waiters -= 1
        if job.waiters > 0 or job.state not in ("queued", "running"):
            return
        if job.state == "queued":
            self._queue.remove(job)
        else:
            self._stop(job)
        job.state = "cancelled"
        self._forget(job)
        if not job.future.done():
            job.future.cancel()

    def _stop(self, job: Job) -> None:
        """Kill the worker of a running job (its search really stops when the worker is a process)."""
        assert job.worker is not None
        job.worker.kill()
        self.killed += 1
        if job.worker.process is not None:
            self.killed_pids.append(job.worker.process.pid)

    def _forget(self, job: Job) -> None:
        if self._jobs.get((job.key, job.budget)) is job:
            del self._jobs[(job.key, job.budget)]

    def _next_job(self) -> Job | None:
        if self._closed or len(self._running) >= self.size:
            return None
        hint = next((j for j in self._queue if j.lane == HINT_LANE), None)
        if hint is not None:
            return hint
        if sum(1 for j in self._running if j.lane == LONG_LANE) >= self.solve_lanes:
            return None
        return next(iter(self._queue), None)

    def _dispatch(self) -> None:
        loop = asyncio.get_running_loop()
        while (job := self._next_job()) is not None:
            self._queue.remove(job)
            worker = self._idle.pop() if self._idle else (ProcessWorker() if self.processes else ThreadWorker())
            job.state, job.worker, job.started = "running", worker, time.monotonic()
            self._running.add(job)
            self.started += 1
            done = loop.run_in_executor(self._executor, worker.run, job.request)
            done.add_done_callback(lambda fut, job=job, worker=worker: self._finished(job, worker, fut))

    def _finished(self, job: Job, worker: Worker, fut: asyncio.Future) -> None:
        self._running.discard(job)
        if worker.reusable and not self._closed:
            self._idle.append(worker)
        if job.state == "running":
            job.state = "done"
            self._forget(job)
            answer = None if fut.cancelled() or fut.exception() is not None else fut.result()
            if answer is None:  # the worker failed or died: say "unknown", keep nothing
                answer = operation_of(job.request).no_answer(job.request)
            elif operation_of(job.request).kept:
                self.cache.put(job.key, job.budget, answer, decided=operation_of(job.request).decided(answer))
            if not job.future.done():
                job.future.set_result(answer)
        self._dispatch()

    @property
    def busy(self) -> int:
        """Searches running now."""
        return len(self._running)

    def close(self) -> None:
        """Stop every search, queued or running, and every worker (the server is shutting down): the
        requests waiting answer "nothing decided" at once. Safe to call twice, and from any thread
        once the event loop has stopped."""
        self._closed = True
        for job in [*self._queue, *self._running]:
            if job.state == "running":
                self._stop(job)
            job.state = "cancelled"
            if not job.future.done():
                try:
                    job.future.set_result(operation_of(job.request).no_answer(job.request))
                except RuntimeError:  # the event loop is closed: nobody waits any more
                    pass
        self._queue.clear()
        for worker in self._idle:
            worker.kill()
        self._idle.clear()
        self._executor.shutdown(wait=False, cancel_futures=True)

    def stop_on_signals(self, loop: asyncio.AbstractEventLoop) -> None:
        """Make SIGINT and SIGTERM (Ctrl+C) ``close`` this service at once, before the server waits for
        its open requests to end, then pass them on to the handler already set (the server's).

        Only from the main thread (where signal handlers live); elsewhere nothing changes.
        """
        if threading.current_thread() is not threading.main_thread():
            return
        for sig in (signal.SIGINT, signal.SIGTERM):
            previous = signal.getsignal(sig)
            if not callable(previous):
                continue

            def handler(signum: int, frame: Any, previous: Callable[..., Any] = previous) -> None:
                if not loop.is_closed():
                    loop.call_soon_threadsafe(self.close)
                previous(signum, frame)

            signal.signal(sig, handler)
