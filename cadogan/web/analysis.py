"""The analysis routes of ``cadogan serve``: where did a game go wrong, and what is known about its deal.

* ``GET /api/games/{id}/analysis?budget=S`` → ``cadogan analyse``'s object (SPEC.md) for the game's
  moves so far; ``budget``: seconds for all the searches together (default ``ANALYSIS_BUDGET``, from
  0.1 to ``MAX_ANALYSIS_BUDGET``).
* ``GET /api/games/{id}/verdict?budget=S`` → ``{"verdict": "winnable"|"lost"|"undecided",
  "difficulty": "easy"|"medium"|"hard"|"lost"|"unknown", "source": "pool"|"solver"}``: what is known
  about the game's deal before any move (``cadogan.solver.verdict``; docs/difficulty.md), default
  budget ``VERDICT_BUDGET``, from 0.1 to ``MAX_VERDICT_BUDGET`` seconds.

* ``GET /api/pick?game=G&variant=V&difficulty=D&budget=S`` → ``{"deal": n | null, "difficulty": D}``: a
  random deal of difficulty D (easy, medium, hard or lost; ``cadogan.solver.verdict.pick_deal``),
  drawing deals for up to ``budget`` seconds (default ``PICK_BUDGET``, at most ``MAX_PICK_BUDGET``);
  null when none turned up in time. The browser's "new deals: hard" setting uses it.

All three go through the server's solver service (``cadogan.web.solver_service``) like hints and
solutions: bounded (429 ``busy`` with ``Retry-After`` beyond its queue), cancelled when the client
hangs up or asks again for the same game, decided answers kept per position (an analysis per game
record, a verdict per deal). Bad parameters answer 400 ``{"error", "code": "bad-parameter", "name"}`` (``ApiError``);
an unknown game id is the app's 404. Wired into the app by ``routes_for(api)``.
"""

from __future__ import annotations

import secrets
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cadogan import games
from cadogan.errors import CadoganError
from cadogan.solver.cache import position_key
from cadogan.web.errors import ApiError, from_cadogan_error, seconds_parameter
from cadogan.web.security import client_key

ANALYSIS_BUDGET = 10.0
MAX_ANALYSIS_BUDGET = 60.0
VERDICT_BUDGET = 3.0
MAX_VERDICT_BUDGET = 10.0
PICK_BUDGET = 8.0
MAX_PICK_BUDGET = 20.0
MIN_BUDGET = 0.1
DIFFICULTIES = ("easy", "medium", "hard", "lost")


def routes_for(api: Any, game_path: str = "/api/games/{game_id}") -> list[BaseRoute]:
    """The two routes over the app's ``Api``: its ``registry.get(game_id)`` gives (saved, history),
    its ``_ask(request, kind, key, payload, owner)`` asks the solver service."""

    def handler(kind: str, default: float, high: float) -> Any:
        async def answer(request: Request) -> Response:
            game_id = request.path_params["game_id"]
            saved, history = await api.registry.get(game_id)
            budget = seconds_parameter(request.query_params.get("budget"), default, MIN_BUDGET, high)
            moves = [str(m) for m in history.state.move_stack] if kind == "analyse" else []
            what = {"record": history.state.record()} if kind == "analyse" else \
                {"game": saved.game, "variant": saved.variant, "deal": str(saved.deal)}
            payload = (kind, saved.game, saved.variant, saved.deal, tuple(moves), budget)
            found, _ = await api._ask(request, kind, position_key(kind, what), payload, owner=f"{game_id}:{kind}")
            return JSONResponse(found)
        return answer

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
        payload = ("pick", game, variant, 0, (difficulty,), budget)
        key = position_key("pick", {"nonce": secrets.token_hex(8)})  # every pick is a new question
        found, _ = await api._ask(request, "pick", key, payload, owner=f"{client_key(request.scope)}:pick")
        return JSONResponse(found)

    return [Route(game_path + "/analysis", handler("analyse", ANALYSIS_BUDGET, MAX_ANALYSIS_BUDGET), methods=["GET"]),
            Route(game_path + "/verdict", handler("verdict", VERDICT_BUDGET, MAX_VERDICT_BUDGET), methods=["GET"]),
            Route("/api/pick", pick, methods=["GET"])]
