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
from cadogan.solver import Hint, Result, SolveResult, solve

from handmade import run_cli
from known_lines import LOSABLE_DEAL, LOSABLE_LINE, expand, losing_point


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
    assert "w where did it go wrong · u undo · restart · s solution · n new deal · q quit" in last_board(out)
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
    assert "review: how you played, move by move" in out.getvalue()  # a won game offers the review


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
    monkeypatch.setattr("cadogan.terminal.session._solver", lambda: fake)
    out = play(monkeypatch, capsys, ["british-square", "-v", "columns", "-d", "3"], "h\n")
    assert "Hint: t1>f1 (AC to f1) — the game can still be won" in out and fake.calls == 1


def test_lost_verdict_shows_a_notice_until_undone(monkeypatch, capsys):
    monkeypatch.setattr("cadogan.terminal.session._solver", lambda: FakeSolver("lost", "deal"))
    out = play(monkeypatch, capsys, ["precedence", "-d", "2"], "deal\nh\ndeal\nu u\n")
    boards = re.split(r"^Precedence · ", out, flags=re.M)[1:]
    notice = "The solver says this position is lost"
    assert notice in out
    status = [b.split("type a move")[0] for b in boards]
    assert [notice in s for s in status] == [False, False, True, False]  # start, deal, deal, undone


def test_hint_from_the_real_solver(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["precedence", "-d", "1", "--hint-seconds", "0.3"], "h\n")
    assert re.search(r"^(Hint: \S+|The solver says this position is lost)", out, re.M)


# --- the solution, step by step ------------------------------------------------------------------

STEP_RE = re.compile(r"^Solution, step (\d+) of (\d+)", re.M)


def board_block(out: str, move: int) -> str:
    """The text of the first board drawn at ``move``: title to keys line."""
    match = re.search(rf"^Precedence · [^\n]* · move {move}\n.*?^type a move[^\n]*$", out, re.M | re.S)
    assert match, f"no board at move {move}"
    return match.group(0)


def test_solution_steps_through_a_winning_line(monkeypatch, capsys):
    # Precedence king-out deal 10: the solver wins it in well under a second.
    script = "deal\ndeal\ns\n\nn\nb\nend\nn\nq\nu\n"
    out = play(monkeypatch, capsys, ["precedence", "--deal", "10"], script)
    assert out.index("Searching for a winning line (up to 10 s") < out.index("Solution, step 0")
    steps = [(int(k), int(n)) for k, n in STEP_RE.findall(out)]
    total = steps[0][1]
    assert total > 100 and all(n == total for _, n in steps)
    assert [k for k, _ in steps] == [0, 1, 2, 1, total]  # Enter, n, b, end; n past the end draws nothing
    first = games.load("precedence", deal=10)
    first.play("deal")
    assert f"Solution, step 1 of {total}: deal — {first.to_json()['waste'][-1]} turned up" in out
    assert "That was the last step: the deal is won." in out
    replay, game = out.split("solution> q\n")
    won = last_board(replay)
    assert f"move {total}" in won.splitlines()[0]
    assert len(re.findall(r"^f\d  \S+  13/13    complete", won, re.M)) == 8
    assert "★ Won: all 104 cards are on the foundations." in won
    # q: back to the player's game, the same position (drawn the same) and undo still works
    assert game.startswith("Precedence · king-out · deal 10 · move 2\n")
    assert board_block(game, 2) == board_block(out, 2)
    assert "Back to your game." in game and "deal undone" in game
    assert header_moves(game) == [2, 1]


def test_solution_never_touches_the_players_history():
    history = History(games.load("precedence", deal=10))
    for token in ("deal", "deal", "deal"):
        history.play(token)
    history.undo()
    record, position, redo = history.state.record(), history.state.to_json(), list(history.redo_stack)
    out = io.StringIO()
    session = Session(history, out=out)
    for line in ("s", "n", "n", "n", "n", "end", "b"):
        session.handle(line)
    assert session.replay is not None and session.replay.step == session.replay.steps - 1
    session.handle("close")
    assert session.replay is None and session.history is history
    assert (history.state.record(), history.state.to_json(), history.redo_stack) == (record, position, redo)
    session.handle("r")
    assert [str(m) for m in history.state.move_stack] == ["deal", "deal", "deal"]


class FakeSolve:
    """A solver whose solve() gives a set answer and notes the positions it was asked about."""

    def __init__(self, result: str, moves: list[str] = ()) -> None:
        self.answer = SolveResult(result, [games.Move.from_text(m) for m in moves])
        self.asked: list[games.State] = []

    def solve(self, state, timeout=None):
        self.asked.append(state.copy())
        return self.answer


def test_solution_of_a_lost_deal_is_said_and_remembered(monkeypatch, capsys):
    fake = FakeSolve("lost")
    monkeypatch.setattr("cadogan.terminal.session._solver", lambda: fake)
    out = play(monkeypatch, capsys, ["precedence", "-d", "2"], "deal\ns\nsolution\nu\n")
    assert out.count("This deal is lost: the solver proved that no line wins.") == 2
    assert out.count("Searching for a winning line") == 1 and len(fake.asked) == 1  # the second answer is instant
    # the deal's start was solved, not the position after the player's deal
    assert fake.asked[0].to_json() == games.load("precedence", deal=2).to_json()
    assert not STEP_RE.search(out) and "deal undone" in out


def test_solution_not_found_in_time_is_not_a_loss(monkeypatch, capsys):
    fake = FakeSolve("unknown")
    monkeypatch.setattr("cadogan.terminal.session._solver", lambda: fake)
    out = play(monkeypatch, capsys, ["square", "-d", "3", "--solution-seconds", "0.5"], "s\ns\n")
    message = "No winning line found in 0.5 s — this does not mean the deal is lost."
    assert out.count(message) == 2 and len(fake.asked) == 2  # an undecided answer is asked again
    assert "Searching for a winning line (up to 0.5 s" in out and not STEP_RE.search(out)


def test_a_won_solution_is_remembered(monkeypatch, capsys):
    from cadogan import solver
    calls: list[float] = []

    class Counting:
        def solve(self, state, timeout=None):
            calls.append(timeout)
            return solver.solve(state, timeout=timeout)

    monkeypatch.setattr("cadogan.terminal.session._solver", lambda: Counting())
    out = play(monkeypatch, capsys, ["precedence", "-d", "10", "--solution-seconds", "7"], "s\nq\ndeal\ns\nend\n")
    assert calls == [7.0] and out.count("Searching for a winning line") == 1
    assert "The solution (found earlier):" in out
    steps = STEP_RE.findall(out)
    assert steps[-1][0] == steps[-1][1]


def test_solution_commands_outside_the_line_are_refused(monkeypatch, capsys):
    script = "s\n99999\nxyz\nw>f1\nhome\n3\n"
    out = play(monkeypatch, capsys, ["precedence", "-d", "10"], script)
    total = int(STEP_RE.search(out).group(2))
    assert f"✗ there is no step 99999: the line has steps 0 to {total}" in out
    assert "✗ xyz: the solution is showing" in out and "✗ w>f1: the solution is showing" in out
    assert "Already at step 0" in out
    assert [int(k) for k, _ in STEP_RE.findall(out)] == [0, 3]  # nothing was played by the refused lines
    # the end of input in the replay: the player's game is what continues later (no moves: nothing to continue)
    assert "To continue this game later" not in out and out.rstrip().endswith("Goodbye.")


def test_end_of_input_in_the_replay_offers_the_players_game(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["precedence", "-d", "10", "deal"], "s\nend\n")
    assert "To continue this game later: cadogan play precedence --variant king-out --deal 10 deal\n" in out


def test_a_bare_s_is_the_solution_and_s_with_a_pile_a_move(monkeypatch, capsys):
    with pytest.raises(BadInput):
        games.Move.from_text("s")
    assert _tokens("s") == ["s"] and _tokens("solution") == ["solution"]
    assert _tokens("s t3") == ["s>t3"] and _tokens("st3") == ["s>t3"]
    fake = FakeSolve("unknown")
    monkeypatch.setattr("cadogan.terminal.session._solver", lambda: fake)
    state = games.load("square", "free", 3)
    first = state.to_json()["stock"][0]
    out = play(monkeypatch, capsys, ["square", "-v", "free", "-d", "3"], "s t5\n")
    assert f"s>t5: {first} to t5" in out and not fake.asked


def test_help_and_keys_mention_the_solution(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["precedence", "-d", "1"], "?\n")
    assert "· h hint · s solution · w where did it go wrong · ? help" in out
    assert re.search(r"^  s  the solution: the solver's winning line", out, re.M)


@pytest.mark.parametrize("value", ["0", "-2", "nan", "inf", "ten"])
def test_bad_solution_seconds_is_one_line_with_exit_status_2(capsys, value):
    status, out, err = run_cli(capsys, "play", "precedence", "--deal", "1", "--solution-seconds", value)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("cadogan: ") and "--solution-seconds" in err
    assert "Traceback" not in err


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


# --- the winnability check (v) --------------------------------------------------------------------

def test_the_winnability_check_calls_out_the_move_that_lost_the_game():
    line = expand(LOSABLE_LINE)
    losing_at, losing_move = losing_point(line)
    out = io.StringIO()
    session = Session(History(games.load("precedence", "king-out", LOSABLE_DEAL)), out=out)
    session.handle(" ".join(line[:losing_at - 1]))
    session.handle("v")
    session.handle(line[losing_at - 1])
    session.flush()
    assert out.getvalue().rstrip().endswith("✓ Still winnable.")
    shown = len(out.getvalue())
    session.handle(losing_move)
    session.flush()
    text = out.getvalue()[shown:]
    assert f"This game can no longer be won, though it could after move {losing_at}: u undoes a move." in text
    assert "The solver says this position is lost" in text  # under the board
    session.handle("u")
    session.flush()
    assert out.getvalue().rstrip().endswith("✓ Still winnable.")
    session.handle("v")
    session.handle(losing_move)
    session.flush()
    assert out.getvalue().count("can no longer be won") == 1  # the check is off


def test_the_winnability_check_stays_quiet_on_lines_that_change_nothing(monkeypatch):
    fake = FakeSolver("winnable", None)
    monkeypatch.setattr("cadogan.terminal.session._solver", lambda: fake)
    session = Session(History(games.load("precedence", "king-out", 3)), out=io.StringIO())
    session.handle("v")
    for line in ("m", "w>f9", "?"):
        session.handle(line)
    assert fake.calls == 0
    session.handle("deal")
    assert fake.calls == 1 and session.verdict == ([games.DEAL], Result.WON)


def test_a_hint_that_finds_a_loss_says_since_when_the_game_was_winnable(monkeypatch):
    out = io.StringIO()
    session = Session(History(games.load("precedence", "king-out", 3)), out=out)
    monkeypatch.setattr("cadogan.terminal.session._solver", lambda: FakeSolver("winnable", "deal"))
    session.handle("h")
    monkeypatch.setattr("cadogan.terminal.session._solver", lambda: FakeSolver("lost", None))
    session.handle("deal deal")
    session.handle("h")
    session.flush()
    assert "this position is lost: no line of play wins from here. It could still be won at the start." \
        in out.getvalue()
    session.handle("h")  # lost after lost: nothing new to say about when
    session.flush()
    assert out.getvalue().count("It could still be won") == 1


# --- w: where did it go wrong ---------------------------------------------------------------------

def random_lost_game(deal: int) -> list[str]:
    """A British Square piles game played at random to a dead end (the analysis decides it in a second)."""
    import random
    from cadogan.solver.playing import play_out
    return [str(m) for m in play_out(games.load("british-square", "piles", deal), random.Random(deal)).move_stack]


def test_w_shows_the_losing_move_and_steps_through_a_winning_line(monkeypatch, capsys):
    from cadogan.solver.analysis import analyse
    moves = random_lost_game(3)
    a = analyse("british-square", "piles", 3, moves, timeout=10)
    assert a.result == "went-wrong"
    k = a.last_winnable
    out = play(monkeypatch, capsys, ["british-square", "-d", "3", "--analysis-seconds", "10", *moves], "w\n\nend\nq\n")
    assert "No moves left: the game is lost. w where did it go wrong" in out
    assert f"The game went wrong at move {k + 1}: {a.losing_move} (" in out
    assert f"It could still be won after move {k}; after that move it cannot." in out
    steps = re.findall(r"^Winning line, step (\d+) of (\d+)", out, re.M)
    assert [int(s) for s, _ in steps] == [0, 1, len(a.line)] and all(int(n) == len(a.line) for _, n in steps)
    assert f"the position after move {k}, before the losing move" in out
    assert "★ Won: all 104 cards are on the foundations." in out
    assert "Back to your game." in out
    assert header_moves(out)[-1] == len(moves)  # closing the viewer leaves the game as it was


def test_w_back_takes_the_game_back_to_the_last_winnable_position_and_r_redoes(monkeypatch, capsys):
    moves = random_lost_game(3)
    out = play(monkeypatch, capsys, ["british-square", "-d", "3", "--analysis-seconds", "10", *moves], "w\nback\nr\n")
    k = int(re.search(r"The game went wrong at move (\d+)", out).group(1)) - 1
    assert f"Your game is back after move {k}: {len(moves) - k} moves taken back (r redoes them)." in out
    assert header_moves(out)[-2:] == [k, k + 1]
    assert f"{moves[k]} redone" in out


class FakeAnalyser:
    def __init__(self, **answer) -> None:
        from cadogan.solver.analysis import Analysis
        self.answer = Analysis("precedence", "king-out", 3, **answer)
        self.asked: list[int] = []

    def analyse_state(self, state, seconds):
        self.asked.append(len(state.move_stack))
        return self.answer


def test_w_on_a_deal_lost_from_the_start_blames_no_move(monkeypatch, capsys):
    fake = FakeAnalyser(result="never-winnable")
    monkeypatch.setattr("cadogan.terminal.session._solver", lambda: fake)
    out = play(monkeypatch, capsys, ["precedence", "-d", "3", "deal", "deal"], "w\n")
    assert "Nothing you played lost this game: the solver proved the deal lost from the start." in out
    assert fake.asked == [2] and not re.search(r"^Winning line, step", out, re.M)


def test_w_undecided_is_said_honestly(monkeypatch, capsys):
    monkeypatch.setattr("cadogan.terminal.session._solver", lambda: FakeAnalyser(result="unknown"))
    out = play(monkeypatch, capsys, ["precedence", "-d", "3", "--analysis-seconds", "2", "deal"], "w\n")
    assert "The solver could not decide in 2 s where the game was lost — this does not mean it was not." in out


def test_w_on_a_game_still_winnable_offers_the_line_from_here(monkeypatch, capsys):
    line = [str(m) for m in solve(games.load("precedence", "king-out", 10), timeout=10).moves]
    fake = FakeAnalyser(result="winnable", last_winnable=2, line=[games.Move.from_text(m) for m in line[2:]])
    fake.answer.deal = 10
    monkeypatch.setattr("cadogan.terminal.session._solver", lambda: fake)
    out = play(monkeypatch, capsys, ["precedence", "-d", "10", *line[:2]], "w\nback\nend\nq\n")
    assert f"Nothing went wrong yet: the game can still be won, in {len(line) - 2} moves more." in out
    assert "✗ back: the winning line is showing" not in out  # back steps back here: there is nothing to take back
    assert header_moves(out)[-1] == 2


def test_w_refuses_a_line_that_does_not_win(monkeypatch, capsys):
    fake = FakeAnalyser(result="went-wrong", last_winnable=1, losing_move="deal", line=[games.DEAL])
    monkeypatch.setattr("cadogan.terminal.session._solver", lambda: fake)
    out = play(monkeypatch, capsys, ["precedence", "-d", "3", "deal", "deal"], "w\n")
    assert "The solver's line does not win: please report this deal." in out
    assert not re.search(r"^Winning line, step", out, re.M)


def test_w_on_a_won_game_has_nothing_to_say():
    out = io.StringIO()
    session = Session(History(near_won_precedence()), out=out)
    session.handle("w>f8")
    session.handle("w")
    session.flush()
    assert "The game is won: nothing went wrong." in out.getvalue()


# --- review: the game graded by what the player could see ----------------------------------------

def test_review_after_a_lost_game_grades_the_moves_and_labels_the_losing_one():
    from cadogan.solver.review import ReviewSettings
    moves = random_lost_game(3)
    history = History(games.load("british-square", "piles", 3))
    for token in moves:
        history.play(token)
    out = io.StringIO()
    settings = ReviewSettings(samples=3, max_nodes=1_000, seed=1, timeout=None, node_budget=60_000)
    session = Session(history, out=out, review_settings=settings)
    session.flush()
    assert "No moves left: the game is lost." in out.getvalue()
    assert "review: how you played, move by move, judged by what you could see at each." in out.getvalue()
    session.handle("review")
    session.flush()
    text = out.getvalue()
    assert f"Reviewing your {len(moves)} moves by what you could see at each (Ctrl+C stops)…" in text
    assert f"british-square piles, deal 3: review of {len(moves)} moves from the player's view" in text
    assert re.search(r"^Win chance after each move", text, re.M)
    assert re.search(r"^ +1 [▁▂▃▄▅▆▇█·]+$", text, re.M)  # the sparkline's first row
    assert re.search(r"^Accuracy (\d+ %|: not measured) over \d+ graded decisions?", text, re.M)
    found = re.search(r"^The move that lost the game: move (\d+), (\S+) — (you could have seen it: your win chance "
                      r"fell there|bad luck: only the full deal shows it) \((.*)\)\.$", text, re.M)
    assert found, text[-2000:]
    number, token = int(found.group(1)), found.group(2)
    assert moves[number - 1] == token
    seen = found.group(3).startswith("you could")
    assert seen == any(grade in found.group(4) for grade in ("inaccuracy", "mistake", "blunder"))
    assert "Not complete: the budget ran out" in text  # the node budget stopped the grading early
    assert "w steps through a winning line from just before the losing move." in text
    assert header_moves(text) == [len(moves)]  # the review leaves the game as it was


def test_a_review_stopped_with_ctrl_c_shows_what_was_done(monkeypatch):
    from cadogan.solver.review import Reviewer, ReviewSettings

    class Stopped(Reviewer):
        def run(self, on_move=None):
            for graded in self.grades():
                on_move(graded)
                if graded.index == 3:
                    raise KeyboardInterrupt

    class Solver:
        Reviewer = Stopped

    monkeypatch.setattr("cadogan.terminal.session._solver", lambda: Solver())
    history = History(games.load("precedence", "king-out", 6))
    for token in "deal deal deal w>f1 w>f1 deal deal".split():
        history.play(token)
    out = io.StringIO()
    session = Session(history, out=out, review_settings=ReviewSettings(samples=2, max_nodes=1_000, timeout=None))
    session.handle("review deal")
    session.flush()
    text = out.getvalue()
    assert "Review stopped: here is what was done." in text
    assert "Not complete: the budget ran out after move 4 of 7" in text
    assert "(the rest of the line was not played: deal)" in text
    assert len(history.state.move_stack) == 7


def test_review_before_any_move_has_nothing_to_say(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["precedence", "-d", "3"], "review\n")
    assert "Nothing to review yet: no move has been made." in out


def test_help_mentions_the_review(monkeypatch, capsys):
    out = play(monkeypatch, capsys, ["precedence", "-d", "1"], "?\n")
    assert re.search(r"^  review  your game graded move by move", out, re.M)
