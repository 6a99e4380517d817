"""The figures the benchmarks print, each defined once: percentiles, the Wilson interval, rate lines, time
distributions and their markdown rows.

Two percentiles stay side by side because published figures were computed with each: `percentile` is the
nearest rank (`solitaire_core.figures.percentile`, the one the games' `stats` commands use) and `quantile`
the rounded index over `n - 1` that the browser and save benchmarks have always used.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from solitaire_core.figures import percentile

__all__ = ["percentile", "quantile", "rate", "short_rate", "summary", "summary_dict", "time_row", "wilson"]


def quantile(values: Sequence[float], q: float) -> float:
    """The value at index `round(q * (n - 1))` of `values` sorted (`values` not empty)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ((0, 0) with no trial)."""
    if not trials:
        return (0.0, 0.0)
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return ((centre - spread) / scale, (centre + spread) / scale)


def _bounds(successes: int, trials: int) -> tuple[float, float]:
    """`wilson` kept within [0, 1] (rounding can step a hair outside)."""
    low, high = wilson(successes, trials)
    return max(0.0, low), min(1.0, high)


def rate(successes: int, trials: int) -> str:
    """`k/n = p% [lo, hi]` (the 95% Wilson interval, in percent, one decimal)."""
    low, high = _bounds(successes, trials)
    share = 100 * successes / trials if trials else 0.0
    return f"{successes}/{trials} = {share:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def short_rate(successes: int, trials: int) -> str:
    """`k/n = p% [lo-hi]` in whole percents (`-` with no trial): the levels tables' cells."""
    if not trials:
        return "-"
    low, high = _bounds(successes, trials)
    return f"{successes}/{trials} = {successes / trials:.0%} [{low:.0%}-{high:.0%}]"


def summary(name: str, values: Sequence[float]) -> str:
    """`name: n; median .., p90 .., p95 .., p99 .., max ..`."""
    if not values:
        return f"{name}: none"
    return (f"{name}: {len(values)}; median {statistics.median(values):.2f}, "
            f"p90 {percentile(values, 0.9):.1f}, p95 {percentile(values, 0.95):.1f}, "
            f"p99 {percentile(values, 0.99):.1f}, max {max(values):.1f}")


def summary_dict(values: Sequence[float]) -> dict[str, float]:
    """median, p95 (`quantile`), min, max rounded to 0.1 ms, and n: the browser benchmarks' JSON figures."""
    return {
        "median": round(statistics.median(values), 1),
        "p95": round(quantile(values, 0.95), 1),
        "min": round(min(values), 1),
        "max": round(max(values), 1),
        "n": len(values),
    }


def time_row(name: str, times: Sequence[float], wins: int | None = None, decided: int = 0) -> str:
    """One markdown row `| name | median | p90 | p99 | slowest | mean | total s |` of times in ms, and a last
    cell `p% of decided` when `wins` is given (`-` when nothing was decided)."""
    cells = (f"| {name} | {statistics.median(times):.2f} | {percentile(times, 0.9):.1f} | "
             f"{percentile(times, 0.99):.1f} | {max(times):.1f} | {statistics.fmean(times):.2f} | "
             f"{sum(times) / 1000:.1f} |")
    if wins is None:
        return cells
    share = f"{100 * wins / decided:.1f}% of {decided}" if decided else "-"
    return f"{cells} {share} |"
