"""Where the server's deals come from besides the player: the daily deal and the survey's pool."""

from __future__ import annotations

import logging
from datetime import date

from cadogan.daily import deal_of_day, today
from cadogan.solver.pool import winnable_deals

log = logging.getLogger("cadogan.web")


def today_deal(day: date | None = None) -> int:
    """The daily deal of a date: its number YYYYMMDD (SPEC.md).

    >>> today_deal(date(2026, 12, 1))
    20261201
    """
    return deal_of_day(day or today())


def winnable_pool(game_id: str, variant: str) -> list[int]:
    """Solver-proven winnable deals from the survey, or [] when there is no pool."""
    try:
        return list(winnable_deals(game_id, variant))
    except Exception:  # a missing or damaged pool file must not break new games
        log.exception("winnable deal pool for %s %s", game_id, variant)
        return []
