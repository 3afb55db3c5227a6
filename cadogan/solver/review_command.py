"""``cadogan review GAME [--variant V] --deal N [MOVE ...] [--file F] [--samples K] [--max-nodes B]
[--timeout S] [--seed X] [--json]``: a game reviewed from the player's view (docs/review.md).
Exit 0 for every review, complete or cut short by ``--timeout``; 1 for an illegal move, reported
as ``cadogan replay`` does; 2 for a user error.  Ctrl+C prints the review so far, then exits 130.

``describe_review`` is the review in words, shared with the terminal game (``cadogan play``).
Top-level imports stay light: ``cadogan --help`` loads this.
"""

from __future__ import annotations

import argparse
from typing import Any, Callable

from cadogan.cmdline import (MAX_NODES, MAX_SEED, add_game_arguments, add_move_arguments, fail, move_tokens,
                             print_json, replay, replay_failed, seconds_argument, whole_number_argument)
from cadogan.errors import BadInput

DEFAULT_SAMPLES = 8  # cadogan.solver.review.DEFAULT_SAMPLES (not imported: --help stays light)
DEFAULT_MAX_NODES = 20_000  # cadogan.solver.review.DEFAULT_MAX_NODES
DEFAULT_TIMEOUT = 60.0  # cadogan.solver.review.DEFAULT_TIMEOUT
MAX_SAMPLES = 10_000  # more samples per decision than any review could afford
SPARK = "▁▂▃▄▅▆▇█"
SPARK_ROW = 50  # moves per row of the win-chance line
NOT_ESTIMATED, NOT_REACHED = "·", " "
SUMMARY_STEPS = 12  # steps of a winning line shown in brief before "… and N more"


def add_review_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    add_move_arguments(parser, "the moves of the game")
    parser.add_argument("--samples", "-k", metavar="K", type=whole_number_argument("--samples", MAX_SAMPLES),
                        default=DEFAULT_SAMPLES,
                        help=f"orders of the unseen cards drawn at each decision (default {DEFAULT_SAMPLES})")
    parser.add_argument("--max-nodes", metavar="B", type=whole_number_argument("--max-nodes", MAX_NODES),
                        default=DEFAULT_MAX_NODES,
                        help=f"search nodes per solve of a drawn position (default {DEFAULT_MAX_NODES})")
    parser.add_argument("--timeout", "-t", metavar="S", type=seconds_argument("--timeout"), default=DEFAULT_TIMEOUT,
                        help=f"seconds for the whole review, grading and the search for the losing move "
                             f"(default {DEFAULT_TIMEOUT:g}); the moves not reached are left ungraded")
    parser.add_argument("--seed", metavar="X", type=whole_number_argument("--seed", MAX_SEED, minimum=0), default=0,
                        help="seed of the draws (default 0)")
    parser.add_argument("--json", action="store_true", help="print the review as JSON")


def run_review(args: argparse.Namespace) -> int:
    from cadogan import games
    from cadogan.solver.review import Reviewer, ReviewSettings

    state = games.load(args.game, args.variant, args.deal)
    error = replay(state, move_tokens(args))
    if error is not None:
        return replay_failed(state, error, args.json)
    if not state.move_stack:
        raise BadInput("review needs the moves of the game: give them after the options or with --file F")
    settings = ReviewSettings(samples=args.samples, max_nodes=args.max_nodes, seed=args.seed,
                              timeout=args.timeout)
    reviewer = Reviewer(state, settings)
    try:
        review = reviewer.run()
    except KeyboardInterrupt:
        _print_review(reviewer.review(), args.json)
        return fail("interrupted: the review above is what was done", 130)
    _print_review(review, args.json)
    return 0


def _print_review(review: Any, as_json: bool) -> None:
    if as_json:
        print_json(review.to_json())
    else:
        print(describe_review(review))


# --- the review in words ------------------------------------------------------------------------
def describe_review(review: Any, card: Callable[[str], str] = str,
                    longer: str = "a longer --timeout reaches more") -> str:
    """The review in words: the win chance move by move as a text sparkline, the accuracy, the
    graded moves that were not the best (the best beside each), and the move that lost the game
    with its label and why.  ``card`` writes a card given as text (``"7H"``; the terminal's board
    turns it into ``7♥``); ``longer`` says how to give a review cut short more time."""
    lines = [f"{review.game} {review.variant}, deal {review.deal}: review of {_count(len(review.moves), 'move')} "
             f"from the player's view ({review.settings.samples} samples a decision, seed {review.settings.seed}, "
             f"{review.seconds:.1f} s)."]
    lines.append(f"Win chance after each move ({SPARK[0]} 0 % … {SPARK[-1]} 100 %; {NOT_ESTIMATED} not estimated"
                 + (", blank: not reached" if any(m.how == "not-reached" for m in review.moves) else "") + "):")
    lines.extend(sparkline_rows(review.moves))
    lines.append(_accuracy_line(review))
    lines.extend(_graded_lines(review.moves))
    lines.extend(_losing_lines(review, card))
    reached = sum(1 for m in review.moves if m.how != "not-reached")
    if reached < len(review.moves):
        lines.append(f"Not complete: the budget ran out after move {reached} of {len(review.moves)} ({longer}).")
    return "\n".join(lines)


def sparkline(moves: list[Any]) -> str:
    """One character per move: the win chance the move kept (``win_chance_after``), ▁ for 0 up to █
    for 1; a forced or safe move keeps the chance before it; ``·`` where nothing is known, a blank
    where the review did not reach.

    >>> from types import SimpleNamespace as M
    >>> sparkline([M(how="sampled", win_chance_after=1.0), M(how="forced", win_chance_after=None),
    ...            M(how="sampled", win_chance_after=0.5), M(how="undecided", win_chance_after=None),
    ...            M(how="sampled", win_chance_after=0.0), M(how="not-reached", win_chance_after=None)])
    '██▅·▁ '
    """
    chars = []
    last: float | None = None
    for m in moves:
        if m.how == "not-reached":
            chars.append(NOT_REACHED)
            continue
        if m.win_chance_after is not None:
            last = m.win_chance_after
        elif m.how not in ("forced", "safe"):
            last = None
        chars.append(NOT_ESTIMATED if last is None else SPARK[min(len(SPARK) - 1, int(last * len(SPARK)))])
    return "".join(chars)


def sparkline_rows(moves: list[Any], width: int = SPARK_ROW) -> list[str]:
    """``sparkline`` in rows of ``width`` moves, each led by the number of its first move (rows the
    review did not reach at all are left out)."""
    line = sparkline(moves)
    return [f"  {i + 1:4d} {line[i:i + width].rstrip()}" for i in range(0, len(line), width)
            if line[i:i + width].strip()]


def _accuracy_line(review: Any) -> str:
    hows: dict[str, int] = {}
    for m in review.moves:
        hows[str(m.how)] = hows.get(str(m.how), 0) + 1
    graded = hows.get("sampled", 0) + hows.get("exact", 0)
    others = ", ".join(f"{hows[how]} {words[hows[how] != 1]}" for how, words in
                       (("forced", ("forced move", "forced moves")), ("safe", ("safe move", "safe moves")),
                        ("undecided", ("undecided decision", "undecided decisions")),
                        ("not-reached", ("move not reached", "moves not reached"))) if hows.get(how))
    accuracy = review.accuracy
    head = "Accuracy: not measured" if accuracy is None else f"Accuracy {100 * accuracy:.0f} %"
    return f"{head} over {_count(graded, 'graded decision')}" + (f" ({others})." if others else ".")


def _graded_lines(moves: list[Any]) -> list[str]:
    worse = [m for m in moves if m.grade is not None and m.grade != "best"]
    if not worse:
        return ["Every graded move was as good as the best on the samples."] if any(m.grade for m in moves) else []
    lines = ["Moves that gave up win chance (good: within the samples' noise of the best):"]
    for m in worse:
        lines.append(f"  move {m.index + 1:<4d} {str(m.move):9} {m.grade:10} "
                     f"{_percent(m.win_chance_before)} → {_percent(m.win_chance_after)}   best {m.best_move}")
    return lines


def _losing_lines(review: Any, card: Callable[[str], str]) -> list[str]:
    analysis, lost = review.analysis, review.losing_move
    if analysis is None:
        return []
    if lost is None:
        return [{"winnable": "No move lost the game: it is won, or can still be won from where it stands.",
                 "never-winnable": "No move lost the game: the solver proved the deal lost from the start.",
                 "unknown": "The solver could not decide within the budget which move lost the game."}[str(analysis)]]
    move = review.moves[lost.index]
    chances = f"{_percent(move.win_chance_before)} → {_percent(move.win_chance_after)}" \
        if move.win_chance_before is not None else "not estimated"
    grade = f"{lost.grade}, {chances}" if lost.grade is not None else chances
    label = ("you could have seen it: your win chance fell there" if lost.seen
             else "bad luck: only the full deal shows it" if lost.grade is not None
             else "whether you could have seen it, the review cannot tell: no drawn order was decided there")
    lines = [f"The move that lost the game: move {lost.index + 1}, {lost.move} — {label} ({grade})."]
    if lost.reason is not None:
        lines.append("Why: " + reason_words(lost.move, lost.reason.to_json(), card))
    steps = [step.to_json() for step in lost.summary]
    if steps:
        shown = ", ".join(step_words(step, card) for step in steps[:SUMMARY_STEPS])
        more = f", … and {_count(len(steps) - SUMMARY_STEPS, 'more step')}" if len(steps) > SUMMARY_STEPS else ""
        lines.append(f"A winning line from just before it ({_count(len(lost.line), 'move')}): {shown}{more}.")
    return lines


def reason_words(move: Any, reason: dict[str, Any], card: Callable[[str], str] = str) -> str:
    """A ``LossReason`` (as JSON) in English.

    >>> reason_words("t1>t4", {"kind": "buried", "card": "5C", "pile": "t4", "by": "6C",
    ...                        "needed": {"pile": "f2", "onto": "4C", "step": 3}})
    't1>t4 buried 5C under 6C on t4; the winning line plays 5C to f2, onto 4C, at its move 3.'
    """
    needed = reason["needed"]
    where = f"onto {card(needed['onto'])}" if needed["onto"] else "to start it"
    use = f"{card(reason['card'])} to {needed['pile']}, {where}, at its move {needed['step']}"
    if reason["kind"] == "spent":
        return f"{move} spent {card(reason['card'])} on {reason['pile']}; the winning line plays {use}."
    if reason["by"] is None:
        return f"{move} took {card(reason['card'])} off {reason['pile']}; the winning line plays {use} first."
    return f"{move} buried {card(reason['card'])} under {card(reason['by'])} on {reason['pile']}; " \
           f"the winning line plays {use}."


def step_words(step: dict[str, Any], card: Callable[[str], str] = str) -> str:
    """A step of a line in brief (``LineStep`` as JSON) in English.

    >>> step_words({"move": "deal", "times": 12, "dealt": 12, "cards": []})
    'deal 12 cards'
    >>> step_words({"move": "w>f6", "times": 2, "dealt": 0, "cards": ["8S", "7S"]})
    '8S 7S to f6'
    """
    move, times = step["move"], step["times"]
    if move == "deal":
        if step["dealt"] == times:
            return "deal" if times == 1 else f"deal {times} cards"
        return f"deal {times}× ({step['dealt']} cards)"
    if move == "redeal":
        return "redeal" if times == 1 else f"redeal {times}×"
    destination = move.split(">")[1]
    return f"{' '.join(card(c) for c in step['cards'])} to {destination}"


def _percent(chance: float | None) -> str:
    return "  -" if chance is None else f"{100 * chance:3.0f} %"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
