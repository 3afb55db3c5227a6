"""``cadogan survey GAME --player blind|greedy``: players who cannot see the stock."""

from __future__ import annotations

import pytest

from cadogan import games
from cadogan.cli import main
from cadogan.survey.player import (PlayerResultsDB, PlayerSettings, export, play_deal, read_rows,
                                   report_entries)
from cadogan.survey.runner import survey

BLIND = PlayerSettings("blind", samples=3, max_nodes=10_000, seed=0)
GREEDY = PlayerSettings("greedy")


def test_a_blind_row_names_its_settings_and_a_won_row_replays():
    from cadogan.solver.advise import Settings, play_blind
    row = play_deal("precedence", "king-out", 4, BLIND)  # a deal the blind player wins with these settings
    assert (row.player, row.samples, row.max_nodes, row.seed) == ("blind", 3, 10_000, 0)
    game = play_blind("precedence", "king-out", 4, Settings(samples=3, max_nodes=10_000, seed=0))
    assert (row.result, row.moves, row.start_chance) == ("won", len(game.moves), game.start_chance)
    assert games.load("precedence", "king-out", 4).line_wins(game.moves)


@pytest.mark.parametrize("variant,deal,result", [("king-out", 4, "won"), ("first-king", 2, "lost")])
def test_the_greedy_row_is_the_greedy_rules_game(variant, deal, result):
    from cadogan.solver.advise_greedy import play_greedy
    row = play_deal("precedence", variant, deal, GREEDY)
    game = play_greedy("precedence", variant, deal)
    assert (row.result, row.moves) == (game.result, len(game.moves)) and game.result == result
    end = games.replay(games.get("precedence"), variant, deal, game.moves)
    assert end.is_won() == (result == "won")


def test_a_player_survey_resumes_and_keeps_players_apart(tmp_path):
    db = tmp_path / "s.sqlite"
    with PlayerResultsDB(db, "greedy") as store:
        first = survey(store, "precedence", "king-out", 0, 5, GREEDY, workers=1, task=play_deal)
        again = survey(store, "precedence", "king-out", 0, 7, GREEDY, workers=1, task=play_deal)
        assert first.solved == 6 and again.already == 6 and again.solved == 2
        assert len(store.rows()) == 8
    with PlayerResultsDB(db, "blind") as store:
        assert store.recorded("precedence", "king-out", 0, 7) == {}


def test_the_dask_path_gives_the_rows_of_the_local_pool(tmp_path):
    distributed = pytest.importorskip("distributed")
    with PlayerResultsDB(":memory:", "blind") as local, PlayerResultsDB(":memory:", "blind") as remote:
        survey(local, "precedence", "king-out", 3, 4, BLIND, workers=1, task=play_deal)
        with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                      dashboard_address=None) as cluster:
            survey(remote, "precedence", "king-out", 3, 4, BLIND, scheduler=cluster.scheduler_address, task=play_deal)
        strip = lambda rows: [(r.deal, r.result, r.moves, r.start_chance) for r in rows]  # noqa: E731
        assert strip(local.rows()) == strip(remote.rows())


def test_the_report_gives_the_wilson_interval_and_the_csv_round_trips(tmp_path):
    with PlayerResultsDB(":memory:", "greedy") as store:
        survey(store, "precedence", "king-out", 0, 9, GREEDY, workers=1, task=play_deal)
        entry = report_entries(store)[0]
        assert entry["deals"] == 10 and entry["rate"] == entry["won"] / 10
        low, high = entry["interval"]
        assert low <= entry["rate"] <= high and (low, high) != (0.0, 1.0)
        [path] = export(store, tmp_path)
        assert path == tmp_path / "greedy" / "precedence-king-out.csv"
        assert [(r.deal, r.result) for r in read_rows(path, "greedy")] == [(r.deal, r.result) for r in store.rows()]


def test_the_command_runs_reports_and_refuses_what_does_not_apply(tmp_path, capsys):
    db = str(tmp_path / "s.sqlite")
    assert main(["survey", "precedence", "--deals", "0-2", "--player", "greedy", "--workers", "1", "--db", db,
                 "-q"]) == 0
    assert "greedy player, precedence king-out" in capsys.readouterr().out
    assert main(["survey", "report", "--db", db, "--player", "greedy", "--markdown"]) == 0
    assert "| greedy | precedence | king-out | 3 |" in capsys.readouterr().out
    for argv, message in [(["--player", "nobody"], "--player wants"),
                          (["--player", "blind", "--timeout", "5"], "--timeout does not apply"),
                          (["--player", "greedy", "--samples", "4"], "the greedy rule takes none")]:
        with pytest.raises(SystemExit) as exit_:
            main(["survey", "precedence", "--deals", "0-2", "--db", db, *argv])
        assert exit_.value.code == 2 and message in capsys.readouterr().err
