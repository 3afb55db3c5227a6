"""Guidance in a game (``cadogan.web.guidance``) and a position along a line of moves (the analysis
viewer's step)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cadogan.errors import CadoganError
from cadogan.web.board import line_step, start_state
from cadogan.web.deps import GAME, deps_of
from cadogan.web.errors import ApiError
from cadogan.web.guidance import guidance
from cadogan.web.parsing import whole_number

MAX_LINE = 2000  # moves in a line the viewer may ask to replay
_LINE_DIGITS = 6


async def show_guidance(request: Request) -> Response:
    _, history = await deps_of(request).games.get(request.path_params["game_id"])
    return JSONResponse(guidance(history.state.copy()))


async def show_line(request: Request) -> Response:
    saved, history = await deps_of(request).games.get(request.path_params["game_id"])
    frm = whole_number(request.query_params.get("from"), _LINE_DIGITS)
    step = whole_number(request.query_params.get("step"), _LINE_DIGITS)
    line = [m for m in request.query_params.get("moves", "").split(",") if m]
    played = [str(m) for m in history.state.move_stack]
    if frm is None or frm > len(played):
        raise ApiError(400, "from must be a whole number up to the moves played", "bad-parameter", name="from")
    if step is None or step > len(line) or len(line) > MAX_LINE:
        raise ApiError(400, "step must be a whole number up to the line's length", "bad-parameter", name="step")
    try:
        return JSONResponse(line_step(start_state(saved), played[:frm], line, step))
    except CadoganError as err:
        raise ApiError(422, str(err), err.code, move=",".join(line)[:100]) from None


ROUTES: list[BaseRoute] = [
    Route(GAME + "/guidance", show_guidance, methods=["GET"]),
    Route(GAME + "/line", show_line, methods=["GET"]),
]
