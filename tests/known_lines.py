"""Winning lines of real deals, shared by the tests of the front ends."""

from __future__ import annotations

from cadogan import games
from cadogan.solver import solve

# A winning line of Precedence king-out deal 1 (found by `cadogan solve`): near its end one move
# turns the winnable game into a proven loss that is not yet stuck.
LOSABLE_DEAL = 1
LOSABLE_LINE = """
    deal*32 w>f2 deal*12 w>f3 deal w>f4 deal*13 w>f5 deal*3 w>f4 deal*10 w>f1 deal*10 w>f3 deal*11 w>f6 deal*6
    w>f2 deal w>f2 deal w>f1 deal*3 w>f7 redeal deal w>f8 deal w>f6 deal*2 w>f5 deal w>f5 deal w>f7 deal w>f4
    deal w>f6 deal w>f3 deal w>f8 deal w>f1 deal*6 w>f8 deal w>f8 deal*3 w>f2 deal*3 w>f7 deal*2 w>f4 deal*2
    w>f3 deal w>f1 deal w>f2 deal*3 w>f5 deal w>f3 deal*5 w>f4 w>f3 deal*4 w>f6 deal*2 w>f8 w>f5 deal*3 w>f1
    deal w>f2 deal w>f7 deal*6 w>f4 deal w>f3 deal w>f1 deal w>f7*2 deal w>f2 deal*6 w>f6 deal w>f5 deal*5 w>f4
    deal*4 w>f1 deal w>f2 deal w>f1 deal w>f8 deal*3 w>f8 deal w>f8 deal w>f6*2 deal*2 w>f5 deal*5 w>f3 w>f7
    redeal deal*2 w>f7 w>f8 deal*2 w>f6 deal w>f7 deal w>f8 w>f7 deal w>f2 deal*4 w>f4 deal*2 w>f8 deal w>f3
    deal*4 w>f6 deal w>f2 deal*3 w>f5 deal w>f8 deal w>f4 deal*2 w>f3 deal w>f2 deal w>f5 deal w>f7 deal w>f1
    deal w>f7 deal w>f6*2 w>f1 w>f5 w>f4 w>f3 w>f2 deal w>f5 deal w>f1*2 w>f4 w>f5 deal*2 w>f4 deal w>f3 deal
    w>f8 deal w>f6*2 w>f4 deal w>f3 deal w>f7 deal w>f5 deal w>f2
"""


def random_line(game_id: str, variant: str, deal: int, count: int, seed: int = 0) -> list[str]:
    """``count`` legal moves from the deal's start, each drawn at random with ``seed`` (fewer when
    the game ends first): a game in progress whose review grades real decisions."""
    import random

    state, rng, moves = games.load(game_id, variant, deal), random.Random(seed), []
    while len(moves) < count and state.legal_moves():
        move = str(rng.choice(state.legal_moves()))
        state.play(move)
        moves.append(move)
    return moves


def expand(text: str) -> list[str]:
    moves: list[str] = []
    for token in text.split():
        move, _, times = token.partition("*")
        moves.extend([move] * int(times or 1))
    return moves


def losing_point(line: list[str]) -> tuple[int, str]:
    """The last point k of the winning line ``LOSABLE_LINE`` where another legal move than
    line[k] leaves legal moves but is proven lost: (k, that move)."""
    for k in range(len(line) - 1, 0, -1):
        state = games.load("precedence", "king-out", LOSABLE_DEAL)
        for move in line[:k]:
            state.play(move)
        for other in [str(m) for m in state.legal_moves() if str(m) != line[k]]:
            after = state.copy()
            after.play(other)
            if after.legal_moves() and solve(after, max_nodes=50_000).result == "lost":
                return k, other
    raise AssertionError("no losing move along the line")
