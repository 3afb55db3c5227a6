"""Unlimited undo and redo over one deal, shared by every front end.

>>> from cadogan.games import load
>>> h = History(load("precedence", deal=0))
>>> for _ in range(3):
...     _ = h.play("deal")
>>> _ = h.undo(); _ = h.undo(); h.can_undo(), [str(m) for m in h.redo_stack]
(True, ['deal', 'deal'])
>>> _ = h.play("deal"); [str(m) for m in h.redo_stack]   # replaying the redo line keeps the rest
['deal']
>>> _ = h.redo(); h.can_redo(), len(h.state.move_stack)
(False, 3)

A game is at most ``MAX_MOVES`` moves long (docs/rules.md, "How long a game may be"): a move beyond
is refused (``game-too-long``); undo, redo and restart still work.
"""

from __future__ import annotations

from cadogan.errors import BadInput
from cadogan.games.base import Move, State

#: Moves a game may hold. A won game takes a few hundred; without a bound, moving a card back and forth
#: (British Square's ``t1>t15``, ``t15>t1``) grows a game without end, and each move's save and answer
#: with it.
MAX_MOVES = 5000


class History:
    """A state plus the moves undone since the last new move (the redo line, next first)."""

    def __init__(self, state: State, redo: list[Move] | None = None) -> None:
        self.state = state
        self.redo_stack: list[Move] = list(redo or [])

    def play(self, move: Move | str) -> Move:
        """Make a checked move (IllegalMove says why not); the redo line is forgotten. BadInput
        ``game-too-long`` when the game already has ``MAX_MOVES`` moves."""
        if len(self.state.move_stack) >= MAX_MOVES:
            raise BadInput(f"this game has {MAX_MOVES} moves, the most a game may have: undo or restart to play on",
                           "game-too-long", limit=str(MAX_MOVES))
        played = self.state.play(move)
        if self.redo_stack and self.redo_stack[0] == played:
            self.redo_stack.pop(0)
        else:
            self.redo_stack.clear()
        return played

    def can_undo(self) -> bool:
        return bool(self.state.move_stack)

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> Move:
        if not self.state.move_stack:
            raise BadInput("nothing to undo", "nothing-to-undo")
        move = self.state.pop()
        self.redo_stack.insert(0, move)
        return move

    def redo(self) -> Move:
        if not self.redo_stack:
            raise BadInput("nothing to redo", "nothing-to-redo")
        move = self.redo_stack.pop(0)
        self.state.push(move)
        return move

    def restart(self) -> None:
        """Back to the start of the deal; every move played can be redone."""
        while self.state.move_stack:
            self.undo()
