"""Difficulty benchmark: do the levels sort deals, and how fast is each level dealt?

    .venv/bin/python benchmarks/difficulty_bench.py          # 100 deals a level, hint player on 40
    .venv/bin/python benchmarks/difficulty_bench.py --deals 200 --hint-deals 100

For each level (and for "any deal") it deals deals with `difficulty.deal_at_level`, fed by a fixed stream of
candidate numbers so runs are reproducible, and reports:

- generation time per deal (median, 95th percentile) in this CPython;
- the win rate of the simple greedy player (one seeded playout per deal, seeds unrelated to the ones that
  define the level);
- the win rate of the hint player (takes every hint, never sees hidden cards) on the first `--hint-deals`.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from solitaire_core.levels import Level
from solitaire_core.shuffle import bounded, splitmix64
from tripeaks_core.autoplay import play_out
from tripeaks_core.dealid import RANDOM_LIMIT, DealId
from tripeaks_core.difficulty import deal_at_level, greedy_score
from tripeaks_core.game import Game
from tripeaks_core.rules import Rules
from tripeaks_core.solver import Position, tables


def candidates(seed: int) -> Iterator[int]:
    """An endless reproducible stream of deal numbers."""
    words = splitmix64(seed)
    while True:
        yield 1 + bounded(words, RANDOM_LIMIT - 1)


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    """Run and print a markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="deals per level")
    parser.add_argument("--hint-deals", type=int, default=40, help="of which played by the hint player")
    parser.add_argument("--no-wrap", action="store_true")
    parser.add_argument("--all-visible", action="store_true")
    args = parser.parse_args()
    rules = Rules(wrap=not args.no_wrap, all_visible=args.all_visible)
    tables()
    print(f"machine: {platform.machine()}, {platform.python_implementation()} {platform.python_version()}")
    print(f"command: {' '.join(sys.argv)}\n")
    print("| level | deals | generation median ms | p95 ms | greedy wins | hint player wins |")
    print("| --- | --- | --- | --- | --- | --- |")
    for index, level in enumerate((None, Level.EASY, Level.MEDIUM, Level.HARD)):
        stream = candidates(1000 + index)
        deal_ids: list[DealId] = []
        gen_ms: list[float] = []
        for _ in range(args.deals):
            start = time.perf_counter()
            deal_id = DealId(next(stream), rules) if level is None else deal_at_level(level, rules, stream)
            gen_ms.append((time.perf_counter() - start) * 1000)
            deal_ids.append(deal_id)
        greedy_wins = 0
        for deal_id in deal_ids:
            deal = deal_id.deal()
            position = Position.start(tuple(card.rank for card in deal.cards), rules.wrap)
            greedy_wins += greedy_score(position, seed=deal_id.number ^ 0x5EED_0F_6A3E, playouts=1) == 1.0
        played = deal_ids[: args.hint_deals]
        hint_wins = sum(play_out(Game(d.deal(), rules, d)) for d in played)
        name = "any deal" if level is None else str(level)
        timing = f"{statistics.median(gen_ms):.1f} | {percentile(gen_ms, 0.95):.1f}"
        greedy = f"{100 * greedy_wins / len(deal_ids):.0f}%"
        hinted = f"{100 * hint_wins / len(played):.0f}% ({len(played)})"
        print(f"| {name} | {len(deal_ids)} | {timing} | {greedy} | {hinted} |")


if __name__ == "__main__":
    main()
