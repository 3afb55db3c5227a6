"""The daily deal's days and the achievements' rules (``cadogan.daily``, ``cadogan.achievements``),
on made-up games: a day's status, the streak of days won on time, and when each achievement is earned."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from cadogan import achievements
from cadogan.daily import DailyGame, day_of_deal, day_statuses, deal_of_day, first_day_of_streak, streaks, won_days
from cadogan.store import GameSummary

DAY = date(2025, 1, 11)


def daily(day: date, *, won: bool = False, late: bool = False, played: bool = True) -> DailyGame:
    return DailyGame(deal=deal_of_day(day), late=late, won=won, played=played)


def test_a_day_is_won_when_any_daily_deal_of_it_was_won_on_the_day():
    statuses = day_statuses([daily(DAY), daily(DAY, won=True), daily(DAY - timedelta(days=1))])
    assert statuses == {DAY: "won", DAY - timedelta(days=1): "played"}


def test_a_day_won_only_later_is_won_late_and_is_no_day_of_the_streak():
    late = [daily(DAY, won=True, late=True), daily(DAY - timedelta(days=1), won=True)]
    assert day_statuses(late) == {DAY: "won-late", DAY - timedelta(days=1): "won"}
    assert won_days(late) == {DAY - timedelta(days=1)}
    assert streaks(won_days(late), DAY) == (1, 1)


def test_a_daily_game_opened_without_a_move_leaves_its_day_not_played():
    assert day_statuses([daily(DAY, played=False)]) == {DAY: "none"}


def test_the_streak_lives_through_today_until_the_day_is_over():
    won = {DAY - timedelta(days=k) for k in range(1, 4)}  # the three days before today
    assert streaks(won, DAY) == (3, 3)  # today not yet won: the streak still stands
    assert streaks(won, DAY + timedelta(days=1)) == (0, 3)  # a whole day missed: it is broken
    assert streaks(won | {DAY}, DAY) == (4, 4)


def test_a_number_that_is_no_date_has_no_day():
    assert [day_of_deal(n) for n in (20250229, 20251301, 20250100, 123, 10**12)] == [None] * 5
    assert day_of_deal(20240229) == date(2024, 2, 29)


@given(st.sets(st.integers(0, 60), max_size=40), st.integers(0, 62))
def test_streaks_are_the_runs_of_consecutive_won_days(offsets, on_offset):
    start = date(2024, 12, 1)
    won = {start + timedelta(days=k) for k in offsets}
    on = start + timedelta(days=on_offset)
    current, best = streaks(won, on)
    runs, run = [], 0
    for k in range(0, 64):  # the longest run, day by day
        run = run + 1 if start + timedelta(days=k) in won else 0
        runs.append(run)
    assert best == max(runs)
    end = on if on in won else on - timedelta(days=1)
    expected = 0
    while end - timedelta(days=expected) in won:
        expected += 1
    assert current == expected <= best
    seventh = first_day_of_streak(won, 7)
    assert (seventh is None) == (best < 7)
    if seventh is not None:
        assert all(seventh - timedelta(days=k) in won for k in range(7))


def win(game="square", variant="classic", *, when=DAY, seconds=600.0, hints=0, undos=0, daily_=False) -> GameSummary:
    ended = datetime(when.year, when.month, when.day, 12).timestamp()
    return GameSummary("0" * 16, game, variant, 7, daily=daily_, late=False, outcome="won", moves=150, seconds=seconds,
                       hints=hints, undos=undos, created=ended - seconds, ended=ended, played=True, over=True)


def earned(wins=(), days=(), played=(0, None), on=DAY) -> dict[str, date | None]:
    return {s.id: s.earned_on for s in achievements.standings(list(wins), list(days), played, on)}


def test_no_game_earns_nothing():
    assert set(earned().values()) == {None}
    assert len(earned()) == len(achievements.names()) == 9


def test_each_first_win_is_earned_on_the_day_of_the_first_win_of_its_game():
    found = earned([win("precedence", "king-out", when=date(2025, 1, 2)), win("square", when=date(2025, 1, 5)),
                    win("precedence", "first-king", when=date(2025, 1, 9))])
    assert found["first-win-precedence"] == date(2025, 1, 2) and found["first-win-square"] == date(2025, 1, 5)
    assert found["first-win-british-square"] is None and found["square-free"] is None


def test_a_win_with_a_hint_or_an_undo_is_not_clean_and_a_slow_one_not_quick():
    found = earned([win(hints=1, seconds=301), win(undos=2, seconds=900)])
    assert found["clean-win"] is None and found["quick-win"] is None
    found = earned([win(hints=1, seconds=300, when=date(2025, 1, 3)), win(when=date(2025, 1, 4))])
    assert found["quick-win"] == date(2025, 1, 3) and found["clean-win"] == date(2025, 1, 4)


def test_square_free_and_daily_wins():
    found = earned([win("square", "free", when=date(2025, 1, 6)), win(daily_=True, when=date(2025, 1, 8))])
    assert found["square-free"] == date(2025, 1, 6) and found["daily-win"] == date(2025, 1, 8)


def test_seven_days_in_a_row_earn_the_streak_on_the_seventh_and_count_up_before():
    days = [daily(DAY - timedelta(days=k), won=True) for k in range(6)]
    standing = {s.id: s for s in achievements.standings([], days, (0, None), DAY)}["streak-7"]
    assert standing.earned_on is None and (standing.progress, standing.goal) == (6, 7)
    days.append(daily(DAY - timedelta(days=6), won=True))
    assert earned(days=days)["streak-7"] == DAY
    days_with_gap = [daily(DAY - timedelta(days=k), won=True) for k in (0, 1, 2, 4, 5, 6, 7)]
    assert earned(days=days_with_gap)["streak-7"] is None


def test_the_hundredth_game_played_earns_played_100():
    started = datetime(2025, 1, 10, 9).timestamp()
    assert earned(played=(99, None))["played-100"] is None
    assert earned(played=(120, started))["played-100"] == date(2025, 1, 10)
