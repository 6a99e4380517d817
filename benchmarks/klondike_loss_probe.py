"""Klondike's canonical search alone: how many states its proof of loss needs, deal by deal (draw one).

    PYTHONPATH=src:benchmarks .venv/bin/python benchmarks/klondike_loss_probe.py 59 332 338 761
    PYTHONPATH=src:benchmarks .venv/bin/python benchmarks/klondike_loss_probe.py --limit 100000 0-119

`klondike_core.canonical.CanonicalSearch` (its docstring has why its `lost` is a proof) run on its own from
each deal's start, every card known, up to `--limit` states expanded: `lost` (a proof), `no-proof` (it
reached a state with every card turned, which proves nothing) or `unknown`. In `solver.solve_board` the same
search takes turns with the others late in a long solve; this measures it apart from them.
"""

from __future__ import annotations

import argparse
import time

from klondike_core.canonical import CanonicalSearch
from klondike_core.deal import Deal
from klondike_core.fast import Board
from klondike_core.search import OutOfBudget
from solitaire_core.steps import finish


def probe(number: int, limit: int) -> tuple[str, int]:
    """The canonical search's verdict on deal `number` and the states it expanded."""
    search = CanonicalSearch(Board.of(Deal.from_number(number).start()), max_nodes=limit)
    try:
        lost = finish(search.steps())
    except OutOfBudget:
        return "unknown", search.nodes
    return ("lost" if lost else "no-proof"), search.nodes


def deal_numbers(words: list[str]) -> list[int]:
    """Deal numbers and ranges (`0-119`) from the command line."""
    numbers: list[int] = []
    for word in words:
        first, _, last = word.partition("-")
        numbers.extend(range(int(first), int(last or first) + 1))
    return numbers


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("deals", nargs="+", help="deal numbers or ranges (0-119)")
    parser.add_argument("--limit", type=int, default=400_000, help="states expanded at most per deal")
    options = parser.parse_args()
    print("deal verdict states cpu_s")
    for number in deal_numbers(options.deals):
        start = time.process_time()
        verdict, states = probe(number, options.limit)
        print(number, verdict, states, f"{time.process_time() - start:.1f}", flush=True)


if __name__ == "__main__":
    main()
