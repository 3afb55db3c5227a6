"""The verdict tracker of ``cadogan play``: what the solver last said about the player's game, and
whether a move since lost a game it had called winnable (hints, ``v`` checks).

>>> from cadogan import games
>>> state = games.load("precedence", "king-out", 3)
>>> tracker = VerdictTracker()
>>> tracker.note(state, Result.WON) is None
True
>>> state.push(games.DEAL)
>>> tracker.note(state, Result.LOST), tracker.shows_lost(state)   # lost after being winnable at the start
(0, True)
"""

from __future__ import annotations

from cadogan.games.base import Move, State
from cadogan.solver.outcome import Result
from cadogan.terminal.words import continues


class VerdictTracker:
    """The last verdict (its moves and result) and the record of the last position proven lost."""

    def __init__(self) -> None:
        self.verdict: tuple[list[Move], Result] | None = None
        self.lost_record: str | None = None

    def reset(self) -> None:
        self.verdict = None
        self.lost_record = None

    def note(self, state: State, verdict: Result) -> int | None:
        """Remember the solver's verdict on ``state``.  When it is a loss reached by moves from a
        position the solver had called winnable, return that position's move count (a move lost
        the game)."""
        moves = list(state.move_stack)
        before, self.verdict = self.verdict, (moves, verdict)
        if verdict is not Result.LOST:
            return None
        self.lost_record = state.record()
        if before is None or before[1] is not Result.WON:
            return None
        winnable_at = len(before[0])
        return winnable_at if winnable_at < len(moves) and moves[:winnable_at] == before[0] else None

    def shows_lost(self, state: State) -> bool:
        """True when ``state`` is the position proven lost, or a game that went on from it."""
        return self.lost_record is not None and continues(state.record(), self.lost_record)
