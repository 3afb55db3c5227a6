"""Running surveys: the Dask cluster agrees with the local pool deal by deal, and a survey stopped
half way (Ctrl-C, or SIGKILL) resumes without solving any recorded deal again.

Limits are node counts, never seconds, so every verdict here is the same on every run and machine.
"""

import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from cadogan.survey.progress import Silent
from cadogan.survey.runner import survey
from cadogan.survey.store import ResultsDB
from cadogan.survey.worker import Limits, SolverFault, check_winning_line, solve_deal

# Precedence king-out deals 0-11 at 4,000 nodes: with solver 0.2, some won (4, 10, 11), most unknown.
LIMITS = Limits(timeout=None, max_nodes=4000)


def first_won_deal():
    """A Precedence deal this solver wins within LIMITS (deal 4 with solver 0.2)."""
    from cadogan import games
    from cadogan.solver import solve

    for deal in range(50):
        result = solve(games.load("precedence", "king-out", deal), max_nodes=LIMITS.max_nodes)
        if result.result == "won":
            return deal, result.moves
    pytest.skip("no Precedence deal of 0-49 is won within 4,000 nodes by this solver")


def verdicts(store, game, variant):
    return [(r.deal, r.result, r.nodes, r.solver_version, r.max_nodes) for r in store.rows(game, variant)]


def test_dask_cluster_gives_the_same_results_as_the_local_pool(tmp_path):
    distributed = pytest.importorskip("distributed")
    with ResultsDB(tmp_path / "pool.sqlite") as local:
        survey(local, "precedence", "king-out", 0, 11, LIMITS, workers=2)
        survey(local, "square", "free", 0, 2, LIMITS, workers=2)
        expected = verdicts(local, "precedence", "king-out") + verdicts(local, "square", "free")
    assert len(expected) == 15

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster, \
            ResultsDB(tmp_path / "dask.sqlite") as remote:
        outcome = survey(remote, "precedence", "king-out", 0, 11, LIMITS, scheduler=cluster.scheduler_address)
        survey(remote, "square", "free", 0, 2, LIMITS, scheduler=cluster.scheduler_address)
        got = verdicts(remote, "precedence", "king-out") + verdicts(remote, "square", "free")
    assert outcome.solved == 12 and not outcome.failures
    assert got == expected


class StopAfter(Silent):
    """A progress display whose user presses Ctrl-C after ``n`` results."""

    def __init__(self, n):
        self.n = n

    def advance(self, row):
        self.n -= 1
        if self.n == 0:
            raise KeyboardInterrupt


def test_an_interrupted_survey_resumes_without_solving_again(tmp_path):
    with ResultsDB(tmp_path / "s.sqlite") as store:
        first = survey(store, "precedence", "king-out", 0, 11, LIMITS, workers=1, progress=StopAfter(5))
        assert first.interrupted and first.solved == 5
        before = {r.deal: r for r in store.rows()}
        stamps = dict(store.db.execute("SELECT deal, recorded_at FROM results"))
        second = survey(store, "precedence", "king-out", 0, 11, LIMITS, workers=1)
        assert (second.already, second.solved, second.interrupted) == (5, 7, False)
        after = {r.deal: r for r in store.rows()}
        assert sorted(after) == list(range(12))
        assert all(after[d] == before[d] for d in before)  # the same rows ...
        assert all(dict(store.db.execute("SELECT deal, recorded_at FROM results"))[d] == stamps[d] for d in before)
        third = survey(store, "precedence", "king-out", 0, 11, LIMITS, workers=1)
        assert (third.already, third.solved) == (12, 0)


def test_retry_unknown_solves_only_the_unknown_deals_again(tmp_path):
    with ResultsDB(tmp_path / "s.sqlite") as store:
        survey(store, "precedence", "king-out", 0, 5, Limits(max_nodes=100), workers=1)
        won_before = {r.deal for r in store.rows() if r.result == "won"}
        outcome = survey(store, "precedence", "king-out", 0, 5, LIMITS, workers=1, retry_unknown=True)
        assert outcome.already == len(won_before) and outcome.solved == 6 - len(won_before)
        deal, _ = first_won_deal()
        if deal <= 5:
            assert store.recorded("precedence", "king-out", deal, deal) == {deal: "won"}


def _rows_in(db):
    try:
        with sqlite3.connect(db, timeout=5) as conn:
            return conn.execute("SELECT COUNT(*) FROM results").fetchone()[0]
    except sqlite3.OperationalError:  # not created yet
        return 0


def test_a_survey_killed_half_way_resumes_without_solving_again(tmp_path):
    db = tmp_path / "s.sqlite"
    command = [sys.executable, "-m", "cadogan.cli", "survey", "precedence", "--deals", "0-29", "--workers", "1",
               "--max-nodes", "30000", "--timeout", "none", "--db", str(db), "--quiet"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while _rows_in(db) < 3 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert process.poll() is None, "the survey finished before it could be killed: raise --max-nodes"
        process.kill()  # SIGKILL to the survey itself: no chance to clean up
        process.wait()
        # Its worker process dies with it (no orphan goes on solving).
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                os.killpg(process.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.05)
        else:
            pytest.fail("a worker process outlived the killed survey")
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    with ResultsDB(db) as store:
        before = {r.deal: r for r in store.rows()}
    assert 3 <= len(before) < 30
    resumed = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{len(before)} already recorded, {30 - len(before)} solved now" in resumed.stdout
    with ResultsDB(db) as store:
        after = {r.deal: r for r in store.rows()}
    assert sorted(after) == list(range(30))
    assert all(after[d] == before[d] for d in before)


def test_a_won_verdict_must_come_with_a_line_that_wins():
    deal, line = first_won_deal()
    assert solve_deal("precedence", "king-out", deal, LIMITS).result == "won"  # its line was checked
    check_winning_line("precedence", "king-out", deal, line)
    with pytest.raises(SolverFault, match="does not win"):
        check_winning_line("precedence", "king-out", deal, line[:-1])
    with pytest.raises(SolverFault, match="illegal"):
        check_winning_line("precedence", "king-out", deal, line[1:])


def test_ctrl_c_stops_at_once_and_says_how_to_resume(tmp_path):
    # Many Precedence deals need far more than a few seconds at this limit: Ctrl-C lands mid-deal.
    command = [sys.executable, "-m", "cadogan.cli", "survey", "precedence", "--deals", "0-199", "--workers", "1",
               "--max-nodes", "100000000", "--timeout", "60", "--db", str(tmp_path / "s.sqlite"), "--quiet"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "s.sqlite").exists() and time.monotonic() < deadline:  # started
            time.sleep(0.05)
        time.sleep(1.5)  # ... and deep in deal 0
        process.send_signal(signal.SIGINT)
        # Deal 0 alone may need its whole 60 s: had the survey waited for it, this would time out.
        out, err = process.communicate(timeout=45)
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    assert process.returncode == 130
    assert "run the same command to resume" in err
    solved = int(out.split(" solved now")[0].rsplit(", ", 1)[1])
    with ResultsDB(tmp_path / "s.sqlite") as store:
        assert len(store.rows()) == solved < 200


def test_a_retry_skips_the_unknowns_this_solver_already_left_unknown_with_as_much_room(tmp_path, monkeypatch):
    import concurrent.futures as cf
    from contextlib import contextmanager

    from cadogan.solver import SOLVER_VERSION
    from cadogan.survey import runner
    from cadogan.survey.store import Row

    @contextmanager
    def threads(workers):  # the fake task need not be importable by a worker process
        with cf.ThreadPoolExecutor(1) as executor:
            yield executor, 1

    solved = []

    def fake(game, variant, deal, limits):
        solved.append(deal)
        return Row(game, variant, deal, "unknown", 0.0, 1, SOLVER_VERSION, limits.timeout, limits.max_nodes)

    monkeypatch.setattr(runner, "local_pool", threads)
    with ResultsDB(tmp_path / "s.sqlite") as store:
        for deal, version, max_nodes in [(0, SOLVER_VERSION, 4000), (1, "0.1", 4000), (2, SOLVER_VERSION, 100),
                                         (3, SOLVER_VERSION, None), (4, SOLVER_VERSION, 9000)]:
            store.record(Row("precedence", "king-out", deal, "unknown", 1.0, 5, version, None, max_nodes))
        outcome = survey(store, "precedence", "king-out", 0, 5, LIMITS, retry_unknown=True, task=fake)
        assert sorted(solved) == [1, 2, 5]  # 0, 3, 4 were tried as hard by this version; 5 is new
        assert outcome.already == 3 and outcome.solved == 3
        again = survey(store, "precedence", "king-out", 0, 5, LIMITS, retry_unknown=True, task=fake)
        assert again.solved == 0  # a stopped retry resumes without solving anything twice
