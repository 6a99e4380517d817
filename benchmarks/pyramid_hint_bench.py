"""Pyramid hint benchmark: how often a player who takes every hint wins, against the deals that can be won.

    .venv/bin/python benchmarks/pyramid_hint_bench.py --deals 1000 --jobs 3
    .venv/bin/python benchmarks/pyramid_hint_bench.py --deals 100      # quicker

The deals are `pyramid_core.cli.sample_deal_numbers(N, seed)` (the ones `autoplay` uses). For each deal the
exact solver says whether it can be won at all (every card read); then `autoplay.play_out` plays it taking
every hint (which never looks at an unseen card), and again with `autoplay.greedy` (the first legal move:
kings, pyramid pairs, pairs with the stock or waste, then draw or recycle). Rates come with 95% Wilson
intervals. Hint times are per hint, wall-clock and also the CPU time of the process that computed it (which
other work on a shared machine disturbs far less); `--jobs` plays deals in parallel processes, each deal
whole in one process, so the figures do not depend on it.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from pyramid_core.autoplay import greedy, play_out
from pyramid_core.cli import sample_deal_numbers
from pyramid_core.game import Game, Outcome
from pyramid_core.hint import hint
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


DealResult = tuple[int, bool, bool, bool, bool, list[tuple[str, float, float]]]


def play_deal(number: int) -> DealResult:
    """(number, solver verdict is win, unknown, hint player won, greedy won, [(why, wall ms, cpu ms)])."""
    verdict = solve_game(Game.from_id(number)).verdict
    hints: list[tuple[str, float, float]] = []
    game = Game.from_id(number)
    while game.outcome() is Outcome.PLAYING:
        wall, cpu = time.perf_counter(), time.process_time()
        advice = hint(game.player_view())
        hints.append((advice.why, (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000))
        if advice.move is None:
            break
        game.play(advice.move)
    won = game.outcome() is Outcome.WON
    if won and verdict is Verdict.LOST:
        raise SystemExit(f"deal {number}: won a deal the solver proved lost")
    simple = play_out(Game.from_id(number), greedy)
    return number, verdict is Verdict.WIN, verdict is Verdict.UNKNOWN, won, simple, hints


def summary(name: str, values: list[float]) -> str:
    """`name: n; ms median .., p90 .., p95 .., p99 .., max ..`."""
    if not values:
        return f"{name}: none"
    return (f"{name}: {len(values)}; median {statistics.median(values):.2f}, "
            f"p90 {percentile(values, 0.9):.1f}, p95 {percentile(values, 0.95):.1f}, "
            f"p99 {percentile(values, 0.99):.1f}, max {max(values):.1f}")


def main() -> None:
    """Run and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, "
          f"{platform.python_implementation()} {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"command: {' '.join(sys.argv)}")
    numbers = list(sample_deal_numbers(args.deals, args.seed))
    start = time.perf_counter()
    results: list[DealResult] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for count, result in enumerate(pool.imap(play_deal, numbers), 1):
            results.append(result)
            if count % 100 == 0:
                print(f"  {count} deals, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    n = len(results)
    winnable = sum(r[1] for r in results)
    unknown = sum(r[2] for r in results)
    hinted = sum(r[3] for r in results)
    hinted_of_winnable = sum(r[3] and r[1] for r in results)
    greedy_won = sum(r[4] for r in results)
    greedy_of_winnable = sum(r[4] and r[1] for r in results)
    both = sum(r[3] and r[4] for r in results)
    print(f"\ndeals: {n}; winnable (solver): {rate(winnable, n)}; solver unknown: {unknown}")
    print("| player | won, all deals | won, winnable deals |")
    print("| --- | --- | --- |")
    print(f"| hint (autoplay) | {rate(hinted, n)} | {rate(hinted_of_winnable, winnable)} |")
    print(f"| greedy | {rate(greedy_won, n)} | {rate(greedy_of_winnable, winnable)} |")
    print(f"paired: hint won where greedy lost {hinted - both}, the reverse {greedy_won - both}")
    hints = [h for r in results for h in r[5]]
    for clock, column in (("wall-clock ms", 1), ("CPU ms", 2)):
        times = [(why, wall if column == 1 else cpu) for why, wall, cpu in hints]
        print(f"\n{clock}:")
        print(summary("  every hint", [ms for _, ms in times]))
        print(summary("  sampled hints (why=best_odds)", [ms for why, ms in times if why == "best_odds"]))
        solver = [ms for why, ms in times if why in ("winning_line", "lost")]
        print(summary("  solver hints (all known)", solver))
    print(f"\ntotal {time.perf_counter() - start:.0f} s, load average now {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
