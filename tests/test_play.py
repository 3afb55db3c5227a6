"""``cadogan play`` driven by scripted standard input (not a terminal: plain text, suit letters)."""

from __future__ import annotations

import argparse
import io
import re
import sys

import pytest

from cadogan import games
from cadogan.errors import BadInput
from cadogan.history import History
from cadogan.play import Board, Session, _tokens, add_play_arguments, run_play
from cadogan.solver import Hint


def play(monkeypatch, capsys, argv: list[str], script: str) -> str:
    parser = argparse.ArgumentParser()
    add_play_arguments(parser)
    args, extra = parser.parse_known_args(argv)
    args.moves += extra  # as cadogan.cli.main does with moves after options
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    assert run_play(args) == 0
    return capsys.readouterr().out


def last_board(out: str) -> str:
    """The last board drawn: from its title line to the end."""
    starts = [m.start() for m in re.finditer(r"^(British Square|Square|Precedence) · ", out, re.M)]
    return out[starts[-1]:]


def header_moves(out: str) -> list[int]:
    return [int(n) for n in re.findall(r"· move (\d+)$", out, re.M)]


# --- British Square ------------------------------------------------------------------------------

def test_british_square_ace_goes_to_a_foundation(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["british-square", "--variant", "columns", "--deal", "3"], "t1>f1\n")
    assert "t1>f1: AC to f1" in out
    board = last_board(out)
    assert re.search(r"^f1  AC   1/26  \^ next 2C", board, re.M)
    assert "\x1b[" not in out  # plain text when not on a terminal


def test_british_square_illegal_move_shows_the_reason(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["british-square", "-v", "british", "-d", "3"], "t2>f1\n")
    assert "✗ t2>f1: 5S cannot start a foundation: only an Ace can" in out
    assert header_moves(out) == [0]  # nothing was played, so the board is not drawn again


def test_british_square_built_pile_shows_its_direction(monkeypatch, capsys):
    # Deal 3, piles: t1 holds 8C and t5 holds 7C; building 8C on 7C makes t5 build up.
    out = play(monkeypatch, capsys, ["british-square", "--deal", "3"], "t1>t5\n")
    board = last_board(out)
    assert re.search(r"^t5  \^", board, re.M)
    assert re.search(r"^t1  ", board, re.M)
    # t1 is empty now: the only moves fill it from the waste or the stock
    out = play(monkeypatch, capsys, ["british-square", "--deal", "3", "t1>t5"], "m\ndeal\n")
    assert "Legal moves: s>t1" in out
    assert "an empty pile must be filled from the waste or the stock first" in out


def test_moves_can_be_typed_without_the_arrow():
    assert _tokens("w f1 wf1 t1t12 t3->f2 deal") == ["w>f1", "w>f1", "t1>t12", "t3>f2", "deal"]
    assert _tokens("t11 u") == ["t11", "u"]


# --- Square -------------------------------------------------------------------------------------

def test_square_undo_redo_and_restart(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["square", "--deal", "3"], "deal\nu\nr\nd\nrestart\nr\nq\n")
    assert header_moves(out) == [0, 1, 0, 1, 2, 0, 1]
    assert "deal: 12 cards dealt" in out
    assert "deal undone" in out and "deal redone" in out
    assert "Back to the start of deal 3" in out
    assert "To continue this game later: cadogan play square --variant classic --deal 3 deal" in out


def test_square_several_moves_on_a_line_stop_at_an_illegal_one(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["square", "--deal", "3"], "deal t1>f1 deal\n")
    assert "✗ t1>f1: while the stock lasts only the bottom row (t10, t11, t12) is playable" in out
    assert "the rest of the line was not played: deal" in out
    assert header_moves(out) == [0, 1]


def test_square_free_shows_the_card_to_place(monkeypatch, capsys):
    state = games.load("square", "free", 3)
    first = state.to_json()["stock"][0]
    out = play(monkeypatch, capsys, ["square", "-v", "free", "-d", "3"], "s>t5\ns>t5\n")
    assert f"next card to place: {first}" in out
    assert f"s>t5: {first} to t5" in out
    assert "t5 already has its card of this round" in out
    assert "placed this round: t5" in last_board(out)


def test_undo_with_nothing_to_undo_says_so(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["square", "-d", "1"], "u\n")
    assert "✗ nothing to undo" in out


# --- Precedence ---------------------------------------------------------------------------------

def test_precedence_new_deal_and_quit(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["precedence", "--deal", "3"], "deal\nn 5\nq\ndeal\n")
    assert "Precedence · king-out · deal 3 · move 0" in out
    assert "To continue this game later: cadogan play precedence --variant king-out --deal 3 deal" in out
    assert "Precedence · king-out · deal 5 · move 0" in out
    assert out.rstrip().endswith("Goodbye.")
    assert header_moves(out) == [0, 1, 0]  # the deal after q was never read


def test_precedence_foundation_lines_say_what_comes_next(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["precedence", "-d", "0"], "")
    assert re.search(r"^f1  KS   1/13  v next any Q   ends A$", out, re.M)
    assert re.search(r"^f2  --   0/13    next any Q   ends K$", out, re.M)
    assert re.search(r"^f3  --   0/13    not open yet   ends Q$", out, re.M)
    assert "redeals left 2" in out


def test_precedence_foundation_cannot_start_early(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["precedence", "-v", "first-king", "-d", "3"], "deal w>f3\n")
    assert "✗ w>f3: f3 cannot be started before f2 is" in out


def test_precedence_no_moves_left_is_a_loss(monkeypatch, capsys):
    passes = " ".join(["deal"] * 103)
    script = f"{passes} redeal\n{passes} redeal\n{passes}\n"
    out = play(monkeypatch, capsys, ["precedence", "-d", "0"], script)
    assert "No moves left: the game is lost" in last_board(out)
    assert "No moves left" not in out[: out.rfind("Precedence · ")]


def near_won_precedence() -> games.State:
    bases = (13, 12, 11, 10, 9, 8, 7, 6)
    ranks = "A23456789TJQK"
    foundations = [[ranks[(b - 1 - n) % 13] + "CDHS"[k % 4] for n in range(13)] for k, b in enumerate(bases)]
    last = foundations[7].pop()
    return games.from_json({"game": "precedence", "variant": "king-out", "deal": None, "stock": [],
                            "waste": [last], "foundations": foundations, "tableau": [], "redeals_left": 0})


def test_winning_move_shows_the_win_message():
    out = io.StringIO()
    session = Session(History(near_won_precedence()), out=out)
    session.handle("w>f8")
    session.flush()
    assert "★ You won! All 104 cards are on the foundations in 1 move." in out.getvalue()
    assert re.search(r"^f8  7S  13/13    complete", out.getvalue(), re.M)


# --- hints --------------------------------------------------------------------------------------

class FakeSolver:
    def __init__(self, verdict: str, move: str | None) -> None:
        self.result = Hint(games.Move.from_text(move) if move else None, verdict)
        self.calls = 0

    def hint(self, state, budget):
        self.calls += 1
        return self.result


def test_hint_shows_the_solver_move(monkeypatch, capsys):
    fake = FakeSolver("winnable", "t1>f1")
    monkeypatch.setattr("cadogan.play._solver", lambda: fake)
    out = play(monkeypatch, capsys, ["british-square", "-v", "columns", "-d", "3"], "h\n")
    assert "Hint: t1>f1 (AC to f1) — the game can still be won" in out and fake.calls == 1


def test_lost_verdict_shows_a_notice_until_undone(monkeypatch, capsys):
    monkeypatch.setattr("cadogan.play._solver", lambda: FakeSolver("lost", "deal"))
    out = play(monkeypatch, capsys, ["precedence", "-d", "2"], "deal\nh\ndeal\nu u\n")
    boards = re.split(r"^Precedence · ", out, flags=re.M)[1:]
    notice = "The solver says this position is lost"
    assert notice in out
    status = [b.split("type a move")[0] for b in boards]
    assert [notice in s for s in status] == [False, False, True, False]  # start, deal, deal, undone


def test_hint_without_a_solver(monkeypatch, capsys):
    monkeypatch.setattr("cadogan.play._solver", lambda: None)
    out = play(monkeypatch, capsys, ["square", "-d", "3"], "h\n")
    assert "Hints need the solver" in out


def test_hint_from_the_real_solver(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["precedence", "-d", "1", "--hint-seconds", "0.3"], "h\n")
    assert re.search(r"^(Hint: \S+|The solver says this position is lost)", out, re.M)


# --- the command line ---------------------------------------------------------------------------

def test_moves_given_on_the_command_line_are_played_first(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["square", "--deal", "3", "deal", "deal"], "")
    assert header_moves(out) == [2]


def test_moves_need_a_deal(monkeypatch, capsys):
    with pytest.raises(BadInput, match="give --deal N"):
        play(monkeypatch, capsys, ["square", "deal"], "")


def test_an_illegal_starting_move_is_refused(monkeypatch, capsys):
    with pytest.raises(BadInput, match=r"move 2 \(deal\): in free Square"):
        play(monkeypatch, capsys, ["square", "-v", "free", "--deal", "3", "s>t1", "deal"], "")


def test_no_deal_means_a_random_one(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["precedence"], "")
    assert re.search(r"^Precedence · king-out · deal \d+ · move 0$", out, re.M)


def test_symbols_and_colour_on_a_terminal():
    from rich.console import Console
    board = Board(symbols=True)
    lines = board.draw(games.load("british-square", "piles", 3))
    text = "\n".join(line.plain for line in lines)
    assert "8♣" in text and "9♥" in text and "8C" not in text
    console = Console(file=io.StringIO(), force_terminal=True, color_system="standard")
    for line in lines:
        console.print(line)
    assert "\x1b[1;31m9♥" in console.file.getvalue()  # hearts in red


def test_refusals_name_cards_as_the_board_shows_them():
    out = io.StringIO()
    session = Session(History(games.load("british-square", "columns", 3)), out=out, symbols=True)
    session.handle("t2>f1")
    session.flush()
    assert "✗ t2>f1: 5♠ cannot start a foundation: only an Ace can" in out.getvalue()
