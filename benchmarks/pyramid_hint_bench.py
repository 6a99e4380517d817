"""Pyramid hint benchmark: how often a player who takes every hint wins, against the deals that can be won.

    .venv/bin/python benchmarks/pyramid_hint_bench.py --deals 1000
    .venv/bin/python benchmarks/pyramid_hint_bench.py --deals 100      # quicker

The deals are `pyramid_core.cli.sample_deal_numbers(N, seed)` (the ones `autoplay` uses). For each deal the
exact solver says whether it can be won at all (every card read); then `autoplay.play_out` plays it taking
every hint (which never looks at an unseen card), and again with `autoplay.greedy` (the first legal move:
kings, pyramid pairs, pairs with the stock or waste, then draw or recycle). Rates come with 95% Wilson
intervals; hint times are wall-clock per hint in this process.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from pyramid_core.autoplay import greedy, play_out
from pyramid_core.cli import sample_deal_numbers
from pyramid_core.game import Game
from pyramid_core.hint import Hint
from pyramid_core.solver import Verdict, solve_game


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if not trials:
        return (0.0, 0.0)
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return ((centre - spread) / scale, (centre + spread) / scale)


def rate(successes: int, trials: int) -> str:
    """`k/n = p% [lo, hi]`."""
    low, high = wilson(successes, trials)
    share = 100 * successes / trials if trials else 0.0
    return f"{successes}/{trials} = {share:.1f}% [{max(0.0, 100 * low):.1f}, {min(100.0, 100 * high):.1f}]"


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    """Run and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, "
          f"{platform.python_implementation()} {platform.python_version()}")
    print(f"command: {' '.join(sys.argv)}")
    times: list[float] = []
    sampled: list[float] = []
    solver_times: list[float] = []

    def observe(advice: Hint, ms: float) -> None:
        times.append(ms)
        if advice.why == "best_odds":
            sampled.append(ms)
        elif advice.why in ("winning_line", "lost"):
            solver_times.append(ms)
    winnable = hinted = hinted_of_winnable = greedy_won = greedy_of_winnable = unknown = 0
    start = time.perf_counter()
    for count, number in enumerate(sample_deal_numbers(args.deals, args.seed), 1):
        verdict = solve_game(Game.from_id(number)).verdict
        can_win = verdict is Verdict.WIN
        unknown += verdict is Verdict.UNKNOWN
        won = play_out(Game.from_id(number), on_hint=observe)
        simple = play_out(Game.from_id(number), greedy)
        if won and not can_win and verdict is Verdict.LOST:
            raise SystemExit(f"deal {number}: won a deal the solver proved lost")
        winnable += can_win
        hinted += won
        hinted_of_winnable += won and can_win
        greedy_won += simple
        greedy_of_winnable += simple and can_win
        if count % 100 == 0:
            print(f"  {count} deals, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    n = args.deals
    print(f"\ndeals: {n}; winnable (solver): {rate(winnable, n)}; solver unknown: {unknown}")
    print("| player | won, all deals | won, winnable deals |")
    print("| --- | --- | --- |")
    print(f"| hint (autoplay) | {rate(hinted, n)} | {rate(hinted_of_winnable, winnable)} |")
    print(f"| greedy | {rate(greedy_won, n)} | {rate(greedy_of_winnable, winnable)} |")
    print()
    for name, values in (("every hint", times), ("sampled hints (why=best_odds)", sampled),
                         ("solver hints (all known)", solver_times)):
        if values:
            print(f"{name}: {len(values)}; ms median {statistics.median(values):.2f}, "
                  f"p90 {percentile(values, 0.9):.1f}, p95 {percentile(values, 0.95):.1f}, "
                  f"p99 {percentile(values, 0.99):.1f}, max {max(values):.1f}")
    print(f"total {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
