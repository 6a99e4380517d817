"""Solver benchmark: every deal decided from its start with every card known, the time distribution, and
for TriPeaks and Pyramid the speed-up over a naive search.

    .venv/bin/python benchmarks/solver_bench.py --game tripeaks --deals 2000 --clock cpu
    .venv/bin/python benchmarks/solver_bench.py --game tripeaks --deals 300 --no-naive           # quicker
    .venv/bin/python benchmarks/solver_bench.py --game pyramid --deals 1000 --clock cpu --jobs 3
    .venv/bin/python benchmarks/solver_bench.py --game pyramid --deals 200 --no-naive            # quicker
    .venv/bin/python benchmarks/solver_bench.py --game klondike --deals 1000 --budget-ms 10000 --clock cpu \
        --jobs 2
    .venv/bin/python benchmarks/solver_bench.py --game klondike --deals 1000 --clock cpu --jobs 2 --draw 3

TriPeaks and Pyramid: the deals are `<game>_core.cli.sample_deal_numbers(N, seed)` (the ones `stats`
uses). TriPeaks' deals are solved under K–A wrap and without it, after one warm-up solve in each process
that builds the solver's tables (their one-time cost is printed on its own line). The naive searches are
`workloads/tripeaks_naive.py` and `workloads/pyramid_naive.py`; Pyramid's is stopped at `--naive-nodes`
nodes on a deal, a stopped deal counting the time it took until then, so its total is a lower bound and so
is the speed-up.

Klondike: deal N is `solitaire_core.shuffle.shuffled_indexes(N)` read into the deal notation, deals
`--first` to `--first + --deals - 1` (or `--only`), each solved within `--budget-ms` of the clock
("thoughtful" Klondike, draw `--draw`); the verdicts, the win share with its 95% Wilson interval, and the
time distributions are printed every 50 deals and at the end.

Each winning line is replayed through the game engine and must win (`workloads/solving.py`). Times are
wall-clock by default, or with `--clock cpu` the CPU time of the process solving the deal, which other work
on a shared machine disturbs far less. `--jobs` solves deals in parallel processes (each deal whole in one).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from harness.deals import GAMES, sample
from harness.figures import percentile, rate, time_row
from harness.runs import arguments, clock_named, play_deals, print_footer, print_header
from workloads.solving import (
    KlondikeSolved,
    Solved,
    klondike_deal,
    pyramid_deal,
    pyramid_naive_deal,
    tripeaks_deal,
    tripeaks_naive_deal,
    tripeaks_start,
)

from tripeaks_core.solver import solve, tables

DEFAULT_DEALS = {"tripeaks": 2000, "pyramid": 1000, "klondike": 1000}
TABLE_HEAD = "| median ms | p90 | p99 | slowest | mean | total s |"
VERDICTS = ("win", "lost", "unknown")


def counts(verdicts: list[str]) -> dict[str, int]:
    """How many of `verdicts` are win, lost, unknown."""
    return {verdict: verdicts.count(verdict) for verdict in VERDICTS}


def _warm_tripeaks() -> None:
    """Build the TriPeaks solver's tables and warm every path (a lost deal), once in each process."""
    tables()
    solve(tripeaks_start(36))


def run_tripeaks(args: argparse.Namespace) -> None:
    """Both rules' tables of times and verdicts, then the naive search on the K–A wrap deals."""
    clock = clock_named(args.clock)
    start = clock()
    tables()
    build_ms = (clock() - start) * 1000
    numbers = sample("tripeaks", args.deals, args.seed)
    print(f"clock: {'CPU time of the process solving the deal' if args.clock == 'cpu' else 'wall-clock'}")
    print(f"one-time table build: {build_ms:.0f} ms\n")
    print(f"| rules {TABLE_HEAD}\n| --- | --- | --- | --- | --- | --- | --- |")
    solved: dict[bool, list[Solved]] = {}
    for wrap in (True, False):
        jobs = [(number, wrap, args.clock) for number in numbers]
        solved[wrap] = play_deals(tripeaks_deal, jobs, args.jobs, setup=(_warm_tripeaks, ()))
        print(time_row("K–A wrap" if wrap else "no wrap", [ms for _, ms, _ in solved[wrap]]), flush=True)
    print()
    for wrap in (True, False):
        found = counts([verdict for _, _, verdict in solved[wrap]])
        decided = found["win"] + found["lost"]
        share = 100 * found["win"] / decided if decided else 0.0
        print(f"{'K–A wrap' if wrap else 'no wrap'}: {found['win']} win, {found['lost']} lost, "
              f"{found['unknown']} unknown: {share:.1f}% winnable")
    if args.no_naive:
        return
    times = [ms for _, ms, _ in solved[True]]
    naive = play_deals(tripeaks_naive_deal, [(number, args.clock) for number in numbers], args.jobs)
    naive_times = [ms for _, ms, _ in naive]
    for (number, _, verdict), (_, _, won) in zip(solved[True], naive, strict=True):
        if won != (verdict == "win"):
            raise SystemExit(f"deal {number}: the naive search and the solver disagree")
    print(f"\n| K–A wrap, same deals {TABLE_HEAD}\n| --- | --- | --- | --- | --- | --- | --- |")
    print(time_row("naive DFS", naive_times))
    print(time_row("solver", times))
    print(f"\nspeed-up in total time: {sum(naive_times) / sum(times):.1f}×")


def run_pyramid(args: argparse.Namespace) -> None:
    """The solver's table of times and verdicts, then the naive search (stopped at `--naive-nodes`)."""
    numbers = sample("pyramid", args.deals, args.seed)
    print(f"clock: {'CPU time of the process solving the deal' if args.clock == 'cpu' else 'wall-clock'}")
    solved = play_deals(pyramid_deal, [(number, args.clock) for number in numbers], args.jobs, every=100)
    times = [ms for _, ms, _ in solved]
    found = counts([verdict for _, _, verdict in solved])
    slowest = max(solved, key=lambda item: item[1])
    print(f"solver: {found['win']} win, {found['lost']} lost, {found['unknown']} unknown; "
          f"slowest deal {slowest[0]} ({slowest[1]:.0f} ms)\n")
    print(f"| solver {TABLE_HEAD} won |\n| --- | --- | --- | --- | --- | --- | --- | --- |")
    decided = found["win"] + found["lost"]
    print(time_row("pyramid_core.solver", times, found["win"], decided), flush=True)
    if args.no_naive:
        return
    jobs = [(number, args.naive_nodes, args.clock) for number in numbers]
    naive = play_deals(pyramid_naive_deal, jobs, args.jobs, every=100)
    naive_times = [ms for _, ms, _ in naive]
    stopped = sum(won is None for _, _, won in naive)
    naive_wins = sum(bool(won) for _, _, won in naive)
    for (number, _, verdict), (_, _, won) in zip(solved, naive, strict=True):
        if won is not None and won != (verdict == "win"):
            raise SystemExit(f"deal {number}: the naive search and the solver disagree")
    name = f"naive DFS (stopped at {args.naive_nodes:,} nodes)"
    print(time_row(name, naive_times, naive_wins, len(naive) - stopped))
    print(f"\nnaive search stopped on {stopped} of {len(naive)} deals (their time counts up to the stop); "
          "where it finished, it agrees with the solver")
    print(f"speed-up in total time: at least {sum(naive_times) / sum(times):.1f}×; "
          f"load average now {os.getloadavg()[0]:.1f}")


def klondike_report(results: list[KlondikeSolved], budget_ms: float, clock: str) -> None:
    """The verdict counts and time distributions of the Klondike deals solved so far."""
    found = counts([row[2] for row in results])
    decided = found["win"] + found["lost"]
    n = len(results)
    print(f"\n{n} deals, budget {budget_ms:.0f} ms ({clock} clock): {found['win']} win, "
          f"{found['lost']} lost, {found['unknown']} unknown; decided {100 * decided / n:.1f}%; "
          f"winnable among decided {100 * found['win'] / max(1, decided):.1f}%, "
          f"win share at least {100 * found['win'] / n:.1f}% and at most "
          f"{100 * (found['win'] + found['unknown']) / n:.1f}%")
    print(f"winnable among decided (95% Wilson interval): {rate(found['win'], decided)}")
    for name, subset in (("every deal", [row[1] for row in results]),
                         ("win", [row[1] for row in results if row[2] == "win"]),
                         ("lost", [row[1] for row in results if row[2] == "lost"])):
        if subset:
            print(f"{name}: ms median {statistics.median(subset):.1f}, p90 {percentile(subset, 0.9):.1f}, "
                  f"p99 {percentile(subset, 0.99):.1f}, max {max(subset):.1f}, "
                  f"mean {statistics.fmean(subset):.1f}")
    lines = [row[4] for row in results if row[2] == "win"]
    if lines:
        print(f"winning lines: median {statistics.median(lines):.0f} moves, max {max(lines)}")
    print(f"unknown deals: {[row[0] for row in results if row[2] == 'unknown']}", flush=True)


def run_klondike(args: argparse.Namespace) -> None:
    """Every deal's verdict as it comes, the report every 50 deals and at the end."""
    numbers = ([int(n) for n in args.only.split(",")] if args.only
               else list(range(args.first, args.first + args.deals)))
    results: list[KlondikeSolved] = []

    def each(row: KlondikeSolved) -> None:
        results.append(row)
        print(f"deal {row[0]}: {row[2]} {row[1]:.1f} ms, {row[3]} nodes", flush=True)
        if len(results) % 50 == 0:
            klondike_report(results, args.budget_ms, args.clock)

    jobs = [(number, args.clock, args.budget_ms, args.draw) for number in numbers]
    play_deals(klondike_deal, jobs, args.jobs, every=50, each=each)
    klondike_report(results, args.budget_ms, args.clock)


RUNS: dict[str, Callable[[argparse.Namespace], None]] = {
    "tripeaks": run_tripeaks, "pyramid": run_pyramid, "klondike": run_klondike,
}


def main() -> None:
    """Run the benchmark of `--game` and print its figures."""
    parser = arguments(__doc__, 0, seed=0, budget_ms=10000.0, clock="wall")
    parser.add_argument("--game", choices=GAMES, required=True)
    parser.add_argument("--no-naive", action="store_true", help="skip the naive search comparison")
    parser.add_argument("--naive-nodes", type=int, default=100_000, help="Pyramid: the naive search's cap")
    parser.add_argument("--first", type=int, default=0, help="Klondike: the first deal number")
    parser.add_argument("--only", type=str, default="",
                        help="Klondike: comma-separated deal numbers to run instead of --first/--deals")
    parser.add_argument("--draw", type=int, choices=(1, 3), default=1, help="Klondike: draw one or three")
    args = parser.parse_args()
    args.deals = args.deals or DEFAULT_DEALS[args.game]
    begin = time.perf_counter()
    print_header()
    RUNS[args.game](args)
    print_footer(begin)


if __name__ == "__main__":
    main()
