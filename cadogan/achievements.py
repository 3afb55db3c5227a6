"""Achievements: a handful of goals, each decided from the games a player has stored (never from
what a browser remembers), so they hold after a reload, in a new tab and after a restart.

| id | earned by |
|---|---|
| ``first-win-GAME`` | winning a game of GAME (any variant), one per game |
| ``clean-win`` | a win with no hint and no undo in that game |
| ``daily-win`` | winning a daily deal (on its day or later) |
| ``streak-7`` | winning the daily deal seven days in a row, each on its day (``cadogan.daily``) |
| ``square-free`` | winning Square's ``free`` variant |
| ``quick-win`` | a win within five minutes on the game's clock (from the first move to the win) |
| ``played-100`` | playing 100 games (a game counts once a move is made) |

Each is earned on the day its first qualifying game was won (or the streak's seventh day, or the
hundredth game started), and is never taken away: undoing a won game keeps its win, as the
statistics do.

>>> from cadogan.store import GameSummary
>>> win = GameSummary("a" * 16, "square", "free", 3, daily=False, late=False, outcome="won", moves=200,
...                   seconds=250.0, hints=0, undos=0, created=0.0, ended=86400.0 * 365, played=True,
...                   over=True)
>>> earned = {s.id for s in standings([win], [], (1, None)) if s.earned_on}
>>> sorted(earned)
['clean-win', 'first-win-square', 'quick-win', 'square-free']
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Callable, Iterable

from cadogan import games
from cadogan.daily import DailyGame, first_day_of_streak, streaks, today, won_days
from cadogan.store import GameSummary

QUICK_SECONDS = 300  # a quick win: at most this long on the clock
STREAK_DAYS = 7
PLAYED_GAMES = 100


@dataclass(frozen=True)
class Standing:
    """Where a player stands on one achievement: earned on a date, or not (yet); a goal that counts
    up (days, games) says how far the player has come."""

    id: str
    earned_on: date | None
    progress: int | None = None
    goal: int | None = None


def _first_win(wins: Iterable[GameSummary], test: Callable[[GameSummary], bool]) -> date | None:
    """The day of the first win that passes ``test`` (``wins`` in the order they were won)."""
    for win in wins:
        if test(win) and win.ended is not None:
            return date.fromtimestamp(win.ended)
    return None


def names() -> list[str]:
    """Every achievement's id, in the order they are shown.

    >>> names()[:3], len(names())
    (['first-win-british-square', 'first-win-square', 'first-win-precedence'], 9)
    """
    return [s.id for s in standings([], [], (0, None), date(2000, 1, 1))]


def standings(wins: list[GameSummary], daily: list[DailyGame], played: tuple[int, float | None],
              on: date | None = None) -> list[Standing]:
    """Every achievement (``names()``' order) from a player's wins (in the order they were won),
    daily games and (games played, when the hundredth started), on the date ``on`` (today)."""
    on = today() if on is None else on
    found = [Standing(f"first-win-{g.id}", _first_win(wins, lambda w, g=g: w.game == g.id)) for g in games.all_games()]
    won = won_days(daily)
    count, hundredth = played
    found += [
        Standing("clean-win", _first_win(wins, lambda w: w.hints == 0 and w.undos == 0)),
        Standing("daily-win", _first_win(wins, lambda w: w.daily)),
        Standing("streak-7", first_day_of_streak(won, STREAK_DAYS), min(streaks(won, on)[1], STREAK_DAYS), STREAK_DAYS),
        Standing("square-free", _first_win(wins, lambda w: w.game == "square" and w.variant == "free")),
        Standing("quick-win", _first_win(wins, lambda w: w.seconds is not None and w.seconds <= QUICK_SECONDS)),
        Standing("played-100", date.fromtimestamp(hundredth) if hundredth is not None else None,
                 min(count, PLAYED_GAMES), PLAYED_GAMES),
    ]
    return found
