"""Our Klondike solver and ShootMe's C++ Klondike-Solver (PyPI `pyksolve`) side by side, same deals, draw 1
and draw 3, in one run (issue 20).

    python3 -m venv /tmp/ksolve2 && /tmp/ksolve2/bin/pip install pyksolve   # scratch venv, not the project
    PYTHONPATH=src /tmp/ksolve2/bin/python benchmarks/klondike_pyksolve_compare.py \\
        --deals 1000 --budget-ms 10000 --max-closed 1000000 --jobs 2 --draws 1,3

Deal N is `shuffled_indexes(N)` read into design.md's notation, from its start, every card known. Ours gets
`--budget-ms` of the CPU time of the process solving it (`time.process_time`); every `win` line is replayed
(`workloads.solving.klondike_deal`, as `solver_bench.py --game klondike` does: `klondike_core.lines` under
draw 3; under draw 1 `replay` and the rules engine's `Game`) and must win, or the run stops. pyksolve
(imported only if present; it is not a dependency of the project) gets
`solve_fast(max_closed_count=--max-closed)`; its `load_solitaire` format is 3 digits a card (rank 01-13,
then suit 1-4 = C D H S), the tableau dealt row by row (the first card of every column, then the second of
columns 2-7, ...), then the stock from the first card drawn, and `draw_count` 1 or 3. Its "could not
complete" after its state cap proves nothing either way. A deal where one says `win` and the other `lost` is
a contradiction (one of the two is wrong: a win line of ours replays, so ours can only be a wrong `lost`).
Deals are taken in order, both draws of a deal together, and a report is printed every 100 results, so a run
stopped early still says what it did.
"""

from __future__ import annotations

import statistics
import time

from harness.figures import percentile
from harness.runs import arguments, play_deals, print_footer, print_header
from workloads.solving import klondike_deal

from klondike_core.position import column_indexes
from solitaire_core.shuffle import shuffled_indexes

Row = tuple[int, int, str, float, int, str, float]
"""(deal, draw, our verdict, our CPU ms, our nodes, pyksolve's verdict, its CPU ms)."""


def ksolve_text(order: list[int]) -> str:
    """A deal (deck indexes in design.md's notation order) in pyksolve's `load_solitaire` format."""
    columns = [[order[i] for i in column_indexes(c)] for c in range(7)]
    cards = [columns[c][row] for row in range(7) for c in range(row, 7)] + order[28:]
    return "".join(f"{i % 13 + 1:02d}{i // 13 + 1}" for i in cards)


def run_one(task: tuple[int, int, float, int]) -> Row:
    """Both solvers on deal `task[0]` under draw `task[1]`: ours within `task[2]` ms of CPU, pyksolve
    within `task[3]` closed states."""
    number, draw, budget, closed = task
    _, ms, verdict, nodes, _ = klondike_deal((number, "cpu", budget, draw))
    theirs, theirs_ms = "absent", 0.0
    try:
        from pyksolve import solver as ksolver  # type: ignore[import-not-found]  # noqa: PLC0415
    except ImportError:
        pass
    else:
        game = ksolver.Solitaire()
        game.draw_count = draw
        game.load_solitaire(ksolve_text(shuffled_indexes(number)))
        game.reset_game()
        begin = time.process_time()
        answer = game.solve_fast(max_closed_count=closed)
        theirs_ms = (time.process_time() - begin) * 1000
        theirs = {1: "win", -1: "win", 0: "lost"}.get(answer.value, "unknown")
    return number, draw, verdict, ms, nodes, theirs, theirs_ms


def report(rows: list[Row], draws: list[int]) -> None:
    """The figures of the rows so far, per draw."""
    for draw in draws:
        mine = [row for row in rows if row[1] == draw]
        if not mine:
            continue
        n = len(mine)
        ours = {v: sum(row[2] == v for row in mine) for v in ("win", "lost", "unknown")}
        ms = [row[3] for row in mine]
        print(f"\ndraw {draw}, {n} deals ({min(r[0] for r in mine)}-{max(r[0] for r in mine)}):")
        print(f"  ours: {ours['win']} win, {ours['lost']} lost, {ours['unknown']} unknown; decided "
              f"{100 * (n - ours['unknown']) / n:.1f}%; CPU ms median {statistics.median(ms):.1f}, "
              f"p90 {percentile(ms, 0.9):.1f}, p99 {percentile(ms, 0.99):.1f}, max {max(ms):.1f}; "
              f"total {sum(ms) / 1000:.0f} s")
        if all(row[5] == "absent" for row in mine):
            print("  pyksolve: absent (not installed in this interpreter)")
        else:
            report_theirs(mine)
        print(f"  our unknowns: {sorted(row[0] for row in mine if row[2] == 'unknown')}", flush=True)


def report_theirs(mine: list[Row]) -> None:
    """pyksolve's figures on one draw's rows, and how its verdicts meet ours."""
    n = len(mine)
    theirs = {v: sum(row[5] == v for row in mine) for v in ("win", "lost", "unknown")}
    their_ms = [row[6] for row in mine]
    contradictions = [row[0] for row in mine if {row[2], row[5]} == {"win", "lost"}]
    print(f"  pyksolve: {theirs['win']} win, {theirs['lost']} lost, {theirs['unknown']} could not "
          f"complete; decided {100 * (n - theirs['unknown']) / n:.1f}%; CPU ms median "
          f"{statistics.median(their_ms):.1f}, p90 {percentile(their_ms, 0.9):.1f}, "
          f"p99 {percentile(their_ms, 0.99):.1f}; total {sum(their_ms) / 1000:.0f} s")
    table = {(a, b): sum(row[2] == a and row[5] == b for row in mine)
             for a in ("win", "lost", "unknown") for b in ("win", "lost", "unknown")}
    print("  ours \\ pyksolve: " + "; ".join(f"{a}/{b} {table[a, b]}" for a, b in table if table[a, b]))
    print(f"  contradictions (one says win, the other lost): {contradictions}")


def main() -> None:
    """Run both solvers on the same deals and print the comparison."""
    parser = arguments(__doc__, 100, jobs=2, budget_ms=10000.0)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--max-closed", type=int, default=1_000_000)
    parser.add_argument("--draws", type=str, default="1,3")
    args = parser.parse_args()
    draws = [int(d) for d in args.draws.split(",")]
    begin = time.perf_counter()
    print_header()
    tasks = [(n, d, args.budget_ms, args.max_closed)
             for n in range(args.first, args.first + args.deals) for d in draws]
    rows: list[Row] = []

    def each(row: Row) -> None:
        rows.append(row)
        print(f"deal {row[0]} draw {row[1]}: ours {row[2]} {row[3]:.0f} ms ({row[4]} states), "
              f"pyksolve {row[5]} {row[6]:.0f} ms", flush=True)
        if len(rows) % 100 == 0:
            report(rows, draws)

    play_deals(run_one, tasks, args.jobs, every=100, each=each)
    report(rows, draws)
    print_footer(begin)

if __name__ == "__main__":
    main()
