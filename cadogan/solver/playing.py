"""A random-but-sensible player: the lines of play of the analysis benchmark and of the difficulty
measure (``cadogan.solver.verdict``).  Generic over the games: it reads only where moves go.

Sensible means two habits and no search: a move to a foundation is played when one is legal
(``HOME_BIAS`` of the time; the foundation, when several take a card, at random), and a move is
never followed straight away by its reverse (``t1>t2`` after ``t2>t1``), which would only waste time.
Otherwise the move is drawn at random among the legal ones.

>>> import random
>>> from cadogan.games import load
>>> state = play_out(load("precedence", "king-out", 3), random.Random(1))
>>> state.is_won() or state.is_lost(), len(state.move_stack) > 100
(True, True)
"""

from __future__ import annotations

import random

from cadogan.games.base import FOUNDATION_BASE, TABLEAU_BASE, Move, State

HOME_BIAS = 0.8  # how often a legal move to a foundation is taken
MAX_MOVES = 1000  # a line stops here even when moves are left (a game may go round in circles)

__all__ = ["HOME_BIAS", "MAX_MOVES", "sensible_move", "play_out"]


def sensible_move(state: State, rng: random.Random, home_bias: float = HOME_BIAS) -> Move | None:
    """The random-but-sensible player's move in ``state`` (None when no move is legal)."""
    legal = state.legal_moves()
    if not legal:
        return None
    home = [m for m in legal if m.src >= 0 and FOUNDATION_BASE <= m.dst < TABLEAU_BASE]
    if home and rng.random() < home_bias:
        return rng.choice(home)
    if state.move_stack:
        last = state.move_stack[-1]
        forward = [m for m in legal if m.src < 0 or (m.src, m.dst) != (last.dst, last.src)]
        legal = forward or legal
    return rng.choice(legal)


def play_out(state: State, rng: random.Random, max_moves: int = MAX_MOVES,
             home_bias: float = HOME_BIAS) -> State:
    """Play ``state`` on (in place) with ``sensible_move`` until no move is legal or ``max_moves``
    moves have been made in all; returns ``state``."""
    while len(state.move_stack) < max_moves:
        move = sensible_move(state, rng, home_bias)
        if move is None:
            break
        state.push(move)
    return state
