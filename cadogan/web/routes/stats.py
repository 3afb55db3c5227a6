"""The player's statistics (running totals kept by the store)."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cadogan.web.deps import deps_of


async def stats(request: Request) -> Response:
    return JSONResponse(await run_in_threadpool(deps_of(request).store.stats, request.state.player))


ROUTES: list[BaseRoute] = [Route("/api/stats", stats, methods=["GET"])]
