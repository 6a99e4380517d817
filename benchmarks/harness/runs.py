"""How a benchmark runs: its clock, its command line, its worker processes, the machine line it starts with,
and the timing of every hint.

A deal is played or solved whole in one worker process (`play_deals`), so `--jobs` changes how long a run
takes, never its figures; with `--clock cpu` a time is the CPU time of the process doing the work, which
other work on a shared machine disturbs far less than the wall clock.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from harness.figures import summary

R = TypeVar("R")
T = TypeVar("T")

Clock = Callable[[], float]

HintTime = tuple[str, float, float]
"""(the hint's `why`, wall-clock ms, CPU ms of the process) for one hint."""


def clock_named(name: str) -> Clock:
    """`time.process_time` for "cpu", `time.perf_counter` for "wall"."""
    return time.process_time if name == "cpu" else time.perf_counter


def arguments(
    doc: str | None,
    deals: int | None,
    *,
    seed: int | None = None,
    jobs: int | None = 1,
    budget_ms: float | None = None,
    clock: str | None = None,
) -> argparse.ArgumentParser:
    """The benchmarks' command line, described by the first line of the script's docstring `doc`:
    `--deals` (default `deals`; none when it is None), and each of `--seed`, `--jobs`, `--budget-ms`,
    `--clock wall|cpu` whose default is given; a script adds its own options."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    if deals is not None:
        parser.add_argument("--deals", type=int, default=deals)
    if seed is not None:
        parser.add_argument("--seed", type=int, default=seed)
    if jobs is not None:
        parser.add_argument("--jobs", type=int, default=jobs, help="processes (each deal whole in one)")
    if budget_ms is not None:
        parser.add_argument("--budget-ms", type=float, default=budget_ms)
    if clock is not None:
        parser.add_argument("--clock", choices=("wall", "cpu"), default=clock)
    return parser


def cpu_name() -> str:
    """The processor's model name (from /proc/cpuinfo where there is one)."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            cpu = next((line.split(":", 1)[1].strip() for line in info if line.startswith("model name")), cpu)
    except OSError:
        pass
    return cpu


def machine_line() -> str:
    """The machine, the interpreter and the load average now."""
    return (f"machine: {platform.machine()}, {os.cpu_count()} cores ({cpu_name()}), "
            f"{platform.python_implementation()} {platform.python_version()}, "
            f"load average {os.getloadavg()[0]:.1f}")


def print_header() -> None:
    """The machine line and the command, first in every run's output."""
    print(machine_line())
    print(f"command: {' '.join(sys.argv)}", flush=True)


def print_footer(begin: float) -> None:
    """The seconds since `begin` (`time.perf_counter`) and the load average now, last in a run's output."""
    print(f"total {time.perf_counter() - begin:.0f} s, load average now {os.getloadavg()[0]:.1f}")


def timed(advise: Callable[[T], R], times: list[HintTime], why: Callable[[R], str]) -> Callable[[T], R]:
    """`advise` that appends (why, wall ms, CPU ms of this process) of every call to `times`."""

    def wrapper(view: T) -> R:
        wall, cpu = time.perf_counter(), time.process_time()
        advice = advise(view)
        times.append((why(advice), (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000))
        return advice

    return wrapper


def play_deals(
    play: Callable[[T], R],
    items: Iterable[T],
    jobs: int,
    *,
    every: int = 25,
    progress: Callable[[list[R]], str] | None = None,
    each: Callable[[R], None] | None = None,
    setup: tuple[Callable[..., None], tuple[Any, ...]] | None = None,
) -> list[R]:
    """`play` each of `items` (a deal number, or a deal and its settings) in `jobs` processes, each item
    whole in one process, the results in order. `setup` is (initializer, its arguments) run once in each
    process before its first item (e.g. building a solver's tables, so no deal's time has it).
    `each(result)` is called as each result comes; every `every` results, `progress(results so far)` is
    printed to stderr with the seconds elapsed."""
    begin = time.perf_counter()
    results: list[R] = []
    initializer, initargs = setup if setup is not None else (None, ())
    with multiprocessing.Pool(jobs, initializer=initializer, initargs=initargs) as pool:
        for count, result in enumerate(pool.imap(play, items), 1):
            results.append(result)
            if each is not None:
                each(result)
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


def commit() -> str:
    """The short hash of the checked-out commit ("" outside a git checkout): which code a figure is of."""
    return subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False,
        cwd=Path(__file__).resolve().parent,
    ).stdout.strip()
