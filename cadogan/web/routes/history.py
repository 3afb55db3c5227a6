"""The player's finished games, newest first, and the replay of one of them from the deal's start."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cadogan.web.board import line_step, start_state
from cadogan.web.deps import GAME, deps_of
from cadogan.web.errors import ApiError
from cadogan.web.parsing import parse_step, whole_number
from cadogan.web.summaries import summary_object

MAX_LIMIT = 100  # games in one page of the history


async def history(request: Request) -> Response:
    limit = _number(request, "limit", 20, 1, MAX_LIMIT)
    offset = _number(request, "offset", 0, 0, 10**9)
    found, total = await run_in_threadpool(deps_of(request).store.finished_games, request.state.player, limit, offset)
    return JSONResponse({"games": [summary_object(g) for g in found], "total": total, "limit": limit,
                         "offset": offset})


def _number(request: Request, name: str, default: int, low: int, high: int) -> int:
    text = request.query_params.get(name)
    if text is None:
        return default
    value = whole_number(text.strip(), digits=10)
    if value is None or not low <= value <= high:
        raise ApiError(400, f"{name} must be a whole number from {low} to {high}, not {text[:30]!r}", "bad-parameter",
                       name=name)
    return value


async def replay(request: Request) -> Response:
    """The board after the first ``step`` moves of a game that is over, from the deal's start."""
    saved, history_ = await deps_of(request).games.get(request.path_params["game_id"])
    if saved.won_at is None and not saved.lost:
        raise ApiError(409, "the game is not over: its replay would show cards not yet seen", "game-not-over")
    played = [str(m) for m in history_.state.move_stack]
    step = parse_step(request.query_params.get("step"))
    if step > len(played):
        raise ApiError(400, f"step must be a whole number from 0 to {len(played)}, the moves of the game",
                       "bad-parameter", name="step")
    return JSONResponse(line_step(start_state(saved), [], played, step))


ROUTES: list[BaseRoute] = [
    Route("/api/history", history, methods=["GET"]),
    Route(GAME + "/replay", replay, methods=["GET"]),
]
