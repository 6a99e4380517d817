"""Pyramid solver benchmark: every deal decided, the time distribution, and the speed-up over a naive search.

    .venv/bin/python benchmarks/pyramid_solver_bench.py --deals 1000                 # with the naive search
    .venv/bin/python benchmarks/pyramid_solver_bench.py --deals 200 --no-naive       # quicker
    .venv/bin/python benchmarks/pyramid_solver_bench.py --deals 1000 --clock cpu --jobs 3   # busy machine

The deals are `pyramid_core.cli.sample_deal_numbers(N, seed)` (the same ones `stats` uses), from their start,
with every card known. Each winning line is replayed through the game engine and must clear the pyramid.
The naive search (`pyramid_naive_solver.py`) is stopped at `--naive-nodes` nodes on a deal; a stopped deal
counts the time it took until then, so its total is a lower bound and so is the speed-up. Times are
wall-clock by default, or with `--clock cpu` the CPU time of this process, which other work on a shared
machine disturbs far less.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from pyramid_naive_solver import naive_solve

from pyramid_core.cli import sample_deal_numbers
from pyramid_core.deal import DealId
from pyramid_core.game import Game, Outcome
from pyramid_core.solver import Position, Verdict, solve


def percentile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of `values` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def row(name: str, times: list[float], wins: int, decided: int) -> str:
    """One markdown table row of a time distribution in milliseconds, and the win share."""
    share = f"{100 * wins / decided:.1f}% of {decided}" if decided else "-"
    return (
        f"| {name} | {statistics.median(times):.2f} | {percentile(times, 0.9):.1f} | "
        f"{percentile(times, 0.99):.1f} | {max(times):.1f} | {statistics.fmean(times):.2f} | "
        f"{sum(times) / 1000:.1f} | {share} |"
    )


_CLOCK: list[Callable[[], float]] = [time.perf_counter]


def _set_clock(name: str) -> None:
    _CLOCK[0] = time.process_time if name == "cpu" else time.perf_counter


def solve_deal(number: int) -> tuple[int, float, str]:
    """(number, ms, verdict) for one deal; a winning line is replayed on the engine."""
    clock = _CLOCK[0]
    deal = DealId(number).deal()
    begin = clock()
    result = solve(Position.start(deal.ranks()))
    ms = (clock() - begin) * 1000
    if result.verdict is Verdict.WIN:
        game = Game(deal)
        for move in result.line:
            game.play(move)
        if game.outcome() is not Outcome.WON:
            raise SystemExit(f"deal {number}: the solver's line does not win")
    return number, ms, result.verdict.value


def naive_deal(job: tuple[int, int]) -> tuple[int, float, bool | None]:
    """(number, ms, won or None when stopped) for the naive search on one deal."""
    number, max_nodes = job
    clock = _CLOCK[0]
    position = Position.start(DealId(number).deal().ranks())
    begin = clock()
    won, _ = naive_solve(position, max_nodes)
    return number, (clock() - begin) * 1000, won


def main() -> None:
    """Run the benchmark and print a markdown table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-naive", action="store_true", help="skip the naive search comparison")
    parser.add_argument("--naive-nodes", type=int, default=100_000)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--jobs", type=int, default=1, help="processes (each deal is timed in one process)")
    args = parser.parse_args()
    numbers = list(sample_deal_numbers(args.deals, args.seed))
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, "
          f"{platform.python_implementation()} {platform.python_version()}")
    print(f"command: {' '.join(sys.argv)}")
    print(f"clock: {'CPU time of the process solving the deal' if args.clock == 'cpu' else 'wall-clock'}; "
          f"load average {os.getloadavg()[0]:.1f}")
    with multiprocessing.Pool(args.jobs, initializer=_set_clock, initargs=(args.clock,)) as pool:
        solved = pool.map(solve_deal, numbers, chunksize=10)
        times = [ms for _, ms, _ in solved]
        verdicts = {verdict.value: 0 for verdict in Verdict}
        for _, _, verdict in solved:
            verdicts[verdict] += 1
        slowest = max(solved, key=lambda item: item[1])
        print(f"solver: {verdicts['win']} win, {verdicts['lost']} lost, {verdicts['unknown']} unknown; "
              f"slowest deal {slowest[0]} ({slowest[1]:.0f} ms)\n")
        print("| solver | median ms | p90 | p99 | slowest | mean | total s | won |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        decided = verdicts["win"] + verdicts["lost"]
        print(row("pyramid_core.solver", times, verdicts["win"], decided), flush=True)
        if args.no_naive:
            return
        naive = pool.map(naive_deal, [(n, args.naive_nodes) for n in numbers], chunksize=5)
    naive_times = [ms for _, ms, _ in naive]
    stopped = sum(won is None for _, _, won in naive)
    naive_wins = sum(bool(won) for _, _, won in naive)
    for (number, _, verdict), (_, _, won) in zip(solved, naive, strict=True):
        if won is not None and won != (verdict == "win"):
            raise SystemExit(f"deal {number}: the naive search and the solver disagree")
    name = f"naive DFS (stopped at {args.naive_nodes:,} nodes)"
    print(row(name, naive_times, naive_wins, len(naive) - stopped))
    print(f"\nnaive search stopped on {stopped} of {len(naive)} deals (their time counts up to the stop); "
          "where it finished, it agrees with the solver")
    print(f"speed-up in total time: at least {sum(naive_times) / sum(times):.1f}×; "
          f"load average now {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
