"""``cadogan survey``: one subcommand, five uses, told apart by the first word.

    cadogan survey GAME [--variant V] --deals A-B [--workers K | --scheduler ADDRESS] [--timeout S] [--db FILE]
    cadogan survey report [--db FILE] [--plot FILE.png] [--markdown | --json]
    cadogan survey export [--db FILE] [--dir DIR]
    cadogan survey import [CSV_OR_DIR... | --dir DIR] [--db FILE]
    cadogan survey pool [--dir DIR] [--out FILE] [--per-variant N]

Heavy imports (dask, matplotlib) happen inside the functions that need them.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cadogan.cmdline import MAX_MEMORY_MB, MAX_NODES, MAX_WORKERS
from cadogan.errors import BadInput

if TYPE_CHECKING:
    from cadogan.survey.store import ResultsFile

ACTIONS = ("report", "export", "import", "pool", "odds")
DEFAULT_DB = "survey.sqlite"
DEFAULT_DIR = "data/survey"
DEFAULT_TIMEOUT = 60.0
MAX_PER_VARIANT = 10**6

# Which options each use of the command takes (anything else given is refused, not ignored).
ACCEPTS = {
    "run": {"variant", "deals", "workers", "scheduler", "timeout", "max_nodes", "max_memory", "retry_unknown", "db",
            "quiet", "player", "samples"},
    "report": {"db", "plot", "markdown", "json", "player"},
    "export": {"db", "dir"},
    "import": {"db", "paths", "dir", "player"},
    "pool": {"dir", "out", "per_variant"},
    "odds": {"dir", "out"},
}
OPTION_NAMES = {"paths": "file arguments", "max_nodes": "--max-nodes", "max_memory": "--max-memory",
                "retry_unknown": "--retry-unknown", "per_variant": "--per-variant"}

EPILOG = f"""\
uses:
  cadogan survey GAME [--variant V] --deals A-B [--workers K | --scheduler ADDRESS] [--timeout S] [--db FILE]
      solve deals A..B (inclusive) of GAME; results go to the SQLite database as they arrive, so the
      same command run again resumes where it stopped and never solves a deal twice
  cadogan survey report [--db FILE] [--plot FILE.png] [--markdown | --json]
      per game and variant: won, lost, unknown, win rate with Wilson 95% interval, honest bounds
  cadogan survey export [--db FILE] [--dir DIR]      one CSV per variant (default dir {DEFAULT_DIR})
  cadogan survey import [CSV... | --dir DIR] [--db FILE]   load CSVs into the database (to resume from them)
  cadogan survey pool [--dir DIR] [--out FILE]       rebuild the shipped pool of proven-won deals
  cadogan survey odds [--dir DIR] [--out FILE]       rebuild the odds the browser shows (solver, blind, greedy)

examples:
  cadogan survey precedence --variant king-out --deals 0-9999 --timeout 10
  cadogan survey square --deals 0-1999 --scheduler tcp://10.0.0.5:8786
  cadogan survey report --plot winnability.png
"""


def add_survey_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.usage = "%(prog)s {GAME,report,export,import,pool,odds} [options]"
    parser.epilog = EPILOG
    parser.add_argument("target", metavar="GAME|report|export|import|pool|odds",
                        help="a game id to survey, or what to do with the results")
    parser.add_argument("paths", nargs="*", metavar="CSV",
                        help="(import) CSV files or directories of them")
    parser.set_defaults(_trailing="paths")
    run = parser.add_argument_group("survey a range of deals")
    run.add_argument("--variant", "-v", metavar="V", help="a variant of the game (default: its first)")
    run.add_argument("--deals", metavar="A-B", help="the deals to solve, A to B inclusive (or one deal N)")
    run.add_argument("--workers", "-j", metavar="K", help="local worker processes (default: all cores)")
    run.add_argument("--scheduler", metavar="ADDRESS",
                     help="run on this Dask distributed scheduler (tcp://host:port) instead of local processes")
    run.add_argument("--timeout", metavar="S",
                     help=f"seconds per deal before it is recorded as unknown (default {DEFAULT_TIMEOUT:g}; 'none': no limit)")
    run.add_argument("--max-nodes", metavar="N", help="search nodes per deal before it is recorded as unknown")
    run.add_argument("--max-memory", metavar="MB", help="solver memory per deal (MB) before it gives up")
    run.add_argument("--retry-unknown", action="store_true", default=None,
                     help="solve again the deals recorded as unknown (e.g. with a larger --timeout); those this "
                          "solver version left unknown with limits at least as large are kept")
    run.add_argument("--quiet", "-q", action="store_true", default=None, help="no progress output")
    run.add_argument("--player", metavar="P", help="solver (default: the solver sees the whole deal), blind (advise's "
                     "player, who sees only the player's view) or greedy (the simplest rule); also for report, import")
    run.add_argument("--samples", metavar="K", help="(--player blind) samples per advice")
    parser.add_argument("--db", metavar="FILE", help=f"the SQLite results database (default ./{DEFAULT_DB})")
    out = parser.add_argument_group("report, export, pool")
    out.add_argument("--plot", metavar="FILE.png", help="(report) also draw the rates and intervals")
    out.add_argument("--markdown", action="store_true", default=None, help="(report) print a Markdown table")
    out.add_argument("--json", action="store_true", default=None, help="(report) print JSON")
    out.add_argument("--dir", metavar="DIR", help=f"(export, import, pool, odds) the CSV directory (default {DEFAULT_DIR})")
    out.add_argument("--out", metavar="FILE", help="(pool, odds) where to write it (default: the package's file)")
    out.add_argument("--per-variant", metavar="N", help="(pool) won deals kept per variant (default 1000)")


def run_survey(args: argparse.Namespace) -> int:
    action = args.target.strip().lower()
    use = action if action in ACTIONS else "run"
    _refuse_foreign_options(args, use)
    return {"run": _run, "report": _report, "export": _export, "import": _import, "pool": _pool,
            "odds": _odds}[use](args)


def _refuse_foreign_options(args: argparse.Namespace, use: str) -> None:
    for name in ("variant", "deals", "workers", "scheduler", "timeout", "max_nodes", "max_memory", "retry_unknown",
                 "quiet", "db", "plot", "markdown", "json", "dir", "out", "per_variant", "paths", "player", "samples"):
        value = getattr(args, name, None)
        if value not in (None, []) and name not in ACCEPTS[use]:
            option = OPTION_NAMES.get(name, f"--{name}")
            what = "a survey of a game" if use == "run" else f"survey {use}"
            raise BadInput(f"{option} does not apply to {what} (see cadogan survey --help)")


# --- argument checks -----------------------------------------------------------------------------
def parse_range(text: str) -> tuple[int, int]:
    """``"0-1999"`` -> ``(0, 1999)``; one number N is the range N-N.  BadInput if malformed or reversed.

    >>> parse_range("0-1999"), parse_range(" 42 ")
    ((0, 1999), (42, 42))
    """
    from cadogan.cmdline import read_deal, shown

    parts = text.strip().split("-")
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2 or not all(p.strip() for p in parts):
        raise BadInput(f"--deals wants a range A-B of deal numbers (e.g. 0-1999), not {shown(text)}")
    try:
        first, last = (read_deal(p) for p in parts)
    except BadInput as err:
        raise BadInput(f"--deals wants a range A-B of deal numbers (e.g. 0-1999): {err}") from None
    if first > last:
        raise BadInput(f"--deals {text}: the range is reversed (the first deal must not exceed the last)")
    return first, last


def _positive_int(text: str | None, option: str, maximum: int) -> int | None:
    from cadogan.cmdline import whole_number

    return None if text is None else whole_number(text, option, maximum)


def _timeout(text: str | None) -> float | None:
    from cadogan.cmdline import read_seconds

    if text is None:
        return DEFAULT_TIMEOUT
    if text.strip().lower() == "none":
        return None
    return read_seconds(text, "--timeout (or 'none' for no limit)")


# --- the five uses -------------------------------------------------------------------------------
def _run(args: argparse.Namespace) -> int:
    from cadogan import games
    from cadogan.survey.store import ResultsDB
    from cadogan.survey.worker import Limits

    try:
        game = games.get(args.target)
    except BadInput:
        raise BadInput(f"unknown game {args.target!r}: choose one of {', '.join(games.GAMES)}, "
                       f"or {', '.join(ACTIONS)}") from None
    variant = game.resolve_variant(args.variant)
    if args.deals is None:
        raise BadInput(f"cadogan survey {game.id} needs --deals A-B (e.g. --deals 0-1999)")
    first, last = parse_range(args.deals)
    workers = _positive_int(args.workers, "--workers", MAX_WORKERS)
    if workers is not None and args.scheduler:
        raise BadInput("--workers and --scheduler do not go together: the cluster's workers do the solving")
    from cadogan.survey.player_command import player_of, player_survey
    player = player_of(args)
    db = args.db or DEFAULT_DB
    if player is not None:
        from cadogan.survey.player import play_deal
        store, settings = player_survey(args, player, db)
        return _survey_and_say(store, f"{player} player, ", "played", game.id, variant, first, last, settings, args,
                               workers, db, task=play_deal)
    if args.samples is not None:
        raise BadInput("--samples applies to --player blind")
    limits = Limits(timeout=_timeout(args.timeout), max_nodes=_positive_int(args.max_nodes, "--max-nodes", MAX_NODES),
                    max_memory_mb=_positive_int(args.max_memory, "--max-memory", MAX_MEMORY_MB))
    return _survey_and_say(ResultsDB(db), "", "solved", game.id, variant, first, last, limits, args, workers, db,
                           retry_unknown=bool(args.retry_unknown))


def _survey_and_say(store: ResultsFile, title: str, verb: str, game_id: str, variant: str, first: int, last: int,
                    settings: Any, args: argparse.Namespace, workers: int | None, db: str, **options: Any) -> int:
    """Run the survey of deals ``first..last`` into ``store`` (closed after), say what it did and
    what ``db`` holds now; the exit status (``SurveyRun.exit_status``)."""
    from cadogan.survey.progress import Silent, counts_text, default_progress, duration
    from cadogan.survey.runner import survey

    began = time.monotonic()
    with store:
        outcome = survey(store, game_id, variant, first, last, settings, workers=workers, scheduler=args.scheduler,
                         progress=Silent() if args.quiet else default_progress(), **options)
        total = store.tallies().get((game_id, variant))
    print(f"{title}{game_id} {variant} deals {first}-{last}: {outcome.in_range} in range, {outcome.already} already "
          f"recorded, {outcome.solved} {verb} now ({counts_text(outcome.tally)}) in "
          f"{duration(time.monotonic() - began)}; results in {db}")
    if total is not None:
        print(f"{title}{game_id} {variant} in {db}: {total.deals} deals, {counts_text(total)}")
    return outcome.exit_status()


def _open_existing(db: str):  # type: ignore[no-untyped-def]
    from pathlib import Path

    from cadogan.survey.store import ResultsDB

    if db != ":memory:" and not Path(db).is_file():
        raise BadInput(f"no results database {db!r} (run a survey first, or give --db FILE)")
    return ResultsDB(db)


def _report(args: argparse.Namespace) -> int:
    from cadogan.cmdline import print_json
    from cadogan.survey import report

    if args.markdown and args.json:
        raise BadInput("--markdown and --json do not go together")
    from cadogan.survey.player import stored_players
    from cadogan.survey.player_command import player_of, print_player_tables
    player = player_of(args)
    if player is not None:
        _open_existing(args.db or DEFAULT_DB).close()
        print_player_tables(args.db or DEFAULT_DB, [player], bool(args.markdown), bool(args.json))
        return 0
    with _open_existing(args.db or DEFAULT_DB) as store:
        entries = report.summary(store)
    if args.json:
        print_json(entries)
    elif args.markdown:
        print(report.markdown(entries), end="")
    elif entries:
        report.print_table(entries)
    else:
        print("no results yet")
    if not args.json and args.player is None:
        print_player_tables(args.db or DEFAULT_DB, stored_players(args.db or DEFAULT_DB), bool(args.markdown), False)
    if args.plot:
        from cadogan.survey.player import PlayerResultsDB, report_entries
        players = []
        for name in stored_players(args.db or DEFAULT_DB):
            with PlayerResultsDB(args.db or DEFAULT_DB, name) as store:
                players += report_entries(store)
        report.plot(entries, args.plot, players)
        print(f"plot written to {args.plot}", file=sys.stderr)
    return 0


def _export(args: argparse.Namespace) -> int:
    from cadogan.survey.csvfiles import export

    with _open_existing(args.db or DEFAULT_DB) as store:
        written = export(store, args.dir or DEFAULT_DIR)
    from cadogan.survey.player_command import export_players
    written += export_players(args.db or DEFAULT_DB, args.dir or DEFAULT_DIR)
    for path in written:
        print(path)
    return 0


def _import(args: argparse.Namespace) -> int:
    from cadogan.survey.csvfiles import find_csv_files, read_rows
    from cadogan.survey.store import ResultsDB

    if args.paths and args.dir:
        raise BadInput("survey import takes CSV files or --dir DIR, not both")
    db = args.db or DEFAULT_DB
    from cadogan.survey.player_command import import_players, player_of
    player = player_of(args)
    if player is not None:
        import_players(db, player, args.paths or [f"{args.dir or DEFAULT_DIR}/{player}"])
        return 0
    with ResultsDB(db) as store:
        for path in find_csv_files(args.paths or [args.dir or DEFAULT_DIR]):
            added, replaced = store.merge(read_rows(path))
            print(f"{path}: {added} deals added, {replaced} unknown deals now decided")
    return 0


def _pool(args: argparse.Namespace) -> int:
    from cadogan.survey.pool import PER_VARIANT, POOL_FILE, build_pool, write_pool

    per_variant = _positive_int(args.per_variant, "--per-variant", MAX_PER_VARIANT) or PER_VARIANT
    pool = build_pool([args.dir or DEFAULT_DIR], per_variant=per_variant)
    out = write_pool(pool, args.out or POOL_FILE)
    for game_id, variants in pool["deals"].items():
        for variant, deals in variants.items():
            print(f"{game_id} {variant}: {len(deals)} won deals in the pool")
    print(f"pool written to {out}")
    return 0


def _odds(args: argparse.Namespace) -> int:
    from cadogan.survey.odds import ODDS_FILE, build_odds, write_odds

    directory = args.dir or DEFAULT_DIR
    if not Path(directory).is_dir():
        raise BadInput(f"no directory {directory!r} of survey CSV files")
    out = Path(args.out) if args.out else ODDS_FILE
    if not out.parent.is_dir():
        raise BadInput(f"cannot write {str(out)!r}: no directory {str(out.parent)!r}")
    odds = build_odds(directory)
    for game_id, variants in odds["odds"].items():
        for variant, row in variants.items():
            players = ", ".join(f"{p} {row[p]['won']}/{row[p]['deals']}" for p in ("blind", "greedy") if p in row)
            print(f"{game_id} {variant}: solver {row.get('won', 0)}/{row.get('deals', 0)}" + (f"; {players}" if players else ""))
    print(f"odds written to {write_odds(odds, out)}")
    return 0
