"""The figures every game's `autoplay` and `stats` commands print, in the same JSON shapes and words
(`design.md`: `{"deals", "won", "win_rate", "hint_ms_median"}` and the solver's verdict counts and times).

A game plays or solves its sample of deals (`shuffle.sample_numbers`) and hands the counts and the
milliseconds here; what a deal is and how it is played or solved stays in the game.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from typing import Any


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value below which `fraction` of `values` lie (nearest rank), `values` not empty."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def autoplay_summary(deals: int, won: int, hint_ms: Sequence[float]) -> tuple[dict[str, Any], str]:
    """The `autoplay` result: `deals` played, `won` of them, and the milliseconds of every hint asked."""
    data: dict[str, Any] = {
        "deals": deals,
        "won": won,
        "win_rate": won / deals if deals else 0.0,
        "hint_ms_median": round(statistics.median(hint_ms), 3) if hint_ms else 0.0,
    }
    rate = 100 * data["win_rate"]
    return data, f"won {won} of {deals} ({rate:.1f}%), median hint {data['hint_ms_median']} ms"


def stats_summary(deals: int, counts: Mapping[str, int], ms: Sequence[float]) -> tuple[dict[str, Any], str]:
    """The `stats` result: how many of `deals` the solver found `win`, `lost` or `unknown` (`counts`, in
    that order) and the milliseconds of each solve."""
    decided = counts["win"] + counts["lost"]
    data: dict[str, Any] = {
        "deals": deals,
        **counts,
        "win_rate": counts["win"] / decided if decided else 0.0,
        "ms_median": round(statistics.median(ms), 3) if ms else 0.0,
        "ms_p90": round(percentile(ms, 0.9), 3) if ms else 0.0,
        "ms_p99": round(percentile(ms, 0.99), 3) if ms else 0.0,
        "ms_max": round(max(ms), 3) if ms else 0.0,
        "ms_mean": round(statistics.fmean(ms), 3) if ms else 0.0,
    }
    text = (
        f"{deals} deals: {counts['win']} win, {counts['lost']} lost, {counts['unknown']} unknown; "
        f"ms median {data['ms_median']}, p90 {data['ms_p90']}, p99 {data['ms_p99']}, max {data['ms_max']}"
    )
    return data, text
