"""The command line of SPEC.md: output, exit statuses, and one clear line for every user error."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cadogan import games

from handmade import run_cli


run = run_cli


def test_games_lists_every_game_and_variant(capsys):
    status, out, _ = run(capsys, "games", "--json")
    assert status == 0
    assert json.loads(out) == [{"game": g.id, "variants": list(g.variants)} for g in games.all_games()]


@pytest.mark.parametrize("game_id,variant", [(g.id, v) for g in games.all_games() for v in g.variants])
@pytest.mark.parametrize("deal", ["0", "42", str(2**64 - 1)])
def test_deal_json_is_the_engines_start_position(capsys, game_id, variant, deal):
    status, out, _ = run(capsys, "deal", game_id, "--variant", variant, "--deal", deal, "--json")
    assert status == 0
    assert json.loads(out) == games.load(game_id, variant, int(deal)).to_json()


def test_deal_text_shows_the_piles(capsys):
    status, out, _ = run(capsys, "deal", "square", "--deal", "0")
    assert status == 0 and "t10:" in out and "f8:" in out


def test_replay_accepts_a_legal_line(capsys):
    status, out, err = run(capsys, "replay", "precedence", "--deal", "1", "deal", "deal", "--json")
    result = json.loads(out)
    assert status == 0 and result["legal"] and result["moves_applied"] == 2 and result["error"] is None
    assert result["position"]["waste"] == ["6H", "7H"]


def test_replay_names_the_first_illegal_move_its_number_and_why(capsys):
    status, out, err = run(capsys, "replay", "precedence", "--deal", "1", "deal", "deal", "w>f3", "deal")
    assert status == 1
    assert err.strip() == "cadogan: move 3 (w>f3) is illegal: f3 cannot be started before f2 is"


def test_replay_json_on_an_illegal_move(capsys):
    status, out, _ = run(capsys, "replay", "precedence", "--deal", "1", "deal", "w>f1", "--json")
    result = json.loads(out)
    assert status == 1 and not result["legal"] and result["moves_applied"] == 1
    assert "move 2 (w>f1) is illegal" in result["error"]


def test_replay_reads_moves_from_a_file_and_stdin(capsys, tmp_path, monkeypatch):
    path = tmp_path / "moves.txt"
    path.write_text("deal\ndeal  deal\n")
    status, out, _ = run(capsys, "replay", "precedence", "--deal", "1", "--file", str(path), "--json")
    assert status == 0 and json.loads(out)["moves_applied"] == 3
    status, out, _ = run(capsys, "replay", "precedence", "--deal", "1", "--file", "-", "--json",
                         stdin="deal deal", monkeypatch=monkeypatch)
    assert status == 0 and json.loads(out)["moves_applied"] == 2


@pytest.mark.parametrize("argv,message", [
    (["deal", "klondike", "--deal", "1"], "unknown game 'klondike'"),
    (["deal", "square", "--variant", "easy", "--deal", "1"], "unknown variant 'easy'"),
    (["deal", "square", "--deal", "-1"], "out of range"),
    (["deal", "square", "--deal", str(2**64)], "out of range"),
    (["deal", "square", "--deal", "seven"], "must be an integer"),
    (["deal", "square"], "--deal"),
    (["deal", "square", "--deal", "\u0661\u0662"], "deal"),  # Arabic-Indic digits: a deal is written in 0-9
    (["replay", "square", "--deal", "\u0661"], "deal"),
    (["replay", "square", "--deal", "1", "--file", "/nonexistent/moves"], "cannot read moves file"),
    (["frobnicate"], "invalid choice"),
])
def test_user_errors_are_one_line_with_exit_status_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("cadogan: ") and message in err
    assert "Traceback" not in err


@pytest.mark.parametrize("moves,number,message", [
    (["t1>t2>t3"], 1, "'t1>t2>t3' is not a move"),
    (["deal", "x1>f1"], 2, "'x1' is not a pile"),
    (["t13>f1"], 1, "t13"),
    (["t1>s"], 1, "onto the s pile"),
    (["x>y"], 1, "is not a pile"),
])
def test_a_move_that_cannot_be_played_however_malformed_is_illegal_exit_1_with_json(capsys, moves, number, message):
    """``replay ... 'x>y' --json`` is exit 1 and the JSON object, not a usage error: whoever scripts
    replay reads one answer for every move that cannot be played, well-formed or not."""
    status, out, err = run(capsys, "replay", "square", "--deal", "1", *moves, "--json")
    assert status == 1 and err.startswith(f"cadogan: move {number} ({moves[-1]}) is illegal: ") and message in err
    answer = json.loads(out)
    assert answer["legal"] is False and answer["moves_applied"] == number - 1 and message in answer["error"]
    status, out, err = run(capsys, "replay", "square", "--deal", "1", *moves)
    assert status == 1 and err.count("\n") == 1 and message in err


def test_replay_names_a_pile_the_game_lacks_as_an_illegal_move(capsys):
    status, out, err = run(capsys, "replay", "precedence", "--deal", "1", "w>t1", "--json")
    assert status == 1 and "precedence has no pile t1" in json.loads(out)["error"]


def test_errors_from_the_installed_command_have_no_traceback():
    result = subprocess.run([sys.executable, "-m", "cadogan.cli", "replay", "square", "--deal", "1", "t9>f1"],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert result.stderr.startswith("cadogan: move 1 (t9>f1) is illegal: while the stock lasts only the bottom row")
    assert "Traceback" not in result.stderr


def test_help_works_for_every_command(capsys):
    for command in ("games", "deal", "replay"):
        status, out, _ = run(capsys, command, "--help")
        assert status == 0 and "usage" in out


def test_survey_import_takes_its_files_after_options(capsys, tmp_path):
    csv = tmp_path / "precedence-king-out.csv"
    source = (__import__("pathlib").Path(__file__).parents[1] / "data/survey/precedence-king-out.csv").read_text()
    csv.write_text("\n".join(source.splitlines()[:6]) + "\n")
    status, out, err = run(capsys, "survey", "import", "--db", str(tmp_path / "s.sqlite3"), str(csv))
    assert status == 0, err
    assert "deals added" in out


# --- every number on the command line: ASCII digits, bounded before it is converted ------------------
HUGE = "9" * 5000  # beyond int()'s 4,300-digit limit: a ValueError inside int() if not bounded first
NUMBER_FAULTS = [
    (["deal", "square", "--deal", HUGE], "out of range"),
    (["deal", "square", "--deal", "-0"], "without a sign"),
    (["deal", "square", "--deal", "+7"], "digits 0-9"),
    (["replay", "square", "--deal", HUGE, "deal"], "out of range"),
    (["analyse", "precedence", "--deal", HUGE], "out of range"),
    (["analyse", "precedence", "--deal", "1", "--timeout", "\u0661"], "--timeout"),
    (["analyse", "precedence", "--deal", "1", "--timeout", HUGE], "--timeout"),
    (["solve", "precedence", "--deal", HUGE], "out of range"),
    (["solve", "precedence", "--deal", "1", "--max-nodes", "99999999999999999999999999"], "--max-nodes"),
    (["solve", "precedence", "--deal", "1", "--max-nodes", HUGE], "--max-nodes"),
    (["solve", "precedence", "--deal", "1", "--max-nodes", "\u0661\u0660"], "--max-nodes"),
    (["solve", "precedence", "--deal", "1", "--max-memory", str(2**60)], "--max-memory"),
    (["solve", "precedence", "--deal", "1", "--timeout", "1e999"], "--timeout"),
    (["solve", "precedence", "--deal", "1", "--timeout", "nan"], "--timeout"),
    (["play", "precedence", "--deal", "1", "--hint-seconds", "\u0663"], "--hint-seconds"),
    (["play", "precedence", "--deal", HUGE], "out of range"),
    (["survey", "precedence", "--deals", f"0-{HUGE}"], "out of range"),
    (["survey", "precedence", "--deals", "\u0661-\u0662"], "digits 0-9"),
    (["survey", "precedence", "--deals", "0-3", "--max-nodes", HUGE], "--max-nodes"),
    (["survey", "precedence", "--deals", "0-3", "--workers", "\u0662"], "--workers"),
    (["survey", "precedence", "--deals", "0-3", "--timeout", HUGE], "--timeout"),
    (["survey", "pool", "--per-variant", HUGE], "--per-variant"),
]


@pytest.mark.parametrize("argv,message", NUMBER_FAULTS, ids=[" ".join(a)[:60] for a, _ in NUMBER_FAULTS])
def test_numbers_are_ascii_digits_and_never_a_traceback(capsys, tmp_path, argv, message):
    if argv[0] == "survey":
        argv = [*argv, "--db", str(tmp_path / "s.sqlite")] if argv[1] != "pool" else argv
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("cadogan: ") and message in err, err
    assert len(err) < 400  # a hostile argument is not echoed whole


@pytest.mark.parametrize("text,deal", [("0", 0), ("007", 7), (" 42 ", 42), (str(2**64 - 1), 2**64 - 1),
                                       ("0" * 100 + "5", 5)])
def test_a_deal_number_in_ascii_digits_is_read(text, deal):
    from cadogan.cmdline import read_deal
    assert read_deal(text) == deal


def test_solve_refuses_a_position_nested_too_deeply_in_one_line(capsys, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    status, out, err = run(capsys, "solve", "precedence", "--position", str(path))
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "nests too deeply" in err and "Traceback" not in err


def test_analyse_lives_with_the_solvers_commands():
    from cadogan.cli import COMMANDS
    assert COMMANDS["analyse"][0] == COMMANDS["solve"][0] == "cadogan.solver.command"


def test_commands_share_their_helpers_through_cmdline_not_the_dispatcher():
    # cli.py dispatches; no command module imports it back.
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[1] / "cadogan"
    importers = [str(p.relative_to(root)) for p in root.rglob("*.py")
                 if "from cadogan.cli import" in p.read_text() or "import cadogan.cli" in p.read_text()]
    assert importers == []


@pytest.mark.parametrize("number", ["9" * 5000, "\u0661\u0662"])
def test_a_new_deal_in_the_terminal_game_reads_its_number_as_the_command_line_does(number):
    import io

    from cadogan.history import History
    from cadogan.terminal.session import Session

    out = io.StringIO()
    session = Session(History(games.load("precedence", "king-out", 3)), out=out)
    assert session.handle(f"n {number}")
    session.flush()
    assert "deal number" in out.getvalue() and session.state.deal == 3  # refused: the game goes on
