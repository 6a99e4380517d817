"""Pyramid levels benchmark: do the levels sort deals for a real player, and how fast is each level dealt?

    .venv/bin/python benchmarks/pyramid_levels_bench.py --deals 100 --hint-deals 100 --jobs 2
    .venv/bin/python benchmarks/pyramid_levels_bench.py --deals 50 --hint-deals 20      # quicker

For each level (and for "any deal") it deals `--deals` deals with `pyramid_core.difficulty.deal_at_level`,
fed by a fixed stream of candidate numbers (`sample_deal_numbers(10**6, 2000 + row)`, unrelated to the tests'
streams) so runs are reproducible, and reports:

- generation time per deal in this CPython: median, 95th percentile and slowest, wall clock (the machine is
  shared, so the CPU time of the same calls is printed below the table too);
- "sloppy wins": the share of games the level-defining player (`difficulty.playout_wins`) wins, 100 games a
  deal on seeds unrelated to the ones that define the levels (`seed_of(n) ^ 0x5EED`): since the levels are
  defined by that player its ordering is expected, so this column checks the code, not the definition;
- "greedy wins": the share of deals `autoplay.greedy` (the plain player that never declines a pair) wins;
- "hint player wins": the share of the first `--hint-deals` deals won by `autoplay.play_out`, which takes
  every hint and never sees an unseen card, with a 95% Wilson interval. This is the real check: its win
  rate must fall from easy to medium to hard. `--jobs` plays those deals in parallel processes (each deal
  whole in one process, so the result does not depend on it).
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
from pyramid_core.deal import DealId
from pyramid_core.difficulty import PLAYOUTS, deal_at_level, playout_wins, seed_of
from pyramid_core.game import Game
from pyramid_core.solver import Position, Verdict, solve
from solitaire_core.levels import Level

_OTHER_SEEDS = 0x5EED


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if not trials:
        return (0.0, 0.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def hint_wins(number: int) -> bool:
    """One deal played out taking every hint (run in a worker process)."""
    return play_out(Game.from_id(number))


def main() -> None:
    """Run and print a markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="deals per level")
    parser.add_argument("--hint-deals", type=int, default=40, help="of which played by the hint player")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the hint player")
    args = parser.parse_args()
    started = time.perf_counter()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()} "
          f"{platform.python_version()}; load average {os.getloadavg()[0]:.1f} at the start")
    print(f"command: {' '.join(sys.argv)}\n")
    rows: list[str] = []
    cpu_notes: list[str] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for index, level in enumerate((None, Level.EASY, Level.MEDIUM, Level.HARD)):
            stream = sample_deal_numbers(10**6, 2000 + index)
            deal_ids: list[DealId] = []
            wall: list[float] = []
            cpu: list[float] = []
            for _ in range(args.deals):
                start, start_cpu = time.perf_counter(), time.process_time()
                deal_id = DealId(next(stream)) if level is None else deal_at_level(level, stream)
                wall.append((time.perf_counter() - start) * 1000)
                cpu.append((time.process_time() - start_cpu) * 1000)
                deal_ids.append(deal_id)
            sloppy = sum(playout_wins(d.deal().ranks(), seed_of(d.number) ^ _OTHER_SEEDS) for d in deal_ids)
            plain = sum(play_out(Game.from_id(d), greedy) for d in deal_ids)
            played = [d.number for d in deal_ids[: args.hint_deals]]
            won = sum(pool.map(hint_wins, played, chunksize=1))
            low, high = wilson(won, len(played))
            name = "any deal" if level is None else str(level)
            if level is None:
                verdicts = [solve(Position.start(d.deal().ranks())).verdict for d in deal_ids]
                winnable = verdicts.count(Verdict.WIN)
                name += f" ({100 * winnable / len(deal_ids):.0f}% winnable)"
            timing = f"{statistics.median(wall):.1f} | {percentile(wall, 0.95):.1f} | {max(wall):.1f}"
            rows.append(
                f"| {name} | {len(deal_ids)} | {timing} | {100 * sloppy / (PLAYOUTS * len(deal_ids)):.0f}% | "
                f"{100 * plain / len(deal_ids):.0f}% | {won}/{len(played)} = {100 * won / len(played):.1f}% "
                f"[{100 * low:.0f}, {100 * high:.0f}] |"
            )
            cpu_notes.append(f"{name}: median {statistics.median(cpu):.1f}, p95 {percentile(cpu, 0.95):.1f}, "
                             f"slowest {max(cpu):.1f}")
    print("| level | deals | generation median ms | p95 ms | slowest ms | sloppy wins | greedy wins | "
          "hint player wins [95% CI] |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        print(row)
    print("\ngeneration CPU ms: " + "; ".join(cpu_notes))
    print(f"\n{time.perf_counter() - started:.0f} s in all; load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
