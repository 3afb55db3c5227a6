"""Guidance for the browser game: where a card goes home, the finishing line, automatic moves.

The answers are the engine's (``cadogan.solver.home_choices`` / ``finish_line`` / ``auto_moves``),
put in the shape the page reads:

- ``home``: for each pile whose top card may go to a foundation, ``{"best": pile or None,
  "choices": [piles]}``: ``best`` is the destination proven never worse when the game knows one
  (Precedence: the accepting foundation with the most cards to come); where none dominates (Square's
  ace-up and king-down foundations of one suit) ``best`` is None and the player picks among ``choices``.
- ``finish``: moves to the foundations alone that win from here, or None.
- ``safe``: the moves auto-play "safe" may make now (proven never to lose a win; the first move of a
  finishing line is one); ``all``: those and every foundation move with a single undominated choice.

HTTP (additions to SPEC, registered by ``routes_for``): ``GET /api/games/{id}/guidance`` →
``{"home": {pile: {"best", "choices"}}, "finish": [token] | null, "safe": [token], "all": [token]}``;
``GET /api/games/{id}/line?from=k&moves=a,b,..&step=j`` → the board after the game's first k moves and
then the first j moves of the line (the fields of a solution step: ``step``, ``steps``, ``move``).
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cadogan import games, solver
from cadogan.errors import CadoganError
from cadogan.web.errors import ApiError

log = logging.getLogger(__name__)
MAX_LINE = 2000  # moves in a line the viewer may ask to replay


def _dst(token: str) -> str:
    return token.split(">")[1] if ">" in token else ""


def home_choices(state: games.State) -> dict[str, dict[str, Any]]:
    """For each pile that can send its card home: the dominating foundation, or the ones to pick from.

    >>> s = games.load("precedence", "king-out", 4)
    >>> all(v["best"] in v["choices"] or v["best"] is None for v in home_choices(s).values())
    True
    """
    home: dict[str, dict[str, Any]] = {}
    for pile, moves in solver.home_choices(state).items():
        choices = [_dst(m) for m in moves]
        home[pile] = {"best": choices[0] if len(choices) == 1 else None, "choices": choices}
    return home


def finish_line(state: games.State) -> list[str] | None:
    """Foundation moves alone that win from ``state``, or None (also for a won position).

    >>> finish_line(games.load("british-square", "piles", 1)) is None
    True
    """
    if state.is_won():
        return None
    line = solver.finish_line(state)
    return [str(m) for m in line] if line else None


def auto_moves(state: games.State, level: str, *, finish: list[str] | None = None) -> list[str]:
    """The moves auto-play may make now at ``level`` ("off", "safe" or "all"), first to play first;
    ``finish``, when given, is ``finish_line(state)`` (a finishing line's first move is safe)."""
    if level == "off" or not state.legal_moves():
        return []
    moves = [str(m) for m in solver.auto_moves(state, "all" if level == "all" else "safe")]
    if level == "safe" and not moves:
        moves = ((finish_line(state) if finish is None else finish) or [])[:1]
    return moves


def guidance(state: games.State) -> dict[str, Any]:
    """The ``/guidance`` answer for a position."""
    try:
        finish = finish_line(state)
        return {"home": home_choices(state), "finish": finish, "safe": auto_moves(state, "safe", finish=finish),
                "all": auto_moves(state, "all")}
    except Exception:  # guidance is a comfort: a fault in it must not stop play
        log.exception("guidance failed")
        return {"home": {}, "finish": None, "safe": [], "all": []}


def _whole(text: str | None) -> int | None:
    return int(text) if text is not None and text.isascii() and text.isdigit() and len(text) < 7 else None


def routes_for(api: Any, game_path: str = "/api/games/{game_id}") -> list[Route]:
    """The guidance routes over the app's ``Api``: its ``registry.get(game_id)`` gives (saved, history)."""

    async def show_guidance(request: Request) -> Response:
        _, history = await api.registry.get(request.path_params["game_id"])
        return JSONResponse(guidance(history.state.copy()))

    async def show_line(request: Request) -> Response:
        saved, history = await api.registry.get(request.path_params["game_id"])
        frm, step = _whole(request.query_params.get("from")), _whole(request.query_params.get("step"))
        line = [m for m in request.query_params.get("moves", "").split(",") if m]
        played = [str(m) for m in history.state.move_stack]
        if frm is None or frm > len(played):
            raise ApiError(400, "from must be a whole number up to the moves played", "bad-parameter", name="from")
        if step is None or step > len(line) or len(line) > MAX_LINE:
            raise ApiError(400, "step must be a whole number up to the line's length", "bad-parameter", name="step")
        from cadogan.web.app import line_step  # the solution viewer's step, over the game's own moves first

        try:
            return JSONResponse(line_step(games.load(saved.game, saved.variant, saved.deal), played[:frm], line, step))
        except CadoganError as err:
            raise ApiError(422, str(err), err.code, move=",".join(line)[:100]) from None

    handlers: list[tuple[str, Callable[..., Any]]] = [("/guidance", show_guidance), ("/line", show_line)]
    return [Route(game_path + suffix, handler, methods=["GET"]) for suffix, handler in handlers]
