"""How long one step of the engine's background work lasts in CPython (thread CPU time, so that other
processes on a loaded machine do not count), against the same work in one piece.

    .venv/bin/python benchmarks/steps_bench.py [--deals 60]

A worker slice runs steps until its time is up, so the longest step is what a slice can overrun by; the
whole piece is what a tap waited behind when that work had no yield in it. Figures:

- the solver's tables (22,932 reachable tables): a fresh process builds them with `tables_steps()`;
- the exact search: `Solver.steps()` on the start of deals 1..N (tables already built), against `solve()`;
- the first hint of a deal (sampled worlds, caches empty as after a start): `hint.compute` on deal 7, 11, ...
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Generator
from typing import Any

from harness.figures import percentile

from tripeaks_core import hint, rollout, solver
from tripeaks_core.game import Game
from tripeaks_core.layout import reachable_masks
from tripeaks_core.solver import Position, Solver

clock = time.thread_time


def step_times(steps: Generator[Any, None, Any]) -> list[float]:
    """Milliseconds of thread CPU time of each step of `steps`, run to the end."""
    times = []
    while True:
        start = clock()
        try:
            next(steps)
        except StopIteration:
            times.append((clock() - start) * 1000)
            return times
        times.append((clock() - start) * 1000)


def figures(times: list[float]) -> dict[str, float]:
    """Count, median, p99 (nearest rank), slowest and total of step times in ms."""
    return {
        "steps": len(times),
        "median": round(statistics.median(times), 3),
        "p99": round(percentile(times, 0.99), 3),
        "max": round(max(times), 3),
        "total": round(sum(times), 1),
    }


def tables_here() -> dict[str, Any]:
    """The table build in steps, then again in one piece (caches cleared): run in a fresh interpreter, as the
    build is once a process."""
    stepped = figures(step_times(solver.tables_steps()))
    solver._TABLES.clear()
    solver._BUILDER.clear()
    solver._FREE.clear()
    start = clock()
    reachable_masks()
    return {"in_steps": stepped, "reachable_masks_in_one_piece_ms": round((clock() - start) * 1000, 1)}


def tables_in_a_fresh_process() -> dict[str, Any]:
    """`tables_here` in a new interpreter running this script with `--tables-only`."""
    out = subprocess.run(
        [sys.executable, __file__, "--tables-only"], capture_output=True, text=True, check=True,
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--tables-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.tables_only:
        print(json.dumps(tables_here()))
        return
    result: dict[str, Any] = {"tables": tables_in_a_fresh_process()}
    solver.tables()
    steps: list[float] = []
    whole: list[float] = []
    for number in range(1, args.deals + 1):
        position = Position.of_game(Game.from_id(str(number)))
        steps += step_times(Solver(position, None, None).steps())
        start = clock()
        solver.solve(position)
        whole.append((clock() - start) * 1000)
    result["solver"] = {"in_steps": figures(steps), "solve_in_one_piece_max_ms": round(max(whole), 1)}
    hints: list[float] = []
    for deal in ("7", "11", "1234", "N-99", "V-7"):
        rollout._PRIORITY.clear()
        hints += step_times(hint.compute(Game.from_id(deal).player_view()))
    result["first_hint"] = {"in_steps": figures(hints)}
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
