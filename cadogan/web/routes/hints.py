"""The solver's help in a game, from the whole deal: its hint (a *peek*: the browser's Peek, counted
apart from the hints of advice) or a verdict check, and the deal's solution to replay."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cadogan import games
from cadogan.solver.cache import position_key
from cadogan.store import SavedGame
from cadogan.web.board import line_step, start_state
from cadogan.web.deps import GAME, deps_of
from cadogan.web.errors import ApiError, seconds_parameter
from cadogan.web.parsing import parse_step
from cadogan.web.solver_service import HintRequest, SolveRequest

HINT_BUDGET = 3.0
MAX_HINT_BUDGET = 10.0
SOLUTION_BUDGET = 10.0
MIN_SOLUTION_BUDGET = 0.1
MAX_SOLUTION_BUDGET = 30.0


async def hint(request: Request) -> Response:
    deps = deps_of(request)
    game_id = request.path_params["game_id"]
    saved, history = await deps.games.get(game_id)
    where = request.query_params.get("from", "now")
    if where not in ("now", "start"):
        raise ApiError(400, "from must be now or start", "bad-parameter", name="from")
    budget = seconds_parameter(request.query_params.get("budget"), HINT_BUDGET, 0.0, MAX_HINT_BUDGET,
                               low_included=False)
    state = start_state(saved) if where == "start" else history.state.copy()
    counted = where == "now" and request.query_params.get("count", "1") != "0"  # count=0: a verdict check
    purpose = "hint" if counted else "start" if where == "start" else "check"  # each supersedes its own kind
    answer = _settled(state)
    if answer is None:
        work = HintRequest(saved.game, saved.variant, saved.deal, tuple(str(m) for m in state.move_stack), budget)
        found, _ = await deps.solver.ask(request, work, position_key("hint", state.to_json()),
                                         owner=f"{game_id}:{purpose}")
        answer = {"move": found["move"], "verdict": found["verdict"]}
    if counted:  # only a peek answered counts: a refused one (busy, superseded, hung up) does not
        await deps.games.count_peek(saved.id)
    return JSONResponse(answer)


def _settled(state: games.State) -> dict[str, Any] | None:
    """The hint of a position that needs no search (won, or no move left), else None."""
    if state.is_won() or not state.legal_moves():
        return {"move": None, "verdict": "winnable" if state.is_won() else "lost"}
    return None


async def solution(request: Request) -> Response:
    deps = deps_of(request)
    game_id = request.path_params["game_id"]
    saved, _ = await deps.games.get(game_id)
    budget = seconds_parameter(request.query_params.get("budget"), SOLUTION_BUDGET, MIN_SOLUTION_BUDGET,
                               MAX_SOLUTION_BUDGET)
    work = SolveRequest(saved.game, saved.variant, saved.deal, budget)
    answer, cached = await deps.solver.ask(request, work, _solve_key(saved), owner=f"{game_id}:solve")
    return JSONResponse({**answer, "cached": cached})


async def solution_position(request: Request) -> Response:
    deps = deps_of(request)
    saved, _ = await deps.games.get(request.path_params["game_id"])
    step = parse_step(request.query_params.get("step"))
    answer = deps.solver.decided(_solve_key(saved))
    if answer is None or answer["result"] != "won":
        why = "the solver proved this deal lost" if answer is not None else "ask GET /api/games/{id}/solution first"
        raise ApiError(409, f"no winning line of this deal is known: {why}", "no-solution")
    moves = answer["moves"]
    if step > len(moves):
        raise ApiError(400, f"step {step} is past the end: the winning line has {len(moves)} moves",
                       "bad-parameter", name="step")
    return JSONResponse(line_step(start_state(saved), [], moves, step))


def _solve_key(saved: SavedGame) -> str:
    return position_key("solve", start_state(saved).to_json())


ROUTES: list[BaseRoute] = [
    Route(GAME + "/hint", hint, methods=["GET"]),
    Route(GAME + "/solution", solution, methods=["GET"]),
    Route(GAME + "/solution/position", solution_position, methods=["GET"]),
]
