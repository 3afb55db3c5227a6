"""The odds the browser shows are made from the survey's CSV files, never copied by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cadogan.cli import main
from cadogan.survey.odds import ODDS_FILE, build_odds

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_odds_are_the_surveys():
    assert json.loads(ODDS_FILE.read_text(encoding="utf-8")) == build_odds(ROOT / "data" / "survey")


def test_odds_carry_the_player_rows_with_their_wilson_interval(tmp_path):
    (tmp_path / "precedence-king-out.csv").write_text(
        "deal,result,seconds,nodes,solver,timeout,max_nodes\n1,won,0.1,10,0.15,10,\n2,lost,0.1,10,0.15,10,\n")
    (tmp_path / "greedy").mkdir()
    header = "deal,result,seconds,moves,decisions,unknown,start_chance,samples,max_nodes,seed,solver\n"
    (tmp_path / "greedy" / "precedence-king-out.csv").write_text(
        header + "1,won,0.1,90,0,0,,0,0,0,0.15\n2,lost,0.1,80,0,0,,0,0,0,0.15\n3,lost,0.1,70,0,0,,0,0,0,0.15\n")
    row = build_odds(tmp_path)["odds"]["precedence"]["king-out"]
    assert (row["deals"], row["won"], row["lost"], row["unknown"]) == (2, 1, 1, 0)
    assert (row["greedy"]["deals"], row["greedy"]["won"]) == (3, 1)
    assert 0 < row["greedy"]["low"] < 1 / 3 < row["greedy"]["high"] < 1
    assert "blind" not in row


def test_survey_odds_writes_the_file_and_refuses_a_missing_directory(tmp_path, capsys):
    out = tmp_path / "odds.json"
    assert main(["survey", "odds", "--dir", str(ROOT / "data" / "survey"), "--out", str(out)]) == 0
    assert json.loads(out.read_text()) == build_odds(ROOT / "data" / "survey")
    with pytest.raises(SystemExit) as stop:
        main(["survey", "odds", "--dir", str(tmp_path / "nowhere")])
    assert stop.value.code == 2 and "nowhere" in capsys.readouterr().err


def test_the_plot_draws_a_marker_per_player_row(tmp_path, monkeypatch):
    from cadogan.survey import report

    drawn: list[str] = []
    import matplotlib.axes

    original = matplotlib.axes.Axes.errorbar

    def spy(self, x, y, *args, **kwargs):
        drawn.append(kwargs.get("fmt"))
        return original(self, x, y, *args, **kwargs)

    monkeypatch.setattr(matplotlib.axes.Axes, "errorbar", spy)
    entry = {"game": "precedence", "variant": "king-out", "deals": 10, "won": 9, "lost": 1, "unknown": 0,
             "bounds": [0.6, 0.99], "rate": 0.9, "interval": [0.6, 0.98]}
    players = [{"player": "blind", "game": "precedence", "variant": "king-out", "rate": 0.5, "interval": [0.3, 0.7]},
               {"player": "greedy", "game": "precedence", "variant": "king-out", "rate": 0.1, "interval": [0.02, 0.4]},
               {"player": "blind", "game": "square", "variant": "free", "rate": 0.5, "interval": [0.3, 0.7]}]
    path = report.plot([entry], tmp_path / "p.png", players)
    assert path.stat().st_size > 0
    assert sorted(drawn) == sorted(["o", "D", "^", "s"])  # the other variant's blind row is not drawn here
