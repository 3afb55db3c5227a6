"""Guidance for the browser game: where a card goes home, the finishing line, automatic moves.

Computed from what the engine offers today (each game's ``search_moves`` and ``safe_moves``); the
engine helper's ``cadogan.solver.home_choices`` / ``finish_line`` / ``auto_moves`` replace the three
functions here at merge, with the same meaning:

- ``home_choices(state)``: for each pile whose top card may go to a foundation, ``{"best": pile or
  None, "choices": [piles]}``. ``best`` is the destination proven never worse: the only one, or the one
  the game's ``search_moves`` keeps when it drops the others as dominated (Precedence: the accepting
  foundation with the most cards to come). Where no destination dominates (Square's ace-up and
  king-down foundations of one suit), ``best`` is None and the player picks among ``choices``.
- ``finish_line(state)``: moves to the foundations alone that win from here, or None.
- ``auto_moves(state, level)``: the moves auto-play may make now, first to play first: ``"safe"``
  plays only moves proven never to lose a win (the game's safe moves, or a finishing line);
  ``"all"`` every foundation move with a dominating destination.

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

from cadogan import games
from cadogan.errors import CadoganError

log = logging.getLogger(__name__)
MAX_LINE = 2000  # moves in a line the viewer may ask to replay


def _dst(move: Any) -> str:
    return str(move).split(">")[1] if ">" in str(move) else ""


def _src(move: Any) -> str:
    return str(move).split(">")[0] if ">" in str(move) else ""


def home_choices(state: games.State) -> dict[str, dict[str, Any]]:
    """For each pile that can send its card home: the dominating foundation, and all that accept it.

    >>> s = games.load("precedence", "king-out", 4)
    >>> all(set(v["choices"]) >= {v["best"]} - {None} for v in home_choices(s).values())
    True
    """
    home: dict[str, dict[str, Any]] = {}
    for move in state.legal_moves():
        if _dst(move).startswith("f"):
            home.setdefault(_src(move), {"best": None, "choices": []})["choices"].append(_dst(move))
    if not home:
        return home
    kept = [m for m in state.game.search_moves(state.copy()) if _dst(m).startswith("f")]
    for src, entry in home.items():
        if len(entry["choices"]) == 1:
            entry["best"] = entry["choices"][0]
            continue
        mine = [_dst(m) for m in kept if _src(m) == src]
        if len(mine) == 1:
            entry["best"] = mine[0]
    return home


def finish_line(state: games.State, limit: int = 400) -> list[str] | None:
    """Foundation moves alone that win from ``state`` (dominating destinations first), or None.

    While the stock has cards no line of foundation moves alone can win (a stock card leaves the
    stock only by a deal or a placing), so the answer is None at once.

    >>> finish_line(games.load("british-square", "piles", 1)) is None
    True
    """
    if state.is_won() or getattr(state, "stock", None):
        return None
    work = state.copy()
    line: list[str] = []
    while not work.is_won() and len(line) < limit:
        homeward = [str(m) for m in work.legal_moves() if _dst(m).startswith("f")]
        if not homeward:
            return None
        move = homeward[0]
        if len([m for m in homeward if _src(m) == _src(move)]) > 1:  # a choice: the dominating one
            entry = home_choices(work)[_src(move)]
            move = f"{_src(move)}>{entry['best'] or entry['choices'][0]}"
        work.play(move)
        line.append(move)
    return line if work.is_won() else None


def auto_moves(state: games.State, level: str, *, finish: list[str] | None = None,
               home: dict[str, dict[str, Any]] | None = None) -> list[str]:
    """The moves auto-play may make now at ``level`` ("off", "safe" or "all"), first to play first.

    ``finish`` and ``home``, when given, are ``finish_line(state)`` and ``home_choices(state)``.
    """
    if level == "off" or not state.legal_moves():
        return []
    safe = [str(m) for m in state.game.safe_moves(state.copy())]
    if level == "safe":
        return safe or ((finish_line(state) if finish is None else finish) or [])[:1]
    home = home_choices(state) if home is None else home
    return list(dict.fromkeys(safe + [f"{src}>{entry['best']}" for src, entry in home.items() if entry["best"]]))


def guidance(state: games.State) -> dict[str, Any]:
    """The ``/guidance`` answer for a position."""
    try:
        home, finish = home_choices(state), finish_line(state)
        return {"home": home, "finish": finish, "safe": auto_moves(state, "safe", finish=finish),
                "all": auto_moves(state, "all", home=home)}
    except Exception:  # guidance is a comfort: a fault in it must not stop play
        log.exception("guidance failed")
        return {"home": {}, "finish": None, "safe": [], "all": []}


def _error(status: int, message: str, code: str, **fields: str) -> JSONResponse:
    return JSONResponse({"error": message, "code": code, **fields}, status_code=status)


def line_step(start: games.State, played: list[str], frm: int, line: list[str], step: int) -> dict[str, Any]:
    """The board after the first ``frm`` of ``played`` and then the first ``step`` moves of ``line``."""
    from cadogan.web.app import board_fields  # the board fields the game object uses

    state = start
    for token in played[:frm] + line[:step]:
        state.play(token)
    return {**board_fields(state), "step": step, "steps": len(line), "move": line[step - 1] if step else None}


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
            return _error(400, "from must be a whole number up to the moves played", "bad-parameter", name="from")
        if step is None or step > len(line) or len(line) > MAX_LINE:
            return _error(400, "step must be a whole number up to the line's length", "bad-parameter", name="step")
        try:
            return JSONResponse(line_step(games.load(saved.game, saved.variant, saved.deal), played, frm, line, step))
        except CadoganError as err:
            return _error(422, str(err), getattr(err, "code", "") or "bad-move", move=",".join(line)[:100])

    handlers: list[tuple[str, Callable[..., Any]]] = [("/guidance", show_guidance), ("/line", show_line)]
    return [Route(game_path + suffix, handler, methods=["GET"]) for suffix, handler in handlers]
