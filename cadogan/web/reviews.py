"""Each game's review as it goes: the server's side of ``GET /api/games/{id}/review``.

A review is computed in steps (``cadogan.web.solver_service.ReviewRequest``), each one call of the
route, so that the first grades come within seconds, no search holds a worker for the whole review,
and the player may stop at any time (closing the page cancels the step under way, and only that
step's work is lost). The web layer keeps, per game, the review's progress: the moves it is of, its
settings, the reviewer as the last step left it (pickled by the worker) and the review object so
far. Each call asks the solver service for the next step:

1. grade the first moves (``budget`` seconds: the first grades soon);
2. where the game is over and was not won, look for the losing move with the whole deal
   (``FIRST_ANALYSIS`` seconds: the move and its label soon, as "Where did it go wrong?" did);
3. grade the rest, ``budget`` seconds a step;
4. if the analysis is still undecided: once more with ``AUTO_ANALYSIS`` seconds;
5. then only when the client asks for longer: twice the last budget, up to ``MAX_ANALYSIS``.

A game in progress is graded only: the losing move is looked for with the whole deal once the game
is over, as a review of a game still being played must not tell what the player cannot see.

>>> p = ReviewProgress(("deal",), 8, 0, over=True, won=False)
>>> next_step(p, 4.0, longer=False)
('grade', 4.0)
>>> p.review = {"moves": [{"how": "not-reached"}], "analysis": None}
>>> next_step(p, 4.0, longer=False)
('analyse', 15.0)
>>> p.review, p.analysed = {"moves": [{"how": "sampled"}], "analysis": "unknown"}, 15.0
>>> next_step(p, 4.0, longer=False), next_step(p, 4.0, longer=True)
(('analyse', 60.0), ('analyse', 60.0))
>>> p.analysed = 60.0
>>> next_step(p, 4.0, longer=False), next_step(p, 4.0, longer=True)
(None, ('analyse', 120.0))
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from cadogan.web.solver_service import ANALYSE, GRADE

#: The first look for the losing move (seconds): about what "Where did it go wrong?" gave.
FIRST_ANALYSIS = 15.0
#: The look the review makes by itself before it stops undecided: ``bench/analyse.py``'s budget.
AUTO_ANALYSIS = 60.0
#: The longest look a client may ask for ("try longer" doubles the last one up to this).
MAX_ANALYSIS = 240.0
#: Reviews kept in memory (one per game; the least recently used goes first).
KEPT_REVIEWS = 32
#: Steps that may fail (a worker that died, the server stopping) before the review stops trying.
MAX_FAILURES = 2


@dataclass
class ReviewProgress:
    """The review of the game of ``moves`` with ``samples`` and ``seed``, as far as it has got:
    ``over`` (won, or no legal move left) and ``won`` when asked; ``reviewer`` the pickled
    ``Reviewer`` and ``review`` its review object after the last step (None before the first);
    ``analysed`` the longest look for the losing move so far (seconds); ``steps`` answered and
    ``failures`` that gave nothing; ``recorded`` once its accuracy is kept in the statistics."""

    moves: tuple[str, ...]
    samples: int
    seed: int
    over: bool
    won: bool
    reviewer: bytes | None = None
    review: dict[str, Any] | None = None
    analysed: float = 0.0
    steps: int = 0
    failures: int = 0
    recorded: bool = False

    def same(self, moves: tuple[str, ...], samples: int, seed: int) -> bool:
        """Whether this is the review of ``moves`` with these settings."""
        return (self.moves, self.samples, self.seed) == (moves, samples, seed)

    @property
    def graded(self) -> int:
        """The moves graded so far (or judged without a grade: forced, safe, undecided)."""
        if self.review is None:
            return 0
        return sum(1 for m in self.review["moves"] if m["how"] != "not-reached")

    @property
    def looks_for_loss(self) -> bool:
        """Whether the review looks for the losing move: the game is over and was not won."""
        return self.over and not self.won

    @property
    def decided(self) -> bool:
        """Whether the look for the losing move decided where the game stands."""
        return self.review is not None and self.review.get("analysis") not in (None, "unknown")

    @property
    def complete(self) -> bool:
        """Every move graded and, where the review looks for the losing move, that look decided."""
        return self.review is not None and self.graded == len(self.moves) and \
            (self.decided or not self.looks_for_loss)


def next_step(progress: ReviewProgress, budget: float, longer: bool) -> tuple[str, float] | None:
    """The next step of ``progress`` (GRADE or ANALYSE, and its seconds), None when there is none
    (complete, or undecided after the looks the review makes by itself and ``longer`` not asked).
    ``budget``: the seconds of a grading step."""
    if progress.failures >= MAX_FAILURES:
        return None
    if progress.review is None:
        return GRADE, budget
    looking = progress.looks_for_loss and not progress.decided
    if looking and progress.analysed == 0:
        return ANALYSE, FIRST_ANALYSIS
    if progress.graded < len(progress.moves):
        return GRADE, budget
    if looking and progress.analysed < AUTO_ANALYSIS:
        return ANALYSE, AUTO_ANALYSIS
    if looking and longer and progress.analysed < MAX_ANALYSIS:
        return ANALYSE, min(MAX_ANALYSIS, 2 * progress.analysed)
    return None


def answer_of(progress: ReviewProgress, budget: float) -> dict[str, Any]:
    """The route's answer: the review object so far (every move ``not-reached`` before the first
    step), ``complete`` as ``ReviewProgress.complete`` says, ``over``, and ``progress``: the moves
    graded of all, the longest look for the losing move so far, what the next call will do (``next``:
    ``{"task", "seconds"}`` or null) and what ``longer=1`` would try when nothing is left to do by
    itself (``longer``: seconds, or null)."""
    review = progress.review if progress.review is not None else {
        "moves": [{"move": m, "win_chance_before": None, "win_chance_after": None, "best_move": None, "grade": None,
                   "how": "not-reached", "samples": 0, "unknown": 0} for m in progress.moves],
        "accuracy": None, "losing_move": None, "analysis": None, "seconds": 0.0}
    coming = next_step(progress, budget, longer=False)
    more = next_step(progress, budget, longer=True) if coming is None else None
    return {**review, "complete": progress.complete, "over": progress.over,
            "progress": {"graded": progress.graded, "total": len(progress.moves), "analysis_seconds": progress.analysed,
                         "next": None if coming is None else {"task": coming[0], "seconds": coming[1]},
                         "longer": None if more is None else more[1]}}


class Reviews:
    """The reviews under way or done, one per game id, the latest ``size`` kept."""

    def __init__(self, size: int = KEPT_REVIEWS) -> None:
        self.size = size
        self._kept: OrderedDict[str, ReviewProgress] = OrderedDict()

    def of(self, game_id: str, moves: tuple[str, ...], samples: int, seed: int, *, over: bool,
           won: bool) -> ReviewProgress:
        """The review of game ``game_id`` as it stands, begun afresh when the game's moves or the
        settings changed."""
        found = self._kept.get(game_id)
        if found is None or not found.same(moves, samples, seed):
            found = ReviewProgress(moves, samples, seed, over=over, won=won)
            self._kept[game_id] = found
        self._kept.move_to_end(game_id)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return found

    def current(self, game_id: str) -> ReviewProgress | None:
        """The review kept for ``game_id`` (None when there is none)."""
        return self._kept.get(game_id)

    def __len__(self) -> int:
        return len(self._kept)


def apply_step(progress: ReviewProgress, steps_before: int, task: str, seconds: float, found: dict[str, Any]) -> None:
    """Keep what a step answered (``found``: the worker's ``{"review", "progress"}``), unless another
    request's step got there first (``progress.steps`` moved on since ``steps_before``)."""
    if progress.steps != steps_before:
        return
    progress.steps += 1
    if found.get("review") is None:  # no search could run: the server stopping, or the worker died
        progress.failures += 1
        return
    progress.review, progress.reviewer = found["review"], found["progress"]
    if task == ANALYSE:
        progress.analysed = max(progress.analysed, seconds)
