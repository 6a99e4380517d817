"""Solver benchmark: every deal decided, the time distribution, and the speed-up over a naive search.

    .venv/bin/python benchmarks/solver_bench.py --deals 2000            # both tables, naive comparison
    .venv/bin/python benchmarks/solver_bench.py --deals 300 --no-naive  # quicker

The deals are `tripeaks_core.cli.sample_deal_numbers(N, seed)` (the same ones `stats` uses), from their start,
with every card known. Times are per deal, after one warm-up solve that builds the solver's tables (their
one-time cost is printed on its own line): wall-clock by default, or with `--clock cpu` the CPU time of
this process, which other processes on a shared machine disturb far less. Each winning line is replayed
through the game engine and must clear the table.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from naive_solver import naive_solve

from tripeaks_core.cli import sample_deal_numbers
from tripeaks_core.dealid import DealId
from tripeaks_core.game import Game
from tripeaks_core.rules import Rules
from tripeaks_core.solver import Position, Verdict, solve, tables


def percentile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of `values` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def row(name: str, times: list[float]) -> str:
    """One markdown table row of a time distribution in milliseconds."""
    return (
        f"| {name} | {statistics.median(times):.2f} | {percentile(times, 0.9):.1f} | "
        f"{percentile(times, 0.99):.1f} | {max(times):.1f} | {statistics.fmean(times):.2f} | "
        f"{sum(times) / 1000:.1f} |"
    )


Clock = Callable[[], float]


def run_table(
    numbers: list[int], wrap: bool, clock: Clock
) -> tuple[list[float], dict[str, int], list[Position]]:
    """Solve every deal; check every winning line on the engine."""
    times: list[float] = []
    verdicts = {verdict.value: 0 for verdict in Verdict}
    positions = []
    for number in numbers:
        deal = DealId(number).deal()
        position = Position.start(tuple(card.rank for card in deal.cards), wrap)
        positions.append(position)
        begin = clock()
        result = solve(position)
        times.append((clock() - begin) * 1000)
        verdicts[result.verdict.value] += 1
        if result.verdict is Verdict.WIN:
            game = Game(deal, Rules(wrap=wrap))
            for move in result.line:
                game.play(move)
            if game.outcome().value != "won":
                raise SystemExit(f"deal {number}: the solver's line does not win")
    return times, verdicts, positions


def main() -> None:
    """Run the benchmark and print markdown tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-naive", action="store_true", help="skip the naive search comparison")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args()
    clock: Clock = time.process_time if args.clock == "cpu" else time.perf_counter
    numbers = list(sample_deal_numbers(args.deals, args.seed))

    start = clock()
    tables()
    build_ms = (clock() - start) * 1000
    solve(Position.start(tuple(c.rank for c in DealId(36).deal().cards)))  # a lost deal: warms every path

    print(f"machine: {platform.machine()}, {platform.python_implementation()} {platform.python_version()}")
    print(f"command: {' '.join(sys.argv)}")
    print(f"clock: {'CPU time of this process' if args.clock == 'cpu' else 'wall-clock'}")
    print(f"one-time table build: {build_ms:.0f} ms\n")
    print("| rules | median ms | p90 | p99 | slowest | mean | total s |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    results = {}
    for wrap in (True, False):
        times, verdicts, positions = run_table(numbers, wrap, clock)
        results[wrap] = (times, verdicts, positions)
        print(row("K–A wrap" if wrap else "no wrap", times))
    print()
    for wrap in (True, False):
        verdicts = results[wrap][1]
        decided = verdicts["win"] + verdicts["lost"]
        rate = 100 * verdicts["win"] / decided if decided else 0.0
        name = "K–A wrap" if wrap else "no wrap"
        counts = f"{verdicts['win']} win, {verdicts['lost']} lost, {verdicts['unknown']} unknown"
        print(f"{name}: {counts}: {rate:.1f}% winnable")
    if not args.no_naive:
        times, _, positions = results[True]
        naive_times = []
        for position in positions:
            begin = clock()
            naive_solve(position)
            naive_times.append((clock() - begin) * 1000)
        print("\n| K–A wrap, same deals | median ms | p90 | p99 | slowest | mean | total s |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        print(row("naive DFS", naive_times))
        print(row("solver", times))
        print(f"\nspeed-up in total time: {sum(naive_times) / sum(times):.1f}×")


if __name__ == "__main__":
    main()
