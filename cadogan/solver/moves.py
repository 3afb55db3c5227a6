"""Foundation moves for the front ends: where a card should go home, the finish, the auto-moves.

Three questions a player's interface asks, answered the same way for every game from the game's
``GameKnowledge`` (never by testing a game's name):

* ``home_choices``: for each pile whose top card can go home, the foundation moves worth offering
  (a double-click plays the only one; several mean the player must choose);
* ``finish_line``: when every card left can go home by foundation moves alone, a winning line;
* ``auto_moves``: the moves to play by themselves, ``safe`` (provably never worse) or ``all``.

>>> from cadogan.games import load
>>> state = load("precedence", "king-out", 0)
>>> home_choices(state), finish_line(state), auto_moves(state, "all")
({}, None, [])
"""

from __future__ import annotations

from typing import Literal

from cadogan.games.base import Move, State, pile_name
from cadogan.solver.knowledge import is_home_move, knowledge_of

#: Positions ``finish_line`` may examine before it gives up (answers None).
FINISH_MAX_NODES = 20_000

AutoLevel = Literal["safe", "all"]


def _home_moves_by_source(state: State) -> dict[int, list[Move]]:
    """The legal foundation moves, grouped by source pile code (in the engine's order)."""
    by_source: dict[int, list[Move]] = {}
    for move in state.legal_moves():
        if is_home_move(move):
            by_source.setdefault(move.src, []).append(move)
    return by_source


def _best_homes(state: State) -> dict[int, list[Move]]:
    knowledge = knowledge_of(state)
    return {src: knowledge.best_homes(state, moves) for src, moves in _home_moves_by_source(state).items()}


def home_choices(state: State) -> dict[str, list[str]]:
    """For every pile whose top card can go to a foundation (by pile name: ``w``, ``t5``), the
    foundation moves that no other move of that card is proven never worse than: one where the
    game knows a dominating destination (Precedence: the foundation with the most cards to come;
    British Square: any one of the empty foundations for an Ace), several where it knows none
    (Square: a suit's ascending and descending foundations)."""
    return {pile_name(src): [str(m) for m in moves] for src, moves in _best_homes(state).items()}


def finish_line(state: State, max_nodes: int = FINISH_MAX_NODES) -> list[Move] | None:
    """A winning line of foundation moves alone when every card left can go home that way, else
    None (also None past ``max_nodes`` positions: never a wrong line).  ``state`` is unchanged;
    a won position answers ``[]``.  Only the choices of ``home_choices`` are tried."""
    work = state.copy()
    key = knowledge_of(state).exact_key
    seen: set[object] = set()
    line: list[Move] = []
    budget = [max_nodes]

    def finish() -> bool:
        if work.is_won():
            return True
        k = key(work)
        if k in seen or budget[0] <= 0:
            return False
        seen.add(k)
        budget[0] -= 1
        for moves in _best_homes(work).values():
            for move in moves:
                work.push(move)
                line.append(move)
                if finish():
                    return True
                line.pop()
                work.pop()
        return False

    return list(line) if finish() else None


def auto_moves(state: State, level: AutoLevel) -> list[Move]:
    """The moves an interface may play by itself, best first.

    ``safe``: only moves proven never to lose a win (``GameKnowledge.safe_moves``).  ``all``: those,
    then every foundation move that is obvious: the one undominated home move of a pile whose card
    has a single choice (``home_choices``); it may lose a win, as a player's own move may.
    """
    if level not in ("safe", "all"):
        raise ValueError(f"auto_moves level must be 'safe' or 'all', not {level!r}")
    moves = list(knowledge_of(state).safe_moves(state))
    if level == "all":
        for choices in _best_homes(state).values():
            if len(choices) == 1 and choices[0] not in moves:
                moves.append(choices[0])
    return moves
