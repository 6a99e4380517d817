"""Klondike levels benchmark: how fast is each level dealt, and do the levels sort deals for a real player?

    .venv/bin/python benchmarks/klondike_levels_bench.py --deals 300 --draw 1
    .venv/bin/python benchmarks/klondike_levels_bench.py --deals 300 --draw 3 --hint-deals 20
    .venv/bin/python benchmarks/klondike_levels_bench.py --deals 100 --draw 1 --no-players   # times only
    .venv/bin/python benchmarks/klondike_levels_bench.py --deals 60 --draw 3 --session      # the worker's op

For each level of `--draw` it deals `--deals` deals with `klondike_core.difficulty.deal_at_level`, each from a
start number of a fixed stream (`difficulty.candidates(3000 + 10 * draw + row)`, unrelated to the tests'
streams), so runs are reproducible, and reports:

- the time to deal one, CPU time of this CPython process (the machine is shared; the worker's "within 1 s at
  p95" is read on this column): median, 95th percentile, slowest;
- "greedy wins": the share of those deals won by `autoplay.greedy`, the hint module's plain player (turn a
  card, go up, play the waste, draw, recycle; never a look at an unseen card), which is not the player that
  defines the levels, with a 95% Wilson interval;
- "hint wins": the same for the first `--hint-deals` deals played by the hint (`autoplay.play_out`), the
  player the page offers (slow: seconds a deal).

With `--session`, the time is that of the whole worker request `{"op": "new", "args": {"level", "draw"}}`
(`klondike_core.api.Session.handle`: dealing from a secure random start, the game, its snapshot and save,
the reply's JSON), and the players are not run.

A level that cannot be dealt yet (hard with draw three, `difficulty.PROVABLE_HARD`) is reported as such.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from klondike_core.api import Session
from klondike_core.autoplay import greedy, play_out
from klondike_core.deal import DealId
from klondike_core.difficulty import LevelUnavailable, candidates, deal_at_level
from solitaire_core.levels import Level


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


def rate(won: int, played: int) -> str:
    """A win rate with its interval."""
    if not played:
        return "-"
    low, high = wilson(won, played)
    return f"{won}/{played} = {won / played:.0%} [{low:.0%}-{high:.0%}]"


def session_times(deals: int, draw: int) -> None:
    """The CPU time of `deals` worker requests `new` of each level under `draw`."""
    session = Session(DealId(1))
    print(f"Klondike `new` op, draw {draw}, {deals} requests a level; CPython {platform.python_version()}")
    print("| level | `new` median / p95 / max (ms CPU) |")
    print("| --- | --- |")
    for level in Level:
        request = json.dumps({"op": "new", "args": {"level": level.value, "draw": draw}})
        times: list[float] = []
        for _ in range(deals):
            begin = time.process_time()
            reply = json.loads(session.handle(request))
            times.append((time.process_time() - begin) * 1000)
            if not reply["ok"]:
                print(f"| {level} | {reply['error']['message']} |", flush=True)
                break
        else:
            timing = f"{statistics.median(times):.0f} / {percentile(times, 0.95):.0f} / {max(times):.0f}"
            print(f"| {level} | {timing} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=100, help="deals dealt per level")
    parser.add_argument("--draw", type=int, choices=(1, 3), default=1)
    parser.add_argument("--hint-deals", type=int, default=0, help="deals per level the hint plays")
    parser.add_argument("--no-players", action="store_true", help="deal times only")
    parser.add_argument("--session", action="store_true", help="time the worker's `new` op instead")
    args = parser.parse_args()
    if args.session:
        session_times(args.deals, args.draw)
        return
    python = platform.python_version()
    print(f"Klondike levels, draw {args.draw}, {args.deals} deals a level; CPython {python}")
    print("| level | deal time median / p95 / max (ms CPU) | greedy wins | hint wins |")
    print("| --- | --- | --- | --- |")
    for row, level in enumerate(Level):
        starts = candidates(3000 + 10 * args.draw + row)
        times: list[float] = []
        dealt: list[DealId] = []
        try:
            for _ in range(args.deals):
                begin = time.process_time()
                dealt.append(deal_at_level(level, args.draw, next(starts)))
                times.append((time.process_time() - begin) * 1000)
        except LevelUnavailable as error:
            print(f"| {level} | {error} | - | - |", flush=True)
            continue
        greedy_won = hint_won = 0
        if not args.no_players:
            for deal_id in dealt:
                greedy_won += play_out(deal_id.deal().start(args.draw), advisor=greedy)
            for deal_id in dealt[: args.hint_deals]:
                hint_won += play_out(deal_id.deal().start(args.draw))
        timing = (f"{statistics.median(times):.0f} / {percentile(times, 0.95):.0f} / {max(times):.0f}")
        greedy_text = "-" if args.no_players else rate(greedy_won, len(dealt))
        hint_text = rate(hint_won, min(args.hint_deals, len(dealt)))
        print(f"| {level} | {timing} | {greedy_text} | {hint_text} |", flush=True)


if __name__ == "__main__":
    main()
