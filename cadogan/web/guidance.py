"""Guidance for the browser game: where a card goes home, the finishing line, automatic moves.

The answers are the solver's (``cadogan.solver.home_choices`` / ``finish_line`` / ``auto_moves``),
put in the shape the page reads (move tokens as text):

- ``home``: for each pile whose top card may go to a foundation, ``{"best": pile or None,
  "choices": [piles]}``: ``best`` is the destination proven never worse when the game knows one
  (Precedence: the accepting foundation with the most cards to come); where none dominates (Square's
  ace-up and king-down foundations of one suit) ``best`` is None and the player picks among ``choices``.
- ``finish``: moves to the foundations alone that win from here, or None.
- ``safe``: the moves auto-play "safe" may make now (proven never to lose a win; the first move of a
  finishing line is one); ``all``: those and every foundation move with a single undominated choice.

Served by ``cadogan.web.routes.guidance`` (``GET /api/games/{id}/guidance``).
"""

from __future__ import annotations

import logging
from typing import Any

from cadogan import games, solver

log = logging.getLogger(__name__)


def _dst(token: str) -> str:
    return token.split(">")[1] if ">" in token else ""


def home_destinations(state: games.State) -> dict[str, dict[str, Any]]:
    """For each pile that can send its card home: the dominating foundation, or the ones to pick from.

    >>> s = games.load("precedence", "king-out", 4)
    >>> all(v["best"] in v["choices"] or v["best"] is None for v in home_destinations(s).values())
    True
    """
    home: dict[str, dict[str, Any]] = {}
    for pile, moves in solver.home_choices(state).items():
        choices = [_dst(m) for m in moves]
        home[pile] = {"best": choices[0] if len(choices) == 1 else None, "choices": choices}
    return home


def finishing_tokens(state: games.State) -> list[str] | None:
    """Foundation moves alone that win from ``state``, as tokens, or None (also for a won position).

    >>> finishing_tokens(games.load("british-square", "piles", 1)) is None
    True
    """
    if state.is_won():
        return None
    line = solver.finish_line(state)
    return [str(m) for m in line] if line else None


def auto_play_tokens(state: games.State, level: str, *, finish: list[str] | None = None) -> list[str]:
    """The moves auto-play may make now at ``level`` ("off", "safe" or "all"), first to play first;
    ``finish``, when given, is ``finishing_tokens(state)`` (a finishing line's first move is safe)."""
    if level == "off" or not state.legal_moves():
        return []
    moves = [str(m) for m in solver.auto_moves(state, "all" if level == "all" else "safe")]
    if level == "safe" and not moves:
        moves = ((finishing_tokens(state) if finish is None else finish) or [])[:1]
    return moves



def guidance(state: games.State) -> dict[str, Any]:
    """The ``/guidance`` answer for a position."""
    try:
        finish = finishing_tokens(state)
        return {"home": home_destinations(state), "finish": finish,
                "safe": auto_play_tokens(state, "safe", finish=finish), "all": auto_play_tokens(state, "all")}
    except Exception:  # guidance is a comfort: a fault in it must not stop play
        log.exception("guidance failed")
        return {"home": {}, "finish": None, "safe": [], "all": []}
