"""Searches side by side, each in a forked process of its own: the analysis's workers and the race
of ``find_win`` (``cadogan.solver.playouts``).

A ``Worker`` runs ``search(*args)``, which returns a tuple whose second item is a line of moves; the
line travels as text and comes back as ``Move`` objects.  A worker that dies without a word (killed,
out of memory) answers what its owner calls ``failed``; nothing a worker says is believed before
its owner has replayed the line.

>>> def echo(word):
...     return (word, [])
>>> worker = Worker(0, 1.0, echo, "hello")
>>> worker.answer(("silent", []))
('hello', [])
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from multiprocessing.connection import Connection
from typing import Any, Callable

from cadogan.errors import CadoganError
from cadogan.games.base import Move, State

MAX_WORKERS = 4  # more searches side by side than this would mostly probe positions no answer needs

__all__ = ["MAX_WORKERS", "Worker", "can_fork", "default_workers", "replays_to_win"]


def default_workers() -> int:
    """The searches side by side for a player's own analysis or solve: the cores this process may
    use, at most ``MAX_WORKERS``."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(MAX_WORKERS, cores))


def can_fork() -> bool:
    """Whether workers can be started here (a forked process shares the loaded solver core)."""
    return "fork" in multiprocessing.get_all_start_methods()


def replays_to_win(state: State, line: list[Move]) -> bool:
    """True when ``line`` replays to a win from ``state`` (a solver fault is never believed)."""
    try:
        return state.line_wins(line)
    except CadoganError:
        return False


class Worker:
    """One search about position ``index`` in a forked process: ``search(*args)`` returns a tuple
    whose second item is a line of moves, and the worker reports that tuple."""

    def __init__(self, index: int, seconds: float, search: Callable[..., tuple], *args: Any,
                 progress: bool = False) -> None:
        self.index, self.seconds = index, seconds
        self.end = 0  # (the analysis's line model search) the last position of the line it follows
        context = multiprocessing.get_context("fork")
        self.pipe, child_end = context.Pipe(duplex=False)
        self.process = context.Process(target=_report, args=(child_end, search, args, progress), daemon=True)
        self.process.start()
        child_end.close()

    def answer(self, failed: tuple) -> tuple:
        """What the search found (``failed`` if the process died without a word)."""
        return self.next_report(failed)[1]

    def next_report(self, failed: tuple) -> tuple[bool, tuple]:
        """``(last, found)``: the search's next report, a progress report (``progress``: told
        while it goes on) or its last word (the worker is then stopped); ``failed`` as the last
        word if the process died without one."""
        try:
            last, answer = self.pipe.recv()
            answer = list(answer)
            answer[1] = [Move.from_text(token) for token in answer[1]]
        except (EOFError, OSError, CadoganError):
            last, answer = True, list(failed)
        if last:
            self.stop()
        return last, tuple(answer)

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.pipe.close()


def _report(pipe: Connection, search: Callable[..., tuple], args: tuple, progress: bool) -> None:
    """A worker process: run ``search(*args)`` and send what it found (lines as text) as its last
    word; with ``progress``, the search is given a function that sends a report on its way."""

    def send(last: bool, answer: tuple) -> None:
        pipe.send((last, (answer[0], [str(move) for move in answer[1]], *answer[2:])))

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C reaches the owner, which stops its workers
    answer = search(*args, lambda found: send(False, found)) if progress else search(*args)
    send(True, answer)
    pipe.close()
