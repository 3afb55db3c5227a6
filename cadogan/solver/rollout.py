"""A player's win chance by playing on: draw orders of the unseen cards that fit the view, and play
each drawn position to its end with a blind player who sees only its own view of it.

``advise``'s chance is the share of drawn orders the solver wins *seeing each whole order*: it
counts every order as won that some player who knew it could win (strategy fusion), and an order
the budget leaves undecided as lost, so it is neither what a player wins nor calibrated
(docs/winnability.md).  Here each drawn order is played as a player must play it: one move at a
time, each chosen from what that player can see (``play_on``), so the share won is the win rate of
a real blind player from this view -- an unbiased estimate of it, with a binomial error, and no
fusion.  The player is cheap (``ROLLOUT_PLAYER``: 2 orders of 2,000 nodes a decision, and the
exact solve where nothing is unseen), which the survey measured to win about as often as the
survey's 8 x 20,000 player (docs/advise.md, "Calibration").

>>> from cadogan import games
>>> from cadogan.games.view import player_view
>>> found = rollout_chance(player_view(games.load("square", "classic", 1)), rollouts=1)
>>> (found.played, 0 <= found.won <= 1, len(found.results))
(1, True, 1)
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from cadogan.games.view import View
from cadogan.solver.advise import LOST, WON, Settings, play_on

#: The blind player of the rollouts: its strength sets what the chance means (a player of its
#: strength), its cost the chance's.  2 x 2,000 nodes won 43 and 47 of deals 1-50 of Precedence
#: ``king-out`` and Square ``classic`` where the survey's 8 x 20,000 player won 45 and 47.
ROLLOUT_PLAYER = Settings(samples=2, max_nodes=2_000)


@dataclass
class Rollouts:
    """``won`` of the ``played`` drawn orders were won by ``player``; ``results`` each order's
    ``won``/``lost`` in the order drawn; ``seconds`` in all."""

    player: Settings = ROLLOUT_PLAYER
    won: int = 0
    played: int = 0
    results: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def win_chance(self) -> float | None:
        return self.won / self.played if self.played else None

    def to_json(self) -> dict[str, Any]:
        chance = self.win_chance
        return {"win_chance": None if chance is None else round(chance, 4), "won": self.won,
                "played": self.played, "seconds": round(self.seconds, 3),
                "player": self.player.to_json()}


def rollout_chance(view: View, rollouts: int, seed: int = 0, player: Settings = ROLLOUT_PLAYER,
                   deadline: float | None = None) -> Rollouts:
    """Play ``rollouts`` orders drawn with ``seed`` to their ends with ``player`` (one game where
    nothing is unseen: it has one order); fewer when ``deadline`` (a ``time.perf_counter()`` value)
    passes first, never none.  A win counts only if its moves replay as a win from the drawn
    position."""
    started = time.perf_counter()
    rng = random.Random(seed)
    found = Rollouts(player)
    for _ in range(1 if view.exact else rollouts):
        if deadline is not None and found.played and time.perf_counter() > deadline:
            break
        position = view.state.copy() if view.exact else view.sample(rng)
        start = position.copy()
        first = len(position.move_stack)
        play_on(position, player, estimate_first=False)
        won = position.is_won() and start.line_wins(position.move_stack[first:])
        found.played += 1
        found.won += won
        found.results.append(WON if won else LOST)
    found.seconds = time.perf_counter() - started
    return found
