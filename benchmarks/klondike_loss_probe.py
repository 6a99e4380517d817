"""Klondike's canonical search alone: how many states its proof of loss needs, deal by deal (draw one).

    PYTHONPATH=src:benchmarks .venv/bin/python benchmarks/klondike_loss_probe.py 59 332 338 761
    PYTHONPATH=src:benchmarks .venv/bin/python benchmarks/klondike_loss_probe.py --limit 100000 0-119
    PYTHONPATH=src:benchmarks .venv/bin/python benchmarks/klondike_loss_probe.py --exact 517 733 829
    PYTHONPATH=src:benchmarks .venv/bin/python benchmarks/klondike_loss_probe.py --precise 908 829 990

`klondike_core.canonical.CanonicalSearch` (its docstring has why its `lost` is a proof) run on its own from
each deal's start, every card known, up to `--limit` states expanded: `lost` (a proof), `no-proof` (it
reached a state with every card turned, which proves nothing) or `unknown`. In `solver.solve_board` the same
search takes turns with the others late in a long solve; this measures it apart from them. With `--exact`,
its exact twin (`exact=True`), which decides either way: `won` too, its line replayed from the deal's start
through the rules (`lines.wins`), the run stopping if it does not win. With `--precise`, its precise form
(`precise=True`), which answers as the canonical search does.
"""

from __future__ import annotations

import argparse
import time

from klondike_core.canonical import CanonicalSearch
from klondike_core.deal import Deal
from klondike_core.fast import Board
from klondike_core.lines import wins
from klondike_core.search import OutOfBudget
from solitaire_core.steps import finish


def probe(number: int, limit: int, exact: bool = False, precise: bool = False) -> tuple[str, int]:
    """The canonical search's (or its exact twin's, or its precise form's) verdict on deal `number` and the
    states it expanded."""
    start = Deal.from_number(number).start()
    search = CanonicalSearch(Board.of(start), max_nodes=limit, exact=exact, precise=precise)
    try:
        answer = finish(search.steps())
    except OutOfBudget:
        return "unknown", search.nodes
    if isinstance(answer, list):
        if not wins(start, answer):
            raise SystemExit(f"deal {number}: the exact twin's line does not win")
        return "won", search.nodes
    return ("lost" if answer else "no-proof"), search.nodes


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
    parser.add_argument("--exact", action="store_true", help="the exact twin, which decides either way")
    parser.add_argument("--precise", action="store_true", help="the precise form: ready talon cards go back")
    options = parser.parse_args()
    print("deal verdict states cpu_s")
    for number in deal_numbers(options.deals):
        start = time.process_time()
        verdict, states = probe(number, options.limit, options.exact, options.precise)
        print(number, verdict, states, f"{time.process_time() - start:.1f}", flush=True)


if __name__ == "__main__":
    main()
