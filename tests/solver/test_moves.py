"""The front ends' foundation moves (``cadogan.solver.moves``): home choices, finish line, auto-moves."""

from __future__ import annotations

import pytest

from cadogan import games
from cadogan.cards import ordered_packs, rank_of
from cadogan.games.base import Move
from cadogan.solver import auto_moves, finish_line, home_choices, knowledge_of
from cadogan.solver.knowledge import is_home_move

from solver_positions import VARIANTS, hand_made, reduced_position, square_foundations
from test_search import precedence_end


def precedence_queen_fits_two():
    """f1 holds its King and wants a Queen; f2 (base Queen) is empty and may start: QH fits both."""
    pool = ordered_packs()
    king = next(c for c in pool if rank_of(c) == 13)
    pool.remove(king)
    queen = next(c for c in pool if rank_of(c) == 12)
    pool.remove(queen)
    return hand_made("precedence", "first-king", foundations=[[king]] + [[] for _ in range(7)],
                     tableau=[], waste=[queen], stock=pool, redeals_left=2)


def square_sevens():
    """Clubs up to 6 and down to 8; both 7C on t1 and t2, the clubs up in t3, the clubs down in t4."""
    tableau = [["7C"], ["7C"], ["KC", "QC", "JC", "TC", "9C", "8C"], ["AC", "2C", "3C", "4C", "5C", "6C"]]
    return hand_made("square", "classic", foundations=square_foundations({0: 6, 4: 6}),
                     tableau=tableau + [[] for _ in range(8)], redeals_left=0)


def test_precedence_double_click_goes_to_the_dominating_foundation():
    state = precedence_queen_fits_two()
    legal = {str(m) for m in state.legal_moves()}
    assert {"w>f1", "w>f2"} <= legal  # both foundations take the Queen
    assert home_choices(state) == {"w": ["w>f2"]}  # f2 has 13 cards to come, f1 only 12
    assert [str(m) for m in knowledge_of(state).search_moves(state) if m.src >= 0] == ["w>f2"]


def test_square_offers_both_foundations_of_a_suit_where_none_dominates():
    state = square_sevens()
    choices = home_choices(state)
    assert choices == {"t1": ["t1>f1", "t1>f5"], "t2": ["t2>f1", "t2>f5"]}
    assert auto_moves(state, "all") == auto_moves(state, "safe") == []  # a choice is never obvious


def test_british_square_offers_one_of_the_empty_foundations_for_an_ace():
    state = next(s for s in (games.load("british-square", "columns", d) for d in range(200))
                 if any(t[-1] & 15 == 1 for t in s.tableau))
    choices = home_choices(state)
    ace_piles = [f"t{i + 1}" for i, t in enumerate(state.tableau) if t[-1] & 15 == 1]
    assert sorted(choices) == sorted(ace_piles)
    assert all(len(moves) == 1 for moves in choices.values())
    assert all(Move.from_text(m) in state.legal_moves() for moves in choices.values() for m in moves)


def test_finish_line_wins_when_every_card_can_go_home_by_foundation_moves():
    state = precedence_end("king-out", ["7C", "8C"], 0)
    line = finish_line(state)
    assert [str(m) for m in line] == ["w>f8", "w>f8"] and state.line_wins(line)
    sevens = square_sevens()
    line = finish_line(sevens)
    assert line is not None and sevens.line_wins(line) and all(is_home_move(m) for m in line)
    assert len(sevens.move_stack) == 0  # the state is left alone


def test_finish_line_is_none_when_foundation_moves_cannot_win():
    assert finish_line(precedence_end("king-out", ["8C", "7C"], 0)) is None  # 7 covers 8
    assert finish_line(precedence_end("first-king", ["8C", "7C"], 1)) is None  # needs a redeal
    assert finish_line(games.load("square", "classic", 3)) is None
    assert finish_line(precedence_end("king-out", ["7C", "8C"], 0), max_nodes=0) is None  # out of budget


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_auto_moves_are_legal_home_moves_and_safe_ones_come_first(game_id, variant):
    for seed in range(40):
        state = reduced_position(game_id, variant, 7000 + seed)
        legal = state.legal_moves()
        safe, every = auto_moves(state, "safe"), auto_moves(state, "all")
        assert set(safe) <= set(legal) and set(every) <= set(legal)
        assert every[:len(safe)] == safe
        assert all(is_home_move(m) for m in every)
        for pile, moves in home_choices(state).items():
            assert moves and all(Move.from_text(m).src == Move.from_text(f"{pile}>f1").src for m in moves)
        line = finish_line(state)
        assert line is None or state.line_wins(line)


def test_auto_moves_refuses_an_unknown_level():
    with pytest.raises(ValueError, match="safe"):
        auto_moves(games.load("precedence"), "some")  # type: ignore[arg-type]
