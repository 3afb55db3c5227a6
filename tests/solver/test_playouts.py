"""Nested playouts (cadogan.solver.playouts): a search for wins only, in Python and in the core."""

from __future__ import annotations


import pytest

from cadogan import games
from cadogan.games.base import State
from cadogan.solver import native, solve
from cadogan.solver.knowledge import knowledge_of
from cadogan.solver.playouts import find_win, nested_search

from solver_positions import VARIANTS, check_wins_only, hand_made, square_foundations

needs_core = pytest.mark.skipif(not native.available(), reason="the compiled core is not built")


def _runs(state: State, level: int, seed: int):
    yield nested_search(state, level, max_nodes=20_000, seed=seed)
    if native.available():
        yield native.playouts(state, level, max_nodes=20_000, seed=seed)


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_playouts_answer_won_only_with_a_line_that_wins_and_never_lost(game_id, variant):
    check_wins_only(game_id, variant, 700, lambda state, seed: _runs(state, 1, seed), positions=25)


@pytest.mark.parametrize("game_id,variant,deal", [
    ("precedence", "king-out", 1), ("precedence", "first-king", 41),
    ("british-square", "piles", 3), ("square", "classic", 4)])
@needs_core
def test_core_playouts_win_deals_the_complete_search_cannot_decide(game_id, variant, deal):
    state = games.load(game_id, variant, deal)
    assert native.search(state, max_nodes=300_000).result == "unknown"
    found = find_win(state, timeout=None, max_nodes=100_000_000)  # a node limit: the same answer on any machine
    assert found.result == "won" and found.home == 104
    assert state.line_wins(found.moves)


@pytest.mark.parametrize("use_core", [False, pytest.param(True, marks=needs_core)])
def test_playouts_respect_their_limits(use_core):
    state = games.load("square", "free", 1)
    found = find_win(state, timeout=0.3, use_core=use_core)  # deal 1 is won only by a long search:
    assert found.result == "unknown"                            # stopped by its timeout, not by a win
    found = find_win(state, max_nodes=2_000, timeout=None, use_core=use_core)
    assert found.result == "unknown" and found.nodes <= 2_000 + 64
    assert found.best_first in state.legal_moves() and found.home >= 0


def test_playouts_need_a_limit():
    with pytest.raises(ValueError, match="limit"):
        find_win(games.load("precedence", "king-out", 1), timeout=None)


@needs_core
def test_a_timed_solve_wins_with_playouts_and_still_proves_losses():
    won = solve(games.load("precedence", "king-out", 1), timeout=20)
    assert won.result == "won" and games.load("precedence", "king-out", 1).line_wins(won.moves)
    assert solve(games.load("british-square", "columns", 7), timeout=60).result == "lost"


@pytest.mark.parametrize("game_id,variant,first_level,top_level", [
    ("precedence", "king-out", 2, 3), ("square", "classic", 1, 2), ("british-square", "piles", 1, 2)])
def test_find_win_starts_at_the_level_the_game_asks_for(monkeypatch, game_id, variant, first_level, top_level):
    from cadogan.solver import playouts
    levels = []
    real_run = playouts._one_run

    def recording_run(state, level, *args):
        levels.append(level)
        return real_run(state, level, *args)

    monkeypatch.setattr(playouts, "_one_run", recording_run)
    state = games.load(game_id, variant, 3)
    find_win(state, timeout=None, max_nodes=30_000)
    assert levels and levels[0] == first_level
    assert set(levels) <= {first_level, top_level}


def test_forced_moves_are_played_without_a_search_of_their_own():
    """Deal 8C onto 7C, play 8C, play 7C, each the only move: the first step's playout finds the
    win, and the later steps, forced, follow the best line without another playout."""
    import random

    from cadogan.solver import playouts
    from test_search import precedence_end
    obj = precedence_end("king-out", ["7C", "8C"], 0).to_json()
    obj["stock"] = [obj["waste"].pop()]
    state = games.get("precedence").from_json(obj)
    search_ = playouts._Search(state, playouts._PlayoutBudget(None, 1000), random.Random(1))
    home, line = search_.run(1)
    assert home == 104 and [str(m) for m in line] == ["deal", "w>f8", "w>f8"]
    assert search_.playouts == 1


def _square_dead_but_not_stuck() -> State:
    """Square free, all home but 9H-KH of the ascending hearts, in t1 as QH KH JH 10H 9H (9H on
    top): KH, the last card, lies on QH, so the position is dead, yet 9H, 10H and JH can go home."""
    return hand_made("square", "free", foundations=square_foundations({2: 8}),
                     tableau=[["QH", "KH", "JH", "TH", "9H"]] + [[] for _ in range(11)])


def test_square_playouts_end_at_a_dead_end(monkeypatch):
    state = _square_dead_but_not_stuck()
    game = knowledge_of(state)
    assert game.is_dead(state) and game.playout_ends_at_dead_end
    for run in _runs(state, 0, seed=1):
        assert run.home == state.cards_home() + 1  # one move, then the dead end ends the playout
    monkeypatch.setattr(type(game), "playout_ends_at_dead_end", False)
    assert nested_search(state, 0, max_nodes=1000, seed=1).home == state.cards_home() + 3


def _progress(state: State) -> tuple[int, int, int]:
    """The measure the core's playouts rely on (nested_progress in core/playouts.c): redeals used,
    cards home, cards dealt from the stock."""
    from cadogan.games.base import STOCK
    return (-getattr(state, "redeals_left", 0), state.cards_home(), -len(state.piles[STOCK] or []))


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_no_move_lowers_the_measure_the_playouts_key_positions_by(game_id, variant):
    """The core remembers a playout's positions only since the measure last rose, so a position
    must never come back across a move that raises it: no move may lower it."""
    import random
    rng = random.Random(5)
    raised = 0
    for deal in range(6):
        state = games.load(game_id, variant, deal)
        for _ in range(400):
            moves = state.legal_moves()
            if not moves:
                break
            before, move = _progress(state), rng.choice(moves)
            state.push(move)
            after = _progress(state)
            assert after >= before, f"deal {deal}: {move} lowered it from {before} to {after}"
            raised += after > before
    assert raised, "no move raised it: the lines played nothing"


@pytest.mark.parametrize("first_share, playout_share, ends", [(None, None, (0.02, 0.52)), (0.15, 0.75, (0.15, 0.9))])
def test_a_caller_may_share_the_time_otherwise(monkeypatch, first_share, playout_share, ends):
    """The game's shares (British Square piles: 2 % for the complete search, half for the
    playouts, the rest for the complete search again), or the caller's (``cadogan analyse`` on a
    second search of a position where undecided positions lean won)."""
    import types

    import cadogan.solver as solver
    from cadogan.solver import playouts
    from cadogan.solver.search import PlayoutResult, SearchOutcome

    given: list[float] = []
    complete: list[float] = []

    def no_win(state, seconds, *args, **kwargs):
        given.append(seconds)
        return PlayoutResult("unknown", [], 0, 0.0, None, 0)

    def no_answer(state, seconds, *args):
        complete.append(seconds)
        return SearchOutcome("unknown", [], 0, 0.0)

    state = games.load("british-square", "piles", 1)
    assert (knowledge_of(state).first_search_share(state), knowledge_of(state).playout_share(state)) == (0.02, 0.5)
    monkeypatch.setattr(solver, "_complete_search", no_answer)
    monkeypatch.setattr(playouts, "find_win", no_win)
    monkeypatch.setattr(solver, "time", types.SimpleNamespace(perf_counter=lambda: 1000.0))  # no time passes
    result = solve(state, timeout=20.0, first_search_share=first_share, playout_share=playout_share)
    assert result.result == "unknown"
    first_end, playouts_end = ends  # (no time passes: each phase is given the time up to its end)
    assert complete == pytest.approx([20 * first_end, 20]) and given == [pytest.approx(20 * playouts_end)]
