"""Policy adaptation (cadogan.solver.adaptation): playouts that learn, in Python and in the core."""

from __future__ import annotations

import random

import pytest

from cadogan import games
from cadogan.games.base import STOCK, TABLEAU_BASE, Move, State
from cadogan.solver import native
from cadogan.solver.knowledge import knowledge_of
from cadogan.solver.adaptation import Adaptation, _Adaptation, adaptation_search, move_code
from cadogan.solver.playouts import find_win
from cadogan.solver.search import PlayoutBudget, pruned_moves

from solver_positions import VARIANTS, check_wins_only, hand_made, reduced_position, square_foundations

needs_core = pytest.mark.skipif(not native.available(), reason="the compiled core is not built")
SMALL = Adaptation(level=1, iterations=30)
FREE_DEAL, FREE_NODES = 13, 5_000_000  # find_win wins it in 2.9 million moves (the warm-up, then seed 1)


def _runs(state: State, params: Adaptation, seed: int):
    yield adaptation_search(state, params, max_nodes=20_000, seed=seed)
    if native.available():
        yield native.adaptation(state, params, max_nodes=20_000, seed=seed)


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_adaptation_answers_won_only_with_a_line_that_wins_and_never_lost(game_id, variant):
    check_wins_only(game_id, variant, 900, lambda state, seed: _runs(state, SMALL, seed))


def test_adapting_to_a_move_makes_it_likelier():
    """At each step of a playout, a fresh policy adapted to the move played there gives that move
    a higher probability (Rosin's update: its code up by alpha, every code of the step down by
    alpha times its probability), unless every move of the step shares its code."""
    state = games.load("square", "free", 4)
    search_ = _Adaptation(state, Adaptation(), PlayoutBudget(None, None), random.Random(3))
    _, line = search_.playout({})
    raised = 0
    for move in line:
        moves = pruned_moves(state)
        if len({move_code(state, m) for m in moves}) > 1:
            policy: dict = {}
            search_.adapt(policy, [move])
            before = search_._probabilities({}, moves)[moves.index(move)]
            after = search_._probabilities(policy, moves)[moves.index(move)]
            assert after > before, f"{move}: {before:.3f} -> {after:.3f}"
            raised += 1
        state.push(move)
    assert raised > 20, "few choices along the line: the test sees little"


def test_a_code_names_the_card_and_where_it_goes_not_the_pile_number():
    state = hand_made("square", "free", foundations=square_foundations({0: 5, 4: 5}),  # two clubs of 6-8 out
                      tableau=[["8C"], ["8C"], ["9C"], [], [], [], [], [], [], ["7C"], [], []],
                      stock=["6C", "6C", "7C", "TC", "JC", "QC", "KC", "5C", "4C", "3C", "2C", "AC"])
    onto_nines = {move_code(state, Move(STOCK, TABLEAU_BASE + i)) for i in (0, 1)}
    assert len(onto_nines) == 1  # two piles topped by the same card: one code
    assert move_code(state, Move(STOCK, TABLEAU_BASE + 2)) not in onto_nines
    empty_upper = {move_code(state, Move(STOCK, TABLEAU_BASE + i)) for i in (3, 4, 8)}
    empty_bottom = {move_code(state, Move(STOCK, TABLEAU_BASE + i)) for i in (10, 11)}
    assert len(empty_upper) == 1 and len(empty_bottom) == 1 and empty_upper != empty_bottom
    state.push(Move(STOCK, TABLEAU_BASE + 3))  # the next stock card is another card: another code
    assert move_code(state, Move(STOCK, TABLEAU_BASE + 4)) not in empty_upper


@pytest.mark.parametrize("game_id,variant,stock_left,adapts", [
    ("square", "free", True, True), ("square", "free", False, False), ("square", "classic", True, False),
    ("precedence", "king-out", True, False), ("british-square", "piles", True, False)])
def test_find_win_adapts_a_policy_only_where_the_game_asks(monkeypatch, game_id, variant, stock_left, adapts):
    from cadogan.solver import playouts
    adaptations, nested_levels = [], []
    real_adaptation, real_nested = playouts.run_adaptation, playouts._one_run

    def adaptation_spy(*args):
        adaptations.append(args[1])
        return real_adaptation(*args)

    def nested_spy(state, level, *args):
        nested_levels.append(level)
        return real_nested(state, level, *args)

    monkeypatch.setattr(playouts, "run_adaptation", adaptation_spy)
    monkeypatch.setattr(playouts, "_one_run", nested_spy)
    state = games.load(game_id, variant, 2)
    if not stock_left:
        state = next(s for s in (reduced_position(game_id, variant, seed, left=20) for seed in range(50)) if not s.stock)
    find_win(state, timeout=None, max_nodes=50_000)
    knowledge = knowledge_of(state)
    top = knowledge.playout_top_level(state)
    if adapts:  # the cheap level-1 restarts of the warm-up, then the adaptation in the top level's place
        assert adaptations and set(adaptations) == {knowledge.playout_adaptation(state)}
        assert set(nested_levels) <= {max(1, top - 1)}
    else:
        assert not adaptations and nested_levels


@pytest.mark.parametrize("use_core", [False, pytest.param(True, marks=needs_core)])
def test_adaptation_respects_its_limits(use_core):
    state = games.load("square", "free", 1)
    found = find_win(state, timeout=0.3, use_core=use_core)  # deal 1 is won only by a long search
    assert found.result == "unknown"
    found = find_win(state, max_nodes=2_000, timeout=None, use_core=use_core)
    assert found.result == "unknown" and found.nodes <= 2_000 + 256
    assert found.best_first in state.legal_moves() and found.home >= state.cards_home()


@needs_core
def test_core_adaptation_wins_a_free_deal_the_nested_playouts_do_not_within_the_same_nodes():
    state = games.load("square", "free", FREE_DEAL)
    found = find_win(state, timeout=None, max_nodes=FREE_NODES)  # a node limit: the same answer on any machine
    assert found.result == "won" and state.line_wins(found.moves)
    nested = [native.playouts(state, level, max_nodes=FREE_NODES, seed=1) for level in (1, 2)]
    assert all(run.result == "unknown" for run in nested)


def test_an_adaptation_needs_a_level_and_iterations():
    with pytest.raises(ValueError, match="level"):
        Adaptation(level=0)
    with pytest.raises(ValueError, match="iteration"):
        Adaptation(iterations=0)
    with pytest.raises(ValueError, match="repeats"):
        Adaptation(repeats=-1)


def _one_forced_move_to_a_dead_end() -> State:
    """Square ``free``: the last stock card (A♣) has one pile left this round (t12); then the tops
    are K♣ and A♣ while the clubs want Q♣ (under K♣) and 2♣ (under Q♣): no move, lost."""
    state = hand_made("square", "free", foundations=square_foundations({0: 11, 4: 11}),
                      tableau=[["2C", "QC", "KC"]] + [[] for _ in range(11)], stock=["AC"],
                      received=[f"t{i}" for i in range(1, 12)])
    assert state.legal_moves() == [Move(STOCK, TABLEAU_BASE + 11)]
    return state


@pytest.mark.parametrize("use_core", [False, pytest.param(True, marks=needs_core)])
@pytest.mark.parametrize("level,repeats,playouts", [(1, 0, 30), (1, 3, 4), (1, 1, 2), (2, 0, 900), (2, 3, 16)])
def test_a_level_stops_once_its_best_line_keeps_coming_back(use_core, level, repeats, playouts):
    """Every playout plays the one line (one move, then a dead end), so the first is the best and
    each later one brings it back: with ``repeats`` R a level stops after 1 + R searches below it,
    with 0 after all its iterations.  One move per playout: the moves counted are the playouts."""
    state = _one_forced_move_to_a_dead_end()
    params = Adaptation(level=level, iterations=30, repeats=repeats)
    if use_core:
        run = native.adaptation(state, params, max_nodes=10_000, seed=1)
    else:
        run = adaptation_search(state, params, max_nodes=10_000, seed=1)
    assert run.result == "unknown" and run.home == state.cards_home()
    assert run.nodes == playouts


def _last_placement_then_an_easy_endgame() -> State:
    """Square ``free``: the last stock card (A♣) goes to t12; then Q♣ and K♣ (t1) go up, 2♣ (t2)
    and A♣ down: a win in four moves home once the stock is empty."""
    state = hand_made("square", "free", foundations=square_foundations({0: 11, 4: 11}),
                      tableau=[["KC", "QC"], ["2C"]] + [[] for _ in range(10)], stock=["AC"],
                      received=[f"t{i}" for i in range(1, 12)])
    assert state.legal_moves() == [Move(STOCK, TABLEAU_BASE + 11)]
    return state


@pytest.mark.parametrize("endgame, searched", [(10, True), (0, False), (11, False)])
def test_the_complete_search_wins_an_endgame_the_playouts_stop_short_of(monkeypatch, endgame, searched):
    """Playouts that stop where the stock runs out (one move each): once they have made three times
    the endgame search's moves (30 at 10), the position there goes to the complete search, whose
    win follows the playout's move; with no endgame search, or before its share is earned, none."""
    import cadogan.solver.adaptation as adaptation_module

    state = _last_placement_then_an_easy_endgame()

    def placement_only(state, pick, key, is_dead, budget):
        budget.spent()
        return state.cards_home(), [Move(STOCK, TABLEAU_BASE + 11)]

    monkeypatch.setattr(adaptation_module, "playout", placement_only)
    run = adaptation_search(state, Adaptation(level=1, iterations=30, endgame=endgame), max_nodes=10_000, seed=1)
    assert (run.result == "won") == searched
    if searched:
        assert run.moves[0] == Move(STOCK, TABLEAU_BASE + 11) and len(run.moves) == 5
        assert state.line_wins(run.moves)
    else:
        assert run.nodes == 30 and run.home == state.cards_home()


@needs_core
def test_the_cores_endgame_searches_win_a_deal_its_playouts_alone_do_not():
    """Square ``free`` deal 16 within 3,000,000 moves (seed 3): the playouts' own endgames lose it,
    the complete search wins one of them."""
    state = games.load("square", "free", 16)
    alone = native.adaptation(state, Adaptation(), max_nodes=3_000_000, seed=3)
    helped = native.adaptation(state, Adaptation(endgame=100_000), max_nodes=3_000_000, seed=3)
    assert alone.result == "unknown"
    assert helped.result == "won" and state.line_wins(helped.moves)
