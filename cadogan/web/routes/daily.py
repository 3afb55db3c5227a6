"""The daily deal's days (the calendar and the streak) and the achievements, of the player asking."""

from __future__ import annotations

from datetime import date
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cadogan import achievements
from cadogan.daily import FIRST_DAY, day_of_deal, day_statuses, deal_of_day, month_days, parse_month, streaks, today, won_days
from cadogan.store import Store
from cadogan.web.deps import deps_of
from cadogan.web.errors import ApiError
from cadogan.web.parsing import read_json_object
from cadogan.web.summaries import daily_game, summary_object


async def daily_history(request: Request) -> Response:
    now = today()
    text = request.query_params.get("month")
    year, month = (now.year, now.month) if text is None else parse_month(text.strip()) or (0, 0)
    if not (FIRST_DAY.year, FIRST_DAY.month) <= (year, month) <= (now.year, now.month):
        raise ApiError(400, f"month must be YYYY-MM from {FIRST_DAY:%Y-%m} to this month, {now:%Y-%m}, "
                            f"not {(text or '')[:30]!r}", "bad-parameter", name="month")
    store, player = deps_of(request).store, request.state.player
    return JSONResponse(await run_in_threadpool(_month_object, store, player, year, month, now))


def _month_object(store: Store, player: str, year: int, month: int, now: date) -> dict[str, Any]:
    played = store.daily_games(player)
    days = [daily_game(g) for g in played]
    statuses = day_statuses(days)
    current, best = streaks(won_days(days), now)
    by_day: dict[date, list[dict[str, Any]]] = {}
    for game in played:
        day = day_of_deal(game.deal)
        if day is not None and game.played and (day.year, day.month) == (year, month):
            by_day.setdefault(day, []).append(summary_object(game))
    return {
        "today": now.isoformat(), "month": f"{year:04d}-{month:02d}", "first_month": f"{FIRST_DAY:%Y-%m}",
        "streak": {"current": current, "best": best},
        "days": [{"date": day.isoformat(), "deal": deal_of_day(day), "status": statuses.get(day, "none"),
                  "games": by_day.get(day, [])} for day in month_days(year, month)],
    }


async def show_achievements(request: Request) -> Response:
    store, player = deps_of(request).store, request.state.player
    return JSONResponse(await run_in_threadpool(_achievements_object, store, player))


async def see_achievements(request: Request) -> Response:
    """The player has been told of the achievements ``ids`` (the one-time notice is not shown again)."""
    deps = deps_of(request)
    body = await read_json_object(request, seconds=deps.body_seconds)
    ids = body.get("ids")
    known = achievements.names()
    if not isinstance(ids, list) or len(ids) > len(known) or not all(isinstance(i, str) and i in known for i in ids):
        raise ApiError(400, "ids must be a list of achievement ids", "bad-parameter", name="ids")
    store, player = deps.store, request.state.player
    await run_in_threadpool(store.see_achievements, player, ids)
    return JSONResponse(await run_in_threadpool(_achievements_object, store, player))


def _achievements_object(store: Store, player: str) -> dict[str, Any]:
    standings = achievements.standings(store.wins(player), [daily_game(g) for g in store.daily_games(player)],
                                       store.played(player, achievements.PLAYED_GAMES))
    seen = store.achievements_seen(player)
    return {"achievements": [
        {"id": s.id, "earned": s.earned_on is not None, "earned_on": s.earned_on.isoformat() if s.earned_on else None,
         "progress": s.progress, "goal": s.goal, "new": s.earned_on is not None and s.id not in seen}
        for s in standings]}


ROUTES: list[BaseRoute] = [
    Route("/api/daily/history", daily_history, methods=["GET"]),
    Route("/api/achievements", show_achievements, methods=["GET"]),
    Route("/api/achievements/seen", see_achievements, methods=["POST"]),
]
