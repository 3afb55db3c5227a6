"""``cadogan survey`` at the command line: every bad argument is one clear line and exit status 2;
the report, export, import and pool uses work end to end."""

import json

import pytest

from ports import free_port

from cadogan.cli import main
from cadogan.survey.store import Row, ResultsDB


def fails(capsys, *argv):
    """Run ``cadogan survey ARGV``; expect exit 2 and return the one line on stderr."""
    with pytest.raises(SystemExit) as exit_info:
        main(["survey", *argv])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cadogan: "), err
    return err


@pytest.mark.parametrize("argv, message", [
    (["precedence", "--deals", "10-3"], "reversed"),
    (["precedence", "--deals", "3-x"], "range"),
    (["precedence", "--deals", "0-18446744073709551616"], "out of range"),
    (["precedence"], "needs --deals"),
    (["precedence", "--variant", "queen-out", "--deals", "0-3"], "unknown variant 'queen-out'"),
    (["klondike", "--deals", "0-3"], "unknown game 'klondike'"),
    (["precedence", "--deals", "0-3", "--workers", "0"], "--workers"),
    (["precedence", "--deals", "0-3", "--workers", "two"], "--workers"),
    (["precedence", "--deals", "0-3", "--workers", "2", "--scheduler", "tcp://127.0.0.1:8786"], "do not go together"),
    (["precedence", "--deals", "0-3", "--timeout", "0"], "--timeout"),
    (["precedence", "--deals", "0-3", "--scheduler", "nowhere"], "scheduler address"),
    (["report", "--deals", "0-3"], "--deals does not apply"),
    (["precedence", "--deals", "0-3", "--plot", "x.png"], "--plot does not apply"),
    (["import", "a.csv", "--dir", "data/survey"], "not both"),
    (["import", "--dir", "/nonexistent/dir"], "no such file or directory"),
])
def test_bad_arguments_give_one_clear_line(capsys, tmp_path, argv, message):
    assert message in fails(capsys, *argv, "--db", str(tmp_path / "s.sqlite"))


def test_an_unreachable_scheduler_is_one_clear_line(capsys, tmp_path):
    address = f"tcp://127.0.0.1:{free_port()}"
    err = fails(capsys, "precedence", "--deals", "0-3", "--scheduler", address, "--db", str(tmp_path / "s.sqlite"))
    assert "cannot reach the Dask scheduler" in err and address in err


def test_report_without_a_database_says_so(capsys, tmp_path):
    assert "no results database" in fails(capsys, "report", "--db", str(tmp_path / "none.sqlite"))


def test_survey_then_report_export_import_and_pool(capsys, tmp_path):
    db, csv_dir = tmp_path / "s.sqlite", tmp_path / "csv"
    assert main(["survey", "precedence", "--deals", "0-11", "--workers", "1", "--max-nodes", "4000",
                 "--timeout", "none", "--db", str(db), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "12 in range, 0 already recorded, 12 solved now" in out

    assert main(["survey", "report", "--db", str(db), "--json", "--plot", str(tmp_path / "p.png")]) == 0
    [entry] = json.loads(capsys.readouterr().out)
    assert (entry["game"], entry["variant"], entry["deals"]) == ("precedence", "king-out", 12)
    assert entry["won"] >= 1 and entry["won"] + entry["lost"] + entry["unknown"] == 12
    assert (tmp_path / "p.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    assert main(["survey", "report", "--db", str(db), "--markdown"]) == 0
    assert "| precedence | king-out | 12 |" in capsys.readouterr().out

    assert main(["survey", "export", "--db", str(db), "--dir", str(csv_dir)]) == 0
    assert (csv_dir / "precedence-king-out.csv").read_text().count("\n") == 13

    fresh = tmp_path / "fresh.sqlite"
    assert main(["survey", "import", "--db", str(fresh), "--dir", str(csv_dir)]) == 0
    assert "12 deals added" in capsys.readouterr().out
    assert main(["survey", "precedence", "--deals", "0-11", "--workers", "1", "--max-nodes", "4000",
                 "--timeout", "none", "--db", str(fresh), "--quiet"]) == 0
    assert "12 already recorded, 0 solved now" in capsys.readouterr().out

    pool_file = tmp_path / "winnable.json"
    assert main(["survey", "pool", "--dir", str(csv_dir), "--out", str(pool_file)]) == 0
    pool = json.loads(pool_file.read_text())
    with ResultsDB(db) as store:
        won = [r.deal for r in store.rows() if r.result == "won"]
    assert pool["deals"]["precedence"]["king-out"] == won


def test_a_row_is_never_recorded_for_a_variant_by_its_alias(tmp_path):
    # The game's own names are what the database keeps, whatever the user typed.
    db = tmp_path / "s.sqlite"
    assert main(["survey", "PRECEDENCE", "--variant", "King-Out", "--deals", "4", "--workers", "1",
                 "--max-nodes", "4000", "--db", str(db), "--quiet"]) == 0
    with ResultsDB(db) as store:
        assert [(r.game, r.variant, r.deal) for r in store.rows()] == [("precedence", "king-out", 4)]


def test_rows_of_a_solver_fault_are_not_recorded(tmp_path, monkeypatch):
    from cadogan.survey import runner

    def faulty(game, variant, deal, limits):
        if deal == 2:
            raise runner.BadInput("pretend the winning line did not win")
        return Row(game, variant, deal, "lost", 0.0, 1, "fake", None, None)

    with ResultsDB(tmp_path / "s.sqlite") as store:
        # A thread pool stands in for the process pool: the fake task need not be importable elsewhere.
        import concurrent.futures as cf
        from contextlib import contextmanager

        @contextmanager
        def threads(workers):
            with cf.ThreadPoolExecutor(1) as executor:
                yield executor, 1

        monkeypatch.setattr(runner, "local_pool", threads)
        outcome = runner.survey(store, "precedence", "king-out", 0, 4, runner.Limits(), task=faulty)
        assert outcome.solved == 4 and [d for d, _ in outcome.failures] == [2]
        assert sorted(store.recorded("precedence", "king-out", 0, 4)) == [0, 1, 3, 4]


def test_a_full_disk_stops_the_survey_in_one_line_and_keeps_the_rows_written(capsys, tmp_path, monkeypatch):
    # The disk fills after two rows: SQLite refuses the third with "database or disk is full".
    import sqlite3

    from cadogan.survey import store as store_module

    db = tmp_path / "s.sqlite"
    written = []
    real_record = store_module.ResultsDB.record

    def record(self, row, replace=False):
        if len(written) == 2:
            real_execute = self.db.execute
            monkeypatch.setattr(self, "db", _FullDisk(self.db, real_execute))
        real_record(self, row, replace)
        written.append(row)

    monkeypatch.setattr(store_module.ResultsDB, "record", record)
    assert "database or disk is full" in fails(capsys, "precedence", "--deals", "0-7", "--workers", "1",
                                                "--max-nodes", "4000", "--db", str(db), "--quiet")
    with ResultsDB(db) as store:
        rows = store.rows()
    assert rows == written and [r.deal for r in rows] == [0, 1]  # the rows committed, as the solver gave them
    assert sqlite3.connect(db).execute("PRAGMA integrity_check").fetchone() == ("ok",)


class _FullDisk:
    """A connection whose writes fail as SQLite's do on a full disk (reads still work)."""

    def __init__(self, connection, execute):
        self.connection, self.real_execute = connection, execute

    def execute(self, sql, *args):
        import sqlite3

        if sql.lstrip().upper().startswith(("INSERT", "UPDATE")):
            raise sqlite3.OperationalError("database or disk is full")
        return self.real_execute(sql, *args)

    def __enter__(self):
        return self.connection.__enter__()

    def __exit__(self, *exc):
        return self.connection.__exit__(*exc)

    def __getattr__(self, name):
        return getattr(self.connection, name)


@pytest.mark.parametrize("argv", [
    ["precedence", "--deals", "0-3", "--db", "{missing}/s.sqlite"],
    ["export", "--db", "{db}", "--dir", "{missing}/csv"],
    ["pool", "--dir", "{csv}", "--out", "{missing}/winnable.json"],
    ["report", "--db", "{db}", "--plot", "{missing}/p.png"],
])
def test_a_missing_directory_is_refused_never_made(capsys, tmp_path, argv):
    db, csv = tmp_path / "s.sqlite", tmp_path / "csv"
    with ResultsDB(db) as store:
        store.record(Row("precedence", "king-out", 4, "won", 0.1, 10, "t"))
    csv.mkdir()
    (csv / "precedence-king-out.csv").write_text("deal,result,seconds,nodes,solver,timeout,max_nodes\n4,won,0.1,10,t,,\n")
    missing = tmp_path / "no" / "such"
    argv = [a.format(missing=missing, db=db, csv=csv) for a in argv]
    err = fails(capsys, *argv)
    assert "no directory" in err or "No such file or directory" in err
    assert not (tmp_path / "no").exists()
