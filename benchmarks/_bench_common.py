"""The frame the hint benchmarks share: play deals in worker processes, rates with Wilson intervals, timing
summaries, the machine line. Each benchmark keeps what a deal is and how it is played; this module only runs
the loop and prints.

`percentile` is `solitaire_core.figures.percentile` (nearest rank), the one the games' `stats` commands use.
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
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from solitaire_core.figures import percentile

__all__ = [
    "HintTime", "arguments", "machine_line", "percentile", "play_deals", "print_header", "print_hint_times",
    "rate", "summary", "timed", "wilson",
]

R = TypeVar("R")
T = TypeVar("T")

HintTime = tuple[str, float, float]
"""(the hint's `why`, wall-clock ms, CPU ms of the process) for one hint."""


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
    """`k/n = p% [lo, hi]` (the 95% Wilson interval, in percent)."""
    low, high = wilson(successes, trials)
    share = 100 * successes / trials if trials else 0.0
    return f"{successes}/{trials} = {share:.1f}% [{max(0.0, 100 * low):.1f}, {min(100.0, 100 * high):.1f}]"


def summary(name: str, values: list[float]) -> str:
    """`name: n; median .., p90 .., p95 .., p99 .., max ..`."""
    if not values:
        return f"{name}: none"
    return (f"{name}: {len(values)}; median {statistics.median(values):.2f}, "
            f"p90 {percentile(values, 0.9):.1f}, p95 {percentile(values, 0.95):.1f}, "
            f"p99 {percentile(values, 0.99):.1f}, max {max(values):.1f}")


def machine_line() -> str:
    """The machine, the interpreter and the load average now."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            cpu = next((line.split(":", 1)[1].strip() for line in info if line.startswith("model name")), cpu)
    except OSError:
        pass
    return (f"machine: {platform.machine()}, {os.cpu_count()} cores ({cpu}), "
            f"{platform.python_implementation()} {platform.python_version()}, "
            f"load average {os.getloadavg()[0]:.1f}")


def arguments(doc: str | None, deals: int) -> argparse.ArgumentParser:
    """The benchmarks' command line: `--deals` (default `deals`) and `--jobs`, described by the first line of
    the benchmark's docstring `doc`; a benchmark adds its own."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=deals)
    parser.add_argument("--jobs", type=int, default=1)
    return parser


def print_header() -> None:
    """The machine line and the command, first in every run's output."""
    print(machine_line())
    print(f"command: {' '.join(sys.argv)}")


def timed(advise: Callable[[T], R], times: list[HintTime], why: Callable[[R], str]) -> Callable[[T], R]:
    """`advise` that appends (why, wall ms, CPU ms of this process) of every call to `times`."""

    def wrapper(view: T) -> R:
        wall, cpu = time.perf_counter(), time.process_time()
        advice = advise(view)
        times.append((why(advice), (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000))
        return advice

    return wrapper


def play_deals(
    play: Callable[[int], R],
    numbers: Iterable[int],
    jobs: int,
    every: int = 25,
    progress: Callable[[list[R]], str] | None = None,
) -> list[R]:
    """`play` each deal number in `jobs` processes (each deal whole in one process, results in order); every
    `every` deals, `progress(results so far)` is printed to stderr with the seconds elapsed."""
    begin = time.perf_counter()
    results: list[R] = []
    with multiprocessing.Pool(jobs) as pool:
        for count, result in enumerate(pool.imap(play, numbers), 1):
            results.append(result)
            if count % every == 0:
                note = progress(results) if progress is not None else ""
                elapsed = time.perf_counter() - begin
                print(f"  {count} deals{note}; {elapsed:.0f} s", file=sys.stderr, flush=True)
    return results


def print_hint_times(hints: list[HintTime], sampled: tuple[str, ...], solver: tuple[str, ...]) -> None:
    """The hint times, wall clock then CPU: every hint, the sampled ones (`why` in `sampled`), the ones the
    exact solver gave (`why` in `solver`)."""
    for clock, cpu in (("wall-clock ms (time.perf_counter)", False), ("CPU ms (time.process_time)", True)):
        times = [(why, cpu_ms if cpu else wall_ms) for why, wall_ms, cpu_ms in hints]
        print(f"\n{clock}:")
        print(summary("  every hint", [ms for _, ms in times]))
        label = f"  sampled hints (why={'/'.join(sampled)})"
        print(summary(label, [ms for why, ms in times if why in sampled]))
        print(summary("  solver hints (all known)", [ms for why, ms in times if why in solver]))
