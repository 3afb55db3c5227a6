"""The compiled core against the Python engine and the Python search, so it cannot drift."""

from __future__ import annotations

import random

import pytest

from cadogan import games
from cadogan.solver import native
from cadogan.solver.knowledge import knowledge_of
from cadogan.solver.playing import play_out
from cadogan.solver.search import search

from solver_positions import VARIANTS, reduced_position

pytestmark = pytest.mark.skipif(not native.available(), reason="the compiled core is not built")


def _random_walk(game_id: str, variant: str, deal: int, steps: int, seed: int):
    """Positions along a random line of play from a deal (foundation moves favoured, so lines go far)."""
    rng = random.Random(seed)
    state = games.load(game_id, variant, deal)
    yield state
    for _ in range(steps):
        moves = state.legal_moves()
        if not moves:
            return
        to_foundation = [m for m in moves if 2 <= m.dst < 10]
        state.push(rng.choice(to_foundation) if to_foundation and rng.random() < 0.7 else rng.choice(moves))
        yield state


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_core_legal_moves_equal_the_engine_on_random_positions(game_id, variant):
    checked = 0
    for deal in range(12):
        for state in _random_walk(game_id, variant, deal, 300, seed=deal):
            assert sorted(native.legal_moves(state)) == sorted(state.legal_moves()), (
                f"deal {deal} after {' '.join(map(str, state.move_stack))}")
            checked += 1
    for seed in range(60):
        state = reduced_position(game_id, variant, seed)
        assert sorted(native.legal_moves(state)) == sorted(state.legal_moves())
    assert checked > 500


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_core_search_candidates_equal_the_game_hooks(game_id, variant):
    game = knowledge_of(game_id)
    for deal in range(6):
        for state in _random_walk(game_id, variant, deal, 200, seed=100 + deal):
            pairs = native._core.legal_moves(*native._args(state), True)
            expected = game.safe_moves(state)[:1] or game.search_moves(state)
            assert [native.to_move(p) for p in pairs] == expected


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_core_dead_end_test_equals_the_game_hook(game_id, variant):
    game = knowledge_of(game_id)
    verdicts = []
    for deal in range(6):
        for state in _random_walk(game_id, variant, deal, 400, seed=300 + deal):
            game.begin_search()  # as the core's test on its own does
            verdicts.append(game.is_dead(state))
            assert native.is_dead(state) == verdicts[-1], f"deal {deal} after {len(state.move_stack)} moves"
    for seed in range(60):
        state = reduced_position(game_id, variant, 2000 + seed)
        game.begin_search()
        assert native.is_dead(state) == game.is_dead(state), f"seed {seed}"
    assert any(verdicts) and not all(verdicts)


@pytest.mark.parametrize("variant", ["piles", "columns"])
def test_core_british_square_dead_ends_agree_where_the_waste_is_deep(variant):
    """Along the random-but-sensible player's games the waste grows deep, where the core's reach
    (grown by a worklist) and the waste card that never comes up are at work."""
    game = knowledge_of("british-square")
    deep = dead = 0
    for deal in range(3):
        end = play_out(games.load("british-square", variant, deal), random.Random(deal))
        state = games.load("british-square", variant, deal)
        for i, move in enumerate(list(end.move_stack)[:240]):
            state.push(move)
            if i % 3 or len(state.waste) < len(state.tableau):
                continue
            deep += 1
            verdict = game.is_dead(state)
            dead += verdict
            assert native.is_dead(state) == verdict, f"{variant} deal {deal} after {i + 1} moves"
    assert deep > 40 and 0 < dead < deep


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_core_moves_change_the_position_as_the_engine_does_and_undo_restores_it(game_id, variant):
    for deal in range(8):
        start = games.load(game_id, variant, deal)
        *_, end = _random_walk(game_id, variant, deal, 250, seed=200 + deal)
        piles, extra = native.apply(start, end.move_stack)   # AssertionError if undo fails
        assert piles == native._piles(end)
        assert extra == native.encoding(end)[2]


@pytest.mark.parametrize("game_id,variant", VARIANTS)
@pytest.mark.parametrize("prune", [True, False])
def test_core_and_python_agree_on_small_searches(game_id, variant, prune):
    verdicts = []
    for seed in range(40):
        state = reduced_position(game_id, variant, 1000 + seed)
        py = search(state, prune=prune, max_nodes=20_000)
        c = native.search(state, prune=prune, max_nodes=2_000_000, max_memory_mb=64)
        if py[0] != "unknown":
            assert c[0] == py[0], f"seed {seed}: core {c[0]}, python {py[0]}"
        assert c.best_first is None or c.best_first in state.legal_moves()
        if c[0] == "won":
            assert state.line_wins(c[1])
        verdicts.append(c[0])
    assert "won" in verdicts


def test_core_leaves_the_state_alone_and_reports_limits():
    state = games.load("square", "free", 5)  # undecided after millions of positions
    before = state.to_json()
    result, moves, nodes, seconds, _ = native.search(state, max_nodes=5000)
    assert state.to_json() == before
    assert result == "unknown" and moves == [] and 5000 <= nodes <= 5001
    result, _, _, seconds, _ = native.search(state, timeout=0.2)
    assert result == "unknown" and seconds >= 0.2  # stopped by the timeout, not before it
    result, *_ = native.search(state, max_memory_mb=1)
    assert result == "unknown"


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_each_game_reads_as_a_family_of_the_core_table_with_the_same_playout_rules(game_id, variant):
    game = knowledge_of(game_id)
    rules, _, _ = native.encoding(games.load(game_id, variant, 1))
    family = native._core.FAMILIES[rules]
    assert family["name"] == game_id.replace("-", " ")
    assert family["playout_ends_at_dead_end"] is game.playout_ends_at_dead_end
    assert family["adaptation_row"] == game.adaptation_row


@pytest.mark.parametrize("rules,flags,extra,message", [
    (0, 0, (0,), "unknown rule family"),
    (4, 0, (0,), "unknown rule family"),
    (1, 5, (0,) * 5, "4 or 16 piles"),
    (1, 4, (0,) * 3, "one built count per pile"),
    (1, 16, (0,) * 17, "one built count per pile"),
    (2, 0, (0,), r"\(redeals_left, received\)"),
    (3, 0, (0, 0), r"\(redeals_left,\)"),
])
def test_core_refuses_a_position_its_family_cannot_read(rules, flags, extra, message):
    piles = native._piles(games.load("precedence", "king-out", 1))
    with pytest.raises(ValueError, match=message):
        native._core.legal_moves(rules, flags, piles, extra)


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_core_gives_back_each_family_s_own_fields_as_it_read_them(game_id, variant):
    state = games.load(game_id, variant, 3)
    for move in state.legal_moves()[:1]:
        state.push(move)
    rules, flags, extra = native.encoding(state)
    piles, fields = native._core.apply(rules, flags, native._piles(state), tuple(extra), [])
    assert piles == native._piles(state) and fields == tuple(extra) and len(fields) >= 1
