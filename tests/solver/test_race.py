"""The race of ``find_win`` (cadogan.solver.playouts): playout searches side by side, each in a
forked process with seeds of its own; the first win that replays ends it, and nothing a racer
says is believed unreplayed."""

from __future__ import annotations

import multiprocessing
import os
import time

import pytest

from cadogan import games
from cadogan.solver import playouts, solve, workers
from cadogan.solver.outcome import Result
from cadogan.solver.playouts import SEED_STRIDE, find_win
from cadogan.solver.search import PlayoutResult

from handmade import run_cli


def _winning_line(state):
    found = solve(state, timeout=20, workers=1)
    assert found.result == Result.WON
    return found.moves


@pytest.fixture(scope="module")
def easy():
    """Square ``classic`` deal 2 and a winning line of it (the playouts win it within a second)."""
    state = games.load("square", "classic", 2)
    return state, _winning_line(state)


def _fake_racers(monkeypatch, answer):
    """Racers that answer ``answer(first_seed)`` (a PlayoutResult) instead of searching."""
    monkeypatch.setattr(playouts, "_find_win_alone",
                        lambda state, timeout, max_nodes, use_core, first_seed, warmup=True: answer(first_seed))


def _unknown(home: int, nodes: int = 10) -> PlayoutResult:
    return PlayoutResult(Result.UNKNOWN, [], nodes, 0.1, None, home)


def test_a_race_wins_with_a_line_that_replays(easy):
    state, _ = easy
    found = find_win(state, timeout=20, workers=2)
    assert found.result == Result.WON and state.line_wins(found.moves)
    assert found.best_first == found.moves[0] and found.home == 104


def test_each_racer_draws_seeds_of_its_own_and_the_winner_answers(monkeypatch, easy):
    state, line = easy

    def answer(first_seed):
        if first_seed == SEED_STRIDE:  # only the second racer wins
            return PlayoutResult(Result.WON, line, 7, 0.1, line[0], 104)
        return _unknown(60)

    _fake_racers(monkeypatch, answer)
    found = find_win(state, timeout=20, workers=3)
    assert found.result == Result.WON and found.moves == line
    assert found.nodes >= 7


def test_only_the_first_racer_has_the_warmup(monkeypatch, easy):
    state, _ = easy

    def answer(state, timeout, max_nodes, use_core, first_seed, warmup=True):
        right = warmup == (first_seed == 0)
        return _unknown(50, nodes=1 if right else 1000)  # (the racers' answers reach the race alone)

    monkeypatch.setattr(playouts, "_find_win_alone", answer)
    assert find_win(state, timeout=20, workers=3).nodes == 3


def test_a_win_that_does_not_replay_is_not_believed(monkeypatch, easy):
    state, line = easy

    def answer(first_seed):
        if first_seed == 0:  # a "win" one move short
            return PlayoutResult(Result.WON, line[:-1], 5, 0.1, line[0], 104)
        return _unknown(70)

    _fake_racers(monkeypatch, answer)
    found = find_win(state, timeout=20, workers=2)
    assert found.result == Result.UNKNOWN and found.moves == [] and found.home == 70


def test_without_a_win_the_line_with_most_cards_home_answers(monkeypatch, easy):
    state, _ = easy
    best_first = state.legal_moves()[0]

    def answer(first_seed):
        home = 50 + first_seed // SEED_STRIDE
        return PlayoutResult(Result.UNKNOWN, [], 10, 0.1, best_first if home == 52 else None, home)

    _fake_racers(monkeypatch, answer)
    found = find_win(state, timeout=20, workers=3)
    assert (found.result, found.home, found.best_first, found.nodes) == (Result.UNKNOWN, 52, best_first, 30)


def test_racers_that_die_without_a_word_leave_an_unknown(monkeypatch, easy):
    state, _ = easy

    def answer(first_seed):
        os._exit(3)

    _fake_racers(monkeypatch, answer)
    found = find_win(state, timeout=20, workers=2)
    assert found.result == Result.UNKNOWN and found.moves == [] and found.home == state.cards_home()


def test_a_racer_past_its_time_is_stopped(monkeypatch, easy):
    state, line = easy

    def answer(first_seed):
        if first_seed == 0:
            time.sleep(10_000)  # never answers: the race stops it after the timeout and its grace
        return _unknown(61)

    _fake_racers(monkeypatch, answer)
    found = find_win(state, timeout=0.2, workers=2)
    assert found.result == Result.UNKNOWN and found.home == 61
    assert not multiprocessing.active_children()


def test_one_search_in_this_process_where_processes_cannot_be_forked(monkeypatch, easy):
    state, _ = easy
    monkeypatch.setattr(workers.multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    seen = []

    def answer(first_seed):
        seen.append((os.getpid(), first_seed))
        return _unknown(55)

    _fake_racers(monkeypatch, answer)
    assert find_win(state, timeout=5, workers=4).home == 55
    assert seen == [(os.getpid(), 0)]


def test_a_node_budget_alone_keeps_one_search(monkeypatch, easy):
    """Without a timeout the answer is a function of the budget and the seeds: no race."""
    state, _ = easy
    seen = []
    _fake_racers(monkeypatch, lambda first_seed: seen.append(first_seed) or _unknown(40))
    find_win(state, timeout=None, max_nodes=1000, workers=2)
    assert seen == [0]


def test_solve_passes_its_workers_to_the_race(monkeypatch):
    state = games.load("square", "free", 3)
    asked = []
    real = playouts.find_win

    def recording(*args, **kwargs):
        asked.append(kwargs.get("workers"))
        return real(*args, **kwargs)

    monkeypatch.setattr(playouts, "find_win", recording)
    solve(state, timeout=0.5, workers=2)
    assert asked == [2]


@pytest.mark.parametrize("text", ["0", "-1", "x", "5000"])
def test_cli_workers_out_of_range_is_one_line_and_exit_2(capsys, text):
    status, out, err = run_cli(capsys, "solve", "square", "--deal", "2", "--workers", text)
    assert status == 2 and not out and "--workers" in err and err.count("\n") == 1


def test_cli_solves_with_two_workers(capsys, easy):
    state, _ = easy
    status, out, _ = run_cli(capsys, "solve", "square", "--deal", "2", "--workers", "2", "--timeout", "20")
    assert status == 0 and "won in" in out
