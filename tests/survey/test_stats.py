"""The survey's interval maths against values computed independently (scipy's binomtest Wilson CI)."""

import pytest

from cadogan.survey.stats import Tally, wilson_interval

# (successes, trials) -> Wilson 95% interval, from scipy.stats.binomtest(k, n).proportion_ci("wilson")
KNOWN = {
    (5, 10): (0.236593090512564, 0.7634069094874361),
    (0, 10): (0.0, 0.27753279986288926),
    (20, 99): (0.13475729804135694, 0.2915441111707826),
    (20, 100): (0.1333669333310325, 0.2888291655931589),
    (49, 100): (0.3942199893044114, 0.5865198806597284),
    (1, 1): (0.20654931437723745, 1.0),
}


@pytest.mark.parametrize("counts", sorted(KNOWN))
def test_wilson_interval_matches_known_values(counts):
    low, high = wilson_interval(*counts)
    assert low == pytest.approx(KNOWN[counts][0], abs=1e-12)
    assert high == pytest.approx(KNOWN[counts][1], abs=1e-12)


def test_wilson_interval_of_a_fifth_of_two_thousand_deals_is_about_two_points_wide_each_side():
    low, high = wilson_interval(400, 2000)
    assert 0.182 < low < 0.184 and 0.217 < high < 0.219  # the "about ±2%"


def test_wilson_interval_is_symmetric_under_swapping_wins_and_losses():
    low, high = wilson_interval(13, 57)
    mirror_low, mirror_high = wilson_interval(57 - 13, 57)
    assert low == pytest.approx(1 - mirror_high) and high == pytest.approx(1 - mirror_low)


def test_no_trials_means_nothing_is_known():
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("bad", [(-1, 3), (4, 3), (1, -1)])
def test_impossible_counts_are_refused(bad):
    with pytest.raises(ValueError):
        wilson_interval(*bad)


def test_rate_counts_only_decided_deals():
    tally = Tally(won=20, lost=80, unknown=50)
    assert tally.deals == 150 and tally.decided == 100
    assert tally.rate == 0.2
    assert tally.interval == wilson_interval(20, 100)


def test_honest_bounds_count_unknowns_as_lost_then_as_won():
    tally = Tally(won=20, lost=80, unknown=50)
    assert tally.bounds == (wilson_interval(20, 150)[0], wilson_interval(70, 150)[1])
    assert tally.rate_unknown_as_lost == pytest.approx(20 / 150)
    assert tally.rate_unknown_as_won == pytest.approx(70 / 150)


def test_without_unknowns_the_bounds_are_the_wilson_interval():
    tally = Tally(won=37, lost=163)
    assert tally.bounds == tally.interval


def test_nothing_decided_has_no_rate():
    tally = Tally(unknown=5)
    assert tally.rate is None and tally.bounds == (0.0, 1.0)


def test_add_counts_one_more_deal():
    assert Tally().add("won").add("unknown").add("unknown") == Tally(won=1, unknown=2)
    with pytest.raises(ValueError):
        Tally().add("draw")
