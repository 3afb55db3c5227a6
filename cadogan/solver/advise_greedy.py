"""The simplest blind player, a baseline for ``advise``'s: make the game's most promising move.

The rule (formerly ``bench/greedy.py``): the first move the solver would try (the game's first safe
move, else the first of ``GameKnowledge.search_moves``; in Precedence "play the waste card whenever it
can go, onto the foundation with the most cards to come, else deal"), never returning to a position
already met; the game is lost when every move would.  It reads nothing a player cannot see.

>>> from cadogan import games
>>> won = play_greedy("precedence", "king-out", 4)
>>> won.result, games.load("precedence", "king-out", 4).line_wins(won.moves)
('won', True)
>>> play_greedy("precedence", "king-out", 3).result  # every move left returns to a position met
'lost'
"""

from __future__ import annotations

import time

from cadogan.solver.advise import LOST, WON, BlindGame


def play_greedy(game_id: str, variant: str | None, deal: int) -> BlindGame:
    """Play ``deal`` to its end by the greedy rule; a win is replayed from the start before it is
    reported (RuntimeError if it does not replay as one)."""
    from cadogan import games
    from cadogan.solver.knowledge import knowledge_of
    from cadogan.solver.search import pruned_moves

    started = time.perf_counter()
    state = games.load(game_id, variant, deal)
    knowledge = knowledge_of(state)
    met = {knowledge.exact_key(state)}
    while not state.is_won():
        for move in pruned_moves(state):
            state.push(move)
            key = knowledge.exact_key(state)
            if key not in met:
                met.add(key)
                break
            state.pop()
        else:
            break
    won = state.is_won()
    if won and not games.load(game_id, variant, deal).line_wins(state.move_stack):
        raise RuntimeError(f"{game_id} {state.variant} deal {deal}: the greedy line does not replay as a win")
    return BlindGame(state.game.id, state.variant, deal, WON if won else LOST, list(state.move_stack),
                     [None] * len(state.move_stack), time.perf_counter() - started)
