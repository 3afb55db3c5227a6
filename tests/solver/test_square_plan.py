"""The placement planner of Square ``free`` (cadogan.solver.square_plan): every plan it finds is a
win the engine replays and the complete search confirms; it is a restriction, so "no plan" is
never taken for a loss."""

from __future__ import annotations

import pytest

from cadogan.games import load
from cadogan.solver.search import search
from cadogan.solver.square_plan import SquarePlan, foundation_slots

from solver_positions import hand_made, reduced_position, square_foundations


def _dealing_positions(count: int):
    seed = 0
    while count:
        state = reduced_position("square", "free", seed)
        seed += 1
        if state.stock:
            count -= 1
            yield seed - 1, state


def test_every_plan_replays_and_the_search_agrees() -> None:
    found = 0
    for seed, state in _dealing_positions(30):
        result, line, _ = SquarePlan(state).decide(10, 256)
        truth = search(state, max_nodes=300_000).result
        if result == "won":
            found += 1
            assert state.line_wins(line), seed
            assert truth == "won", seed
        else:
            assert result == "unknown", seed  # a restriction of the game: never a proof
    assert found >= 10  # the planner does find plans (24 of the first 27 such positions today)


def test_a_plan_that_needs_refills() -> None:
    # Clubs wait for QC and KC going up, 2C and AC going down; the square is empty and the four
    # cards come QC, 2C, KC, AC.  The last card home must be a pile's bottom card and alone.
    lengths = {0: 11, 4: 11}
    state = hand_made("square", "free", stock=["AC", "KC", "2C", "QC"],
                      foundations=square_foundations(lengths), tableau=[[] for _ in range(12)])
    result, line, _ = SquarePlan(state).decide(10, 256)
    assert result == "won" and state.line_wins(line)


def test_a_position_the_restriction_cannot_win_is_unknown() -> None:
    # KC lies on QC in t10 and clubs go up to the King: no line wins (the search proves it), and
    # the plan model, which has no solution, answers "unknown", not "lost".
    state = hand_made("square", "free", stock=["JC"], foundations=square_foundations({0: 10}),
                      tableau=[[] for _ in range(9)] + [["QC", "KC"], [], []])
    assert search(state).result == "lost"
    assert SquarePlan(state).decide(10, 256)[0] == "unknown"


@pytest.mark.parametrize("variant, to_building", [("classic", False), ("free", True)])
def test_refused_outside_free_dealing(variant: str, to_building: bool) -> None:
    state = load("square", variant, 1)
    while to_building and state.stock:
        state.play(state.legal_moves()[0])
    with pytest.raises(ValueError):
        SquarePlan(state)


def test_foundation_slots_are_in_each_foundations_order() -> None:
    slots = foundation_slots([12, 13, 13, 13, 11, 13, 13, 13])
    assert [(f, s) for f, s, _ in slots] == [(0, 12), (4, 11), (4, 12)]
