"""Klondike solver benchmark: how many deals the solver decides within its budget, and how fast.

    .venv/bin/python benchmarks/klondike_solver_bench.py --deals 1000 --budget-ms 10000 --jobs 2
    .venv/bin/python benchmarks/klondike_solver_bench.py --deals 100 --budget-ms 3000      # quicker
    .venv/bin/python benchmarks/klondike_solver_bench.py --deals 1000 --clock cpu --jobs 2  # busy machine
    .venv/bin/python benchmarks/klondike_solver_bench.py --deals 1000 --clock cpu --jobs 2 --draw 3

Deal N is `solitaire_core.shuffle.shuffled_indexes(N)` read into the deal notation (design.md), deals
`--first` to `--first + --deals - 1`, each from its start with every card known ("thoughtful" Klondike). Each
winning line is replayed with `klondike_core.replay` and, when the rules engine is there, through
`klondike_core.game.Game`, and must win. With `--clock cpu` the budget and the times are the CPU time of
the process solving the deal, which other work on a shared machine disturbs far less than the wall clock.
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from _bench_common import arguments, percentile, print_header, rate

from klondike_core.fast import Board
from klondike_core.lines import wins
from klondike_core.position import Position
from klondike_core.replay import apply_move, is_won
from klondike_core.solver import Verdict, solve_board
from solitaire_core.cards import Card
from solitaire_core.shuffle import shuffled_indexes

_SETTINGS: dict[str, object] = {"clock": time.perf_counter, "budget": 10000.0, "draw": 1}


def _init(clock: str, budget: float, draw: int = 1) -> None:
    _SETTINGS["clock"] = time.process_time if clock == "cpu" else time.perf_counter
    _SETTINGS["budget"] = budget
    _SETTINGS["draw"] = draw


def deal_start(number: int) -> Position:
    """The start of deal `number`, every card shown."""
    return Position.dealt(tuple(Card.from_index(i) for i in shuffled_indexes(number)))


def replay_game(number: int, line: tuple[str, ...]) -> bool | None:
    """True when `line` wins deal `number` through the rules engine's Game (None if it is not there)."""
    try:
        from klondike_core.game import Game  # noqa: PLC0415
    except ImportError:
        return None
    game = Game.from_id(number)
    for move in line:
        game.play(move)
    return bool(game.won)


def solve_deal(number: int) -> tuple[int, float, str, int, int]:
    """(number, ms, verdict, nodes, line length); a winning line is replayed."""
    clock: Callable[[], float] = _SETTINGS["clock"]  # type: ignore[assignment]
    budget = float(_SETTINGS["budget"])  # type: ignore[arg-type]
    draw = int(_SETTINGS["draw"])  # type: ignore[call-overload]
    start = deal_start(number)
    result = solve_board(Board.of(start), budget_ms=budget, clock=clock, draw=draw)
    if result.verdict is Verdict.WIN and draw != 1:
        if not wins(start, result.line, draw):
            raise SystemExit(f"deal {number}: the solver's line does not win under draw {draw}")
    elif result.verdict is Verdict.WIN:
        position = start
        for move in result.line:
            position = apply_move(position, move)
        if not is_won(position) or replay_game(number, result.line) is False:
            raise SystemExit(f"deal {number}: the solver's line does not win")
    return number, result.ms, result.verdict.value, result.nodes, len(result.line)


def report(results: list[tuple[int, float, str, int, int]], budget_ms: float, clock: str) -> None:
    """Print the verdict counts and time distributions of `results`."""
    times = [ms for _, ms, _, _, _ in results]
    counts = {verdict.value: 0 for verdict in Verdict}
    for _, _, verdict, _, _ in results:
        counts[verdict] += 1
    decided = counts["win"] + counts["lost"]
    n = len(results)
    print(f"\n{n} deals, budget {budget_ms:.0f} ms ({clock} clock): {counts['win']} win, "
          f"{counts['lost']} lost, {counts['unknown']} unknown; decided {100 * decided / n:.1f}%; "
          f"winnable among decided {100 * counts['win'] / max(1, decided):.1f}%, "
          f"win share at least {100 * counts['win'] / n:.1f}% and at most "
          f"{100 * (counts['win'] + counts['unknown']) / n:.1f}%")
    print(f"winnable among decided (95% Wilson interval): {rate(counts['win'], decided)}")
    for name, subset in (("every deal", times),
                         ("win", [r[1] for r in results if r[2] == "win"]),
                         ("lost", [r[1] for r in results if r[2] == "lost"])):
        if subset:
            print(f"{name}: ms median {statistics.median(subset):.1f}, p90 {percentile(subset, 0.9):.1f}, "
                  f"p99 {percentile(subset, 0.99):.1f}, max {max(subset):.1f}, "
                  f"mean {statistics.fmean(subset):.1f}")
    lines = [r[4] for r in results if r[2] == "win"]
    if lines:
        print(f"winning lines: median {statistics.median(lines):.0f} moves, max {max(lines)}")
    print(f"unknown deals: {[r[0] for r in results if r[2] == 'unknown']}", flush=True)


def main() -> None:
    """Run and print the figures."""
    parser = arguments(__doc__, 1000)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--only", type=str, default="",
                        help="comma-separated deal numbers to run instead of --first/--deals")
    parser.add_argument("--budget-ms", type=float, default=10000.0)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--draw", type=int, choices=(1, 3), default=1)
    args = parser.parse_args()
    print_header()
    numbers = ([int(n) for n in args.only.split(",")] if args.only
               else list(range(args.first, args.first + args.deals)))
    begin = time.perf_counter()
    setup = (args.clock, args.budget_ms, args.draw)
    with multiprocessing.Pool(args.jobs, initializer=_init, initargs=setup) as pool:
        results = []
        for count, item in enumerate(pool.imap(solve_deal, numbers, chunksize=4), 1):
            results.append(item)
            print(f"deal {item[0]}: {item[2]} {item[1]:.1f} ms, {item[3]} nodes", flush=True)
            if count % 50 == 0:
                report(results, args.budget_ms, args.clock)
                print(f"  ({time.perf_counter() - begin:.0f} s)", flush=True)
    report(results, args.budget_ms, args.clock)
    print(f"total {time.perf_counter() - begin:.0f} s, load average now {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
