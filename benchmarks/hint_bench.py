"""How strong and how fast is the hint? A player who takes every hint from the deal's start, against the
greedy player, on the same random standard deals.

    python benchmarks/hint_bench.py --deals 300 --seed 0 --jobs 2
    python benchmarks/hint_bench.py --deals 300 --seed 0 --jobs 2 --all-visible   # "Tout visible" deals

Deals are `tripeaks_core.cli.sample_deal_numbers(deals, seed)`, the same as `autoplay`, so a run is
reproducible. Both players see only `Game.player_view()`. The greedy player takes a free fitting card,
preferring one that turns a face-down card (the lowest position among equals), and draws when nothing fits.

Prints the hint player's win rate with a 95% Wilson interval, the greedy player's on the same deals, the
hint time (median, 95th percentile, maximum) over every hint asked and over the positions where the hint had
a real choice, and the command line. `--jobs` plays deals in parallel processes (the benchmark only; the
package itself never starts a process).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from tripeaks_core.autoplay import play_out
from tripeaks_core.cli import sample_deal_numbers
from tripeaks_core.dealid import DealId
from tripeaks_core.game import Game, Outcome, PlayerView
from tripeaks_core.hint import Hint, hint, playable_in_view
from tripeaks_core.layout import COVERS
from tripeaks_core.rules import Rules
from tripeaks_core.solver import free_of


def greedy_move(view: PlayerView) -> int | None:
    """The greedy player's take (None: draw)."""
    playable = playable_in_view(view)
    for position in playable:
        after = view.remaining & ~(1 << position)
        newly = free_of(after) & ~free_of(view.remaining)
        if any(newly >> below & 1 for below in COVERS[position]):
            return position
    return playable[0] if playable else None


def play_greedy(number: int, rules: Rules) -> bool:
    """Whether the greedy player clears deal `number`."""
    game = Game.from_id(DealId(number, rules))
    while game.outcome() is Outcome.PLAYING:
        move = greedy_move(game.player_view())
        if move is None:
            game.draw()
        else:
            game.take(move)
    return game.outcome() is Outcome.WON


def play_hint(number: int, rules: Rules) -> tuple[bool, list[float], list[float]]:
    """Whether the hint player clears deal `number`; the time of every hint and of those with a choice."""
    game = Game.from_id(DealId(number, rules))
    every: list[float] = []
    chosen: list[float] = []

    def record(advice: Hint, ms: float) -> None:
        every.append(ms)
        if advice.why not in ("nothing_fits", "only_move", "stuck"):
            chosen.append(ms)

    return play_out(game, hint, record), every, chosen


def _both(job: tuple[int, Rules]) -> tuple[int, bool, bool, list[float], list[float]]:
    number, rules = job
    won, every, chosen = play_hint(number, rules)
    return number, won, play_greedy(number, rules), every, chosen


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def _times(label: str, values: list[float]) -> str:
    if not values:
        return f"{label}: none"
    return (
        f"{label}: {len(values)} hints, median {statistics.median(values):.1f} ms, "
        f"p95 {_percentile(values, 0.95):.1f} ms, max {max(values):.1f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-wrap", action="store_true")
    parser.add_argument("--all-visible", action="store_true", help='"Tout visible": the table starts face up')
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="one line per deal")
    args = parser.parse_args(argv)
    rules = Rules(wrap=not args.no_wrap, all_visible=args.all_visible)
    jobs = [(number, rules) for number in sample_deal_numbers(args.deals, args.seed)]
    started = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            rows = list(pool.map(_both, jobs, chunksize=1))
    else:
        rows = [_both(job) for job in jobs]
    hint_won = sum(row[1] for row in rows)
    greedy_won = sum(row[2] for row in rows)
    only_hint = sum(row[1] and not row[2] for row in rows)
    only_greedy = sum(row[2] and not row[1] for row in rows)
    every = [ms for row in rows for ms in row[3]]
    chosen = [ms for row in rows for ms in row[4]]
    if args.verbose:
        for number, won, greedy, times, _ in rows:
            print(f"deal {number}: hint {'won' if won else 'lost'}, greedy {'won' if greedy else 'lost'}, "
                  f"{len(times)} hints, slowest {max(times, default=0):.1f} ms")
    n = len(rows)
    low, high = wilson(hint_won, n)
    g_low, g_high = wilson(greedy_won, n)
    wrap_text = "K-A wrap" if rules.wrap else "no K-A wrap"
    table_text = "table all face up" if rules.all_visible else "peaks face down"
    print(f"deals: {n} random deals ({wrap_text}, {table_text}), seed {args.seed}")
    print(f"hint player:   won {hint_won}/{n} = {100 * hint_won / n:.1f}% "
          f"(95% CI {100 * low:.1f}-{100 * high:.1f}%)")
    print(f"greedy player: won {greedy_won}/{n} = {100 * greedy_won / n:.1f}% "
          f"(95% CI {100 * g_low:.1f}-{100 * g_high:.1f}%)")
    print(f"paired: hint won and greedy lost {only_hint}, greedy won and hint lost {only_greedy}")
    print(_times("hint time, every hint", every))
    print(_times("hint time, positions with a choice", chosen))
    print(f"wall time {time.perf_counter() - started:.0f} s with {args.jobs} process(es)")
    given = argv if argv is not None else sys.argv[1:]
    print("command: python " + " ".join(["benchmarks/hint_bench.py", *given]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
