"""The HTTP API of SPEC.md and the static front end, as one Starlette app: ``make_app``.

Every route answers JSON; every fault a client can cause is a 4xx ``{"error": english, "code": code,
**fields}`` (``cadogan.web.errors``). The API's additions to SPEC (extra fields, routes, limits and
codes) are in docs/spec.md, "HTTP API". The app is put together from:

- ``cadogan.web.routes``: the routes, one module per resource;
- ``cadogan.web.deps``: what they share (the store, the games registry, the solver, the limits);
- ``cadogan.web.registry`` (the games being played), ``board`` (the game object), ``parsing``
  (bodies and parameters), ``solver_service`` (bounded, cancellable searches), ``security`` (the
  guard around every request: Host and Origin checks, headers, the player cookie).
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import asynccontextmanager
from typing import AsyncIterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from cadogan.store import StaleGame, Store
from cadogan.web.deals import winnable_pool
from cadogan.web.deps import Deps, Solver
from cadogan.web.errors import ApiError
from cadogan.web.parsing import BODY_SECONDS
from cadogan.web.registry import Games
from cadogan.web.routes import advice, analysis, daily, games, guidance, hints, history, pages, play, review, stats
from cadogan.web.security import Guard, RateLimit, client_key
from cadogan.web.solver_service import Gone, SolverService

GAMES_PER_MINUTE = 120
ROUTES: list[BaseRoute] = [*pages.ROUTES, *games.ROUTES, *play.ROUTES, *hints.ROUTES, *advice.ROUTES,
                           *stats.ROUTES, *analysis.ROUTES, *guidance.ROUTES, *daily.ROUTES, *history.ROUTES,
                           *review.ROUTES]

log = logging.getLogger("cadogan.web")


def survey_pool(game_id: str, variant: str) -> list[int]:
    """The survey's winnable deals (``winnable_pool``, looked up when asked: a test may replace it)."""
    return winnable_pool(game_id, variant)


def make_app(store: Store, *, hosts: set[str] | None = None, solver: SolverService | None = None,
             games_per_minute: int = GAMES_PER_MINUTE, body_seconds: float = BODY_SECONDS,
             extra: list[BaseRoute] | None = None) -> ASGIApp:
    """The Starlette app serving the API and the front end from ``store``.

    ``hosts``: the Host header values the server answers to (``cadogan serve`` gives the addresses it
    listens on); None checks only that a browser's Origin matches the Host it asked. ``solver``: the
    solver service (default: searches in threads of this process; ``cadogan serve`` gives one with
    worker processes, whose searches stop when cancelled). ``extra``: more routes, placed before
    the catch-all 404 of ``/api``. ``games_per_minute`` per client address; ``body_seconds`` to read a body.
    """
    service = solver if solver is not None else SolverService(processes=False)
    deps = Deps(store=store, games=Games(store, survey_pool), solver=Solver(service), pool=survey_pool,
                new_games=RateLimit(games_per_minute), body_seconds=body_seconds)
    routes = [
        *ROUTES, *(extra or []),
        Route("/api/{rest:path}", _no_route, methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]),
        Mount("/static", StaticFiles(directory=pages.STATIC), name="static"),
    ]

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        service.stop_on_signals(asyncio.get_running_loop())  # Ctrl+C ends the searches at once
        yield
        service.close()

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={
        ApiError: _api_error, HTTPException: _http_error, ClientDisconnect: _hung_up_error, Gone: _gone,
        StaleGame: _stale, Exception: _server_error})
    app.state.deps = deps
    return Guard(app, hosts)  # type: ignore[return-value]


async def _no_route(request: Request) -> Response:
    return ApiError(404, f"no such route: {request.method} {request.url.path[:100]}", "unknown-route").response()


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return exc.response()


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    path = request.url.path[:100]
    message = {404: f"no such route: {path}",
               405: f"{request.method} is not allowed on {path}"}.get(exc.status_code, str(exc.detail))
    return ApiError(exc.status_code, message, "unknown-route", headers=exc.headers).response()


async def _hung_up_error(request: Request, exc: Exception) -> Response:
    log.info("client %s hung up during %s %s", client_key(request.scope), request.method, request.url.path[:100])
    return Response(status_code=204)  # nobody is listening; this only ends the request quietly


async def _gone(request: Request, exc: Exception) -> Response:
    log.info("client %s hung up while the solver worked on %s", client_key(request.scope), request.url.path[:100])
    return Response(status_code=204)


async def _stale(request: Request, exc: Exception) -> Response:
    log.warning("%s: %s (another process writes the same games file?)", request.url.path[:100], exc)
    return ApiError(409, "the game changed meanwhile: load it again", "stale-game").response()


async def _server_error(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error on %s %s", request.method, request.url.path)
    return JSONResponse({"error": "internal error: the server failed; the game as saved before this request is intact",
                         "code": "internal"}, status_code=500)
