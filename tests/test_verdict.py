"""Deal verdicts and difficulty (``cadogan.solver.verdict``, docs/difficulty.md)."""

from __future__ import annotations

import random

import pytest
from types import SimpleNamespace

from cadogan import games
from cadogan.errors import BadInput
from cadogan.solver import solve
from cadogan.solver import verdict as verdict_module
from cadogan.solver.playing import HOME_BIAS, play_out, sensible_move
from cadogan.solver.verdict import EASY_NODES, MEDIUM_NODES, DealVerdict, deal_verdict, difficulty_of, pick_deal


@pytest.mark.parametrize("verdict, nodes, wins, expected", [
    ("winnable", EASY_NODES, 0, "easy"), ("winnable", EASY_NODES + 1, 0, "medium"),
    ("winnable", MEDIUM_NODES, 0, "medium"), ("winnable", MEDIUM_NODES + 1, 0, "hard"),
    ("winnable", MEDIUM_NODES + 1, 1, "easy"), ("winnable", None, 0, "hard"),
    ("lost", None, 0, "lost"), ("undecided", None, 0, "unknown"), ("undecided", 10, 3, "unknown"),
])
def test_difficulty_reads_the_solvers_effort_and_the_random_players_wins(verdict, nodes, wins, expected):
    assert difficulty_of(verdict, nodes, wins) == expected


def test_a_pool_deal_is_winnable_from_the_pool():
    v = deal_verdict("british-square", "piles", 3, seconds=2)
    assert (v.verdict, v.source) == ("winnable", "pool")
    # how hard depends on how far the short solve got: the difficulty must be the one its measures give
    assert v.difficulty == difficulty_of(v.result, v.nodes, v.wins) != "lost"
    assert v.playouts >= 10


def test_a_deal_outside_the_pool_is_decided_by_the_solver():
    from cadogan.solver.pool import winnable_deals
    deal = 123_456_789
    assert deal not in winnable_deals("precedence", "king-out")
    v = deal_verdict("precedence", "king-out", deal, seconds=3)
    assert v.source == "solver" and v.verdict == "winnable"
    assert solve(games.load("precedence", "king-out", deal), timeout=10).result == "won"


def test_a_proven_lost_deal_is_lost_and_plays_no_games():
    v = deal_verdict("british-square", "columns", 2, seconds=2)
    assert (v.verdict, v.difficulty, v.source, v.playouts) == ("lost", "lost", "solver", 0)
    assert solve(games.load("british-square", "columns", 2), timeout=10).result == "lost"


def _first_survey_unknown(game_id: str, variant: str) -> int:
    """The first deal the committed survey (data/survey/) left unknown: not in the pool of won deals,
    and hard enough that a short solve does not decide it (the survey changes as retries win deals)."""
    import csv
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "data" / "survey" / f"{game_id}-{variant}.csv"
    with path.open(encoding="utf-8") as handle:
        return next(int(row["deal"]) for row in csv.DictReader(handle) if row["result"] == "unknown")


def test_undecided_in_the_time_given_is_unknown_not_lost():
    deal = _first_survey_unknown("square", "free")
    v = deal_verdict("square", "free", deal, seconds=0.3)
    assert (v.verdict, v.difficulty) == ("undecided", "unknown")


def test_a_pool_deal_the_short_solve_cannot_win_is_hard(monkeypatch):
    from cadogan.solver import SolveResult
    monkeypatch.setattr(verdict_module, "solve", lambda state, **_: SolveResult("unknown", nodes=5))
    monkeypatch.setattr(verdict_module, "_playouts", lambda start, deadline: (0, 100))
    assert deal_verdict("precedence", "king-out", 1, seconds=1).to_json() == \
        {"verdict": "winnable", "difficulty": "hard", "source": "pool"}


def test_an_easy_deal_is_won_by_the_random_player_or_the_first_search():
    v = deal_verdict("precedence", "king-out", 4, seconds=3)
    assert v.difficulty == "easy" and (v.wins > 0 or v.nodes <= EASY_NODES)


def test_pick_deal_finds_a_deal_of_the_difficulty_asked_for():
    deal = pick_deal("british-square", "columns", "lost", seconds=10, rng=random.Random(7))
    assert deal is not None and deal_verdict("british-square", "columns", deal, 2).difficulty == "lost"


def test_pick_deal_gives_up_within_its_bound(monkeypatch):
    # A clock of its own: each deal tried costs 0.1 s of it, whatever the machine's load.
    clock = [0.0]
    budgets = []

    def lost_deal(game, variant, deal, budget):
        budgets.append(budget)
        clock[0] += 0.1
        return DealVerdict("lost", "lost", "solver")

    monkeypatch.setattr(verdict_module, "deal_verdict", lost_deal)
    monkeypatch.setattr(verdict_module, "time", SimpleNamespace(perf_counter=lambda: clock[0]))
    assert pick_deal("precedence", "king-out", "easy", seconds=1.0, per_deal=0.25) is None
    assert 9 <= len(budgets) <= 11 and clock[0] < 1.0 + 0.1 + 1e-9
    assert all(0 < b <= 0.25 for b in budgets)


@pytest.mark.parametrize("difficulty", ["unknown", "impossible", ""])
def test_pick_deal_refuses_a_difficulty_it_cannot_look_for(difficulty):
    with pytest.raises(BadInput):
        pick_deal("precedence", "king-out", difficulty, seconds=1)


def test_the_sensible_player_plays_home_when_it_can():
    state = games.load("precedence", "king-out", 10)
    while not any(m.dst >= 2 and m.src >= 0 for m in state.legal_moves()):
        state.push(games.DEAL)
    rng = random.Random(0)
    home = sum(sensible_move(state, rng).src >= 0 for _ in range(1000))
    assert abs(home / 1000 - HOME_BIAS) < 0.05 + (1 - HOME_BIAS) / 2  # plus a random pick that may go home too


def test_the_sensible_player_never_plays_a_move_straight_back():
    state = games.load("british-square", "piles", 1)
    play_out(state, random.Random(5), max_moves=300)
    pairs = list(zip(state.move_stack, state.move_stack[1:]))
    assert all(not (a.src >= 0 and b.src >= 0 and (a.src, a.dst) == (b.dst, b.src)) for a, b in pairs)
