"""The front end: its page and its service worker (its scripts and styles are the app's ``/static`` mount)."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Route

STATIC = Path(__file__).resolve().parents[1] / "static"


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def service_worker(request: Request) -> Response:
    """The page's service worker (static/sw.js), served at the root so that its scope is the page."""
    return FileResponse(STATIC / "sw.js", media_type="text/javascript", headers={"Cache-Control": "no-cache"})


ROUTES: list[BaseRoute] = [Route("/", index), Route("/sw.js", service_worker)]
