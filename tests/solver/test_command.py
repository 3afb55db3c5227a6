"""``cadogan solve`` as SPEC.md writes it."""

from __future__ import annotations

import json
import sys

import pytest

from cadogan import games
from cadogan.games.base import parse_moves

from handmade import run_cli
from solver_positions import reduced_position


run = run_cli


def test_solve_json_has_exactly_the_spec_fields_and_a_winning_line(capsys):
    status, out, _ = run(capsys, "solve", "precedence", "--deal", "4", "--timeout", "20", "--json")
    assert status == 0
    obj = json.loads(out)
    assert list(obj) == ["game", "variant", "deal", "result", "moves", "nodes", "seconds"]
    assert obj["game"] == "precedence" and obj["variant"] == "king-out" and obj["deal"] == 4
    assert obj["result"] == "won" and isinstance(obj["nodes"], int) and isinstance(obj["seconds"], float)
    assert games.load("precedence", "king-out", 4).line_wins(parse_moves(obj["moves"]))


def test_solve_unknown_when_the_node_limit_is_reached(capsys):
    status, out, _ = run(capsys, "solve", "british-square", "-v", "columns", "--deal", "1",
                         "--max-nodes", "1000", "--json")
    obj = json.loads(out)
    assert status == 0 and obj["result"] == "unknown" and obj["moves"] == []


def test_solve_a_position_file(capsys, tmp_path):
    state = reduced_position("square", "free", 3, left=6)
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(state.to_json()))
    status, out, _ = run(capsys, "solve", "square", "--position", str(path), "--json", "--timeout", "5")
    obj = json.loads(out)
    assert status == 0 and obj["deal"] is None and obj["variant"] == "free"
    assert obj["result"] == "won" and state.line_wins(parse_moves(obj["moves"]))


def test_solve_text_output_names_the_verdict(capsys):
    status, out, _ = run(capsys, "solve", "precedence", "--deal", "4")
    assert status == 0 and "won in" in out and "deal" in out.split("\n")[1]


@pytest.mark.parametrize("argv,fragment", [
    (["solve", "precedence"], "exactly one of --deal N and --position FILE"),
    (["solve", "precedence", "--deal", "1", "--position", "x.json"], "exactly one of"),
    (["solve", "precedence", "--position", "/nonexistent/pos.json"], "cannot read position file"),
    (["solve", "precedence", "--deal", "-3"], "deal number"),
    (["solve", "nogame", "--deal", "1"], "unknown game"),
    (["solve", "precedence", "--deal", "1", "--timeout", "0"], "above 0"),
    (["solve", "precedence", "--deal", "1", "--max-nodes", "x"], "whole number"),
])
def test_solve_user_errors_are_one_line_and_exit_2(capsys, argv, fragment):
    status, out, err = run(capsys, *argv)
    assert status == 2 and not out
    assert fragment in err and err.count("\n") == 1


def test_solve_rejects_a_broken_position(capsys, tmp_path):
    obj = games.load("precedence", "king-out", 1).to_json()
    obj["stock"] = obj["stock"][1:]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(obj))
    status, _, err = run(capsys, "solve", "precedence", "--position", str(path))
    assert status == 2 and "103 cards instead of 104" in err


@pytest.mark.parametrize("deal_json", ['"' + "9" * 5000 + '"', "9" * 5000])
def test_a_position_file_with_a_deal_of_5000_digits_is_one_line(capsys, tmp_path, deal_json):
    obj = games.load("precedence", "king-out", 1).to_json()
    obj["deal"] = 0
    path = tmp_path / "big.json"
    path.write_text(json.dumps(obj).replace('"deal": 0', f'"deal": {deal_json}'))
    status, out, err = run(capsys, "solve", "precedence", "--position", str(path))
    assert status == 2 and out == "" and err.count("\n") == 1 and len(err) < 300
    assert "out of range" in err or "too long" in err
