"""``cadogan advise``: the best move from the player's view (SPEC.md, docs/advise.md)."""

from __future__ import annotations

import json
import random

import pytest

from cadogan import games
from cadogan.cli import main
from cadogan.errors import BadInput
from cadogan.games.base import State
from cadogan.games.view import UNSEEN, player_view
from cadogan.solver import solve
from cadogan.solver.advise import (EXACT_MIN_NODES, EXACT_RETRY_AFTER_HOME, EXACT_UNDECIDED_FREE, SOLVE_MEMORY_MB,
                                   Advice, Settings, advise, play_blind)

from known_lines import LOSABLE_DEAL, LOSABLE_LINE, expand, losing_point

SMALL = Settings(samples=6, max_nodes=20_000, seed=3)


def _after(game_id, variant, deal, moves):
    return games.replay(games.get(game_id), variant, deal, moves)


def _precedence_midgame():
    """Precedence king-out deal 3 after some dealing: the waste card can go home or wait."""
    state = games.load("precedence", "king-out", 3)
    while len(state.legal_moves()) < 2 or state.legal_moves() == [games.DEAL]:
        state.play("deal")
    return state


def test_the_same_view_samples_and_seed_give_the_same_answer():
    view = player_view(_precedence_midgame())
    first = advise(view, SMALL)
    assert advise(view, SMALL) == first
    assert first.how == "sampled" and first.samples == SMALL.samples
    assert first.move in view.state.legal_moves()
    assert {m.move for m in first.moves} == set(view.state.legal_moves())


def test_the_advised_move_has_the_most_wins_of_the_moves_judged_on_every_sample():
    view = player_view(_precedence_midgame())
    advice = advise(view, Settings(samples=8, max_nodes=20_000, seed=1))
    best = advice.moves[0]
    assert best.move == advice.move and best.samples == 8
    assert all(m.wins <= best.wins for m in advice.moves if m.samples == 8)
    assert advice.win_chance == best.wins / 8


def test_a_sample_never_depends_on_the_real_unseen_order():
    """Two positions with the same view get the same advice, whatever their stock order."""
    state = _precedence_midgame()
    other = state.copy()
    hidden = player_view(state).hidden
    bottom = other.stock[:hidden]
    random.Random(5).shuffle(bottom)
    other.stock[:hidden] = bottom
    assert other.stock != state.stock
    assert advise(player_view(other), SMALL) == advise(player_view(state), SMALL)


def _cli_json(capsys, argv):
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    out.pop("seconds")
    return out


def test_deal_and_moves_give_the_answer_of_the_view_of_that_position(capsys, tmp_path):
    moves = ["deal"] * 6
    options = ["--samples", "5", "--max-nodes", "20000", "--seed", "9", "--json"]
    by_deal = _cli_json(capsys, ["advise", "precedence", "--deal", "3", *moves, *options])
    assert main(["replay", "precedence", "--deal", "3", *moves, "--json", "--view", "player"]) == 0
    view_file = tmp_path / "view.json"
    view_file.write_text(json.dumps(json.loads(capsys.readouterr().out)["position"]))
    by_view = _cli_json(capsys, ["advise", "precedence", "--view", str(view_file), *options])
    assert by_deal.pop("deal") == 3 and by_view.pop("deal") is None
    assert by_deal == by_view


@pytest.mark.parametrize("moves", [114, 117])
def test_where_nothing_is_unseen_the_advice_is_the_solvers_answer(moves):
    """Along a winning line, after its first redeal, with a choice of moves: the solver's budget for
    a position with nothing unseen proves the position after 117 moves won (not yet the one after
    114, which it must never call lost)."""
    state = games.replay(games.get("precedence"), "king-out", LOSABLE_DEAL, expand(LOSABLE_LINE)[:moves])
    view = player_view(state)
    assert view.exact and len(state.legal_moves()) > 1
    advice = advise(view, SMALL)
    solved = solve(state, max_nodes=SMALL.for_view(True).max_nodes, max_memory_mb=SOLVE_MEMORY_MB)
    assert solved.result == "won" if moves == 117 else solved.result != "lost"
    assert (advice.samples, advice.how) == (1, "exact")
    assert advice.win_chance == (1.0 if solved.result == "won" else 0.0)
    if solved.result == "won":
        assert advice.move == solved.moves[0] and state.line_wins(solved.moves)


def test_nothing_unseen_gets_the_whole_budget_and_the_clock_cap_bounds_each_solve(monkeypatch):
    """A position with nothing unseen is solved once with at least EXACT_MIN_NODES; a ``timeout``
    gives each solve only the time left (the server's cap), and without one no solve has a clock
    (the answer stays reproducible)."""
    import cadogan.solver as solver_package

    state = games.replay(games.get("precedence"), "king-out", LOSABLE_DEAL, expand(LOSABLE_LINE)[:114])
    calls = []
    real = solver_package.solve

    def spy(position, timeout=None, max_nodes=None, **kwargs):
        calls.append((timeout, max_nodes))
        return real(position, timeout=timeout, max_nodes=min(max_nodes, 20_000), **kwargs)

    monkeypatch.setattr(solver_package, "solve", spy)
    advise(player_view(state), SMALL)
    assert calls and all(t is None and n == EXACT_MIN_NODES for t, n in calls)
    calls.clear()
    advise(player_view(state), Settings(samples=6, max_nodes=20_000, seed=3, timeout=0.5))
    assert calls and all(t is not None and 0 < t <= 0.5 and n == EXACT_MIN_NODES for t, n in calls)


def test_a_forced_move_is_not_a_choice():
    state = games.load("precedence", "king-out", 4)
    advice = advise(player_view(state), SMALL)
    assert advice.how == "forced" and str(advice.move) == "deal" and advice.samples == SMALL.samples
    assert advise(player_view(state), SMALL, estimate_free=False).win_chance is None


def test_a_blind_win_is_replayed_and_reported_won(capsys):
    played = play_blind("precedence", "king-out", 4, Settings(samples=4, max_nodes=20_000))
    assert played.result == "won" and len(played.win_chances) == len(played.moves)
    assert games.load("precedence", "king-out", 4).line_wins(played.moves)
    # The command line plays the same game (the same settings, the same seed).
    assert main(["advise", "precedence", "--deal", "4", "--play", "--samples", "4", "--max-nodes", "20000",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["result"] == "won" and out["moves"] == [str(m) for m in played.moves]
    assert set(out) == {"game", "variant", "deal", "result", "moves", "win_chances", "seconds"}


def test_a_win_that_does_not_replay_is_never_reported(monkeypatch):
    monkeypatch.setattr(State, "line_wins", lambda self, moves: False)
    with pytest.raises(RuntimeError, match="does not replay as a win"):
        play_blind("precedence", "king-out", 4, Settings(samples=4, max_nodes=20_000))


def test_a_blind_game_never_peeks_at_the_stock(monkeypatch):
    """The advice reads only views: sampling from a view whose stand-in stock is sorted."""
    seen_orders = []
    import cadogan.solver.advise as module
    real = module.advise

    def spy(view, *args, **kwargs):
        obj = view.to_json()
        assert obj["deal"] is None and obj["stock"][len(obj["stock"]) - view.hidden:] == [UNSEEN] * view.hidden
        assert list(view.state.stock[:view.hidden]) == sorted(view.unseen, reverse=True)
        seen_orders.append(view.hidden)
        return real(view, *args, **kwargs)

    monkeypatch.setattr(module, "advise", spy)
    module.play_blind("precedence", "king-out", 6, Settings(samples=2, max_nodes=5_000))
    assert seen_orders


def test_once_a_position_with_nothing_unseen_is_proven_lost_the_game_is_played_out_without_solving(monkeypatch):
    """After the losing move of the known line (past the redeals: nothing unseen), the first exact
    advice proves the position lost; no move can win it back, so no advice is asked again and the
    game is played on to its end with chance 0."""
    import cadogan.solver.advise as module

    line = expand(LOSABLE_LINE)
    k, losing = losing_point(line)
    state = games.replay(games.get("precedence"), "king-out", LOSABLE_DEAL, line[:k] + [losing])
    assert player_view(state).exact
    advices = []
    real = module.advise

    def spy(view, *args, **kwargs):
        advices.append(real(view, *args, **kwargs))
        return advices[-1]

    monkeypatch.setattr(module, "advise", spy)
    start = len(state.move_stack)
    chances, _, _ = module.play_on(state, SMALL)
    proven = [i for i, a in enumerate(advices) if a.proven_lost]
    assert proven == [len(advices) - 1], "the proof is the last advice asked for"
    assert advices[-1].how == "exact" and advices[-1].win_chance == 0
    assert not state.is_won() and len(state.move_stack) - start > len(advices)
    assert chances[len(advices):] and all(c == 0.0 for c in chances[len(advices):])


def test_after_many_undecided_exact_solves_the_full_budget_waits_for_more_cards_home(monkeypatch):
    """Positions with nothing unseen left undecided by the full budget: the first
    ``EXACT_UNDECIDED_FREE`` of a game, then the next ones get the ordinary budget until
    ``EXACT_RETRY_AFTER_HOME`` more cards are home, then the full one again."""
    import cadogan.solver.advise as module
    from cadogan.solver.knowledge import knowledge_of

    state = games.load("precedence", "king-out", 3)
    while state.redeals_left == 2:  # past the first redeal nothing is unseen
        state.play(knowledge_of(state).ordered_moves(state)[0])
    assert player_view(state).exact
    asked: list[tuple[int, int]] = []  # (cards home, the least nodes of an exact solve)

    def always_undecided(view, settings, *args, **kwargs):
        asked.append((view.state.cards_home(), settings.exact_min_nodes))
        move = knowledge_of(view.state).ordered_moves(view.state)[0]  # plays first: cards go home
        return Advice(move, 0.5, [], 1, 1, "exact")

    monkeypatch.setattr(module, "advise", always_undecided)
    module.play_on(state, SMALL)
    full_solves = retry_at = 0
    expected = []
    for home, _ in asked:
        expected.append(EXACT_MIN_NODES if home >= retry_at else 0)
        if home >= retry_at:
            full_solves += 1
            if full_solves >= EXACT_UNDECIDED_FREE:
                retry_at = home + EXACT_RETRY_AFTER_HOME
    assert [least for _, least in asked] == expected
    assert expected[:EXACT_UNDECIDED_FREE] == [EXACT_MIN_NODES] * EXACT_UNDECIDED_FREE
    assert expected.count(EXACT_MIN_NODES) > EXACT_UNDECIDED_FREE and expected.count(0) >= 2


def test_a_sampled_advice_is_never_a_proof_of_loss():
    advice = advise(player_view(_precedence_midgame()), SMALL)
    assert advice.how == "sampled" and not advice.proven_lost


def _bad_view(tmp_path, change):
    view = player_view(_after("precedence", "king-out", 3, ["deal", "deal"])).to_json()
    change(view)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(view))
    return str(path)


@pytest.mark.parametrize("change,message", [
    (lambda v: v["unseen"].pop(), "the stock hides 101 cards (??) but unseen lists 100"),
    (lambda v: v["waste"].append(v["waste"][0]) or v["waste"].append(v["waste"][0]), "is shown 3 times"),
    (lambda v: v["unseen"].__setitem__(0, v["waste"][0]) if v["waste"][0] != v["unseen"][0] else None,
     "does not fit"),
    (lambda v: v["stock"].pop() and v["unseen"].pop() and v["unseen"].pop() and v["stock"].pop(),
     "not the 104 of two packs"),
])
def test_a_bad_view_is_one_line_naming_the_fault_exit_2(capsys, tmp_path, change, message):
    path = _bad_view(tmp_path, change)
    with pytest.raises(SystemExit) as exit_:
        main(["advise", "precedence", "--view", path])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and message in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_position_with_no_legal_move_is_refused(capsys):
    state = games.load("precedence", "king-out", 1)
    while state.legal_moves():
        state.push(state.legal_moves()[-1])  # deal and redeal only: the game ends lost
    assert state.is_lost()
    with pytest.raises(BadInput, match="no legal move"):
        advise(player_view(state), SMALL)
    with pytest.raises(SystemExit) as exit_:
        main(["advise", "precedence", "--deal", "1", *map(str, state.move_stack)])
    assert exit_.value.code == 2 and "no legal move" in capsys.readouterr().err


@pytest.mark.parametrize("argv,message", [
    (["advise", "precedence"], "exactly one of --deal N and --view FILE"),
    (["advise", "precedence", "--deal", "3", "--play", "deal"], "--play plays a deal from its start"),
    (["advise", "precedence", "--deal", "3", "w>f9"], "move 1 (w>f9) is illegal"),
    (["advise", "precedence", "--deal", "3", "--samples", "0"], "--samples must be a whole number from 1"),
    (["advise", "precedence", "--deal", "3", "--seed", "-1"], "--seed must be a whole number from 0"),
    (["advise", "precedence", "--deal", "3", "--timeout", "nan"], "--timeout must be a number above 0"),
])
def test_usage_errors_exit_2(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2 and message in capsys.readouterr().err
