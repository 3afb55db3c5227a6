"""Run a survey: solve every deal of a range not yet recorded, on a local process pool or a Dask
cluster, and record each result the moment it arrives.

Both back ends are driven through the one ``concurrent.futures`` interface (dask.distributed's
``Client.get_executor()`` provides it), so the loop below -- keep a few deals in flight per worker,
record whatever finishes -- is the same for both, and so are the rows they write.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import islice
from typing import Callable, Iterator

from cadogan.errors import BadInput
from cadogan.solver.outcome import Result
from cadogan.survey.progress import Progress, Silent
from cadogan.survey.stats import Tally
from cadogan.survey.store import NotWritten, Row, ResultsDB
from cadogan.survey.worker import Limits, init_pool_worker, solve_deal

#: How long to try reaching a Dask scheduler before saying it is unreachable.
CONNECT_TIMEOUT = 5.0
#: Deals in flight per worker slot: enough that no worker waits for the next one.
IN_FLIGHT_PER_SLOT = 2


@dataclass
class SurveyRun:
    """What one survey run did (what ``survey`` returns)."""

    in_range: int
    already: int  # recorded before this run and left alone
    solved: int = 0  # recorded by this run
    tally: Tally = field(default_factory=Tally)  # of the deals recorded by this run
    failures: list[tuple[int, str]] = field(default_factory=list)  # deals not recorded, and why
    interrupted: bool = False
    broken: str | None = None  # why the workers stopped, if they did

    def exit_status(self, shown: int = 10) -> int:
        """Say on standard error the deals not recorded (the first ``shown``) and why the run
        stopped early; the command's exit status: 0, 1 (deals not recorded, workers broken) or
        130 (interrupted).  Either way the same command resumes the run."""
        for deal, why in self.failures[:shown]:
            print(f"cadogan: deal {deal} not recorded: {why}", file=sys.stderr)
        if len(self.failures) > shown:
            print(f"cadogan: ... and {len(self.failures) - shown} more deals not recorded", file=sys.stderr)
        if self.broken:
            print(f"cadogan: survey stopped: {self.broken}; run the same command to resume", file=sys.stderr)
            return 1
        if self.interrupted:
            print("cadogan: interrupted; run the same command to resume", file=sys.stderr)
            return 130
        return 1 if self.failures else 0


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


@contextmanager
def local_pool(workers: int) -> Iterator[tuple[cf.Executor, int]]:
    executor = cf.ProcessPoolExecutor(max_workers=workers, initializer=init_pool_worker)
    try:
        yield executor, workers
    finally:
        # On an interrupt, do not wait for deals in progress: their rows were never written, so a
        # resumed survey will solve them; the workers die with this process (init_pool_worker).
        executor.shutdown(wait=False, cancel_futures=True)


def _stop_workers(executor: cf.Executor) -> None:
    """Stop local worker processes at once (on Ctrl-C) instead of letting them finish their deals:
    those deals were not recorded, so a resumed survey solves them and nothing is lost.  A Dask
    cluster's workers are not ours to stop: their futures are cancelled and the client closed."""
    terminate = getattr(executor, "terminate_workers", None)  # Python 3.14+
    if terminate is not None:
        terminate()
        return
    if isinstance(executor, cf.ProcessPoolExecutor):
        for process in list((getattr(executor, "_processes", None) or {}).values()):
            process.terminate()


@contextmanager
def dask_cluster(address: str) -> Iterator[tuple[cf.Executor, int]]:
    """An executor on the Dask scheduler at ``address``; BadInput if it cannot be reached."""
    try:
        from distributed import Client
    except ImportError:
        raise BadInput("--scheduler needs dask.distributed: pip install 'cadogan[survey]'") from None
    _check_reachable(address)
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except Exception as err:  # whatever answered there, it is not a scheduler we can use
        reason = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise BadInput(f"cannot use the Dask scheduler at {address!r}: {reason}") from None
    try:
        slots = max(1, sum(client.nthreads().values()))
        yield client.get_executor(pure=False), slots
    finally:
        client.close()


def _check_reachable(address: str) -> None:
    """Fail fast, and quietly, on a malformed address or a TCP port nobody listens on (a failed
    ``Client()`` would otherwise spend seconds more closing itself and print noise on the way)."""
    import socket

    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(address, strict=False)
        host, port = parse_host_port(location) if scheme == "tcp" else (None, None)
    except (ValueError, TypeError) as err:
        raise BadInput(f"--scheduler {address!r} is not a scheduler address like tcp://host:8786 ({err})") from None
    if host is None:
        return  # tls://, ucx://, inproc://: let Client try
    try:
        socket.create_connection((host, port), timeout=CONNECT_TIMEOUT).close()
    except OSError as err:
        raise BadInput(f"cannot reach the Dask scheduler at {address!r} within {CONNECT_TIMEOUT:g}s: "
                       f"{err.strerror or err}") from None


def survey(store: ResultsDB, game_id: str, variant: str, first: int, last: int, limits: Limits, *,
           workers: int | None = None, scheduler: str | None = None, retry_unknown: bool = False,
           progress: Progress | None = None, task: Callable[..., Row] = solve_deal) -> SurveyRun:
    """Solve the deals ``first..last`` of one game and variant that ``store`` does not hold yet.

    ``workers`` local processes (default: all cores), or the Dask cluster at ``scheduler``.
    ``retry_unknown``: also solve again the deals recorded as unknown (the new row replaces the old),
    except those this solver version already left unknown under limits at least as large (so a
    retry that was stopped resumes where it stopped).
    Ctrl-C stops the run cleanly (``SurveyRun.interrupted``): what was recorded stays recorded.
    """
    if first > last:
        raise BadInput(f"the range {first}-{last} is reversed: the first deal must not exceed the last")
    progress = progress or Silent()
    done = store.recorded(game_id, variant, first, last)
    redo = {row.deal for row in store.rows(game_id, variant)
            if first <= row.deal <= last and row.result == Result.UNKNOWN and not limits.already_tried(row)
            } if retry_unknown else set()
    outcome = SurveyRun(in_range=last - first + 1, already=len(done) - len(redo))
    todo = (deal for deal in range(first, last + 1) if deal not in done or deal in redo)
    backend = dask_cluster(scheduler) if scheduler else local_pool(workers or default_workers())
    with backend as (executor, slots):
        progress.start(f"{game_id} {variant}", outcome.in_range - outcome.already)
        pending: dict[cf.Future, int] = {}
        try:
            def top_up() -> None:
                for deal in islice(todo, slots * IN_FLIGHT_PER_SLOT - len(pending)):
                    pending[executor.submit(task, game_id, variant, deal, limits)] = deal

            top_up()
            while pending:
                finished, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
                for future in sorted(finished, key=pending.__getitem__):
                    deal = pending.pop(future)
                    try:
                        row = future.result()
                    except cf.BrokenExecutor as err:
                        outcome.broken = (f"a worker process died while deal {deal} was being solved "
                                          f"(out of memory? try --max-memory): {err}")
                        return outcome
                    except Exception as err:  # a solver fault on one deal: say so, go on with the rest
                        outcome.failures.append((deal, f"{type(err).__name__}: {err}"))
                        progress.advance(None)
                        continue
                    try:
                        store.record(row, replace=deal in redo)
                    except NotWritten as err:
                        for future in pending:
                            future.cancel()
                        _stop_workers(executor)
                        raise NotWritten(f"{err}; the {outcome.solved} deals this run recorded before are kept: "
                                         "make room and run the same command to resume") from None
                    outcome.solved += 1
                    outcome.tally = outcome.tally.add(row.result)
                    progress.advance(row)
                top_up()
        except KeyboardInterrupt:
            outcome.interrupted = True
            for future in pending:
                future.cancel()
            _stop_workers(executor)
        finally:
            progress.stop()
    return outcome
