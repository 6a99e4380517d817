"""Klondike hint benchmark: how often a player who takes every hint wins, beside a simple greedy player.

    .venv/bin/python benchmarks/klondike_hint_bench.py --deals 500 --jobs 2
    .venv/bin/python benchmarks/klondike_hint_bench.py --deals 50      # quicker

Deal N is `solitaire_core.shuffle.shuffled_indexes(N)` in the deal notation, deals `--first` onwards. Each
deal is played from its start by `autoplay.play_out` taking every hint (the hint sees only the view of what
the player knows), and again with `autoplay.greedy` (moves that turn a card, go up, play the waste, draw or
recycle; no look-ahead). Rates come with 95% Wilson intervals. Hint times are per hint, wall clock and the
CPU time of the process that computed it (which other work on a shared machine disturbs far less).
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

from klondike_core.autoplay import greedy, play_out
from klondike_core.hint import Hint, hint
from klondike_core.position import Position
from solitaire_core.cards import Card
from solitaire_core.shuffle import shuffled_indexes


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


DealResult = tuple[int, bool, bool, list[tuple[str, float, float]]]


def play_deal(number: int) -> DealResult:
    """(number, hint player won, greedy won, [(why, wall ms, cpu ms)] of every hint)."""
    start = Position.dealt(tuple(Card.from_index(i) for i in shuffled_indexes(number)))
    hints: list[tuple[str, float, float]] = []

    def timed(view: Position) -> Hint:
        wall, cpu = time.perf_counter(), time.process_time()
        advice = hint(view)
        hints.append((advice.why, (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000))
        return advice

    won = play_out(start, timed)
    simple = play_out(start, greedy)
    return number, won, simple, hints


def summary(name: str, values: list[float]) -> str:
    """`name: n; median .., p90 .., p95 .., p99 .., max ..`."""
    if not values:
        return f"{name}: none"
    return (f"{name}: {len(values)}; median {statistics.median(values):.2f}, "
            f"p90 {percentile(values, 0.9):.1f}, p95 {percentile(values, 0.95):.1f}, "
            f"p99 {percentile(values, 0.99):.1f}, max {max(values):.1f}")


def main() -> None:
    """Run and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, "
          f"{platform.python_implementation()} {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"command: {' '.join(sys.argv)}")
    numbers = list(range(args.first, args.first + args.deals))
    begin = time.perf_counter()
    results: list[DealResult] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for count, result in enumerate(pool.imap(play_deal, numbers), 1):
            results.append(result)
            if count % 25 == 0:
                won, simple = sum(r[1] for r in results), sum(r[2] for r in results)
                cpu = [h[2] for r in results for h in r[3]]
                print(f"  {count} deals: hint {rate(won, count)}, greedy {rate(simple, count)}; "
                      f"hint CPU ms median {statistics.median(cpu):.1f}, p95 {percentile(cpu, 0.95):.1f}; "
                      f"{time.perf_counter() - begin:.0f} s", file=sys.stderr, flush=True)
    n = len(results)
    hinted = sum(r[1] for r in results)
    greedy_won = sum(r[2] for r in results)
    both = sum(r[1] and r[2] for r in results)
    print(f"\ndeals: {n}")
    print("| player | won [95% CI] |")
    print("| --- | --- |")
    print(f"| hint (autoplay) | {rate(hinted, n)} |")
    print(f"| greedy | {rate(greedy_won, n)} |")
    print(f"paired: hint won where greedy lost {hinted - both}, the reverse {greedy_won - both}")
    hints = [h for r in results for h in r[3]]
    for clock, column in (("wall-clock ms", 1), ("CPU ms", 2)):
        times = [(why, wall if column == 1 else cpu) for why, wall, cpu in hints]
        print(f"\n{clock}:")
        print(summary("  every hint", [ms for _, ms in times]))
        print(summary("  sampled hints (why=best_odds/no_win_seen)",
                      [ms for why, ms in times if why in ("best_odds", "no_win_seen")]))
        solver = [ms for why, ms in times if why in ("winning_line", "lost")]
        print(summary("  solver hints (all known)", solver))
    whys: dict[str, int] = {}
    for why, _, _ in hints:
        whys[why] = whys.get(why, 0) + 1
    print(f"\nhints by reason: {whys}")
    print(f"total {time.perf_counter() - begin:.0f} s, load average now {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
