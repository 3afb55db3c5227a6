"""``cadogan review``: a game graded from the player's view (SPEC.md ``/review``, docs/review.md)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from cadogan import games
from cadogan.errors import BadInput, IllegalMove
from cadogan.games.view import player_view
from cadogan.solver.advise import draw_samples, judge_move
from cadogan.solver.explain import BURIED, SPENT, expand_summary, loss_reason, summarise_line
from cadogan.solver.playing import play_out
from cadogan.solver.review import (GRADE_DROPS, NOISE_DROP, Grade, How, MoveReview, Reviewer, ReviewSettings, accuracy_of,
                                   grade_of, move_accuracy, review_game)
from cadogan.cards import format_card

from handmade import run_cli

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from known_lines import LOSABLE_DEAL, LOSABLE_LINE, expand, losing_point  # noqa: E402

SMALL = ReviewSettings(samples=4, max_nodes=5_000, seed=1, timeout=None)
SPEC_MOVE_KEYS = {"move", "win_chance_before", "win_chance_after", "best_move", "grade"}


def random_game(game: str, variant: str, deal: int, moves: int | None = None) -> games.State:
    """A game played by the random-but-sensible player (to its end, or its first ``moves`` moves)."""
    state = play_out(games.load(game, variant, deal), random.Random(deal))
    while moves is not None and len(state.move_stack) > moves:
        state.pop()
    return state


def reviewed(state: games.State, settings: ReviewSettings = SMALL) -> Reviewer:
    reviewer = Reviewer(state, settings)
    for _ in reviewer.grades():
        pass
    return reviewer


# --- grades and accuracy ----------------------------------------------------------------------------

@pytest.mark.parametrize("drop,grade", [
    (0.0, "best"), (1 / 16, "good"), (1 / 8, "good"), (0.15, "inaccuracy"), (2 / 8, "inaccuracy"),
    (3 / 16, "inaccuracy"), (3 / 10, "mistake"), (3 / 8, "mistake"), (7 / 16, "mistake"), (4 / 8, "blunder"),
    (1.0, "blunder"),
])
def test_a_drop_in_win_chance_gets_its_grade(drop, grade):
    assert grade_of(drop) == grade


def test_one_sample_in_eight_is_within_the_noise_and_two_are_not():
    assert grade_of(1 / 8) is Grade.GOOD and not grade_of(1 / 8).fell
    assert grade_of(2 / 8).fell and grade_of(1 / 1).fell


@pytest.mark.parametrize("drop", [-0.2, 1.5, float("nan")])
def test_a_drop_outside_0_to_1_is_refused(drop):
    with pytest.raises(ValueError):
        grade_of(drop)


ORDER = list(Grade)


@given(st.floats(0, 1), st.floats(0, 1))
def test_a_larger_drop_never_grades_better(a, b):
    low, high = sorted((a, b))
    assert ORDER.index(grade_of(low)) <= ORDER.index(grade_of(high))
    assert move_accuracy(low) >= move_accuracy(high)


@given(st.floats(0, 1))
def test_grades_follow_the_documented_thresholds(drop):
    grade = grade_of(drop)
    assert (grade is Grade.BEST) == (drop <= 1e-9)  # drops are shares of at most 10,000 samples
    for least, named in GRADE_DROPS:
        if drop >= least:
            assert ORDER.index(grade) >= ORDER.index(named)
    assert 0.0 <= move_accuracy(drop) <= 1.0
    assert (move_accuracy(drop) == 1.0) == (drop <= NOISE_DROP)


@given(st.lists(st.floats(0, 1), max_size=30))
def test_accuracy_is_the_mean_of_the_decisions(drops):
    accuracy = accuracy_of(drops)
    if not drops:
        assert accuracy is None
    else:
        assert accuracy == pytest.approx(sum(move_accuracy(d) for d in drops) / len(drops))


# --- grading a game ----------------------------------------------------------------------------------

def test_forced_moves_are_not_graded_and_nothing_is_searched_for_them():
    state = random_game("precedence", "king-out", 6, moves=40)
    reviewer = reviewed(state)
    review = reviewer.review()
    replay = games.load("precedence", "king-out", 6)
    forced = 0
    for m in review.moves:
        if len(replay.legal_moves()) == 1:
            forced += 1
            assert m.how is How.FORCED and m.grade is None and m.samples == 0
            assert m.win_chance_before is None and m.win_chance_after is None and m.best_move == m.move
            assert m.to_json()["grade"] is None
        else:
            assert m.how is not How.FORCED
        replay.play(m.move)
    assert forced > 10


def test_a_game_of_forced_moves_costs_no_search():
    state = games.load("precedence", "king-out", 6)
    for _ in range(3):
        assert state.legal_moves() == [games.DEAL]
        state.play("deal")
    reviewer = reviewed(state)
    assert reviewer.nodes == 0 and reviewer.review().accuracy is None


@pytest.fixture(scope="module")
def british_square():
    """British Square piles deal 5, its first 25 random-but-sensible moves, reviewed once: the state,
    the moves as the grading yielded them, and the review after the first five."""
    state = random_game("british-square", "piles", 5, moves=25)
    reviewer = Reviewer(state, TINY)
    stream = reviewer.grades()
    first = [next(stream) for _ in range(5)]
    partial = reviewer.review()
    return state, first + list(stream), partial, reviewer.review()


TINY = ReviewSettings(samples=4, max_nodes=2_000, seed=1, timeout=None)


def test_the_same_game_settings_and_seed_give_the_same_review(british_square):
    state, _, _, review = british_square
    again = reviewed(state, TINY).review().to_json()
    assert again["moves"] == review.to_json()["moves"] and again["accuracy"] == review.to_json()["accuracy"]
    precedence = random_game("precedence", "king-out", 6, moves=120)
    assert reviewed(precedence).review().to_json()["moves"] == reviewed(precedence).review().to_json()["moves"]


def test_the_played_move_never_beats_the_best_on_the_same_samples(british_square):
    _, _, _, review = british_square
    graded = [m for m in review.moves if m.graded]
    assert len(graded) > 10 and any(m.grade is not Grade.BEST for m in graded)
    for m in graded:
        assert 0.0 <= m.win_chance_after <= m.win_chance_before <= 1.0
        assert m.grade == grade_of(m.win_chance_before - m.win_chance_after)
        assert (m.grade is Grade.BEST) == (m.win_chance_after == m.win_chance_before)


def test_both_chances_are_counted_on_the_same_drawn_orders(british_square):
    """A decision graded on fresh samples gives exactly the chances of the best and the played
    move judged, each on every one of the same drawn positions."""
    state = british_square[0]
    reviewer = Reviewer(state, TINY)
    checked = 0
    for index in (6, 12, 18, 24):
        m = reviewer.grade_alone(index)
        if not m.graded:
            continue
        before = state.copy()
        while len(before.move_stack) > index:
            before.pop()
        view = player_view(before)
        advice = TINY.advice(view.exact)
        samples = draw_samples(view, advice)
        best, played = judge_move(m.best_move, samples, advice), judge_move(m.move, samples, advice)
        assert (best.samples, played.samples) == (m.samples, m.samples) == (len(samples), len(samples))
        assert (best.win_chance, played.win_chance) == (m.win_chance_before, m.win_chance_after)
        checked += 1
    assert checked >= 2


def test_grades_arrive_one_by_one_in_the_order_of_the_game(british_square):
    state, streamed, partial, review = british_square
    assert [m.index for m in streamed] == list(range(25))
    assert [m.how is How.NOT_REACHED for m in partial.moves] == [False] * 5 + [True] * 20
    assert not partial.complete and partial.to_json()["complete"] is False
    assert [m.to_json() for m in review.moves] == [m.to_json() for m in streamed]
    seen: list[int] = []
    precedence = random_game("precedence", "king-out", 6, moves=60)
    settings = ReviewSettings(samples=4, max_nodes=3_000, seed=1, timeout=None, analyse=False)
    run = Reviewer(precedence, settings).run(lambda m: seen.append(m.index))
    assert seen == list(range(60)) and [m.index for m in run.moves] == seen


def test_a_node_budget_leaves_the_rest_of_the_game_ungraded_and_says_so():
    state = random_game("precedence", "king-out", 6, moves=80)
    budget = ReviewSettings(samples=4, max_nodes=5_000, seed=1, timeout=None, node_budget=1, analyse=False)
    review = Reviewer(state, budget).run()
    reached = [m for m in review.moves if m.how is not How.NOT_REACHED]
    assert reached and reached[-1].how in (How.SAMPLED, How.EXACT, How.UNDECIDED)
    assert all(m.how is How.FORCED for m in reached[:-1])  # the budget is spent by the first search
    rest = review.moves[len(reached):]
    assert rest and all(m.how is How.NOT_REACHED and m.grade is None and m.best_move is None for m in rest)
    assert all(m.to_json()["win_chance_before"] is None for m in rest)
    assert not review.complete
    # the same budget cuts at the same move every time; a larger one reaches further
    assert len([m for m in Reviewer(state, budget).run().moves if m.how is not How.NOT_REACHED]) == len(reached)
    wider = ReviewSettings(samples=4, max_nodes=5_000, seed=1, timeout=None, node_budget=200_000, analyse=False)
    assert sum(m.how is not How.NOT_REACHED for m in Reviewer(state, wider).run().moves) > len(reached)


def test_a_review_can_be_resumed_where_its_budget_stopped_it():
    state = random_game("precedence", "king-out", 6, moves=80)
    reviewer = Reviewer(state, ReviewSettings(samples=4, max_nodes=3_000, seed=1, timeout=None, node_budget=1))
    cut = len(list(reviewer.grades()))
    assert cut < 80
    rest = list(reviewer.grades(node_budget=10**12))
    assert [m.index for m in rest] == list(range(cut, 80))


# --- the losing move ------------------------------------------------------------------------------

def losable_game() -> tuple[games.State, int]:
    """Precedence deal 1 played along a winning line to its losing point, then the move that loses:
    in the last pass, where nothing is unseen, so the player could see it."""
    line = expand(LOSABLE_LINE)
    k, other = losing_point(line)
    state = games.load("precedence", "king-out", LOSABLE_DEAL)
    for token in line[:k] + [other]:
        state.play(token)
    return state, k


def test_a_losing_move_the_view_shows_is_labelled_seen():
    state, k = losable_game()
    reviewer = Reviewer(state, ReviewSettings(samples=4, max_nodes=5_000, seed=1, timeout=None, node_budget=1))
    list(reviewer.grades())
    lost = reviewer.analyse(30)
    assert reviewer.analysis.result == "went-wrong" and lost is not None
    assert lost.index == k == reviewer.analysis.last_winnable
    review = reviewer.review()
    move = review.moves[k]  # graded out of turn: the budget had stopped the grading long before
    assert move.how is How.EXACT and move.win_chance_before == 1.0 and move.win_chance_after == 0.0
    assert lost.seen and lost.grade is Grade.BLUNDER
    obj = review.to_json()["losing_move"]
    assert obj["index"] == k and obj["seen"] is True and obj["move"] == str(state.move_stack[k])
    assert games.load("precedence", "king-out", LOSABLE_DEAL).line_wins(state.move_stack[:k] + lost.line)
    assert expand_summary(lost.summary) == lost.line


def test_the_losing_move_is_seen_exactly_when_its_chance_fell():
    """Random British Square games to their dead end: wherever the analysis finds the losing move,
    its label agrees with the win chances graded there."""
    labelled = 0
    for deal in (1, 3):
        state = random_game("british-square", "piles", deal)
        reviewer = Reviewer(state, ReviewSettings(samples=4, max_nodes=2_000, seed=1, timeout=None, node_budget=1))
        list(reviewer.grades())
        lost = reviewer.analyse(20, workers=1)
        if lost is None:
            continue
        labelled += 1
        move = reviewer.review().moves[lost.index]
        assert lost.grade == move.grade
        fell = move.win_chance_before is not None and move.win_chance_before - move.win_chance_after >= NOISE_DROP
        assert lost.seen == fell
    assert labelled >= 1


def test_a_won_game_has_no_losing_move():
    from cadogan.solver import solve

    line = [str(m) for m in solve(games.load("precedence", "king-out", 10), timeout=10).moves]
    state = games.load("precedence", "king-out", 10)
    for token in line:
        state.play(token)
    review = Reviewer(state, ReviewSettings(samples=2, max_nodes=2_000, timeout=None, node_budget=1)).run()
    assert review.losing_move is None and review.analysis == "winnable"
    assert review.to_json()["losing_move"] is None


# --- why, and a line in brief ---------------------------------------------------------------------

def test_the_reason_names_a_card_the_winning_line_plays_where_it_says():
    state, k = losable_game()
    before = state.copy()
    before.pop()
    losing = state.move_stack[k]
    from cadogan.solver import solve
    line = solve(before, timeout=10).moves
    reason = loss_reason(before, losing, line)
    assert reason is not None and reason.kind in (BURIED, SPENT)
    replay = before.copy()
    for move in line[:reason.needed_step - 1]:
        replay.push(move)
    step = line[reason.needed_step - 1]
    assert format_card(replay.piles[step.src][-1]) == format_card(reason.card)
    assert str(step).split(">")[1] == reason.needed_pile
    obj = reason.to_json()
    assert set(obj) == {"kind", "card", "pile", "by", "needed"} and set(obj["needed"]) == {"pile", "onto", "step"}


def test_a_deal_that_covers_the_card_the_line_plays_next_buried_it():
    state = games.load("precedence", "king-out", 6)
    for token in "deal deal deal".split():
        state.play(token)
    queen = state.waste[-1]
    reason = loss_reason(state, games.DEAL, [games.Move.from_text("w>f1")])
    assert reason is not None and reason.kind == BURIED and reason.card == queen and reason.pile == "w"
    after = state.copy()
    after.play("deal")
    assert reason.by == after.waste[-1] and (reason.needed_pile, reason.needed_step) == ("f1", 1)
    assert loss_reason(state, games.DEAL, [games.DEAL]) is None  # the line never plays the queen


@hsettings(max_examples=25, deadline=None)
@given(st.sampled_from([("precedence", "king-out"), ("british-square", "piles"), ("square", "classic"),
                        ("square", "free")]), st.integers(0, 10**6), st.integers(0, 300))
def test_a_line_in_brief_expands_to_the_line(variant, deal, length):
    game, name = variant
    start = games.load(game, name, deal)
    line = list(play_out(start.copy(), random.Random(deal), max_moves=length).move_stack)
    steps = summarise_line(start, line)
    assert expand_summary(steps) == line
    assert all(a.move != b.move for a, b in zip(steps, steps[1:]))  # runs are whole
    assert all(len(step.cards) == (step.times if step.move.src >= 0 else 0) for step in steps)
    assert sum(step.dealt for step in steps) <= len(start.stock) * 3
    assert len(start.move_stack) == 0


def test_an_illegal_line_cannot_be_summarised():
    with pytest.raises(IllegalMove):
        summarise_line(games.load("precedence", "king-out", 3), [games.Move.from_text("w>f3")])


# --- JSON, the command line, bad input --------------------------------------------------------------

def test_the_json_has_the_spec_fields_and_the_documented_extras():
    state, k = losable_game()
    review = Reviewer(state, ReviewSettings(samples=4, max_nodes=5_000, timeout=30, node_budget=1)).run()
    obj = json.loads(json.dumps(review.to_json()))
    assert list(obj)[:3] == ["moves", "accuracy", "losing_move"]
    assert set(obj) == {"moves", "accuracy", "losing_move", "game", "variant", "deal", "complete", "analysis",
                        "settings", "seconds"}
    assert all(set(m) == SPEC_MOVE_KEYS | {"how", "samples", "unknown"} for m in obj["moves"])
    assert {"index", "seen"} <= set(obj["losing_move"])
    assert obj["accuracy"] is None or 0 <= obj["accuracy"] <= 1
    assert len(obj["moves"]) == len(state.move_stack)


def test_the_command_line_review_in_json_and_in_words(capsys):
    moves = [str(m) for m in random_game("british-square", "piles", 3, moves=8).move_stack]
    options = ["--samples", "3", "--max-nodes", "2000", "--seed", "2"]
    status, out, _ = run_cli(capsys, "review", "british-square", "--deal", "3", *moves, *options, "--json")
    assert status == 0
    obj = json.loads(out)
    assert [m["move"] for m in obj["moves"]] == moves and obj["settings"]["seed"] == 2
    assert obj["game"] == "british-square" and obj["deal"] == 3
    status, out, _ = run_cli(capsys, "review", "british-square", "--deal", "3", *moves, *options)
    assert status == 0
    assert "british-square piles, deal 3: review of 8 moves" in out
    assert "Win chance after each move" in out and "Accuracy" in out
    assert any(ch in out for ch in "▁▂▃▄▅▆▇█")


def test_the_command_line_reads_moves_from_a_file(capsys, tmp_path):
    moves = [str(m) for m in random_game("precedence", "king-out", 6, moves=12).move_stack]
    path = tmp_path / "game.txt"
    path.write_text(" ".join(moves))
    status, out, _ = run_cli(capsys, "review", "precedence", "--deal", "6", "--file", str(path), "--samples", "2",
                             "--max-nodes", "2000", "--json")
    assert status == 0 and [m["move"] for m in json.loads(out)["moves"]] == moves


def test_an_illegal_move_stops_the_review_as_replay_does(capsys):
    status, out, err = run_cli(capsys, "review", "precedence", "--deal", "3", "deal", "w>f5")
    assert status == 1 and out == "" and "move 2 (w>f5) is illegal" in err and err.count("\n") == 1
    status, out, err = run_cli(capsys, "review", "precedence", "--deal", "3", "deal", "w>f5", "--json")
    obj = json.loads(out)
    assert status == 1 and obj["legal"] is False and obj["moves_applied"] == 1


@pytest.mark.parametrize("argv,fragment", [
    (["review", "precedence", "--deal", "3"], "review needs the moves of the game"),
    (["review", "precedence", "deal"], "--deal"),
    (["review", "nogame", "--deal", "3", "deal"], "unknown game"),
    (["review", "precedence", "--deal", "3", "deal", "--samples", "0"], "--samples"),
    (["review", "precedence", "--deal", "3", "deal", "--samples", "many"], "--samples"),
    (["review", "precedence", "--deal", "3", "deal", "--max-nodes", "-5"], "--max-nodes"),
    (["review", "precedence", "--deal", "3", "deal", "--timeout", "0"], "--timeout"),
    (["review", "precedence", "--deal", "3", "deal", "--timeout", "nan"], "--timeout"),
    (["review", "precedence", "--deal", "3", "deal", "--seed", "-1"], "--seed"),
    (["review", "precedence", "--deal", "3", "deal", "--seed", "9" * 40], "--seed"),
    (["review", "precedence", "--deal", "3", "--file", "/nonexistent/moves.txt"], "cannot read moves file"),
])
def test_bad_input_is_one_line_and_exit_status_2(capsys, argv, fragment):
    status, out, err = run_cli(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("cadogan: ") and err.count("\n") == 1 and fragment in err and "Traceback" not in err


@pytest.mark.parametrize("kwargs", [{"samples": 0}, {"max_nodes": 0}, {"timeout": 0}, {"timeout": float("inf")},
                                    {"node_budget": 0}, {"analysis_workers": 0}])
def test_settings_that_cannot_review_are_refused(kwargs):
    with pytest.raises(BadInput):
        ReviewSettings(**kwargs)


def test_review_game_replays_the_moves_first():
    with pytest.raises(IllegalMove):
        review_game("precedence", None, 3, ["deal", "w>f5"], SMALL)
    review = review_game("precedence", None, 3, ["deal"], ReviewSettings(samples=2, max_nodes=2_000, timeout=None,
                                                                          analyse=False))
    assert [m.how for m in review.moves] == [How.FORCED]


def _review_in_a_daemon(pipe, state):  # the target of a daemonic process: it may not start processes
    settings = ReviewSettings(samples=2, max_nodes=2_000, timeout=60, node_budget=1, analysis_workers=1)
    pipe.send(Reviewer(state, settings).run().to_json())


def test_a_review_runs_in_a_daemonic_worker_with_one_analysis_worker():
    import multiprocessing
    state, k = losable_game()
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    worker = context.Process(target=_review_in_a_daemon, args=(send, state), daemon=True)
    worker.start()
    assert receive.poll(120), "the review did not answer"
    obj = receive.recv()
    worker.join()
    assert obj["analysis"] == "went-wrong" and obj["losing_move"]["index"] == k and obj["losing_move"]["seen"]


def test_a_losing_move_left_undecided_where_nothing_is_unseen_is_the_analysis_blunder():
    """A decision the view shows whole, left undecided by the grading's budget: the analysis proved
    the position before the move won and after it lost, so the move is a blunder the player could
    see (it was called bad luck before: seen false, grade null)."""
    state, k = losable_game()
    reviewer = Reviewer(state, ReviewSettings(samples=1, max_nodes=1, seed=1, timeout=None, node_budget=1))
    decide = reviewer._decide

    def undecided_at_k(position, index, move, carried):  # the budget too small for move k (as in the
        if index != k:                                     # blind player's games, at 20,000 nodes)
            return decide(position, index, move, carried)
        return MoveReview(index, move, How.UNDECIDED, samples=1, unknown=1), None

    reviewer._decide = undecided_at_k
    assert reviewer.grade_alone(k).how is How.UNDECIDED  # what the grading alone says of it
    lost = reviewer.analyse(30, workers=1)
    assert reviewer.analysis.result == "went-wrong" and lost is not None and lost.index == k
    assert lost.seen and lost.grade is Grade.BLUNDER
    move = reviewer.review().moves[k]
    assert (move.how, move.grade, move.win_chance_before, move.win_chance_after) == (How.EXACT, Grade.BLUNDER, 1.0, 0.0)
    assert move.best_move == lost.line[0] != state.move_stack[k]
    graded = {m.index: m for m in reviewer.grades()}  # the grading reaching it keeps the proven grade
    assert graded[k] == move
