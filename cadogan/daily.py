"""The daily deal's days: which deal a day has, what a player did with it, and the streak of days won.

The daily deal of a date is deal number YYYYMMDD (SPEC.md), the same in every game and variant. A
player may play it on its day (*on time*) or later, from the calendar (*late*). A day's status:

- ``won``: a daily deal of that day, in any game or variant, was won in a game started on the day;
- ``won-late``: it was won only in a game started on a later day;
- ``played``: a move was made in a daily deal of that day, and none of them was won;
- ``none``: no move was made in any daily deal of that day.

The *streak* is the number of consecutive days, up to today, that are ``won``; a day not yet over
does not break it (a streak that ends yesterday is still current until today ends). Only days won on
time count: a streak cannot be mended afterwards.

>>> day = date(2026, 12, 1)
>>> deal_of_day(day), day_of_deal(20261201) == day, day_of_deal(20261301)
(20261201, True, None)
>>> won = {date(2026, 11, 29), date(2026, 11, 30), date(2026, 12, 1), date(2026, 11, 20)}
>>> streaks(won, date(2026, 12, 2))
(3, 3)
>>> streaks(won, date(2026, 12, 3))
(0, 3)
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Callable, Iterable

FIRST_DAY = date(2000, 1, 1)  # the earliest date whose daily deal the server offers (a bound on the calendar)
STATUSES = ("none", "played", "won-late", "won")  # a day's status, the better last


clock: Callable[[], date] = date.today  # the server's local date (a test may set another)


def today() -> date:
    """The server's local date: the one every daily deal is counted by."""
    return clock()


def deal_of_day(day: date) -> int:
    """The daily deal of ``day``: its number YYYYMMDD."""
    return day.year * 10000 + day.month * 100 + day.day


def day_of_deal(deal: int) -> date | None:
    """The date whose daily deal is ``deal``, or None when the number is no date (YYYYMMDD).

    >>> day_of_deal(20240229), day_of_deal(20230229), day_of_deal(7)
    (datetime.date(2024, 2, 29), None, None)
    """
    if not 10000101 <= deal <= 99991231:
        return None
    try:
        return date(deal // 10000, deal // 100 % 100, deal % 100)
    except ValueError:
        return None


@dataclass(frozen=True)
class DailyGame:
    """What the days need of one daily game: its deal, whether it was started on its day, how it went."""

    deal: int
    late: bool  # started after its day (from the calendar)
    won: bool
    played: bool  # a move was made

    @property
    def day(self) -> date | None:
        return day_of_deal(self.deal)

    @property
    def status(self) -> str:
        """The game's contribution to its day's status (``STATUSES``)."""
        if self.won:
            return "won-late" if self.late else "won"
        return "played" if self.played else "none"


def day_statuses(played: Iterable[DailyGame]) -> dict[date, str]:
    """The status of every day some daily game was opened for (days not listed are ``none``)."""
    found: dict[date, str] = {}
    for game in played:
        day = game.day
        if day is None:
            continue
        before = found.get(day, "none")
        if STATUSES.index(game.status) > STATUSES.index(before):
            found[day] = game.status
        else:
            found.setdefault(day, before)
    return found


def won_days(played: Iterable[DailyGame]) -> set[date]:
    """The days whose daily deal was won on time."""
    return {day for day, status in day_statuses(played).items() if status == "won"}


def streaks(won: set[date], on: date) -> tuple[int, int]:
    """(current, best): the run of won days that ends ``on`` or the day before, and the longest run.

    >>> streaks(set(), date(2026, 1, 1))
    (0, 0)
    >>> streaks({date(2026, 1, 1)}, date(2026, 1, 1)), streaks({date(2026, 1, 1)}, date(2026, 1, 2))
    ((1, 1), (1, 1))
    """
    current = 0
    day = on if on in won else on - timedelta(days=1)
    while day in won:
        current += 1
        day -= timedelta(days=1)
    best = 0
    for day in won:
        if day - timedelta(days=1) in won:
            continue  # not the first day of a run
        length = 1
        while day + timedelta(days=length) in won:
            length += 1
        best = max(best, length)
    return current, best


def first_day_of_streak(won: set[date], length: int) -> date | None:
    """The earliest day on which a run of ``length`` won days was complete, or None.

    >>> first_day_of_streak({date(2026, 1, d) for d in (1, 2, 3, 5, 6)}, 2)
    datetime.date(2026, 1, 2)
    """
    for day in sorted(won):
        if all(day - timedelta(days=k) in won for k in range(1, length)):
            return day
    return None


def month_days(year: int, month: int) -> list[date]:
    """Every date of a month, in order.

    >>> len(month_days(2024, 2)), month_days(2024, 2)[-1]
    (29, datetime.date(2024, 2, 29))
    """
    return [date(year, month, d) for d in range(1, calendar.monthrange(year, month)[1] + 1)]


def parse_month(text: str) -> tuple[int, int] | None:
    """``YYYY-MM`` in ASCII digits as (year, month), or None.

    >>> parse_month("2026-05"), parse_month("2026-13"), parse_month("2026-5"), parse_month("２０２６-05")
    ((2026, 5), None, None, None)
    """
    if len(text) != 7 or text[4] != "-" or not (text[:4] + text[5:]).isascii() or not (text[:4] + text[5:]).isdigit():
        return None
    year, month = int(text[:4]), int(text[5:])
    return (year, month) if 1 <= month <= 12 and year >= 1 else None
