"""What the route modules share, typed: the store, the games registry, the solver and the limits.

``make_app`` builds one ``Deps`` and keeps it on the app; a route reaches it with ``deps_of(request)``
(the web layer's one way between modules, as FastAPI's ``deps.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request

from cadogan.store import Store
from cadogan.web.errors import ApiError
from cadogan.web.registry import Games, Pool
from cadogan.web.reviews import Reviews
from cadogan.web.security import RateLimit
from cadogan.web.solver_service import Busy, SolverRequest, SolverService, Superseded

GAME = "/api/games/{game_id}"  # the path of one game; its routes add to it


class Solver:
    """The routes' way to the solver service: its answers, or the API's 429 ``busy`` and 409
    ``superseded``; a search whose client hangs up stops (``Gone``, answered by the app)."""

    def __init__(self, service: SolverService) -> None:
        self.service = service

    async def ask(self, request: Request, work: SolverRequest, key: str, owner: str) -> tuple[dict[str, Any], bool]:
        """The answer to ``work`` (about the position ``key`` names) and whether it was kept from
        before; ``owner`` names the game and purpose whose newer request supersedes this one."""
        try:
            return await self.service.ask(work, key, owner=owner, gone=lambda: hung_up(request))
        except Busy as err:
            raise ApiError(429, f"the solver is busy: try again in {err.retry_after} s", "busy",
                           headers={"Retry-After": str(err.retry_after)}) from None
        except Superseded:
            raise ApiError(409, "a newer request for this game took this one's place", "superseded") from None

    def decided(self, key: str) -> dict[str, Any] | None:
        """A decided answer kept for the position ``key`` names, with any budget."""
        return self.service.cache.decided(key)


async def hung_up(request: Request) -> None:
    """Return when the client of ``request`` (whose body is read) hangs up."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


@dataclass(frozen=True)
class Deps:
    store: Store
    games: Games
    solver: Solver
    pool: Pool  # the survey's winnable deals of a game and variant
    new_games: RateLimit  # new games per client address
    body_seconds: float  # to read a request body
    reviews: Reviews = field(default_factory=Reviews)  # each game's review as it goes


def deps_of(request: Request) -> Deps:
    """The app's dependencies, for a route."""
    deps = request.app.state.deps
    assert isinstance(deps, Deps)
    return deps
