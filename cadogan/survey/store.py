"""The survey's results in SQLite: one row per (game, variant, deal), committed as it arrives.

A row is written once and kept: a resumed survey asks ``recorded()`` which deals of its range are
done and solves only the others.  The one exception is ``retry_unknown``: a deal the solver could
not decide may be tried again with larger limits, and the new row replaces the old.

SQLite integers are signed 64-bit, deal numbers go up to 2^64-1: a deal below 2^63 is stored as an
INTEGER (so ``SELECT ... WHERE deal < 100`` works as expected), one above as its decimal TEXT.

>>> store = ResultsDB(":memory:")
>>> store.record(Row("precedence", "king-out", 7, "won", 0.01, 120, "1"))
>>> store.recorded("precedence", "king-out", 0, 10)
{7: 'won'}
>>> store.tallies()[("precedence", "king-out")]
Tally(won=1, lost=0, unknown=0)
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import astuple, dataclass, fields
from pathlib import Path
from typing import Any, ClassVar, Iterable, Self

from cadogan.errors import BadInput
from cadogan.solver.outcome import Result
from cadogan.survey.stats import Tally

RESULTS = tuple(Result)  # as the solver words them: won, lost, unknown
_SIGNED_LIMIT = 2**63

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    deal NOT NULL,                  -- INTEGER, or decimal TEXT for deals >= 2^63
    result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'unknown')),
    seconds REAL NOT NULL,          -- the solver's own time for this deal
    nodes INTEGER NOT NULL,
    solver_version TEXT NOT NULL,
    timeout REAL,                   -- the limits the deal was solved under (NULL: none)
    max_nodes INTEGER,
    recorded_at REAL NOT NULL,      -- Unix time the row was written
    PRIMARY KEY (game, variant, deal)
)
"""


class NotWritten(BadInput):
    """A row could not be written (the disk is full, the file became read-only); every row committed
    before it is intact, since each is committed on its own."""


@dataclass(frozen=True)
class Row:
    """One solved deal."""

    game: str
    variant: str
    deal: int
    result: str
    seconds: float
    nodes: int
    solver_version: str
    timeout: float | None = None
    max_nodes: int | None = None


def deal_to_sql(deal: int) -> int | str:
    """A deal number as a results table keeps it: an INTEGER below 2^63, its decimal TEXT above.

    >>> deal_to_sql(42), deal_to_sql(2**64 - 1)
    (42, '18446744073709551615')
    """
    return deal if deal < _SIGNED_LIMIT else str(deal)


class ResultsFile:
    """The SQLite file at ``path`` (created if missing; ``":memory:"`` for tests) with the table
    ``table`` made by ``schema``: what the solver's results and the players' share (one file may
    hold both tables)."""

    table: ClassVar[str]
    schema: ClassVar[str]

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            parent = Path(self.path).parent
            if not parent.is_dir():
                raise BadInput(f"cannot create the results database {self.path!r}: no directory {str(parent)!r}")
        try:
            self.db = sqlite3.connect(self.path, timeout=30)
            self.db.execute("PRAGMA journal_mode=WAL")  # readers (report) never block the survey
            self.db.execute("PRAGMA synchronous=NORMAL")  # durable across a killed process
            self.db.execute(self.schema)
            self.db.commit()
        except sqlite3.DatabaseError as err:
            raise BadInput(f"cannot use {self.path!r} as a results database: {err}") from None

    def insert(self, row: Any, replace: bool = False) -> None:
        """Add ``row`` (a dataclass of the table's columns, in order) stamped with the time now;
        the caller commits.  ``replace``: a row of the same key is replaced, not an error."""
        values = [deal_to_sql(value) if column.name == "deal" else value
                  for column, value in zip(fields(row), astuple(row))]
        verb = "INSERT OR REPLACE" if replace else "INSERT"
        self.db.execute(f"{verb} INTO {self.table} VALUES ({', '.join('?' * (len(values) + 1))})",
                        (*values, time.time()))

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class ResultsDB(ResultsFile):
    """The solver's results in the database at ``path``."""

    table, schema = "results", SCHEMA

    # --- writing ---------------------------------------------------------------------------
    def record(self, row: Row, replace: bool = False) -> None:
        """Write one result and commit it at once.  A deal already recorded is an error (the survey
        never solves a deal twice) unless ``replace`` is set (retrying an unknown deal)."""
        if row.result not in RESULTS:
            raise ValueError(f"result must be one of {RESULTS}, not {row.result!r}")
        try:
            with self.db:
                self.insert(row, replace)
        except sqlite3.IntegrityError:
            raise  # a deal recorded twice: the survey's own fault, not the disk's
        except sqlite3.Error as err:  # a full disk, a read-only file: the rows committed before stay
            raise NotWritten(f"cannot write to the results database {self.path!r}: {err}") from None

    def merge(self, rows: Iterable[Row]) -> tuple[int, int]:
        """Add rows from elsewhere (a CSV export): new deals are added, a decided result replaces an
        unknown one, and two different decided results for one deal are refused (one of them would
        be a solver bug).  Returns (added, replaced)."""
        added = replaced = 0
        with self.db:
            for row in rows:
                old = self._result_of(row.game, row.variant, row.deal)
                if old is None:
                    added += 1
                elif old == row.result or row.result == Result.UNKNOWN:
                    continue
                elif old == Result.UNKNOWN:
                    replaced += 1
                else:
                    raise BadInput(f"{row.game} {row.variant} deal {row.deal}: recorded as {old} here "
                                   f"but {row.result} in the imported results")
                self.insert(row, replace=True)
        return added, replaced

    def _result_of(self, game: str, variant: str, deal: int) -> str | None:
        found = self.db.execute("SELECT result FROM results WHERE game = ? AND variant = ? AND deal = ?",
                                (game, variant, deal_to_sql(deal))).fetchone()
        return found[0] if found else None

    # --- reading ---------------------------------------------------------------------------
    def recorded(self, game: str, variant: str, first: int, last: int) -> dict[int, str]:
        """The deals of ``first..last`` (inclusive) already recorded, with their results."""
        cursor = self.db.execute("SELECT deal, result FROM results WHERE game = ? AND variant = ?", (game, variant))
        done = {}
        for deal, result in cursor:
            deal = int(deal)
            if first <= deal <= last:
                done[deal] = result
        return done

    def rows(self, game: str | None = None, variant: str | None = None) -> list[Row]:
        """Every row (of one game and variant if given), ordered by game, variant and deal."""
        names = ", ".join(f.name for f in fields(Row))
        query, params = f"SELECT {names} FROM results", []
        if game is not None:
            query += " WHERE game = ?"
            params.append(game)
            if variant is not None:
                query += " AND variant = ?"
                params.append(variant)
        rows = [Row(g, v, int(d), r, float(s), int(n), str(sv), t, m)
                for g, v, d, r, s, n, sv, t, m in self.db.execute(query, params)]
        rows.sort(key=lambda r: (r.game, r.variant, r.deal))
        return rows

    def tallies(self) -> dict[tuple[str, str], Tally]:
        """Won / lost / unknown counts per (game, variant)."""
        out: dict[tuple[str, str], dict[str, int]] = {}
        for game, variant, result, count in self.db.execute(
                "SELECT game, variant, result, COUNT(*) FROM results GROUP BY game, variant, result"):
            out.setdefault((game, variant), {r: 0 for r in RESULTS})[result] = count
        return {key: Tally(**counts) for key, counts in sorted(out.items())}

    def solver_versions(self, game: str, variant: str) -> list[str]:
        return [v for (v,) in self.db.execute(
            "SELECT DISTINCT solver_version FROM results WHERE game = ? AND variant = ? ORDER BY 1", (game, variant))]
