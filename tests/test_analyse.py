"""``cadogan analyse``: the engine (``cadogan.solver.analysis``) and the command (SPEC.md).

Every decided answer is checked against the engine and the solver on their own: the line replays to
a win from the position after ``last_winnable`` moves, the position after the losing move is proven
lost by ``solve``, and ``never-winnable`` only comes on a start ``solve`` proves lost.
"""

from __future__ import annotations

import json
import math
import random
import time

import pytest

from cadogan import games
from cadogan.errors import IllegalMove
from cadogan.games.base import Move
from cadogan.solver import SolveResult, knowledge_of, model_timeout, solve
from cadogan.solver import analysis as analysis_module
from cadogan.solver import workers as workers_module
from cadogan.solver.analysis import Analysis, analyse, analyse_state
from cadogan.solver.playing import play_out

from handmade import run_cli
from known_lines import LOSABLE_DEAL, LOSABLE_LINE, expand, losing_point

KEYS = ["game", "variant", "deal", "result", "last_winnable", "losing_move", "line", "seconds"]
PROOF_SECONDS = 20.0  # the solver on its own, to confirm an answer


def check_honest(a: Analysis, moves: list[str]) -> None:
    """The answer ``a`` on the line ``moves`` is what the engine and the solver say on their own."""
    start = games.load(a.game, a.variant, a.deal)
    assert list(a.to_json()) == KEYS
    if a.result == "winnable":
        assert a.last_winnable == len(moves) and a.losing_move is None
        assert start.line_wins(moves + [str(m) for m in a.line])
    elif a.result == "went-wrong":
        k = a.last_winnable
        assert k is not None and 0 <= k < len(moves) and a.losing_move == moves[k]
        assert start.line_wins(moves[:k] + [str(m) for m in a.line])
        after = games.replay(start.game, a.variant, a.deal, moves[:k + 1])
        assert solve(after, timeout=PROOF_SECONDS).result == "lost"
    elif a.result == "never-winnable":
        assert (a.last_winnable, a.losing_move, a.line) == (None, None, [])
        assert solve(start, timeout=PROOF_SECONDS).result == "lost"
    else:
        assert a.result == "unknown" and (a.last_winnable, a.losing_move, a.line) == (None, None, [])


def winning_line(game: str, variant: str, deal: int) -> list[str]:
    found = solve(games.load(game, variant, deal), timeout=PROOF_SECONDS)
    assert found.result == "won"
    return [str(m) for m in found.moves]


def deviation(game: str, variant: str, deal: int, back: int, seed: int) -> list[str]:
    """A winning line of the deal cut ``back`` moves before its end, then played on at random."""
    state = games.replay(games.get(game), variant, deal, winning_line(game, variant, deal))
    for _ in range(back):
        state.pop()
    play_out(state, random.Random(seed))
    return [str(m) for m in state.move_stack]


# --- hand-made lines ------------------------------------------------------------------------------

def test_the_losing_move_of_a_known_line_is_found():
    line = expand(LOSABLE_LINE)
    at, losing = losing_point(line)
    moves = line[:at] + [losing]
    a = analyse("precedence", "king-out", LOSABLE_DEAL, moves, timeout=20)
    assert (a.result, a.last_winnable, a.losing_move) == ("went-wrong", at, losing)
    check_honest(a, moves)


def test_a_line_that_still_wins_is_winnable_with_its_continuation():
    line = winning_line("precedence", "first-king", 2)
    a = analyse("precedence", "first-king", 2, line[:40], timeout=10)
    assert (a.result, a.last_winnable) == ("winnable", 40)
    check_honest(a, line[:40])


def test_no_moves_at_all_asks_about_the_deal_itself():
    a = analyse("british-square", "piles", 2, [], timeout=10)
    assert (a.result, a.last_winnable) == ("winnable", 0)
    check_honest(a, [])


def test_a_won_game_is_winnable_with_nothing_left_to_play():
    line = winning_line("british-square", "piles", 2)
    a = analyse("british-square", "piles", 2, line, timeout=5)
    assert (a.result, a.last_winnable, a.line) == ("winnable", len(line), [])


def test_a_deal_lost_from_the_start_is_never_winnable():
    # British Square columns: the solver proves deal 2 lost in milliseconds
    moves = [str(m) for m in play_out(games.load("british-square", "columns", 2), random.Random(2)).move_stack]
    a = analyse("british-square", "columns", 2, moves, timeout=10)
    assert a.result == "never-winnable"
    check_honest(a, moves)


def test_an_illegal_move_is_refused_before_any_search():
    with pytest.raises(IllegalMove):
        analyse("precedence", "king-out", 10, ["deal", "w>f3"], timeout=5)


# --- random lines, every variant ------------------------------------------------------------------

@pytest.mark.parametrize("game, variant, deal, back", [
    ("precedence", "king-out", 0, 60), ("precedence", "first-king", 0, 40),
    ("british-square", "piles", 3, 30), ("square", "classic", 2, 20), ("square", "classic", 4, 30),
])
def test_a_winning_line_gone_astray_at_random(game, variant, deal, back):
    moves = deviation(game, variant, deal, back, seed=back)
    a = analyse(game, variant, deal, moves, timeout=10)
    check_honest(a, moves)


@pytest.mark.parametrize("game, variant, deal", [
    ("british-square", "piles", 3), ("british-square", "columns", 4),
    ("square", "classic", 4), ("square", "free", 1), ("precedence", "king-out", 4), ("precedence", "first-king", 5),
])
@pytest.mark.parametrize("workers", [1, 2])
def test_random_games_to_a_dead_end_get_honest_answers(game, variant, deal, workers):
    moves = [str(m) for m in play_out(games.load(game, variant, deal), random.Random(deal)).move_stack]
    a = analyse(game, variant, deal, moves, timeout=2, workers=workers)
    check_honest(a, moves)  # (that it keeps to its timeout is tested with fake searches, not the clock)


def test_random_british_square_games_are_decided():
    for deal in (2, 3):
        moves = [str(m) for m in play_out(games.load("british-square", "piles", deal), random.Random(deal)).move_stack]
        assert analyse("british-square", "piles", deal, moves, timeout=10).result == "went-wrong"


# --- the bisection, with a solver whose answers the test sets -------------------------------------

class FakeSolver:
    """Positions up to ``boundary`` (moves played) are winnable, later ones lost; a position in
    ``hard`` is undecided unless given at least ``hard[i]`` seconds."""

    def __init__(self, boundary: int, hard: dict[int, float] | None = None) -> None:
        self.boundary = boundary
        self.hard = hard or {}
        self.asked: list[tuple[int, float]] = []
        self.model_shares: list[tuple[int, float | None]] = []
        self.playout_shares: list[tuple[int, float | None]] = []

    def __call__(self, state, timeout=None, max_memory_mb=None, model_share=None, playout_share=None,
                 first_search_share=None, **_):
        index = len(state.move_stack)
        self.asked.append((index, timeout))
        self.model_shares.append((index, model_share))
        self.playout_shares.append((index, (first_search_share, playout_share)))
        if timeout < self.hard.get(index, 0.0):
            return SolveResult("unknown", seconds=timeout)
        seconds = self.hard.get(index, 0.0)
        return SolveResult("won" if index <= self.boundary else "lost", seconds=seconds)


@pytest.fixture()
def line_of_deals():
    """A Precedence king-out line of 100 deals (its end is not a dead end)."""
    state = games.load("precedence", "king-out", 3)
    for _ in range(100):
        state.push(games.DEAL)
    return state


def fake(monkeypatch, solver: FakeSolver) -> FakeSolver:
    """``solver`` answers every search of a position; the line model is left out."""
    monkeypatch.setattr(analysis_module, "solve", solver)
    monkeypatch.setattr(analysis_module, "replays_to_win", lambda state, line: True)
    monkeypatch.setattr(analysis_module, "_boundary_once", lambda *args: (None, [], False, 0.0, False))
    return solver


@pytest.mark.parametrize("boundary", [0, 1, 37, 98, 99])
def test_bisection_finds_the_boundary_in_few_searches(monkeypatch, line_of_deals, boundary):
    solver = fake(monkeypatch, FakeSolver(boundary))
    a = analyse_state(line_of_deals, timeout=60)
    assert (a.result, a.last_winnable, a.losing_move) == ("went-wrong", boundary, "deal")
    assert len(solver.asked) <= math.ceil(math.log2(101)) + 2
    assert [i for i, _ in solver.asked[:2]] == [0, 100]  # the start, then the end


@pytest.mark.parametrize("boundary", [0, 1, 37, 98, 99])
def test_searches_side_by_side_find_the_same_boundary(monkeypatch, line_of_deals, boundary):
    fake(monkeypatch, FakeSolver(boundary))  # forked workers inherit the fake
    a = analyse_state(line_of_deals, timeout=60, workers=2)
    assert (a.result, a.last_winnable, a.losing_move) == ("went-wrong", boundary, "deal")
    assert len(a.searches) <= 2 * (math.ceil(math.log2(101)) + 2)
    assert all(result in ("won", "lost") for _, result, _ in a.searches)


class MeetingSolver(FakeSolver):
    """A search of a position of ``together`` given the time it needs waits, up to its whole
    budget, until a search of every other position of ``together`` has started, and writes whether
    it saw them start to ``folder`` (workers are other processes: they speak through files).  Two
    searches that each saw the other start before ending ran at the same time; of two run one
    after the other, the first never sees the second, however fast or slow the machine."""

    def __init__(self, boundary: int, together: dict[int, float], folder) -> None:
        super().__init__(boundary, together)
        self.folder = folder

    def __call__(self, state, timeout=None, **kwargs):
        index = len(state.move_stack)
        if index in self.hard and timeout < self.hard[index]:
            time.sleep(timeout)  # a search too short for the position spends its budget
        elif index in self.hard:
            (self.folder / f"started-{index}").touch()
            others = [self.folder / f"started-{i}" for i in self.hard if i != index]
            deadline = time.monotonic() + timeout
            while not (met := all(path.exists() for path in others)) and time.monotonic() < deadline:
                time.sleep(0.01)
            (self.folder / f"met-{index}").write_text(str(met))
        return super().__call__(state, timeout=timeout, **kwargs)


def test_a_second_worker_looks_past_a_slow_position(monkeypatch, line_of_deals, tmp_path):
    """41 and 42 are both slow: the bracket's two hard ends are searched at the same time."""
    fake(monkeypatch, MeetingSolver(41, {41: 2.0, 42: 2.0}, tmp_path))
    a = analyse_state(line_of_deals, timeout=20, workers=2)
    assert (a.result, a.last_winnable) == ("went-wrong", 41)
    assert [(tmp_path / f"met-{i}").read_text() for i in (41, 42)] == ["True", "True"]  # they overlapped


class SlowAtTheEnd(FakeSolver):
    """The end of the line takes its whole budget and stays undecided."""

    def __call__(self, state, timeout=None, **kwargs):
        if len(state.move_stack) == 100:
            time.sleep(timeout)
            return SolveResult("unknown", seconds=timeout)
        return super().__call__(state, timeout=timeout, **kwargs)


def test_a_search_made_pointless_is_stopped(monkeypatch, line_of_deals):
    # the end's search (9 s) is moot once position 50 is proven lost: it is stopped, not waited for
    fake(monkeypatch, SlowAtTheEnd(40))
    a = analyse_state(line_of_deals, timeout=60, workers=2)
    assert (a.result, a.last_winnable) == ("went-wrong", 40)
    assert 100 not in [i for i, _, _ in a.searches]  # stopped: its answer never came in


def test_one_worker_where_processes_cannot_be_forked(monkeypatch, line_of_deals):
    monkeypatch.setattr(workers_module.multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    solver = fake(monkeypatch, FakeSolver(37))
    a = analyse_state(line_of_deals, timeout=60, workers=4)
    assert (a.result, a.last_winnable) == ("went-wrong", 37) and len(solver.asked) == len(a.searches)


def test_default_workers_is_bounded():
    assert 1 <= workers_module.default_workers() <= workers_module.MAX_WORKERS


def test_a_lost_start_ends_the_search_at_once(monkeypatch, line_of_deals):
    solver = fake(monkeypatch, FakeSolver(-1))
    assert analyse_state(line_of_deals, timeout=60).result == "never-winnable"
    assert solver.asked == [(0, 60 * analysis_module.EDGE_SHARE)]


def test_a_winnable_end_needs_no_bisection(monkeypatch, line_of_deals):
    solver = fake(monkeypatch, FakeSolver(100))
    a = analyse_state(line_of_deals, timeout=60)
    assert (a.result, a.last_winnable) == ("winnable", 100) and len(solver.asked) == 2


def test_a_slow_position_after_the_boundary_gets_the_time_left(monkeypatch, line_of_deals):
    solver = fake(monkeypatch, FakeSolver(40, hard={41: 20.0, 50: 20.0}))
    a = analyse_state(line_of_deals, timeout=60)
    assert (a.result, a.last_winnable) == ("went-wrong", 40)
    assert [t > 20 for i, t in solver.asked if i == 41] == [False, True]


def test_positions_that_proved_hard_get_longer_searches(monkeypatch, line_of_deals):
    """Positions 30-89 each need 5 s, more than a 3 s search inside the bracket: once one is decided
    in 5 s, the bisection's searches get 1.5 times that, and it bisects the hard run instead of
    crawling up it one position at a time."""
    solver = fake(monkeypatch, FakeSolver(60, hard={i: 5.0 for i in range(30, 90)}))
    a = analyse_state(line_of_deals, timeout=60)
    assert (a.result, a.last_winnable) == ("went-wrong", 60)
    assert len(solver.asked) <= 20
    first_hard = next(k for k, (i, t) in enumerate(solver.asked) if i in solver.hard and t >= 5.0)
    assert all(t >= 7.5 for _, t in solver.asked[first_hard + 1:])


@pytest.mark.parametrize("timeout", [60, 20])
def test_searches_inside_the_bracket_give_the_exact_model_its_time(monkeypatch, line_of_deals, timeout):
    """At 60 s a search inside the bracket gets at least ``model_timeout`` (Precedence's model proves
    positions in mid-game lost); at 20 s that would be more than ``MODEL_PROBE_MAX_SHARE`` of the
    timeout, and it keeps ``ROUND_SHARE``."""
    solver = fake(monkeypatch, FakeSolver(37))
    analyse_state(line_of_deals, timeout=timeout)
    inside = [t for i, t in solver.asked if i not in (0, 100)]
    floor = model_timeout(line_of_deals)
    assert 20 * analysis_module.MODEL_PROBE_MAX_SHARE < floor <= 60 * analysis_module.MODEL_PROBE_MAX_SHARE
    expected = floor if timeout == 60 else timeout * analysis_module.ROUND_SHARE
    assert inside and all(t == pytest.approx(expected) for t in inside)


@pytest.mark.parametrize("workers, most", [(2, 1), (3, 2), (4, 2)])
def test_the_line_model_always_leaves_the_bisection_a_worker(line_of_deals, workers, most):
    bisection = analysis_module._Bisection(line_of_deals, timeout=60, workers=workers)
    assert bisection._most_line_jobs() == most


def test_a_second_search_of_a_position_goes_to_the_exact_model(monkeypatch, line_of_deals):
    """The first, short search already tried the complete search and the playouts."""
    solver = fake(monkeypatch, FakeSolver(40, hard={41: 20.0}))
    analyse_state(line_of_deals, timeout=60)
    assert [share for i, share in solver.model_shares if i == 41] == [None, analysis_module.RETRY_MODEL_SHARE]
    assert all(share is None for i, share in solver.model_shares if i != 41)
    assert all(shares == (None, None) for _, shares in solver.playout_shares)  # undecided positions lean lost here


def test_where_undecided_positions_lean_won_a_second_search_shares_its_time_anew(monkeypatch, line_of_deals):
    """There the answer hangs on finding the hard position's win: the complete search first, then
    mostly the playouts (British Square: each finds wins the other does not)."""
    monkeypatch.setattr(type(knowledge_of(line_of_deals)), "undecided_leans", "won")
    solver = fake(monkeypatch, FakeSolver(40, hard={40: 20.0}))
    a = analyse_state(line_of_deals, timeout=60)
    assert (a.result, a.last_winnable) == ("went-wrong", 40)
    assert [shares for i, shares in solver.playout_shares if i == 40] == [(None, None), analysis_module.RETRY_SHARES]
    assert all(shares == (None, None) for i, shares in solver.playout_shares if i != 40)


def test_a_position_that_cannot_be_decided_in_time_is_an_honest_unknown(monkeypatch, line_of_deals):
    solver = fake(monkeypatch, FakeSolver(40, hard={41: 1000.0}))
    a = analyse_state(line_of_deals, timeout=2)
    assert (a.result, a.last_winnable, a.losing_move, a.line) == ("unknown", None, None, [])
    assert a.known_winnable == 40 and a.known_lost is not None and a.known_lost > 41
    assert max(t for _, t in solver.asked) <= 2 and solver.asked[-1][0] == 41  # the last search: all time left


def test_the_winning_line_is_followed_along_the_players_line(monkeypatch):
    # the player played the first 200 moves of the solver's own line: the start's search shows the
    # end winnable too, without a search of its own
    line = winning_line("precedence", "king-out", 10)
    calls = []
    real = analysis_module.solve

    def counting(state, **kwargs):
        calls.append(len(state.move_stack))
        return real(state, **kwargs)

    monkeypatch.setattr(analysis_module, "solve", counting)
    a = analyse("precedence", "king-out", 10, line[:200], timeout=20)
    assert (a.result, a.last_winnable, calls) == ("winnable", 200, [0])
    check_honest(a, line[:200])


def test_a_detour_the_player_could_undo_needs_no_search(monkeypatch):
    """The player leaves the winning line with a move that a move back undoes: that position is
    winnable too, found by the short walk back onto the line (``_detour``), not by a search."""
    line = [Move.from_text(t) for t in winning_line("british-square", "piles", 3)]
    start = games.load("british-square", "piles", 3)
    moves = detour_off(start, line)
    asked = []

    def only_the_start(state, **kwargs):
        asked.append(len(state.move_stack))
        return SolveResult("won", moves=line) if not state.move_stack else SolveResult("unknown")

    monkeypatch.setattr(analysis_module, "solve", only_the_start)
    a = analyse("british-square", "piles", 3, moves, timeout=10)
    assert (a.result, a.last_winnable, asked) == ("winnable", len(moves), [0])
    check_honest(a, [str(m) for m in moves])


def detour_off(start, line):
    """The first prefix of ``line`` followed by a move off it that one move brings back onto it."""
    on_line, state = {}, start.copy()
    for step, move in enumerate(line):
        on_line.setdefault(analysis_module._key(state), step)
        state.push(move)
    state = start.copy()
    for move in line:
        for off in state.legal_moves():
            state.push(off)
            if off != move and analysis_module._key(state) not in on_line and any(
                    _back_on(state, back, on_line) for back in state.legal_moves()):
                return list(state.move_stack)
            state.pop()
        state.push(move)
    raise AssertionError("no detour on this line")


def _back_on(state, move, on_line) -> bool:
    state.push(move)
    found = analysis_module._key(state) in on_line
    state.pop()
    return found


# --- the command ----------------------------------------------------------------------------------

def test_command_json_has_the_keys_of_the_spec(capsys):
    status, out, err = run_cli(capsys, "analyse", "precedence", "--deal", "10", "deal", "deal", "--json",
                               "--timeout", "10")
    assert status == 0 and err == ""
    answer = json.loads(out)
    assert list(answer) == KEYS
    assert answer["result"] == "winnable" and answer["last_winnable"] == 2 and answer["deal"] == 10
    assert games.load("precedence", "king-out", 10).line_wins(["deal", "deal"] + answer["line"])


def test_command_text_names_the_losing_move(capsys, tmp_path):
    moves = [str(m) for m in play_out(games.load("british-square", "piles", 3), random.Random(3)).move_stack]
    path = tmp_path / "game.txt"
    path.write_text(" ".join(moves))
    status, out, err = run_cli(capsys, "analyse", "british-square", "--deal", "3", "--file", str(path))
    assert status == 0 and err == ""
    a = analyse("british-square", "piles", 3, moves, timeout=10)
    assert f"went wrong at move {a.last_winnable + 1}, {a.losing_move}" in out
    assert "A winning line from there" in out


def test_command_never_winnable_in_words(capsys):
    status, out, _ = run_cli(capsys, "analyse", "british-square", "-v", "columns", "--deal", "2")
    assert status == 0 and "lost from the start" in out


@pytest.mark.parametrize("bad, why", [("w>f1", "4C does not go on f1"), ("dael", "'dael' is not a move")])
def test_command_illegal_move_exits_1_with_replays_json(capsys, bad, why):
    status, out, err = run_cli(capsys, "analyse", "precedence", "--deal", "10", "deal", bad, "--json")
    replay = run_cli(capsys, "replay", "precedence", "--deal", "10", "deal", bad, "--json")
    assert status == 1 and replay[:2] == (1, out)
    answer = json.loads(out)
    assert answer["legal"] is False and answer["moves_applied"] == 1 and answer["won"] is False
    assert answer["error"].startswith(f"move 2 ({bad}) is illegal: ") and why in answer["error"]
    assert answer["position"]["game"] == "precedence"
    assert err.count("\n") == 1 and err.startswith(f"cadogan: move 2 ({bad}) is illegal")


@pytest.mark.parametrize("argv", [
    ["precedence", "--deal", "ten"],
    ["precedence", "--deal", "10", "--timeout", "0"],
    ["precedence", "--deal", "10", "--timeout", "nan"],
    ["precedence", "--deal", "10", "--file", "/no/such/file"],
    ["precedence", "-v", "queen-out", "--deal", "10"],
    ["solitaire", "--deal", "1"],
    ["precedence"],
])
def test_command_user_errors_are_one_line_with_exit_status_2(capsys, argv):
    status, out, err = run_cli(capsys, "analyse", *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("cadogan: ") and "Traceback" not in err


# --- the line model (Precedence), with answers the test sets --------------------------------------

def fake_line_model(monkeypatch, boundary: int, line: list | None = None) -> None:
    """The line model finds ``boundary`` (moves played) the last winnable position, proven, with
    ``line`` as its winning line from there."""
    def boundary_once(state, moves, seconds, win, progress=None):
        start = len(state.move_stack)
        return boundary - start, list(line or []), True, 0.1, True

    monkeypatch.setattr(analysis_module, "_boundary_once", boundary_once)


def test_the_line_model_decides_a_bracket_no_search_can(monkeypatch, line_of_deals):
    fake(monkeypatch, FakeSolver(40, hard={i: 1000.0 for i in range(1, 100)}))
    fake_line_model(monkeypatch, 40)
    a = analyse_state(line_of_deals, timeout=5, workers=2)
    assert (a.result, a.last_winnable, a.losing_move) == ("went-wrong", 40, "deal")
    assert (40, "line") in [(i, result) for i, result, _ in a.searches]
    assert analyse_state(line_of_deals, timeout=2, workers=1).result == "unknown"  # one worker: no line model


def test_a_line_model_answer_that_does_not_replay_is_not_believed(monkeypatch, line_of_deals):
    fake(monkeypatch, FakeSolver(40, hard={i: 1000.0 for i in range(1, 100)}))
    fake_line_model(monkeypatch, 40, [games.DEAL])
    monkeypatch.setattr(analysis_module, "replays_to_win", lambda state, line: line != [games.DEAL])
    a = analyse_state(line_of_deals, timeout=3, workers=2)
    assert a.result == "unknown" and a.known_winnable == 0 and a.known_lost == 100


class AfterTheFirstLineSearch(FakeSolver):
    """Every search but the start's waits (up to its budget) until the first line model search has
    started (a file in ``folder``: workers are other processes), so that the first line search
    always sees the whole bracket, however the machine schedules the processes."""

    def __init__(self, boundary: int, hard: dict[int, float], folder) -> None:
        super().__init__(boundary, hard)
        self.started = folder / "line-started"

    def __call__(self, state, timeout=None, **kwargs):
        deadline = time.monotonic() + timeout
        while len(state.move_stack) and not self.started.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        return super().__call__(state, timeout=timeout, **kwargs)


def test_the_first_line_model_search_goes_on_when_a_newer_one_starts(monkeypatch, line_of_deals, tmp_path):
    """The bisection shrinks the bracket at once (positions from 50 on are quickly lost), which
    starts a second line model search; the first, over the whole line, answers after a second and
    must not have been stopped for the second, which never answers in time.  (Three workers: with
    two, the bisection keeps one and the newer line search replaces the first.)"""
    solver = fake(monkeypatch, AfterTheFirstLineSearch(40, {i: 1000.0 for i in range(1, 50)}, tmp_path))

    def boundary_once(state, moves, seconds, win, progress=None):
        start = len(state.move_stack)
        try:
            solver.started.open("x").close()  # the first line search to start
        except FileExistsError:  # a newer one
            (tmp_path / f"newer-{start}-{start + len(moves)}").touch()
            time.sleep(30)
        time.sleep(1.0)
        return 40 - start, [], True, 1.0, True

    monkeypatch.setattr(analysis_module, "_boundary_once", boundary_once)
    a = analyse_state(line_of_deals, timeout=10, workers=3)
    # Positions 1-49 are beyond every search: only the first line model search can decide them.
    assert (a.result, a.last_winnable, a.known_lost) == ("went-wrong", 40, 41)
    assert [(i, how) for i, how, _ in a.searches if how == "line"] == [(40, "line")]
    assert [p.name for p in tmp_path.glob("newer-*")] == ["newer-0-49"]  # it did start, over the shrunk bracket


def test_the_position_after_the_line_models_newest_win_is_searched_with_the_time_left(monkeypatch, line_of_deals):
    """The model tells its win after 40 moves at once but never proves it the most; position 41
    is lost at once for a search, every other one beyond every search.  The analysis searches 41,
    the likeliest boundary, before the worker is given to a second line model search (which would
    only look for the same proof)."""
    fake(monkeypatch, FakeSolver(40, hard={i: 1000.0 for i in range(1, 100) if i != 41}))

    def boundary_once(state, moves, seconds, win, progress=None):
        progress((40 - len(state.move_stack), [], False, 0.1, True))
        time.sleep(30)  # the proof of the optimum never comes in time
        return None, [], False, 30.0, True

    monkeypatch.setattr(analysis_module, "_boundary_once", boundary_once)
    a = analyse_state(line_of_deals, timeout=10, workers=2)
    assert (a.result, a.last_winnable, a.losing_move) == ("went-wrong", 40, "deal")
    searches = [(i, how) for i, how, _ in a.searches]
    assert (40, "line") in searches and (41, "lost") in searches


def test_where_undecided_positions_lean_won_the_bisection_is_mirrored(monkeypatch, line_of_deals):
    """Positions 20-40 are wins that take 20 s each, the later ones are lost at once (British
    Square near a losing move).  Taken for high ends, the hard wins cost a long search each as
    the bracket climbs them; taken for low ends, the bisection runs up to the first lost position,
    and position 40, just before it, gets the one long search (the time left)."""
    hard_wins = {i: 20.0 for i in range(20, 41)}
    leaning_lost = fake(monkeypatch, FakeSolver(40, hard=hard_wins))
    analyse_state(line_of_deals, timeout=60)
    assert type(knowledge_of(line_of_deals)).undecided_leans == "lost"
    assert len([i for i, t in leaning_lost.asked if t >= 20]) >= 4
    monkeypatch.setattr(type(knowledge_of(line_of_deals)), "undecided_leans", "won")
    solver = fake(monkeypatch, FakeSolver(40, hard=hard_wins))
    a = analyse_state(line_of_deals, timeout=60)
    assert (a.result, a.last_winnable) == ("went-wrong", 40)
    assert [i for i, t in solver.asked if t >= 20] == [40]
