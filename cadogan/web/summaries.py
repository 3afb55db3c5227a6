"""The JSON of a game in a list (the calendar's days, the history of finished games): how it went,
never its cards or moves."""

from __future__ import annotations

from datetime import date
from typing import Any

from cadogan.daily import DailyGame, day_of_deal
from cadogan.store import GameSummary


def summary_object(game: GameSummary) -> dict[str, Any]:
    """``{"id", "game", "variant", "deal", "deal_text", "daily", "late", "day", "outcome", "moves",
    "seconds", "hints", "undos", "started", "ended", "replay"}`` (docs/spec.md, "Days, history and
    achievements")."""
    day = day_of_deal(game.deal) if game.daily else None
    return {
        "id": game.id, "game": game.game, "variant": game.variant, "deal": game.deal, "deal_text": str(game.deal),
        "daily": game.daily, "late": game.late, "day": day.isoformat() if day else None,
        "outcome": game.outcome, "moves": game.moves, "seconds": game.seconds, "hints": game.hints,
        "undos": game.undos, "started": _local_day(game.created),
        "ended": _local_day(game.ended) if game.ended is not None else None,
        "replay": game.over,
    }


def daily_game(game: GameSummary) -> DailyGame:
    """What the days need of a daily game."""
    return DailyGame(deal=game.deal, late=game.late, won=game.outcome == "won", played=game.played)


def _local_day(timestamp: float) -> str:
    return date.fromtimestamp(timestamp).isoformat()
