"""Nested rollout policy adaptation: playouts that learn where the cards go.

Nested Monte-Carlo search (``cadogan.solver.playouts``) judges each move by the playouts below it
and keeps nothing of what they saw.  Nested Rollout Policy Adaptation (NRPA; Rosin, IJCAI 2011)
keeps a *policy*, a weight per move *code*: a playout draws each move with probability
proportional to ``exp(weight + prior)``, where the prior follows the game's order of promise (the
``i``-th of the pruned moves gets ``-prior * i``, so an unadapted playout mostly plays the most
promising move, as the nested playouts do); a level-``n`` search runs ``iterations`` searches of
level ``n - 1``, each from a copy of its policy, and after each moves its policy towards the best
line found so far (the moves of that line up by ``alpha``, every move it could have played
instead down by ``alpha`` times its probability); it may stop early once the level below keeps
bringing back that line (``Adaptation.repeats``).  A policy learns across whole lines what the
nested search must rediscover at each step: that a card placed early should have gone elsewhere.

*Endgames* (``Adaptation.endgame``, off by default): a playout that empties the stock with more
cards home than any whose endgame was searched before hands the position where the stock ran out
to the complete search (``cadogan.solver.search``, pruned, a budget of moves), as long as these searches have had
at most a quarter of the moves; its win, after the playout's moves up to there, is the line.  The
playouts learn where the cards go, but their own moves often lose an endgame the complete search
wins at once (Square ``free`` deal 2: a best line of 82 cards home whose endgame it won in 0.8 s).

A move's *code* names what it does, not where: the card (a stock card by how many cards the stock
holds, so each physical card apart; any other card by its face; a deal or a redeal by itself)
and where it goes (a foundation by
its number; a pile by the card on top of it, or as empty, and on which side of the game's
``GameKnowledge.adaptation_row`` it lies: Square's bottom row apart).
Piles that hold the same cards are interchangeable in the search's eyes, so a code by pile number
would name different moves in different lines.

Used where the game asks for it (``GameKnowledge.playout_adaptation``): Square ``free`` while
placements remain.  Like the nested playouts it answers only "won", with a line it played, which
the caller replays; it proves nothing lost.  ``run_adaptation`` runs the compiled core's version
(``_core.nrpa``) when it is built, else ``adaptation_search`` below, the pure-Python reference.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from cadogan.games.base import STOCK, TABLEAU_BASE, Move, State
from cadogan.solver.knowledge import knowledge_of
from cadogan.solver.outcome import Result
from cadogan.solver.search import PlayoutBudget, PlayoutResult, playout, playout_rules, pruned_moves, search

MAX_LEVEL = 4  # as NESTED_MAX_LEVEL in the core


@dataclass(frozen=True)
class Adaptation:
    """The parameters of a policy adaptation search.

    >>> Adaptation()
    Adaptation(level=2, iterations=300, repeats=0, endgame=0, alpha=1.0, prior=2.0)
    """

    level: int = 2  # a level-2 search plays up to iterations**2 playouts (Square free: 20-40 s in the core)
    iterations: int = 300
    # A level may stop once the level below has brought back its best line this many times since
    # it became the best (0: never), its policy having converged (limited repetitions, Cazenave
    # 2024).  Off: Square free, deals 1-140 with 6,000,000 moves each (bench/win_nodes.py), 3 won
    # 58 against 46, but deals 1-100 at 30 s (bench/solver.py) 63 against 64 (CHANGELOG, 0.20).
    repeats: int = 0
    # Moves of the complete search from the endgame of a playout that brings more cards home than
    # any before it (the module's words; 0: none).  Off: Square free, deals 1-80 with 8,000,000
    # moves each, 26 won at 100,000 against 25 without (gains 3, loses 2), 300,000 and 1,000,000
    # no better; deals 1-100 with 3,000,000, 14 against 11 (CHANGELOG, endgame searches).
    endgame: int = 0
    alpha: float = 1.0  # Rosin's learning rate
    prior: float = 2.0  # the pull of the order of promise: the first move is e**2 times the second's weight

    def __post_init__(self) -> None:
        if not 1 <= self.level <= MAX_LEVEL or self.iterations < 1 or self.repeats < 0 or self.endgame < 0:
            raise ValueError(f"an adaptation needs a level of 1 to {MAX_LEVEL}, an iteration at least "
                             "and repeats and endgame moves of 0 or more")


def move_code(state: State, move: Move) -> tuple[int, int]:
    """What ``move`` does at ``state``: the card moved, and where it goes (see the module's words).

    >>> from cadogan.games import load
    >>> state = load("square", "free", 1)
    >>> move_code(state, Move(STOCK, TABLEAU_BASE)) == move_code(state, Move(STOCK, TABLEAU_BASE + 4))
    True
    >>> move_code(state, Move(STOCK, TABLEAU_BASE)) == move_code(state, Move(STOCK, TABLEAU_BASE + 9))
    False
    """
    src, dst = move
    if src < 0:  # a deal or a redeal: the move itself
        return src, dst
    piles = state.piles
    card = 256 + len(piles[STOCK]) if src == STOCK else piles[src][-1]
    if dst < TABLEAU_BASE:
        return card, dst
    row = dst - TABLEAU_BASE >= knowledge_of(state).adaptation_row
    target = piles[dst]
    return card, (1024 + target[-1] + 256 * row) if target else (4096 + row)


class _Adaptation:
    """The pure-Python search; ``run`` leaves the state as it found it."""

    def __init__(self, state: State, params: Adaptation, budget: PlayoutBudget, rng: random.Random) -> None:
        self.state = state
        self.params = params
        self.budget = budget
        self.rng = rng
        self.key, self.is_dead = playout_rules(state)
        self.endgame_best = -1  # the most cards home of a playout whose endgame was searched
        self.endgame_spent = 0  # moves the endgame searches have had

    def _probabilities(self, policy: dict[Any, float], moves: list[Move]) -> list[float]:
        prior = self.params.prior
        logits = [policy.get(move_code(self.state, move), 0.0) - prior * i for i, move in enumerate(moves)]
        top = max(logits)
        weights = [math.exp(logit - top) for logit in logits]
        total = sum(weights)
        return [w / total for w in weights]

    def playout(self, policy: dict[Any, float]) -> tuple[int, list[Move]]:
        def pick(moves: list[Move]) -> int:
            return self.rng.choices(range(len(moves)), self._probabilities(policy, moves))[0]

        return self.endgame(*playout(self.state, pick, self.key, self.is_dead, self.budget))

    def endgame(self, home: int, line: list[Move]) -> tuple[int, list[Move]]:
        """The playout's result, or a win through its endgame (the module's words; ``nrpa_endgame``
        in the core)."""
        moves, budget = self.params.endgame, self.budget
        if not moves or home >= 104 or home <= self.endgame_best:
            return home, line
        if 3 * (self.endgame_spent + moves) > budget.nodes - self.endgame_spent:
            return home, line
        state = self.state
        to_endgame = 0
        while to_endgame < len(line) and state.piles[STOCK]:
            state.push(line[to_endgame])
            to_endgame += 1
        if not state.piles[STOCK]:
            self.endgame_best = home
            found = search(state, max_nodes=moves)
            budget.spend(found.nodes)
            self.endgame_spent += found.nodes
            if found.result == Result.WON:
                home, line = 104, line[:to_endgame] + found.moves
        for _ in range(to_endgame):
            state.pop()
        return home, line

    def adapt(self, policy: dict[Any, float], line: list[Move]) -> None:
        """Moves ``policy`` towards ``line``, the probabilities taken from it as it was."""
        state, alpha = self.state, self.params.alpha
        old = dict(policy)
        for move in line:
            moves = pruned_moves(state)
            if len(moves) > 1:
                for other, p in zip(moves, self._probabilities(old, moves)):
                    code = move_code(state, other)
                    policy[code] = policy.get(code, 0.0) - alpha * p
                code = move_code(state, move)
                policy[code] = policy.get(code, 0.0) + alpha
            state.push(move)
        for _ in line:
            state.pop()

    def run(self, level: int, policy: dict[Any, float]) -> tuple[int, list[Move]]:
        if level == 0:
            return self.playout(policy)
        best_home, best, repeats = -1, [], 0
        for _ in range(self.params.iterations):
            if self.budget.stopped:
                break
            home, line = self.run(level - 1, dict(policy))
            if home == best_home and line == best:
                repeats += 1
                if repeats == self.params.repeats:  # converged (see Adaptation.repeats)
                    break
            elif home >= best_home:
                repeats = 0
            if home >= best_home:  # ties move on: the policy drifts rather than sticks
                best_home, best = home, line
            if best_home == 104:
                break
            self.adapt(policy, best)
        return best_home, best


def adaptation_search(state: State, params: Adaptation, *, timeout: float | None = None,
                      max_nodes: int | None = None, seed: int = 1) -> PlayoutResult:
    """One policy adaptation search from ``state`` (left unchanged), in pure Python."""
    start = time.perf_counter()
    work = state.copy()
    search = _Adaptation(work, params, PlayoutBudget(timeout, max_nodes), random.Random(seed))
    home, line = (104, []) if work.is_won() else search.run(params.level, {})
    won = home == 104
    return PlayoutResult(Result.WON if won else Result.UNKNOWN, line if won else [], search.budget.nodes,
                         time.perf_counter() - start, line[0] if line else None, home)


def run_adaptation(state: State, params: Adaptation, timeout: float | None, max_nodes: int | None, seed: int,
                   use_core: bool) -> PlayoutResult:
    """One search, in the core if ``use_core``."""
    if use_core:
        from cadogan.solver import native
        return native.adaptation(state, params, timeout=timeout, max_nodes=max_nodes, seed=seed)
    return adaptation_search(state, params, timeout=timeout, max_nodes=max_nodes, seed=seed)
