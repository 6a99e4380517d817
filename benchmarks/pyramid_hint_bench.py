"""Pyramid hint benchmark: how often a player who takes every hint wins, against the deals that can be won.

    .venv/bin/python benchmarks/pyramid_hint_bench.py --deals 1000 --jobs 3
    .venv/bin/python benchmarks/pyramid_hint_bench.py --deals 100      # quicker

The deals are `pyramid_core.cli.sample_deal_numbers(N, seed)` (the ones `autoplay` uses). For each deal the
exact solver says whether it can be won at all (every card read); then `autoplay.play_out` plays it taking
every hint (which never looks at an unseen card), and again with `autoplay.greedy` (the first legal move:
kings, pyramid pairs, pairs with the stock or waste, then draw or recycle). Rates come with 95% Wilson
intervals. Hint times are per hint, wall-clock and also the CPU time of the process that computed it (which
other work on a shared machine disturbs far less); `--jobs` plays deals in parallel processes, each deal
whole in one process, so the figures do not depend on it.
"""

from __future__ import annotations

import os
import time

from _bench_common import HintTime, arguments, play_deals, print_header, print_hint_times, rate, timed

from pyramid_core.autoplay import greedy, play_out
from pyramid_core.cli import sample_deal_numbers
from pyramid_core.game import Game, Outcome
from pyramid_core.hint import hint
from pyramid_core.solver import Verdict, solve_game

DealResult = tuple[int, bool, bool, bool, bool, list[HintTime]]


def play_deal(number: int) -> DealResult:
    """(number, solver verdict is win, unknown, hint player won, greedy won, [(why, wall ms, cpu ms)])."""
    verdict = solve_game(Game.from_id(number)).verdict
    hints: list[HintTime] = []
    game = Game.from_id(number)
    advise = timed(hint, hints, lambda advice: advice.why)
    while game.outcome() is Outcome.PLAYING:
        advice = advise(game.player_view())
        if advice.move is None:
            break
        game.play(advice.move)
    won = game.outcome() is Outcome.WON
    if won and verdict is Verdict.LOST:
        raise SystemExit(f"deal {number}: won a deal the solver proved lost")
    simple = play_out(Game.from_id(number), greedy)
    return number, verdict is Verdict.WIN, verdict is Verdict.UNKNOWN, won, simple, hints


def main() -> None:
    """Run and print the figures."""
    parser = arguments(__doc__, 1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print_header()
    numbers = list(sample_deal_numbers(args.deals, args.seed))
    start = time.perf_counter()
    results = play_deals(play_deal, numbers, args.jobs, every=100)
    n = len(results)
    winnable = sum(r[1] for r in results)
    unknown = sum(r[2] for r in results)
    hinted = sum(r[3] for r in results)
    hinted_of_winnable = sum(r[3] and r[1] for r in results)
    greedy_won = sum(r[4] for r in results)
    greedy_of_winnable = sum(r[4] and r[1] for r in results)
    both = sum(r[3] and r[4] for r in results)
    print(f"\ndeals: {n}; winnable (solver): {rate(winnable, n)}; solver unknown: {unknown}")
    print("| player | won, all deals | won, winnable deals |")
    print("| --- | --- | --- |")
    print(f"| hint (autoplay) | {rate(hinted, n)} | {rate(hinted_of_winnable, winnable)} |")
    print(f"| greedy | {rate(greedy_won, n)} | {rate(greedy_of_winnable, winnable)} |")
    print(f"paired: hint won where greedy lost {hinted - both}, the reverse {greedy_won - both}")
    hints = [h for r in results for h in r[5]]
    print_hint_times(hints, ("best_odds",), ("winning_line", "lost"))
    print(f"\ntotal {time.perf_counter() - start:.0f} s, load average now {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
