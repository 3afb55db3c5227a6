"""The interval maths of the survey report: Wilson score intervals and the honest bounds.

A survey has three kinds of deal: proven won, proven lost, and unknown (the solver hit a limit).
``Tally`` keeps the three counts and answers the questions the report asks of them.

>>> t = Tally(won=20, lost=79, unknown=1)
>>> round(t.rate, 4), [round(x, 4) for x in t.interval]
(0.202, [0.1348, 0.2915])
>>> [round(x, 4) for x in t.bounds]
[0.1334, 0.2998]
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The two-sided 95% normal quantile, Phi^-1(0.975).
Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``trials`` (95% by default).

    Unlike the textbook p +- z*sqrt(p(1-p)/n), it stays inside [0, 1] and is sound at 0 or n.

    >>> [round(x, 4) for x in wilson_interval(5, 10)]
    [0.2366, 0.7634]
    >>> [round(x, 4) for x in wilson_interval(0, 10)]
    [0.0, 0.2775]
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)  # nothing measured: nothing known
    n = trials
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    # Clamp rounding noise: at 0 or n successes the exact bound is 0 or 1.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class Tally:
    """Counts of one game and variant: proven won, proven lost, unknown."""

    won: int = 0
    lost: int = 0
    unknown: int = 0

    @property
    def deals(self) -> int:
        return self.won + self.lost + self.unknown

    @property
    def decided(self) -> int:
        return self.won + self.lost

    @property
    def rate(self) -> float | None:
        """Won among the decided deals (None when none is decided).

        This is the estimate of the win rate if the unknown deals are like the decided ones;
        ``bounds`` says how far off it can be if they are not.
        """
        return self.won / self.decided if self.decided else None

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of ``rate`` (over the decided deals)."""
        return wilson_interval(self.won, self.decided)

    @property
    def bounds(self) -> tuple[float, float]:
        """The honest range: from the Wilson low end counting every unknown as lost, to the Wilson
        high end counting every unknown as won.  Whatever the unknown deals turn out to be, the true
        rate is outside this range with less than 5% probability at each end."""
        return (wilson_interval(self.won, self.deals)[0],
                wilson_interval(self.won + self.unknown, self.deals)[1])

    @property
    def rate_unknown_as_lost(self) -> float | None:
        return self.won / self.deals if self.deals else None

    @property
    def rate_unknown_as_won(self) -> float | None:
        return (self.won + self.unknown) / self.deals if self.deals else None

    def add(self, result: str) -> "Tally":
        """This tally with one more deal of ``result`` ("won", "lost" or "unknown")."""
        from cadogan.solver.outcome import Result

        try:
            result = Result(result)
        except ValueError:
            raise ValueError(f"unknown result {result!r}") from None
        counts = {"won": self.won, "lost": self.lost, "unknown": self.unknown}
        counts[result.value] += 1
        return Tally(**counts)
