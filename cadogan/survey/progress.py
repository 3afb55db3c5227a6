"""Progress of a running survey: a live rich bar on a terminal, a plain line now and then otherwise
(a survey left running in the background writes a readable log)."""

from __future__ import annotations

import sys
import time
from typing import IO, Protocol

from cadogan.survey.stats import Tally
from cadogan.survey.store import Row


class Progress(Protocol):
    def start(self, title: str, total: int) -> None: ...
    def advance(self, row: Row | None) -> None: ...
    def stop(self) -> None: ...


def duration(seconds: float) -> str:
    """``duration(3725)`` is ``'1h02m05s'``; short and exact enough for an ETA.

    >>> duration(3725), duration(59.4), duration(61)
    ('1h02m05s', '59s', '1m01s')
    """
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}h{minutes:02d}m{secs:02d}s"
    if minutes:
        return f"{minutes}m{secs:02d}s"
    return f"{secs}s"


def counts_text(tally: Tally) -> str:
    return f"won {tally.won}, lost {tally.lost}, unknown {tally.unknown}"


class Silent:
    """No progress output (tests, --quiet)."""

    def start(self, title: str, total: int) -> None:
        pass

    def advance(self, row: Row | None) -> None:
        pass

    def stop(self) -> None:
        pass


class LogLines:
    """A line every ``every`` seconds: done/total, rate, ETA and the counts so far."""

    def __init__(self, stream: IO[str] | None = None, every: float = 30.0) -> None:
        self.stream = stream or sys.stderr
        self.every = every

    def start(self, title: str, total: int) -> None:
        self.title, self.total, self.done, self.tally = title, total, 0, Tally()
        self.began = self.last = time.monotonic()
        self._line()

    def advance(self, row: Row | None) -> None:
        self.done += 1
        if row is not None:
            self.tally = self.tally.add(row.result)
        now = time.monotonic()
        if now - self.last >= self.every:
            self.last = now
            self._line()

    def stop(self) -> None:
        self._line()

    def _line(self) -> None:
        elapsed = time.monotonic() - self.began
        rate = self.done / elapsed if elapsed > 0 and self.done else 0.0
        eta = duration((self.total - self.done) / rate) if rate else "?"
        print(f"{self.title}: {self.done}/{self.total} deals, {rate:.2f} deals/s, elapsed {duration(elapsed)}, "
              f"ETA {eta}; {counts_text(self.tally)}", file=self.stream, flush=True)


class LiveBar:
    """A rich progress bar on standard error with rate (deals/s), elapsed time and ETA."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn,
                                   TimeElapsedColumn, TimeRemainingColumn)
        from rich.text import Text

        class RateColumn(ProgressColumn):
            def render(self, task):  # type: ignore[no-untyped-def]
                speed = task.finished_speed or task.speed
                return Text("? deals/s" if speed is None else f"{speed:.2f} deals/s", style="progress.data.speed")

        self.bar = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                            RateColumn(), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                            TextColumn("{task.fields[counts]}"), console=Console(stderr=True),
                            speed_estimate_period=60)

    def start(self, title: str, total: int) -> None:
        self.tally = Tally()
        self.bar.start()
        self.task = self.bar.add_task(title, total=total, counts=counts_text(self.tally))

    def advance(self, row: Row | None) -> None:
        if row is not None:
            self.tally = self.tally.add(row.result)
        self.bar.update(self.task, advance=1, counts=counts_text(self.tally))

    def stop(self) -> None:
        self.bar.stop()


def default_progress() -> Progress:
    """The live bar on a terminal, log lines otherwise."""
    return LiveBar() if sys.stderr.isatty() else LogLines()
