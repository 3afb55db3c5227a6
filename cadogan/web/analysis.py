"""The analysis routes of ``cadogan serve``: where did a game go wrong, and what is known about its deal.

* ``GET /api/games/{id}/analysis?budget=S`` → ``cadogan analyse``'s object (SPEC.md) for the game's
  moves so far; ``budget``: seconds for all the searches together (default ``ANALYSIS_BUDGET``, from
  0.1 to ``MAX_ANALYSIS_BUDGET``).  A decided answer is kept per game record, so asking again is instant.
* ``GET /api/games/{id}/verdict?budget=S`` → ``{"verdict": "winnable"|"lost"|"undecided",
  "difficulty": "easy"|"medium"|"hard"|"lost"|"unknown", "source": "pool"|"solver"}``: what is known
  about the game's deal before any move (``cadogan.solver.verdict``; docs/difficulty.md), default
  budget ``VERDICT_BUDGET``, from 0.1 to ``MAX_VERDICT_BUDGET`` seconds.  Kept per deal.

The solver runs in a worker thread (``run_in_threadpool``), one search of these two kinds at a time;
beyond ``MAX_WAITING`` requests waiting for it the answer is 429 ``busy`` with ``Retry-After``.  Bad
parameters answer 400 ``{"error", "code": "bad-parameter", "name": ...}``; an unknown game id is the
app's 404 (``lookup`` raises it).  Wired into the app by ``routes_for(api)`` (or ``register``).
"""

from __future__ import annotations

import asyncio
import inspect
import math
from collections import OrderedDict
from typing import Any, Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cadogan.games.base import State

ANALYSIS_BUDGET = 10.0
MAX_ANALYSIS_BUDGET = 60.0
VERDICT_BUDGET = 3.0
MAX_VERDICT_BUDGET = 10.0
MIN_BUDGET = 0.1
KEPT = 256  # decided answers kept in memory
MAX_WAITING = 4  # requests waiting for the solver beyond the one it works for: more are told 429

Lookup = Callable[[str], Any]  # game id -> its State, or an awaitable of it


class _Turn:
    """A lock that counts who waits for it."""

    def __init__(self, lock: asyncio.Lock) -> None:
        self.lock = lock
        self.waiting = 0

    async def __aenter__(self) -> None:
        self.waiting += 1
        try:
            await self.lock.acquire()
        finally:
            self.waiting -= 1

    async def __aexit__(self, *exc: object) -> None:
        self.lock.release()


class _Answers:
    """Decided answers, oldest out first."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self._answers: OrderedDict[Any, dict[str, Any]] = OrderedDict()

    def get(self, key: Any) -> dict[str, Any] | None:
        answer = self._answers.get(key)
        if answer is not None:
            self._answers.move_to_end(key)
        return answer

    def put(self, key: Any, answer: dict[str, Any]) -> None:
        self._answers[key] = answer
        self._answers.move_to_end(key)
        while len(self._answers) > self.size:
            self._answers.popitem(last=False)


def routes_for(api: Any) -> list[BaseRoute]:
    """The two routes over the app's ``Api`` (its ``registry.get(game_id)`` gives (saved, history))."""
    async def lookup(game_id: str) -> State:
        _, history = await api.registry.get(game_id)
        return history.state
    return routes(lookup)


def routes(lookup: Lookup, solver_turn: asyncio.Lock | None = None, game_path: str = "/api/games/{game_id}") -> list[BaseRoute]:
    """The two routes; ``lookup(game_id)`` gives the game's current state (or raises the app's 404)."""
    turn = _Turn(solver_turn or asyncio.Lock())
    analysis = _solver_route(lookup, turn, lambda state: state.record(), _analyse,
                             lambda answer: answer["result"] != "unknown", ANALYSIS_BUDGET, MAX_ANALYSIS_BUDGET)
    verdict = _solver_route(lookup, turn, lambda state: (state.game.id, state.variant, state.deal), _verdict,
                            lambda answer: answer["verdict"] != "undecided", VERDICT_BUDGET, MAX_VERDICT_BUDGET)
    return [Route(game_path + "/analysis", analysis, methods=["GET"]),
            Route(game_path + "/verdict", verdict, methods=["GET"])]


def _solver_route(lookup: Lookup, turn: _Turn, key_of: Callable[[State], Any],
                  compute: Callable[[State, float], dict[str, Any]], decided: Callable[[dict[str, Any]], bool],
                  default: float, high: float) -> Callable[[Request], Any]:
    """A GET handler: ``compute(state, budget)`` in a worker thread, one at a time (``turn``); its
    decided answers kept by ``key_of(state)``."""
    answers = _Answers()

    async def handler(request: Request) -> Response:
        found = lookup(request.path_params["game_id"])
        state = (await found if inspect.isawaitable(found) else found).copy()
        try:
            budget = _budget(request, default, high)
        except BadBudget as err:
            return err.response()
        key = key_of(state)
        answer = answers.get(key)
        if answer is None:
            if turn.waiting > MAX_WAITING:
                retry = str(math.ceil(budget))
                return JSONResponse({"error": f"the solver is busy: try again in {retry} s", "code": "busy"},
                                    status_code=429, headers={"Retry-After": retry})
            async with turn:
                answer = answers.get(key) or await run_in_threadpool(compute, state, budget)
            if decided(answer):
                answers.put(key, answer)
        return JSONResponse(answer)

    return handler


def register(app_routes: list[BaseRoute], lookup: Lookup, solver_turn: asyncio.Lock | None = None) -> None:
    """Put the routes into ``app_routes`` before its catch-all ``/api/{rest:path}`` route (at the end
    when it has none)."""
    at = next((i for i, r in enumerate(app_routes) if getattr(r, "path", "").startswith("/api/{rest")),
              len(app_routes))
    app_routes[at:at] = routes(lookup, solver_turn)


def _analyse(state: State, budget: float) -> dict[str, Any]:
    from cadogan.solver.analysis import analyse_state
    return analyse_state(state, budget).to_json()


def _verdict(state: State, budget: float) -> dict[str, Any]:
    from cadogan.solver.verdict import deal_verdict
    return deal_verdict(state.game.id, state.variant, state.deal, seconds=budget).to_json()


class BadBudget(Exception):
    """A ``budget`` query parameter that is not a number of seconds in range: 400 ``bad-parameter``."""

    def response(self) -> Response:
        return JSONResponse({"error": str(self), "code": "bad-parameter", "name": "budget"}, status_code=400)


def _budget(request: Request, default: float, high: float) -> float:
    """The ``budget`` query parameter in seconds, from MIN_BUDGET to ``high``; BadBudget if not."""
    text = request.query_params.get("budget")
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (MIN_BUDGET <= value <= high):  # also refuses nan and inf
        raise BadBudget(f"budget must be from {MIN_BUDGET:g} to {high:g} seconds, not {text[:30]!r}")
    return value
