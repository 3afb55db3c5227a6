"""Per-deal results as compact CSV files, one per game and variant: ``<game>-<variant>.csv``.

These files are what the repository keeps (``data/survey/``): anyone can re-check a line with
``cadogan solve``, and ``cadogan survey import`` loads them into a database so a survey resumes
across sessions instead of starting again.

>>> from cadogan.survey.store import Row
>>> print(to_csv_text([Row("precedence", "king-out", 3, "won", 0.01234, 77, "1", 10.0, None)]), end="")
deal,result,seconds,nodes,solver,timeout,max_nodes
3,won,0.012,77,1,10,
>>> file_key("british-square-columns.csv")
('british-square', 'columns')
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Protocol, Sequence, TypeVar

from cadogan import games
from cadogan.cards import parse_deal
from cadogan.errors import BadInput
from cadogan.survey.store import RESULTS, Row, ResultsDB

T = TypeVar("T")
HEADER = ["deal", "result", "seconds", "nodes", "solver", "timeout", "max_nodes"]


def file_name(game: str, variant: str) -> str:
    return f"{game}-{variant}.csv"


def file_key(path: str | Path) -> tuple[str, str]:
    """The (game, variant) a results file is named after; BadInput if it names none."""
    stem = Path(path).name.removesuffix(".csv")
    for game in games.all_games():
        for variant in game.variants:
            if stem == f"{game.id}-{variant}":
                return game.id, variant
    raise BadInput(f"{str(path)!r}: a results file is named GAME-VARIANT.csv (e.g. precedence-king-out.csv)")


def _number(value: float | int | None) -> str:
    """A limit as CSV text: empty for none, integers in full (``3000000``, never ``3e+06``)."""
    if value is None:
        return ""
    if isinstance(value, int) or float(value).is_integer():
        return str(int(value))
    return repr(float(value))


def csv_text(header: list[str], lines: Iterable[list[object]]) -> str:
    """``header`` and ``lines`` as the text of a CSV file (``\\n`` line ends)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(lines)
    return out.getvalue()


def to_csv_text(rows: Iterable[Row]) -> str:
    return csv_text(HEADER, ([row.deal, row.result, f"{row.seconds:.3f}", row.nodes, row.solver_version,
                              _number(row.timeout), _number(row.max_nodes)] for row in rows))


class Tables(Protocol):
    """Results kept per game and variant (``ResultsDB``, ``PlayerResultsDB``)."""

    def tallies(self) -> Mapping[tuple[str, str], object]: ...
    def rows(self, game: str | None = None, variant: str | None = None) -> Sequence[Any]: ...


def write_tables(store: Tables, directory: str | Path, to_text: Callable[[Sequence[Any]], str]) -> list[Path]:
    """One CSV per game and variant of ``store`` in ``directory`` (made if missing), each
    ``to_text`` of its rows; returns the files written.  The directory above must exist: a missing
    one is a typo, not made."""
    directory = Path(directory)
    if not directory.parent.is_dir():
        raise BadInput(f"cannot write to {str(directory)!r}: no directory {str(directory.parent)!r}")
    directory.mkdir(exist_ok=True)
    written = []
    for game, variant in store.tallies():
        path = directory / file_name(game, variant)
        path.write_text(to_text(store.rows(game, variant)), encoding="utf-8")
        written.append(path)
    return written


def read_table(path: str | Path, header: list[str], make_row: Callable[[str, str, list[str]], T]) -> list[T]:
    """The rows of the results file ``path``: its name gives the game and variant (``file_key``),
    its first line must be ``header``, and ``make_row(game, variant, cells)`` makes each line after
    it a row (ValueError or BadInput for a line that is none).  BadInput naming the file, and the
    line where one is malformed."""
    game, variant = file_key(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise BadInput(f"cannot read {str(path)!r}: {err.strerror}") from None
    reader = csv.reader(io.StringIO(text))
    if next(reader, None) != header:
        raise BadInput(f"{str(path)!r}: the first line must be {','.join(header)}")
    rows = []
    for line, cells in enumerate(reader, 2):
        try:
            rows.append(make_row(game, variant, cells))
        except (ValueError, BadInput) as err:
            raise BadInput(f"{str(path)!r} line {line}: not a result line ({err})") from None
    return rows


def export(store: ResultsDB, directory: str | Path) -> list[Path]:
    """Write one CSV per game and variant in the database; returns the files written."""
    return write_tables(store, directory, to_csv_text)


def read_rows(path: str | Path) -> list[Row]:
    """The rows of one results file; BadInput naming the line if one is malformed."""
    return read_table(path, HEADER, _row)


def _row(game: str, variant: str, cells: list[str]) -> Row:
    deal, result, seconds, nodes, solver, timeout, max_nodes = cells
    if result not in RESULTS:
        raise ValueError(f"result {result!r}")
    return Row(game, variant, parse_deal(deal), result, float(seconds), int(nodes), solver,
               float(timeout) if timeout else None, int(max_nodes) if max_nodes else None)


def find_csv_files(paths: Iterable[str | Path]) -> list[Path]:
    """The files named, with each directory replaced by the ``*.csv`` files inside it."""
    found: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            found.extend(sorted(path.glob("*.csv")))
        elif path.is_file():
            found.append(path)
        else:
            raise BadInput(f"no such file or directory: {str(path)!r}")
    return found
