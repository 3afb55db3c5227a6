"""A game reviewed from the player's view: every decision graded by the win chance it gave up, an
accuracy for the game, and the move that lost a winnable deal told apart from bad luck (SPEC.md
``GET /api/games/{id}/review``; the method and its reasons: docs/review.md).

For each move k of the game, the position before it is seen as the player saw it
(``cadogan.games.view.player_view``).  A move with no other legal move beside it is *forced*: not
graded, nothing searched.  Otherwise the view is advised on as ``cadogan advise`` does
(``cadogan.solver.advise``: orders of the unseen cards drawn, each decided by the solver): the best
move and its win chance (``win_chance_before``), and the played move's chance on the **same**
drawn orders (``win_chance_after``; common random numbers, so the two differ only where the moves
do).  The drop between them gives the grade (``grade_of``), and the drops of the game its accuracy
(``accuracy_of``).  Then the full-deal analysis (``cadogan analyse``) finds the move after which no
win was possible; it is ``seen`` when its grade says the player's own win chance fell there.

Results come one move at a time, in the game's order, as they are computed
(``Reviewer.grades``), within a budget of seconds or search nodes; the moves the budget did not
reach are marked so.  The same game, settings and seed give the same grades (when no clock cuts the
review short).

>>> from cadogan.games import load
>>> state = load("precedence", "king-out", 6)
>>> for token in "deal deal deal w>f1 w>f1 deal".split():
...     _ = state.play(token)
>>> reviewer = Reviewer(state, ReviewSettings(samples=4, max_nodes=5_000, timeout=None))
>>> [(m.index, str(m.move), m.how.value) for m in reviewer.grades()]  # doctest: +NORMALIZE_WHITESPACE
[(0, 'deal', 'forced'), (1, 'deal', 'forced'), (2, 'deal', 'forced'), (3, 'w>f1', 'sampled'),
 (4, 'w>f1', 'sampled'), (5, 'deal', 'forced')]
>>> reviewer.review().to_json()["moves"][3]  # doctest: +NORMALIZE_WHITESPACE
{'move': 'w>f1', 'win_chance_before': 0.5, 'win_chance_after': 0.5, 'best_move': 'w>f2', 'grade': 'best',
 'how': 'sampled', 'samples': 4, 'unknown': 2}
>>> grade_of(0.0), grade_of(0.125), grade_of(0.25), grade_of(0.375), grade_of(0.5)
(<Grade.BEST: 'best'>, <Grade.GOOD: 'good'>, <Grade.INACCURACY: 'inaccuracy'>, <Grade.MISTAKE: 'mistake'>, <Grade.BLUNDER: 'blunder'>)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Callable, Iterator

from cadogan.errors import BadInput
from cadogan.games.base import Move, State
from cadogan.games.view import player_view, unseen_count
from cadogan.solver.advise import Sample, Settings, choose_move, draw_samples, judge_move, safe_move
from cadogan.solver.explain import LineStep, LossReason, loss_reason, summarise_line
from cadogan.solver.outcome import Finding, Result

__all__ = ["Grade", "How", "ReviewSettings", "MoveReview", "LosingMove", "Review", "Reviewer", "review_game",
           "grade_of", "move_accuracy", "accuracy_of"]

#: Samples per decision by default: the survey's blind player's figure.  A game holds up to hundreds
#: of decisions, and the two chances of one decision are compared on the same samples, so their
#: difference is far less noisy than either chance alone (docs/review.md, "Budget").
DEFAULT_SAMPLES = 8
#: Search nodes per solve by default (the survey's blind player's figure, as for the samples).
DEFAULT_MAX_NODES = 20_000
#: Seconds for a whole review by default (grading and analysis together).
DEFAULT_TIMEOUT = 60.0
#: The share of the timeout kept for the full-deal analysis of a game that was not won: the grading
#: stops when only this share is left, and the analysis gets what is left (at least this share).
ANALYSIS_SHARE = 1 / 3
#: The analysis's seconds when the review has no timeout (``cadogan analyse``'s default).
ANALYSIS_SECONDS = 60.0


class Grade(StrEnum):
    """How good a decision was, by the win chance it gave up against the best move."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def fell(self) -> bool:
        """True for a drop in win chance the samples show beyond their noise (inaccuracy or worse)."""
        return self in (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER)


#: The least drop in win chance (0..1) of each grade below "good", worst first.  Lichess grades by
#: drops of 0.1 / 0.2 / 0.3 of an engine's smooth winning chances; ours are shares of 8-16 drawn
#: orders, counted in steps of 1/8 or 1/16, and the best move is the one that did best *on these
#: samples* (the largest of several noisy counts, biased upward).  Two moves of equal worth differ
#: on a sample or two by chance alone, so:
#: - a drop of one sample in 8 (0.125) or two in 16 is "good": within that noise;
#: - "inaccuracy" from 0.15: two samples in 8, three in 16;
#: - "mistake" from 0.3: three samples in 8, five in 16;
#: - "blunder" from 0.5: half the samples or more, and every move that throws away a win the solver
#:   proved where nothing is unseen (one "sample", the position itself: a drop of 1).
GRADE_DROPS: tuple[tuple[float, Grade], ...] = ((0.5, Grade.BLUNDER), (0.3, Grade.MISTAKE),
                                                (0.15, Grade.INACCURACY))
#: The drop that sampling noise alone explains (the top of "good"): accuracy counts only what is beyond it.
NOISE_DROP = 0.15
_EPSILON = 1e-9  # drops are ratios of small counts: 3/10 is 0.30000000000000004 in floating point


def grade_of(drop: float) -> Grade:
    """The grade of a decision that gave up ``drop`` (0..1) of win chance against the best move:
    0 is "best" (as good as the best, on the samples), below 0.15 "good", then inaccuracy, mistake
    and blunder from 0.15, 0.3 and 0.5 (``GRADE_DROPS``).  ValueError for a drop outside 0..1.

    >>> [grade_of(d).value for d in (0, 0.1, 0.15, 2 / 8, 3 / 10, 0.49, 4 / 8, 1)]
    ['best', 'good', 'inaccuracy', 'inaccuracy', 'mistake', 'mistake', 'blunder', 'blunder']
    """
    if not (-_EPSILON <= drop <= 1 + _EPSILON):
        raise ValueError(f"a drop in win chance is from 0 to 1, not {drop}")
    if drop <= _EPSILON:
        return Grade.BEST
    for least, grade in GRADE_DROPS:
        if drop >= least - _EPSILON:
            return grade
    return Grade.GOOD


def move_accuracy(drop: float) -> float:
    """One decision's accuracy (0..1): lichess's curve (``103.1668 e^(-0.04354 d) - 3.1669``, d the
    drop in percentage points) applied to the drop beyond sampling noise (``NOISE_DROP``), so a
    "best" or "good" move counts 1, an inaccuracy of 0.25 about 0.64, a mistake of 0.375 about
    0.36, a blunder of 0.5 about 0.19 and of 1 nothing.

    >>> [round(move_accuracy(d), 2) for d in (0, 0.125, 0.25, 0.375, 0.5, 1)]
    [1.0, 1.0, 0.64, 0.36, 0.19, 0.0]
    """
    points = 100 * (drop - NOISE_DROP)
    if points <= 0:
        return 1.0  # the curve's constants give 99.9999 there
    return min(1.0, max(0.0, (103.1668 * math.exp(-0.04354 * points) - 3.1669) / 100))


def accuracy_of(drops: list[float]) -> float | None:
    """A game's accuracy (0..1): the mean of its graded decisions' ``move_accuracy``; None when no
    decision was graded by sampling (forced and safe moves are no decision to speak of)."""
    return sum(map(move_accuracy, drops)) / len(drops) if drops else None


class How(StrEnum):
    """How a move of the review was judged."""

    SAMPLED = "sampled"          #: graded on drawn orders of the unseen cards
    EXACT = "exact"              #: graded with nothing unseen: the position itself, solved
    FORCED = "forced"            #: the only legal move: no grade, nothing searched
    SAFE = "safe"                #: a move the solver proves never loses a win: best, nothing searched
    UNDECIDED = "undecided"      #: no sample was decided within the node budget: no grade
    NOT_REACHED = "not-reached"  #: the review's budget ran out before this move


@dataclass(frozen=True)
class ReviewSettings:
    """How a review is computed: ``samples`` drawn orders per decision, ``max_nodes`` search nodes
    per solve (a decision with nothing unseen solves its one position with ``samples`` times
    that), ``seed`` of the draws; the budget of the whole review: ``timeout`` seconds (None: no
    clock) and ``node_budget`` search nodes for the grading (None: no cap; unlike the clock it
    cuts the review at the same move on every machine); ``analyse``: whether ``Reviewer.run`` looks
    for the losing move with the full deal, with ``analysis_workers`` searches side by side (None:
    as ``cadogan analyse``, one per core up to four; 1 runs them in this process, as a process that
    may not start others -- a daemonic worker -- needs)."""

    samples: int = DEFAULT_SAMPLES
    max_nodes: int = DEFAULT_MAX_NODES
    seed: int = 0
    timeout: float | None = DEFAULT_TIMEOUT
    node_budget: int | None = None
    analyse: bool = True
    analysis_workers: int | None = None

    def __post_init__(self) -> None:
        if self.samples < 1 or self.max_nodes < 1:
            raise BadInput("a review needs at least one sample and one search node per solve")
        if self.timeout is not None and not (math.isfinite(self.timeout) and self.timeout > 0):
            raise BadInput("a review's timeout must be a number of seconds above 0")
        if self.node_budget is not None and self.node_budget < 1:
            raise BadInput("a review's node budget must be at least 1")
        if self.analysis_workers is not None and self.analysis_workers < 1:
            raise BadInput("a review's analysis needs at least one worker")

    def advice(self, exact: bool) -> Settings:
        """The settings of one decision's advice (``exact``: nothing unseen, one position to solve)."""
        return Settings(samples=self.samples, max_nodes=self.max_nodes, seed=self.seed).for_view(exact)

    def to_json(self) -> dict[str, Any]:
        return {"samples": self.samples, "max_nodes": self.max_nodes, "seed": self.seed, "timeout": self.timeout,
                "node_budget": self.node_budget}  # analyse and analysis_workers: how, not what, is reviewed


@dataclass(frozen=True)
class MoveReview:
    """One move of the game, reviewed: ``index`` its place (0 = the first move), ``how`` it was
    judged, its ``grade`` (None unless sampled or safe), the ``best_move`` from the view, the win
    chances of the best move (``win_chance_before``) and of the played one (``win_chance_after``),
    both over the same ``samples`` (None where nothing was estimated), and how many of those the
    search left undecided for the played move (``unknown``: counted as not won)."""

    index: int
    move: Move
    how: How
    grade: Grade | None = None
    best_move: Move | None = None
    win_chance_before: float | None = None
    win_chance_after: float | None = None
    samples: int = 0
    unknown: int = 0

    @property
    def drop(self) -> float | None:
        """The win chance the move gave up against the best (None where not estimated)."""
        if self.win_chance_before is None or self.win_chance_after is None:
            return None
        return max(0.0, self.win_chance_before - self.win_chance_after)

    @property
    def graded(self) -> bool:
        """True for a decision graded by its win chances (sampled or exact)."""
        return self.how in (How.SAMPLED, How.EXACT)

    def to_json(self) -> dict[str, Any]:
        """SPEC's ``{"move", "win_chance_before", "win_chance_after", "best_move", "grade"}`` and
        ``how``, ``samples``, ``unknown``."""
        return {"move": str(self.move), "win_chance_before": _rounded(self.win_chance_before),
                "win_chance_after": _rounded(self.win_chance_after),
                "best_move": None if self.best_move is None else str(self.best_move),
                "grade": None if self.grade is None else self.grade.value,
                "how": self.how.value, "samples": self.samples, "unknown": self.unknown}


def _rounded(chance: float | None) -> float | None:
    return None if chance is None else round(chance, 4)


@dataclass(frozen=True)
class LosingMove:
    """The move after which the deal could no longer be won (the full-deal analysis): ``index``
    its place in the game, ``seen`` whether the player's own win chance fell there (its ``grade``
    is an inaccuracy or worse) -- else bad luck that only the full deal shows; ``reason`` why it
    lost, where the winning ``line`` from just before it shows a card it buried or spent;
    ``summary`` that line in brief."""

    index: int
    move: Move
    seen: bool
    grade: Grade | None
    reason: LossReason | None
    line: list[Move]
    summary: list[LineStep]

    def to_json(self) -> dict[str, Any]:
        """SPEC's ``{"index", "seen"}`` and ``move``, ``grade``, ``reason``, ``line``, ``summary``."""
        return {"index": self.index, "seen": self.seen, "move": str(self.move),
                "grade": None if self.grade is None else self.grade.value,
                "reason": None if self.reason is None else self.reason.to_json(),
                "line": [str(m) for m in self.line], "summary": [step.to_json() for step in self.summary]}


@dataclass
class Review:
    """A game's review: every move's ``MoveReview`` in order, the full-deal ``analysis``'s finding
    (None when it was not run) and the ``losing_move`` it found (None when the game was won, never
    winnable, or not decided)."""

    game: str
    variant: str
    deal: int | None
    moves: list[MoveReview]
    analysis: Finding | None = None
    losing_move: LosingMove | None = None
    settings: ReviewSettings = field(default_factory=ReviewSettings)
    seconds: float = 0.0

    @property
    def accuracy(self) -> float | None:
        """``accuracy_of`` the graded decisions (0..1; None when there is none)."""
        return accuracy_of([m.drop for m in self.moves if m.graded and m.drop is not None])

    @property
    def complete(self) -> bool:
        """True when every move was reached and the analysis decided where the game stands."""
        return all(m.how is not How.NOT_REACHED for m in self.moves) and \
            self.analysis is not None and self.analysis is not Finding.UNKNOWN

    def to_json(self) -> dict[str, Any]:
        """SPEC's ``{"moves", "accuracy", "losing_move"}`` (``accuracy`` a share, 0..1), and
        ``game``, ``variant``, ``deal``, ``complete``, ``analysis``, ``settings``, ``seconds``."""
        accuracy = self.accuracy
        return {"moves": [m.to_json() for m in self.moves],
                "accuracy": None if accuracy is None else round(accuracy, 4),
                "losing_move": None if self.losing_move is None else self.losing_move.to_json(),
                "game": self.game, "variant": self.variant, "deal": self.deal, "complete": self.complete,
                "analysis": None if self.analysis is None else self.analysis.value,
                "settings": self.settings.to_json(), "seconds": round(self.seconds, 3)}


class Reviewer:
    """The review of the game that led to ``state`` (its ``move_stack``, from the start of its
    deal; ``state`` is left unchanged), computed step by step:

    - ``grades()`` grades the moves in order and yields each ``MoveReview`` as soon as it is
      computed; it stops when its budget runs out, and called again it goes on from there;
    - ``analyse(seconds)`` finds the losing move with the full deal and labels it;
    - ``review()`` is the ``Review`` so far, at any time (moves not reached marked so);
    - ``run(on_move)`` does it all within ``settings.timeout``.

    Between moves that turn up no card the drawn orders are kept, pushed through the move: the
    position after the played move in each sample is exactly a draw for the next view (the unseen
    order did not change, and nothing was learnt about it), and what the solver said of it while
    judging the played move is that next decision's root, so it is not solved again.
    """

    def __init__(self, state: State, settings: ReviewSettings = ReviewSettings()) -> None:
        self.settings = settings
        self.final = state.copy()
        self.moves: list[Move] = list(state.move_stack)
        self._state = self._position_after(0)  # the position before the next move to grade
        self._carried: list[Sample] | None = None
        self.graded: list[MoveReview] = []
        # moves graded out of turn (the losing move), with the samples they were judged on
        self._alone: dict[int, tuple[MoveReview, list[Sample] | None]] = {}
        self.nodes = 0  # search nodes spent on the grading
        self.seconds = 0.0  # spent on grading and analysis
        self.analysis: Any = None  # cadogan.solver.analysis.Analysis, once run
        self.losing_move: LosingMove | None = None

    # --- grading ---------------------------------------------------------------------------
    def grades(self, seconds: float | None = None, node_budget: int | None = None) -> Iterator[MoveReview]:
        """Grade the moves not graded yet, in order, yielding each as it is computed.  Stops before
        a move once ``seconds`` have passed since the call or the grading has spent ``node_budget``
        nodes in all (defaults: ``settings.timeout`` and ``settings.node_budget``); a move once
        started is finished, so the cut falls between moves and the grades are the same on every
        machine (bar the moves the clock reaches)."""
        seconds = self.settings.timeout if seconds is None else seconds
        node_budget = self.settings.node_budget if node_budget is None else node_budget
        started = time.perf_counter()
        while len(self.graded) < len(self.moves):
            if seconds is not None and time.perf_counter() - started >= seconds:
                return
            if node_budget is not None and self.nodes >= node_budget:
                return
            index = len(self.graded)
            began = time.perf_counter()
            move = self.moves[index]
            if index in self._alone:  # graded out of turn: the same grade, and its samples go on
                graded, samples = self._alone.pop(index)
            else:
                graded, samples = self._decide(self._state, index, move, self._carried)
            self._carried = self._carry(self._state, move, samples)
            self.graded.append(graded)
            self.seconds += time.perf_counter() - began
            yield graded

    def _decide(self, state: State, index: int, move: Move,
                carried: list[Sample] | None) -> tuple[MoveReview, list[Sample] | None]:
        """Grade ``move`` made in ``state`` (left as it was); also the samples it was judged on."""
        legal = state.legal_moves()
        if len(legal) == 1:
            return MoveReview(index, move, How.FORCED, best_move=move), carried
        view = player_view(state)
        if safe_move(view) == move:
            return MoveReview(index, move, How.SAFE, Grade.BEST, best_move=move), carried
        settings = self.settings.advice(view.exact)
        samples = carried if carried is not None else draw_samples(view, settings)
        nodes_before = sum(s.nodes for s in samples)
        choice = choose_move(view, legal, samples, settings)
        played = choice.chances[move]
        if played.samples < len(samples):  # stopped early against the leader: judge it on every sample
            played = judge_move(move, samples, settings)
        self.nodes += sum(s.nodes for s in samples) - nodes_before
        best = choice.leader
        if all(sample.solve(settings)[0] == Result.UNKNOWN for sample in samples):
            return MoveReview(index, move, How.UNDECIDED, best_move=best.move, samples=len(samples),
                              unknown=played.unknown), samples
        before, after = best.win_chance, played.win_chance
        # The leader has the most wins of every move judged on all the samples, the played one included.
        assert played.wins <= best.wins, (played, best)
        return MoveReview(index, move, How.EXACT if view.exact else How.SAMPLED, grade_of(before - after),
                          best.move, before, after, len(samples), played.unknown), samples

    @staticmethod
    def _carry(state: State, move: Move, samples: list[Sample] | None) -> list[Sample] | None:
        """Play ``move`` in ``state``; the samples pushed through it if it turned up no card."""
        hidden = unseen_count(state)
        state.push(move)
        if samples is None or unseen_count(state) != hidden:
            return None
        return [sample.advanced(move) for sample in samples]

    def _position_after(self, moves: int) -> State:
        state = self.final.copy()
        while len(state.move_stack) > moves:
            state.pop()
        return state

    def grade_alone(self, index: int) -> MoveReview:
        """Move ``index`` graded on fresh samples, out of turn (kept for ``review``)."""
        if index < len(self.graded):
            return self.graded[index]
        if index not in self._alone:
            self._alone[index] = self._decide(self._position_after(index), index, self.moves[index], None)
        return self._alone[index][0]

    # --- the losing move --------------------------------------------------------------------
    def analyse(self, seconds: float, workers: int | None = None) -> LosingMove | None:
        """Look for the move that lost the game with the full deal (``cadogan analyse``, within
        ``seconds``), and label it: seen if its grade (from the review, or graded now) says the
        player's win chance fell there.  A decided analysis is kept; an undecided one can be run
        again with more time."""
        from cadogan.solver.analysis import analyse_state, default_workers

        if self.analysis is not None and self.analysis.result is not Finding.UNKNOWN:
            return self.losing_move
        began = time.perf_counter()
        analysis = analyse_state(self.final, seconds, default_workers() if workers is None else workers)
        self.analysis = analysis
        if analysis.result is Finding.WENT_WRONG:
            index = analysis.last_winnable
            graded = self.grade_alone(index)
            before = self._position_after(index)
            line = list(analysis.line)
            if graded.grade is None and player_view(before).exact:
                graded = self._proven_blunder(index, line[0])
            self.losing_move = LosingMove(index, self.moves[index], graded.grade is not None and graded.grade.fell,
                                          graded.grade, loss_reason(before, self.moves[index], line), line,
                                          summarise_line(before, line))
        self.seconds += time.perf_counter() - began
        return self.losing_move

    def _proven_blunder(self, index: int, best: Move) -> MoveReview:
        """Move ``index``, whose grading was left undecided where nothing was unseen, graded by the
        analysis instead (and kept in the review): the analysis proved the position before it won
        (its line, which starts with ``best``, was replayed to a win) and the one after it lost, and
        with nothing unseen the player's view is the whole deal, so the player's own win chance fell
        from 1 to 0 there: a blunder the player could see, not bad luck."""
        proven = MoveReview(index, self.moves[index], How.EXACT, Grade.BLUNDER, best, 1.0, 0.0, 1, 0)
        if index < len(self.graded):
            self.graded[index] = proven
        else:
            self._alone[index] = proven, None
        return proven

    # --- the whole review --------------------------------------------------------------------
    def review(self) -> Review:
        """The review as it stands: the moves graded so far, the rest ``not-reached``."""
        moves = list(self.graded)
        for index in range(len(moves), len(self.moves)):
            alone = self._alone.get(index)
            moves.append(alone[0] if alone else MoveReview(index, self.moves[index], How.NOT_REACHED))
        finding = None if self.analysis is None else Finding(self.analysis.result)
        return Review(self.final.game.id, self.final.variant, self.final.deal, moves, finding, self.losing_move,
                      self.settings, self.seconds)

    def run(self, on_move: Callable[[MoveReview], None] | None = None) -> Review:
        """Grade every move (``on_move`` called with each as it comes, in order), then analyse, all
        within ``settings.timeout``: a game that was not won keeps ``ANALYSIS_SHARE`` of it for the
        analysis, which gets whatever the grading left; time the analysis leaves goes back to the
        grading."""
        started = time.perf_counter()
        timeout = self.settings.timeout

        def left() -> float | None:
            return None if timeout is None else timeout - (time.perf_counter() - started)

        analyse = self.settings.analyse and not self.final.is_won()
        grading = None if timeout is None else timeout * (1 - ANALYSIS_SHARE if analyse else 1)
        for graded in self.grades(grading):
            if on_move is not None:
                on_move(graded)
        if self.settings.analyse:
            self.analyse(ANALYSIS_SECONDS if timeout is None else max(timeout * ANALYSIS_SHARE, left() or 0.0),
                         self.settings.analysis_workers)
        seconds = left()
        if seconds is None or seconds > 0:
            for graded in self.grades(seconds):
                if on_move is not None:
                    on_move(graded)
        return self.review()


def review_game(game: str, variant: str | None, deal: int, moves: list[Move | str],
                settings: ReviewSettings = ReviewSettings(),
                on_move: Callable[[MoveReview], None] | None = None) -> Review:
    """The review of ``moves`` played from the start of ``deal`` (``Reviewer.run``).  IllegalMove
    (or BadInput) when a move cannot be played: the game must replay first."""
    from cadogan import games

    state = games.load(game, variant, deal)
    for move in moves:
        state.play(move)
    return Reviewer(state, settings).run(on_move)
