"""Games: the list of games, today's deals, a new game, one game."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cadogan import games
from cadogan.daily import today as local_today
from cadogan.web.board import game_object
from cadogan.web.deals import today_deal
from cadogan.web.deps import GAME, deps_of
from cadogan.web.errors import ApiError
from cadogan.web.parsing import flag, parse_deal, read_json_object, text_field
from cadogan.web.security import client_key


async def list_games(request: Request) -> Response:
    pool = deps_of(request).pool
    return JSONResponse([{"game": g.id, "variants": list(g.variants), "title": g.title,
                          "winnable_pool": {v: bool(pool(g.id, v)) for v in g.variants}}
                         for g in games.all_games()])


async def daily(request: Request) -> Response:
    today = local_today()
    return JSONResponse([{"game": g.id, "variant": v, "deal": today_deal(today), "date": today.isoformat()}
                         for g in games.all_games() for v in g.variants])


async def new_game(request: Request) -> Response:
    deps = deps_of(request)
    wait = deps.new_games.take(client_key(request.scope))
    if wait:
        raise ApiError(429, f"too many new games: try again in {wait} s", "rate-limited",
                       headers={"Retry-After": str(wait)})
    body = await read_json_object(request, seconds=deps.body_seconds)
    game_id = text_field(body, "game", required=True)
    variant = text_field(body, "variant", required=False)
    deal = parse_deal(body.get("deal"))
    winnable, daily = flag(body, "winnable"), flag(body, "daily")
    saved, history = await deps.games.create(request.state.player, game_id or "", variant, deal,
                                             winnable=winnable, daily=daily)
    return JSONResponse(game_object(saved, history), status_code=201)


async def show_game(request: Request) -> Response:
    registry = deps_of(request).games
    saved, history = await registry.get(request.path_params["game_id"])
    await registry.claim_unowned(request.state.player, saved)
    return JSONResponse(game_object(saved, history))


ROUTES: list[BaseRoute] = [
    Route("/api/games", list_games, methods=["GET"]),
    Route("/api/games", new_game, methods=["POST"]),
    Route("/api/daily", daily, methods=["GET"]),
    Route(GAME, show_game, methods=["GET"]),
]
