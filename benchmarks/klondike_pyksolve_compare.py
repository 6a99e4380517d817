"""Cross-check of the Klondike solver against ShootMe's C++ Klondike-Solver (PyPI `pyksolve`), same deals.

    python3 -m venv /tmp/ksolve2 && /tmp/ksolve2/bin/pip install pyksolve   # scratch venv, not the project
    /tmp/ksolve2/bin/python benchmarks/klondike_pyksolve_compare.py --deals 100 --budget-ms 10000

pyksolve is imported only if present (it is not a dependency of the project). Its `load_solitaire` format is
3 digits a card (rank 01-13, then suit 1-4 = C D H S), the tableau dealt row by row (the first card of
every column, then the second of columns 2-7, ...), then the stock from the first card drawn; draw count 1.
Each deal gets both verdicts: a deal we call `lost` that pyksolve wins would be a bug of ours. pyksolve's
own "could not complete" after its state cap proves nothing either way.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from klondike_core.fast import Board
from klondike_core.position import Position, column_indexes
from klondike_core.solver import solve_board
from solitaire_core.cards import Card
from solitaire_core.shuffle import shuffled_indexes


def ksolve_text(order: list[int]) -> str:
    """A deal (deck indexes in design.md's notation order) in pyksolve's `load_solitaire` format."""
    columns = [[order[i] for i in column_indexes(c)] for c in range(7)]
    cards = [columns[c][row] for row in range(7) for c in range(row, 7)] + order[28:]
    return "".join(f"{i % 13 + 1:02d}{i // 13 + 1}" for i in cards)


def main() -> None:
    """Run both solvers on the same deals and print the comparison."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--budget-ms", type=float, default=10000.0)
    parser.add_argument("--max-closed", type=int, default=5_000_000)
    args = parser.parse_args()
    try:
        from pyksolve import solver as ksolver  # type: ignore[import-not-found]  # noqa: PLC0415
    except ImportError:
        raise SystemExit("pyksolve is not installed here (see the docstring)") from None
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()} "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.1f}")
    print(f"command: {' '.join(sys.argv)}")
    table: dict[tuple[str, str], int] = {}
    ours_ms: list[float] = []
    theirs_ms: list[float] = []
    bugs: list[int] = []
    for number in range(args.first, args.first + args.deals):
        order = shuffled_indexes(number)
        position = Position.dealt(tuple(Card.from_index(i) for i in order))
        result = solve_board(Board.of(position), budget_ms=args.budget_ms, clock=time.process_time)
        game = ksolver.Solitaire()
        game.draw_count = 1
        game.load_solitaire(ksolve_text(order))
        game.reset_game()
        begin = time.process_time()
        answer = game.solve_fast(max_closed_count=args.max_closed)
        theirs_ms.append((time.process_time() - begin) * 1000)
        ours_ms.append(result.ms)
        theirs = {1: "win", -1: "win", 0: "lost"}.get(answer.value, "unknown")
        key = (result.verdict.value, theirs)
        table[key] = table.get(key, 0) + 1
        if key == ("lost", "win"):
            bugs.append(number)
        print(f"deal {number}: ours {result.verdict.value} {result.ms:.0f} ms, pyksolve {answer.name} "
              f"{theirs_ms[-1]:.0f} ms", flush=True)
    print("\n| ours \\ pyksolve | " + " | ".join(("win", "lost", "unknown")) + " |")
    print("| --- | --- | --- | --- |")
    for ours in ("win", "lost", "unknown"):
        cells = " | ".join(str(table.get((ours, t), 0)) for t in ("win", "lost", "unknown"))
        print(f"| {ours} | {cells} |")
    ours_ms.sort()
    theirs_ms.sort()
    half = len(ours_ms) // 2
    print(f"CPU ms median: ours {ours_ms[half]:.0f}, pyksolve {theirs_ms[half]:.0f}; "
          f"total s: ours {sum(ours_ms) / 1000:.1f}, pyksolve {sum(theirs_ms) / 1000:.1f}")
    print(f"deals we call lost that pyksolve wins: {bugs}")


if __name__ == "__main__":
    main()
