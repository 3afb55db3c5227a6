"""What the solver knows about a game and its deal: the analysis of the moves so far, the deal's
verdict, and a deal of a chosen difficulty (docs/spec.md, HTTP API additions)."""

from __future__ import annotations

import secrets

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cadogan import games
from cadogan.errors import CadoganError
from cadogan.solver.cache import position_key
from cadogan.web.deps import GAME, deps_of
from cadogan.web.errors import ApiError, from_cadogan_error, seconds_parameter
from cadogan.web.security import client_key
from cadogan.web.solver_service import AnalyseRequest, PickRequest, VerdictRequest

ANALYSIS_BUDGET = 10.0
MAX_ANALYSIS_BUDGET = 60.0
VERDICT_BUDGET = 3.0
MAX_VERDICT_BUDGET = 10.0
PICK_BUDGET = 8.0
MAX_PICK_BUDGET = 20.0
MIN_BUDGET = 0.1
DIFFICULTIES = ("easy", "medium", "hard", "lost")


async def analysis(request: Request) -> Response:
    deps = deps_of(request)
    game_id = request.path_params["game_id"]
    saved, history = await deps.games.get(game_id)
    budget = seconds_parameter(request.query_params.get("budget"), ANALYSIS_BUDGET, MIN_BUDGET, MAX_ANALYSIS_BUDGET)
    moves = tuple(str(m) for m in history.state.move_stack)
    key = position_key("analyse", {"record": history.state.record()})
    work = AnalyseRequest(saved.game, saved.variant, saved.deal, moves, budget)
    found, _ = await deps.solver.ask(request, work, key, owner=f"{game_id}:analyse")
    return JSONResponse(found)


async def verdict(request: Request) -> Response:
    deps = deps_of(request)
    game_id = request.path_params["game_id"]
    saved, _ = await deps.games.get(game_id)
    budget = seconds_parameter(request.query_params.get("budget"), VERDICT_BUDGET, MIN_BUDGET, MAX_VERDICT_BUDGET)
    key = position_key("verdict", {"game": saved.game, "variant": saved.variant, "deal": str(saved.deal)})
    work = VerdictRequest(saved.game, saved.variant, saved.deal, budget)
    found, _ = await deps.solver.ask(request, work, key, owner=f"{game_id}:verdict")
    return JSONResponse(found)


async def pick(request: Request) -> Response:
    query = request.query_params
    game, variant, difficulty = query.get("game", ""), query.get("variant"), query.get("difficulty", "")
    budget = seconds_parameter(query.get("budget"), PICK_BUDGET, MIN_BUDGET, MAX_PICK_BUDGET)
    if difficulty not in DIFFICULTIES:
        raise ApiError(400, f"difficulty must be one of {', '.join(DIFFICULTIES)}", "bad-parameter",
                       name="difficulty")
    try:
        variant = games.get(game).resolve_variant(variant)
    except CadoganError as err:  # an unknown game or variant: 422 with the engine's code
        raise from_cadogan_error(err) from None
    key = position_key("pick", {"nonce": secrets.token_hex(8)})  # every pick is a new question
    work = PickRequest(game, variant, difficulty, budget)
    found, _ = await deps_of(request).solver.ask(request, work, key, owner=f"{client_key(request.scope)}:pick")
    return JSONResponse(found)


ROUTES: list[BaseRoute] = [
    Route(GAME + "/analysis", analysis, methods=["GET"]),
    Route(GAME + "/verdict", verdict, methods=["GET"]),
    Route("/api/pick", pick, methods=["GET"]),
]
