"""What is known about a deal before it is played: its verdict and its difficulty (docs/difficulty.md).

The verdict is a ``Result``: WON (proven winnable: a winning line was found and replayed), LOST
(proven: the complete search found none) or UNKNOWN, worded ``winnable``, ``lost`` and ``undecided``
in the answer (``Result.verdict_word``).  It comes from the survey's pool of proven-won deals
(``cadogan.solver.pool``) when the deal is there, else from a short solve.

The difficulty of a winnable deal reads two measures (``DealVerdict.nodes``, ``DealVerdict.wins``):

* ``easy`` — a random-but-sensible player (``cadogan.solver.playing``) wins at least one of
  ``PLAYOUTS`` games, or the solver finds the win within ``EASY_NODES`` positions: the obvious
  moves (mostly) win;
* ``medium`` — the solver finds the win within ``MEDIUM_NODES`` positions;
* ``hard`` — it needs more, or the deal is proven winnable (pool) but the short solve found no win;

and of the others ``lost`` (proven lost) or ``unknown`` (undecided).

>>> v = deal_verdict("precedence", "king-out", 4, seconds=5)
>>> v.result, v.verdict, v.difficulty, v.source
(<Result.WON: 'won'>, 'winnable', 'easy', 'pool')
>>> deal_verdict("british-square", "columns", 2, seconds=5).to_json()
{'verdict': 'lost', 'difficulty': 'lost', 'source': 'solver'}
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from cadogan import games
from cadogan.errors import BadInput
from cadogan.solver import solve
from cadogan.solver.outcome import Result
from cadogan.solver.playing import play_out

PLAYOUTS = 100  # random-but-sensible games played from the start (fewer when time runs out)
PLAYOUT_SHARE = 0.4  # of the seconds: the playouts; the rest is the solve's
EASY_NODES = 10_000
MEDIUM_NODES = 1_000_000
DIFFICULTIES = ("easy", "medium", "hard", "lost", "unknown")
MAX_MEMORY_MB = 256

__all__ = ["DealVerdict", "deal_verdict", "difficulty_of", "pick_deal", "DIFFICULTIES"]


@dataclass
class DealVerdict:
    """``result``: can the deal be won (given as a word, read as its ``Result``), ``verdict`` that in
    the answer's words; ``difficulty``: one of ``DIFFICULTIES``; ``source``: ``pool`` (the survey
    proved it winnable) or ``solver``; ``nodes``: the solver's effort (None: it did not find the
    win); ``wins`` of ``playouts`` random-but-sensible games won."""

    result: Result
    difficulty: str
    source: str
    nodes: int | None = None
    wins: int = 0
    playouts: int = 0

    def __post_init__(self) -> None:
        self.result = Result.from_word(self.result)

    @property
    def verdict(self) -> str:
        return self.result.verdict_word

    def to_json(self) -> dict[str, str]:
        return {"verdict": self.verdict, "difficulty": self.difficulty, "source": self.source}


def difficulty_of(result: Result | str, nodes: int | None, wins: int) -> str:
    """The difficulty from the deal's result (or its word) and the two measures (see the module's
    docstring).

    >>> won, lost, unknown = Result
    >>> difficulty_of(won, 500_000, 0), difficulty_of(won, None, 2), difficulty_of(lost, None, 0)
    ('medium', 'easy', 'lost')
    >>> difficulty_of(won, None, 0), difficulty_of(unknown, 100, 0)
    ('hard', 'unknown')
    """
    result = Result.from_word(result)
    if result is Result.LOST:
        return "lost"
    if result is not Result.WON:
        return "unknown"
    if wins > 0 or (nodes is not None and nodes <= EASY_NODES):
        return "easy"
    if nodes is not None and nodes <= MEDIUM_NODES:
        return "medium"
    return "hard"


def deal_verdict(game: str, variant: str | None, deal: int, seconds: float = 3.0) -> DealVerdict:
    """The verdict and difficulty of a deal within about ``seconds``; BadInput for an unknown game,
    variant or deal."""
    start = games.load(game, variant, deal)
    deadline = time.perf_counter() + max(0.0, seconds)
    in_pool = _in_pool(start.game.id, start.variant, deal)
    found = solve(start, timeout=max(0.05, seconds * (1 - PLAYOUT_SHARE)), max_memory_mb=MAX_MEMORY_MB)
    won = found.result is Result.WON and _wins(start, found.moves)
    result = Result.WON if won or in_pool else Result.LOST if found.result is Result.LOST else Result.UNKNOWN
    wins, played = _playouts(start, deadline) if result is Result.WON else (0, 0)
    return DealVerdict(result, difficulty_of(result, found.nodes if won else None, wins),
                       "pool" if in_pool else "solver", found.nodes if won else None, wins, played)


def pick_deal(game: str, variant: str | None, difficulty: str, seconds: float = 20.0,
              per_deal: float = 2.0, rng: random.Random | None = None) -> int | None:
    """A random deal of this ``difficulty`` (one of ``DIFFICULTIES`` but unknown), drawing deals
    until one is found or ``seconds`` have passed (None then).

    >>> deal = pick_deal("british-square", "columns", "lost", seconds=10, rng=random.Random(1))
    >>> deal_verdict("british-square", "columns", deal, 2).difficulty
    'lost'
    """
    if difficulty not in DIFFICULTIES or difficulty == "unknown":
        raise BadInput(f"unknown difficulty {difficulty!r}: choose one of easy, medium, hard, lost")
    games.get(game).resolve_variant(variant)
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        deal = _random_deal(rng)
        budget = min(per_deal, deadline - time.perf_counter())
        if budget > 0 and deal_verdict(game, variant, deal, budget).difficulty == difficulty:
            return deal
    return None


def _playouts(start: games.State, deadline: float) -> tuple[int, int]:
    """(games won, games played) of up to ``PLAYOUTS`` random-but-sensible games, seeded 0, 1, ..."""
    wins = played = 0
    while played < PLAYOUTS and (played < 10 or time.perf_counter() < deadline):
        state = play_out(start.copy(), random.Random(played))
        wins += state.is_won()
        played += 1
    return wins, played


def _in_pool(game: str, variant: str, deal: int) -> bool:
    from cadogan.solver.pool import winnable_deals
    try:
        return deal in set(winnable_deals(game, variant))
    except (OSError, ValueError):  # a missing or damaged pool: the solver decides alone
        return False


def _wins(state: games.State, moves: list) -> bool:
    try:
        return state.line_wins(moves)
    except Exception:
        return False


def _random_deal(rng: random.Random | None) -> int:
    """A random deal: ``cadogan.cards.random_deal`` unless an ``rng`` is given (tests)."""
    from cadogan.cards import RANDOM_DEALS, random_deal
    return rng.randrange(RANDOM_DEALS) if rng is not None else random_deal()
