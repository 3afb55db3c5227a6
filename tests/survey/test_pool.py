"""The shipped pool of proven-won deals, and how it is rebuilt from the survey's CSV files."""

import json
from pathlib import Path

import pytest

from cadogan import games
from cadogan.errors import BadInput
from cadogan.solver import pool as reader
from cadogan.survey import pool
from cadogan.survey.csvfiles import HEADER

CSV = ",".join(HEADER) + "\n"


def write_csv(path, lines):
    path.write_text(CSV + "".join(f"{deal},{result},0.1,10,t,1,\n" for deal, result in lines))


def test_pool_keeps_only_won_deals_in_order_and_at_most_per_variant(tmp_path):
    write_csv(tmp_path / "precedence-king-out.csv", [(9, "won"), (2, "won"), (3, "lost"), (5, "unknown"), (7, "won")])
    write_csv(tmp_path / "square-free.csv", [(1, "lost")])
    built = pool.build_pool([tmp_path], per_variant=2)
    assert built["deals"] == {"precedence": {"king-out": [2, 7]}, "square": {"free": []}}
    assert built["counts"]["precedence"]["king-out"] == {"surveyed": 5, "won": 3}


def test_written_pool_is_read_back_by_winnable_deals(tmp_path, monkeypatch):
    write_csv(tmp_path / "precedence-first-king.csv", [(4, "won"), (8, "won")])
    out = pool.write_pool(pool.build_pool([tmp_path]), tmp_path / "winnable.json")
    monkeypatch.setattr(reader, "_load", lambda: json.loads(out.read_text()))
    assert reader.winnable_deals("precedence", "first-king") == [4, 8]
    assert reader.winnable_deals("precedence", "king-out") == []


def test_the_pool_reader_lives_below_the_solver_and_the_survey_uses_it():
    # The solver's deal verdict reads the pool: its reader must not sit in the survey above it.
    assert pool.winnable_deals is reader.winnable_deals and pool.POOL_FILE == reader.POOL_FILE
    source = (Path(reader.__file__).parent / "verdict.py").read_text()
    assert "cadogan.survey" not in source


def test_the_pool_is_not_written_where_a_directory_is_missing(tmp_path):
    write_csv(tmp_path / "precedence-first-king.csv", [(4, "won")])
    with pytest.raises(BadInput, match="no directory"):
        pool.write_pool(pool.build_pool([tmp_path]), tmp_path / "missing" / "winnable.json")
    assert not (tmp_path / "missing").exists()


def test_winnable_deals_refuses_unknown_games_and_variants():
    with pytest.raises(BadInput):
        pool.winnable_deals("klondike", None)
    with pytest.raises(BadInput):
        pool.winnable_deals("precedence", "queen-out")


def test_shipped_pool_is_sorted_and_within_range_for_every_variant():
    for game in games.all_games():
        for variant in game.variants:
            deals = pool.winnable_deals(game.id, variant)
            assert deals == sorted(set(deals)) and len(deals) <= pool.PER_VARIANT
            assert all(0 <= d < 2**64 for d in deals)
    assert pool.winnable_deals("precedence") == pool.winnable_deals("precedence", "king-out")


def test_a_shipped_won_deal_really_wins():
    # Spot-check the first proven-won deal of each variant with the solver and the engine.
    from cadogan.solver import solve
    from cadogan.survey.worker import check_winning_line

    for game in games.all_games():
        for variant in game.variants:
            deals = pool.winnable_deals(game.id, variant)
            if not deals:
                continue
            result = solve(games.load(game.id, variant, deals[0]), timeout=10, max_nodes=3_000_000)
            assert result.result != "lost", (game.id, variant, deals[0])  # unknown: no contradiction
            if result.result == "won":
                check_winning_line(game.id, variant, deals[0], result.moves)


def test_shipped_pool_is_what_the_committed_survey_results_say():
    data = Path(__file__).resolve().parents[2] / "data" / "survey"
    if not any(data.glob("*.csv")):
        pytest.skip("no survey results in this checkout")
    rebuilt = pool.build_pool([data])
    for game in games.all_games():
        for variant in game.variants:
            expected = rebuilt["deals"].get(game.id, {}).get(variant, [])
            assert pool.winnable_deals(game.id, variant) == expected, "run: cadogan survey pool"
