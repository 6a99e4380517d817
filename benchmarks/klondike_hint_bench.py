"""Klondike hint benchmark: how often a player who takes every hint wins, beside a simple greedy player.

    .venv/bin/python benchmarks/klondike_hint_bench.py --deals 500 --jobs 2
    .venv/bin/python benchmarks/klondike_hint_bench.py --deals 50      # quicker

Deal N is `solitaire_core.shuffle.shuffled_indexes(N)` in the deal notation, deals `--first` onwards. Each
deal is played from its start by `autoplay.play_out` taking every hint (the hint sees only the view of what
the player knows), and again with `autoplay.greedy` (moves that turn a card, go up, play the waste, draw or
recycle; no look-ahead) on the same deal. A game also ends when the player meets a view (what it sees: the
position with the unseen cards hidden, and so which cards are known) it already had: a deterministic advisor
would go round that circle for ever. Those games are counted and listed for each player ("repeated views");
the hint's target is none. Rates come with 95% Wilson intervals. Hint times are per hint call:
wall clock (`time.perf_counter`) and the CPU time of the process that computed it (`time.process_time`,
which other work on a shared machine disturbs far less). The frame (deal loop, intervals, summaries) is
`_bench_common`, shared with the Pyramid hint benchmark.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

from _bench_common import (
    HintTime,
    arguments,
    percentile,
    play_deals,
    print_header,
    print_hint_times,
    rate,
    timed,
)

from klondike_core.autoplay import greedy, play_out
from klondike_core.hint import hint
from klondike_core.position import Position
from solitaire_core.cards import Card
from solitaire_core.shuffle import shuffled_indexes

DealResult = tuple[int, bool, bool, list[HintTime], int | None, int | None]


def play_deal(number: int) -> DealResult:
    """(number, hint player won, greedy won, [(why, wall ms, cpu ms)] of every hint, and for each player the
    number of moves after which it met a view again, `None` when it never did)."""
    start = Position.dealt(tuple(Card.from_index(i) for i in shuffled_indexes(number)))
    hints: list[HintTime] = []
    repeats: list[int | None] = [None, None]

    def noter(player: int) -> Callable[[Position, int], None]:
        def note(_view: Position, taken: int) -> None:
            repeats[player] = taken
        return note

    won = play_out(start, timed(hint, hints, lambda advice: advice.why), on_repeat=noter(0))
    simple = play_out(start, greedy, on_repeat=noter(1))
    return number, won, simple, hints, repeats[0], repeats[1]


def progress(results: list[DealResult]) -> str:
    """The running figures printed every 25 deals."""
    n = len(results)
    won, simple = sum(r[1] for r in results), sum(r[2] for r in results)
    cpu = [h[2] for r in results for h in r[3]]
    looped = sum(r[4] is not None for r in results)
    return (f": hint {rate(won, n)}, greedy {rate(simple, n)}; "
            f"hint CPU ms median {statistics.median(cpu):.1f}, p95 {percentile(cpu, 0.95):.1f}; "
            f"hint player met a view again in {looped} deals")


def main() -> None:
    """Run and print the figures."""
    parser = arguments(__doc__, 500)
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args()
    print_header()
    begin = time.perf_counter()
    numbers = range(args.first, args.first + args.deals)
    results = play_deals(play_deal, numbers, args.jobs, progress=progress)
    n = len(results)
    hinted = sum(r[1] for r in results)
    greedy_won = sum(r[2] for r in results)
    both = sum(r[1] and r[2] for r in results)
    print(f"\ndeals: {n} ({args.first}-{args.first + n - 1})")
    print("| player | won [95% CI] |")
    print("| --- | --- |")
    print(f"| hint (autoplay) | {rate(hinted, n)} |")
    print(f"| greedy | {rate(greedy_won, n)} |")
    print(f"paired: hint won where greedy lost {hinted - both}, the reverse {greedy_won - both}")
    print(f"deals the hint player won: {[r[0] for r in results if r[1]]}")
    print(f"deals greedy won: {[r[0] for r in results if r[2]]}")
    again = [(r[0], r[4]) for r in results if r[4] is not None]
    print(f"repeated views, hint player: {len(again)} of {n} deals met a view again "
          f"(deal, moves before): {again}")
    greedy_again = [r[0] for r in results if r[5] is not None]
    print(f"repeated views, greedy (for comparison): {len(greedy_again)} of {n} deals")
    hints = [h for r in results for h in r[3]]
    print_hint_times(hints, ("best_odds", "no_win_seen"), ("winning_line", "lost"))
    whys: dict[str, int] = {}
    for why, _, _ in hints:
        whys[why] = whys.get(why, 0) + 1
    print(f"\nhints by reason: {whys}")
    print(f"total {time.perf_counter() - begin:.0f} s, load average now {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
