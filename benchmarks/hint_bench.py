"""Hint benchmark: how often a player who takes every hint wins, beside a simple greedy player on the same
deals, and how long each hint takes.

    .venv/bin/python benchmarks/hint_bench.py --game tripeaks --deals 1000 --seed 42 --jobs 2
    .venv/bin/python benchmarks/hint_bench.py --game tripeaks --deals 300 --jobs 2 --all-visible
    .venv/bin/python benchmarks/hint_bench.py --game pyramid --deals 1000 --jobs 3
    .venv/bin/python benchmarks/hint_bench.py --game klondike --deals 500 --jobs 2

TriPeaks and Pyramid: the deals are `<game>_core.cli.sample_deal_numbers(deals, seed)`, the ones `autoplay`
uses. Klondike: deal N is `solitaire_core.shuffle.shuffled_indexes(N)` in the deal notation, deals `--first`
onwards. What each player does is `workloads/playing.py`: both see only what the player has seen. TriPeaks'
greedy player takes a free fitting card, preferring one that turns a face-down card, and draws when nothing
fits; Pyramid's and Klondike's are their `autoplay.greedy`. For Pyramid the exact solver also says whether
each deal can be won at all (every card read), and the rates are given among the winnable deals too. A
Klondike game also ends when its player meets a view it already had (a deterministic advisor would go round
that circle for ever): those games are counted and listed ("repeated views").

Rates come with 95% Wilson intervals. Hint times are per hint, wall clock (`time.perf_counter`) and the CPU
time of the process that computed it (`time.process_time`, which other work on a shared machine disturbs far
less). `--jobs` plays deals in parallel processes, each deal whole in one process, so the figures do not
depend on it (the benchmark only; the packages never start a process).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from harness.deals import GAMES, sample
from harness.figures import percentile, rate
from harness.runs import HintTime, arguments, play_deals, print_footer, print_header, print_hint_times
from workloads.playing import Played, klondike_deal, pyramid_deal, tripeaks_deal

from tripeaks_core.rules import Rules

DEFAULT_DEALS = {"tripeaks": 300, "pyramid": 1000, "klondike": 500}
SAMPLED = {"tripeaks": ("best_odds", "reveals", "wait"), "pyramid": ("best_odds",),
           "klondike": ("best_odds", "no_win_seen")}
"""The `why` of the hints that sampled the unseen cards, by game."""
SOLVER = ("winning_line", "lost")
"""The `why` of the hints the exact solver gave (every card known)."""
NO_CHOICE = ("nothing_fits", "only_move", "stuck")
"""TriPeaks: the `why` of the hints that had no real choice."""


def play(args: argparse.Namespace) -> list[Played]:
    """Every deal of the run played by both players."""
    progress = klondike_progress if args.game == "klondike" else None
    every = 25 if args.game == "klondike" else 100
    if args.game == "tripeaks":
        rules = Rules(wrap=not args.no_wrap, all_visible=args.all_visible)
        jobs = [(number, rules) for number in sample("tripeaks", args.deals, args.seed)]
        return play_deals(tripeaks_deal, jobs, args.jobs, every=every)
    if args.game == "pyramid":
        return play_deals(pyramid_deal, sample("pyramid", args.deals, args.seed), args.jobs, every=every)
    numbers = range(args.first, args.first + args.deals)
    return play_deals(klondike_deal, numbers, args.jobs, every=every, progress=progress)


def klondike_progress(results: list[Played]) -> str:
    """The running figures printed every 25 Klondike deals."""
    n = len(results)
    cpu = [h[2] for r in results for h in r.hints]
    looped = sum(r.hint_repeat is not None for r in results)
    return (f": hint {rate(sum(r.hint_won for r in results), n)}, "
            f"greedy {rate(sum(r.greedy_won for r in results), n)}; "
            f"hint CPU ms median {statistics.median(cpu):.1f}, p95 {percentile(cpu, 0.95):.1f}; "
            f"hint player met a view again in {looped} deals")


def players(results: list[Played], among_winnable: bool) -> None:
    """The players' table (and the rates among the winnable deals when the solver said which) and the
    paired counts."""
    n = len(results)
    hinted = sum(r.hint_won for r in results)
    greedy_won = sum(r.greedy_won for r in results)
    both = sum(r.hint_won and r.greedy_won for r in results)
    if among_winnable:
        winnable = sum(bool(r.winnable) for r in results)
        print(f"winnable (solver): {rate(winnable, n)}; solver unknown: {sum(r.unknown for r in results)}")
        print("| player | won, all deals | won, winnable deals |\n| --- | --- | --- |")
        for name, won, of_winnable in (
            ("hint (autoplay)", hinted, sum(r.hint_won and bool(r.winnable) for r in results)),
            ("greedy", greedy_won, sum(r.greedy_won and bool(r.winnable) for r in results)),
        ):
            print(f"| {name} | {rate(won, n)} | {rate(of_winnable, winnable)} |")
    else:
        print("| player | won [95% CI] |\n| --- | --- |")
        print(f"| hint (autoplay) | {rate(hinted, n)} |\n| greedy | {rate(greedy_won, n)} |")
    print(f"paired: hint won where greedy lost {hinted - both}, the reverse {greedy_won - both}")


def times_line(label: str, values: list[float]) -> str:
    """`label: n hints, median, p95, max` in ms: TriPeaks' published hint-time figures."""
    if not values:
        return f"{label}: none"
    return (f"{label}: {len(values)} hints, median {statistics.median(values):.1f} ms, "
            f"p95 {percentile(values, 0.95):.1f} ms, max {max(values):.1f} ms")


def tripeaks_notes(args: argparse.Namespace, results: list[Played], hints: list[HintTime]) -> None:
    """TriPeaks: the rules of the deals, one line a deal with `--verbose`, and the wall-clock hint times
    over every hint and over the positions with a real choice."""
    wrap_text = "no K-A wrap" if args.no_wrap else "K-A wrap"
    table_text = "table all face up" if args.all_visible else "peaks face down"
    print(f"rules: {wrap_text}, {table_text}")
    if args.verbose:
        for r in results:
            print(f"deal {r.number}: hint {'won' if r.hint_won else 'lost'}, "
                  f"greedy {'won' if r.greedy_won else 'lost'}, {len(r.hints)} hints, "
                  f"slowest {max((h[1] for h in r.hints), default=0):.1f} ms")
    print(times_line("hint time, every hint", [h[1] for h in hints]))
    print(times_line("hint time, positions with a choice", [h[1] for h in hints if h[0] not in NO_CHOICE]))


def klondike_notes(results: list[Played], hints: list[HintTime]) -> None:
    """Klondike: the deals each player won, the repeated views, the hints by reason."""
    print(f"deals the hint player won: {[r.number for r in results if r.hint_won]}")
    print(f"deals greedy won: {[r.number for r in results if r.greedy_won]}")
    again = [(r.number, r.hint_repeat) for r in results if r.hint_repeat is not None]
    print(f"repeated views, hint player: {len(again)} of {len(results)} deals met a view again "
          f"(deal, moves before): {again}")
    greedy_again = [r.number for r in results if r.greedy_repeat is not None]
    print(f"repeated views, greedy (for comparison): {len(greedy_again)} of {len(results)} deals")
    whys: dict[str, int] = {}
    for why, _, _ in hints:
        whys[why] = whys.get(why, 0) + 1
    print(f"hints by reason: {whys}")


def main() -> None:
    """Run and print the figures."""
    parser = arguments(__doc__, 0, seed=0)
    parser.add_argument("--game", choices=GAMES, required=True)
    parser.add_argument("--first", type=int, default=0, help="Klondike: the first deal number")
    parser.add_argument("--no-wrap", action="store_true", help="TriPeaks: no K-A wrap")
    parser.add_argument("--all-visible", action="store_true", help='TriPeaks: "Tout visible", table face up')
    parser.add_argument("--verbose", action="store_true", help="TriPeaks: one line per deal")
    args = parser.parse_args()
    args.deals = args.deals or DEFAULT_DEALS[args.game]
    begin = time.perf_counter()
    print_header()
    results = play(args)
    n = len(results)
    hints = [h for r in results for h in r.hints]
    deals = f"{args.first}-{args.first + n - 1}" if args.game == "klondike" else f"seed {args.seed}"
    print(f"\ndeals: {n} ({deals})")
    players(results, among_winnable=args.game == "pyramid")
    notes: dict[str, Callable[[], None]] = {
        "tripeaks": lambda: tripeaks_notes(args, results, hints),
        "klondike": lambda: klondike_notes(results, hints),
    }
    if args.game in notes:
        notes[args.game]()
    print_hint_times(hints, SAMPLED[args.game], SOLVER)
    print()
    print_footer(begin)


if __name__ == "__main__":
    main()
