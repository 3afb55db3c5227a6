"""The results database and the CSV files that carry results across sessions."""

import sqlite3

import pytest

from cadogan.errors import BadInput
from cadogan.survey.csvfiles import export, file_key, find_csv_files, read_rows, to_csv_text
from cadogan.survey.stats import Tally
from cadogan.survey.store import Row, ResultsDB

BIG = 2**64 - 1


def row(deal, result="won", game="precedence", variant="king-out"):
    return Row(game, variant, deal, result, 0.5, 100, "test", 10.0, None)


def test_a_deal_is_recorded_once(tmp_path):
    with ResultsDB(tmp_path / "s.sqlite") as store:
        store.record(row(3))
        with pytest.raises(sqlite3.IntegrityError):
            store.record(row(3, "lost"))
        assert store.recorded("precedence", "king-out", 0, 10) == {3: "won"}


def test_retrying_an_unknown_deal_replaces_its_row(tmp_path):
    with ResultsDB(tmp_path / "s.sqlite") as store:
        store.record(row(3, "unknown"))
        store.record(row(3, "lost"), replace=True)
        assert store.recorded("precedence", "king-out", 3, 3) == {3: "lost"}


def test_results_survive_reopening_the_database(tmp_path):
    with ResultsDB(tmp_path / "s.sqlite") as store:
        store.record(row(1))
        store.record(row(2, "unknown"))
    with ResultsDB(tmp_path / "s.sqlite") as store:
        assert store.tallies() == {("precedence", "king-out"): Tally(won=1, unknown=1)}


def test_deal_numbers_above_two_to_the_63_are_kept_exactly(tmp_path):
    with ResultsDB(tmp_path / "s.sqlite") as store:
        for deal in (0, 2**63 - 1, 2**63, BIG):
            store.record(row(deal))
        assert [r.deal for r in store.rows()] == [0, 2**63 - 1, 2**63, BIG]
        assert store.recorded("precedence", "king-out", 2**63, BIG) == {2**63: "won", BIG: "won"}


def test_recorded_looks_only_inside_the_range_and_the_variant(tmp_path):
    with ResultsDB(tmp_path / "s.sqlite") as store:
        for deal in range(10):
            store.record(row(deal))
        store.record(row(5, variant="first-king"))
        assert sorted(store.recorded("precedence", "king-out", 3, 6)) == [3, 4, 5, 6]
        assert store.recorded("precedence", "first-king", 0, 4) == {}


def test_merge_adds_new_deals_and_decides_unknown_ones(tmp_path):
    with ResultsDB(tmp_path / "s.sqlite") as store:
        store.record(row(1, "unknown"))
        store.record(row(2, "lost"))
        added, replaced = store.merge([row(1, "won"), row(2, "unknown"), row(3, "lost")])
        assert (added, replaced) == (1, 1)
        assert store.recorded("precedence", "king-out", 0, 9) == {1: "won", 2: "lost", 3: "lost"}


def test_merge_refuses_a_deal_both_won_and_lost(tmp_path):
    with ResultsDB(tmp_path / "s.sqlite") as store:
        store.record(row(7, "lost"))
        with pytest.raises(BadInput, match="deal 7"):
            store.merge([row(7, "won")])


def test_csv_round_trip_keeps_every_field(tmp_path):
    rows = [row(0, "won"), row(1, "lost"), Row("precedence", "king-out", BIG, "unknown", 2.0, 5, "test", None, 500),
            Row("precedence", "king-out", 5, "unknown", 2.0, 3000001, "test", 0.25, 3_000_000),
            Row("precedence", "king-out", 6, "unknown", 2.0, 10**12, "test", 1e7, 10**12)]
    with ResultsDB(tmp_path / "s.sqlite") as store:
        for r in rows:
            store.record(r)
        [path] = export(store, tmp_path / "csv")
    assert path.name == "precedence-king-out.csv"
    back = read_rows(path)
    assert [(r.deal, r.result, r.nodes, r.solver_version, r.timeout, r.max_nodes) for r in back] == \
           [(r.deal, r.result, r.nodes, r.solver_version, r.timeout, r.max_nodes) for r in sorted(rows, key=lambda r: r.deal)]


def test_csv_is_one_compact_line_per_deal():
    text = to_csv_text([row(0), row(1, "lost")])
    assert text.splitlines() == ["deal,result,seconds,nodes,solver,timeout,max_nodes",
                                 "0,won,0.500,100,test,10,", "1,lost,0.500,100,test,10,"]


def test_csv_file_names_say_game_and_variant():
    assert file_key("data/survey/square-free.csv") == ("square", "free")
    with pytest.raises(BadInput):
        file_key("square-loose.csv")


def test_a_malformed_csv_line_is_named(tmp_path):
    path = tmp_path / "precedence-king-out.csv"
    path.write_text("deal,result,seconds,nodes,solver,timeout,max_nodes\n0,won,0.1,5,t,,\n1,maybe,0.1,5,t,,\n")
    with pytest.raises(BadInput, match="line 3"):
        read_rows(path)


def test_find_csv_files_expands_directories(tmp_path):
    (tmp_path / "square-free.csv").write_text("")
    (tmp_path / "notes.txt").write_text("")
    assert find_csv_files([tmp_path]) == [tmp_path / "square-free.csv"]
    with pytest.raises(BadInput):
        find_csv_files([tmp_path / "missing"])
