"""Advice from the player's view: ``cadogan advise`` for the game's position now (SPEC.md "HTTP API").

The route forms the player's view of the saved game (``cadogan.games.view``) and hands the solver
service that view alone, never the deal: the worker cannot use the unseen order, and every game
with the same view gets the same answer (kept once, per view, samples and seed).

``count=1`` makes the advice a *hint* the player asked for: counted in the game and the statistics
once answered (the browser's Hint); without it nothing is counted (the win-chance meter, scripts).

The defaults answer fast (docs/performance.md "Advice in the server": p95 under a second on the
project machine); a client that wants a firmer answer asks again with more samples or seconds.
"""

from __future__ import annotations

import json

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cadogan.games.view import player_view
from cadogan.solver.cache import position_key
from cadogan.web.deps import GAME, deps_of
from cadogan.web.errors import ApiError, seconds_parameter
from cadogan.web.parsing import MAX_SEED, count_parameter, flag_parameter
from cadogan.web.solver_service import AdviceRequest

#: Orders of the unseen cards drawn by default, and at most.
ADVICE_SAMPLES = 8
MAX_ADVICE_SAMPLES = 64
#: Search nodes per solve of a drawn order (not a parameter: the clock cap below bounds the work).
ADVICE_MAX_NODES = 10_000
#: Seconds the whole advice may take by default, and at most (as a hint's).
ADVICE_BUDGET = 0.6
MAX_ADVICE_BUDGET = 10.0


async def advice(request: Request) -> Response:
    deps = deps_of(request)
    game_id = request.path_params["game_id"]
    saved, history = await deps.games.get(game_id)
    samples = count_parameter(request, "samples", ADVICE_SAMPLES, 1, MAX_ADVICE_SAMPLES)
    seed = count_parameter(request, "seed", 0, 0, MAX_SEED)
    budget = seconds_parameter(request.query_params.get("budget"), ADVICE_BUDGET, 0.0, MAX_ADVICE_BUDGET,
                               low_included=False)
    counted = flag_parameter(request, "count")
    state = history.state
    if not state.legal_moves():
        over = "won" if state.is_won() else "lost"
        raise ApiError(422, f"the game is {over}: no legal move is left to advise", "no-legal-move")
    view = player_view(state).to_json()
    text = json.dumps(view, sort_keys=True, separators=(",", ":"))
    key = position_key("advice", {"view": view, "samples": samples, "seed": seed, "max_nodes": ADVICE_MAX_NODES})
    work = AdviceRequest(saved.game, saved.variant, text, samples, ADVICE_MAX_NODES, seed, budget)
    found, _ = await deps.solver.ask(request, work, key, owner=f"{game_id}:advice")
    if counted and found.get("move") is not None:  # only a hint given counts
        await deps.games.count_hint(saved.id)
    return JSONResponse({**found, "deal": saved.deal})



ROUTES: list[BaseRoute] = [Route(GAME + "/advice", advice, methods=["GET"])]
