"""The engines in Pyodide (under Node) against CPython, side by side: same deals, same code, same run.

    SITE_DIST=/tmp/dist-x python3 build.py build            # the wheel the page ships (config.json names it)
    SITE_DIST=/tmp/dist-x .venv/bin/python benchmarks/pyodide_bench.py --deals 200 [--game tripeaks] [--write]

Pyodide is booted from node_modules/pyodide by a small Node ES-module runner written to a temp folder; the
built wheel is unpacked into site-packages as web/worker.js does (`unpackArchive(bytes, "zip", {extractDir:
purelib})`, its sha256 checked against config.json, and against a fresh `tools/pywheel.py` build of src/ so
that a stale dist/ is refused). This file is then imported inside Pyodide too, and `measure` times the same
work with `time.perf_counter` in both interpreters:

- solver: `pyramid_core.solver.solve` on `sample_deal_numbers(N, seed)` (the deals of
  `solver_bench.py --game pyramid`), from their start, every winning line replayed on the engine (not timed);
- hint: `pyramid_core.hint.hint` on every position of `--hint-deals` deals played out taking every hint
  (the hint is seeded from the view, so both interpreters see the same positions: checked);
- with `--game tripeaks`, also `tripeaks_core.solver.solve` on its own `sample_deal_numbers(N, seed)`
  (after one warm-up solve that builds its tables).

The deals are cut into chunks; each chunk runs in CPython then Pyodide, the next in the other order, so a
load that drifts on a shared machine falls on both alike and the ratio stays fair. Alongside the wall clock,
the CPU time of each whole chunk is taken from outside (`time.process_time` here, `process.cpuUsage()` of
Node there), which other work on the machine disturbs far less. `--write` puts the result between the
`pyodide:start` / `pyodide:end` markers of docs/PERFORMANCE.md.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
DIST = Path(os.environ.get("SITE_DIST", ROOT / "dist")).resolve()  # as build.py
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
RESULT = "@@result "
"""Prefix of the runner's answer lines on stdout (Python's own output goes to stderr)."""

RUNNER = r"""
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelPath, benchPath] = process.argv.slice(2);
const say = (obj) => process.stdout.write("@@result " + JSON.stringify(obj) + "\n");
const t0 = performance.now();
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.setStdout({ batched: (line) => process.stderr.write(line + "\n") });
const booted = performance.now();
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "zip", { extractDir: sitePackages });
pyodide.FS.writeFile("/home/pyodide/pyodide_bench.py", readFileSync(benchPath));
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide'); import pyodide_bench");
say({ boot_ms: booted - t0, unpack_ms: performance.now() - booted, version: pyodide.version,
      python: pyodide.runPython("import platform; platform.python_version()") });
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  pyodide.globals.set("TASK", line);
  const cpu = process.cpuUsage();
  const out = pyodide.runPython(
    "import json, pyodide_bench; json.dumps(pyodide_bench.measure(json.loads(TASK)))");
  const used = process.cpuUsage(cpu);
  const answer = JSON.parse(out);
  answer.cpu_ms = (used.user + used.system) / 1000;
  say(answer);
}
"""


# --------------------------------------------------------------------------- run in both interpreters


def measure(task: dict[str, Any]) -> dict[str, Any]:
    """Time one chunk of work; runs unchanged in CPython and in Pyodide (engine and stdlib only).

    `task` is {"kind": "pyramid" | "hint" | "tripeaks" | "warm", "numbers": [...]}. The answer holds one
    wall-clock time in ms per deal (per hint for "hint") and what was decided, for the two sides to be
    compared."""
    kind, numbers = str(task["kind"]), [int(n) for n in task["numbers"]]
    if kind == "pyramid":
        return _pyramid_solver(numbers)
    if kind == "hint":
        return _pyramid_hints(numbers)
    if kind == "tripeaks":
        return _tripeaks_solver(numbers)
    if kind == "warm":  # imports and first calls, kept out of the timed chunks
        begin = time.perf_counter()
        _pyramid_solver(numbers)
        _pyramid_hints([])
        from tripeaks_core.solver import tables  # noqa: PLC0415 - engine imported where it runs

        tables()
        _tripeaks_solver(numbers)
        return {"ms": [(time.perf_counter() - begin) * 1000]}
    raise ValueError(f"unknown task kind {kind!r}")


def _time_solver(
    game_name: str,
    numbers: list[int],
    *,
    ranks_of: Callable[[Any], tuple[int, ...]],
    start: Callable[[tuple[int, ...]], Any],
    solve: Callable[[Any], Any],
    new_game: Callable[[Any], Any],
) -> dict[str, Any]:
    """Time `solve` from the start of each deal numbered in `numbers`, and replay every winning line on a
    fresh game of the deal (a line that does not win stops the benchmark)."""
    times: list[float] = []
    verdicts: list[str] = []
    for number in numbers:
        deal = new_game(number).deal
        position = start(ranks_of(deal))
        begin = time.perf_counter()
        result = solve(position)
        times.append((time.perf_counter() - begin) * 1000)
        verdicts.append(result.verdict.value)
        if result.verdict.value == "win":
            game = new_game(number)
            for move in result.line:
                game.play(move)
            if game.outcome().value != "won":
                raise RuntimeError(f"{game_name} deal {number}: the solver's line does not win")
    return {"ms": times, "verdicts": verdicts}


def _pyramid_solver(numbers: list[int]) -> dict[str, Any]:
    from pyramid_core.game import Game  # noqa: PLC0415 - engine imported where it runs
    from pyramid_core.solver import Position, solve  # noqa: PLC0415

    return _time_solver(
        "pyramid", numbers, ranks_of=lambda deal: deal.ranks(), start=Position.start, solve=solve,
        new_game=Game.from_id,
    )


def _pyramid_hints(numbers: list[int]) -> dict[str, Any]:
    from pyramid_core.game import Game, Outcome  # noqa: PLC0415 - engine imported where it runs
    from pyramid_core.hint import hint  # noqa: PLC0415

    times: list[float] = []
    trail: list[str] = []
    won: list[bool] = []
    for number in numbers:
        game = Game.from_id(number)
        while game.outcome() is Outcome.PLAYING:
            view = game.player_view()
            begin = time.perf_counter()
            advice = hint(view)
            times.append((time.perf_counter() - begin) * 1000)
            trail.append(f"{advice.why}:{advice.move}")
            if advice.move is None:
                break
            game.play(advice.move)
        won.append(game.outcome() is Outcome.WON)
    return {"ms": times, "verdicts": trail, "won": won}


def _tripeaks_solver(numbers: list[int]) -> dict[str, Any]:
    from tripeaks_core.dealid import DealId  # noqa: PLC0415 - engine imported where it runs
    from tripeaks_core.game import Game  # noqa: PLC0415
    from tripeaks_core.solver import Position, solve  # noqa: PLC0415

    return _time_solver(
        "tripeaks",
        numbers,
        ranks_of=lambda deal: tuple(card.rank for card in deal.cards),
        start=Position.start,
        solve=solve,
        new_game=lambda number: Game.from_id(DealId(number)),
    )


# --------------------------------------------------------------------------- the driver (CPython only)


class Pyodide:
    """The Node runner: boots Pyodide with the wheel, then answers one `measure` task per line."""

    def __init__(self, folder: Path, wheel: Path) -> None:
        runner = folder / "runner.mjs"
        runner.write_text(RUNNER, encoding="utf-8")
        self._log = folder / "runner.log"
        with self._log.open("w", encoding="utf-8") as log:
            self._process = subprocess.Popen(
                ["node", str(runner), str(PYODIDE_DIR), str(wheel), str(Path(__file__).resolve())],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, text=True,
            )
        self.info = self._answer()

    def _answer(self) -> dict[str, Any]:
        stdout: IO[str] | None = self._process.stdout
        assert stdout is not None
        for line in stdout:
            if line.startswith(RESULT):
                answer: dict[str, Any] = json.loads(line[len(RESULT):])
                return answer
        code = self._process.wait()
        tail = [line[:300] for line in self._log.read_text(encoding="utf-8").splitlines()[-15:]]
        raise SystemExit(f"the Pyodide runner stopped (exit code {code}):\n" + "\n".join(tail))

    def measure(self, task: dict[str, Any]) -> dict[str, Any]:
        stdin = self._process.stdin
        assert stdin is not None
        stdin.write(json.dumps(task) + "\n")
        stdin.flush()
        return self._answer()

    def close(self) -> None:
        if self._process.stdin:
            self._process.stdin.close()
        self._process.wait(timeout=30)


def node_version() -> str:
    """`node --version`, e.g. v20.20.2."""
    return subprocess.run(["node", "--version"], check=True, capture_output=True, text=True).stdout.strip()


def cpython_measure(task: dict[str, Any]) -> dict[str, Any]:
    """`measure` here, with the CPU time of the whole chunk as the runner gives it for Node."""
    cpu = time.process_time()
    answer = measure(task)
    answer["cpu_ms"] = (time.process_time() - cpu) * 1000
    return answer


Side = dict[str, list[Any]]
RowOf = Callable[[str, list[float], int, int], str]


def run_both(pyodide: Pyodide, kind: str, numbers: list[int], chunk: int) -> tuple[Side, Side]:
    """Each chunk in both interpreters, alternating which goes first; both must decide alike."""
    sides: tuple[Side, Side] = ({}, {})
    for index in range(0, len(numbers), chunk):
        task = {"kind": kind, "numbers": numbers[index:index + chunk]}
        order = (0, 1) if (index // chunk) % 2 == 0 else (1, 0)
        for side in order:
            answer = cpython_measure(task) if side == 0 else pyodide.measure(task)
            for key, value in answer.items():
                sides[side].setdefault(key, []).extend(value if isinstance(value, list) else [value])
    if sides[0]["verdicts"] != sides[1]["verdicts"]:
        raise SystemExit(f"{kind}: CPython and Pyodide do not decide alike")
    return sides


def table(name: str, kind: str, sides: tuple[Side, Side], row_of: RowOf) -> list[str]:
    """The two rows (CPython, Pyodide) of one workload in the times table."""
    lines = []
    for label, side in zip(("CPython", "Pyodide"), sides, strict=True):
        if kind == "hint":
            wins, decided = sum(side["won"]), len(side["won"])
        else:
            verdicts = side["verdicts"]
            wins, decided = verdicts.count("win"), len(verdicts) - verdicts.count("unknown")
        lines.append(row_of(f"{name}, {label}", side["ms"], wins, decided))
    return lines


def ratio(name: str, sides: tuple[Side, Side]) -> str:
    """One row of the Pyodide ÷ CPython table: total wall clock, per item, CPU of the chunks."""
    cpy, pyo = sides
    per_item = sorted(p / c for p, c in zip(pyo["ms"], cpy["ms"], strict=True) if c > 0)
    return (f"| {name} | {sum(pyo['ms']) / sum(cpy['ms']):.2f}× | {per_item[len(per_item) // 2]:.2f}× | "
            f"{per_item[int(0.9 * len(per_item))]:.2f}× | {sum(pyo['cpu_ms']) / sum(cpy['cpu_ms']):.2f}× |")


def main() -> None:
    """Run both interpreters and print markdown tables."""
    # The harness only here, in the driver: this file is imported inside Pyodide too, engine and stdlib only.
    from harness.deals import sample  # noqa: PLC0415
    from harness.docs import stamp, write_block, writing_arguments  # noqa: PLC0415
    from harness.figures import time_row  # noqa: PLC0415
    from harness.site import engine_wheel  # noqa: PLC0415

    parser = writing_arguments(__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hint-deals", type=int, default=5, help="deals played out taking every hint")
    parser.add_argument("--game", choices=("pyramid", "tripeaks"), action="append",
                        help="pyramid always; tripeaks adds its solver on the same count of deals")
    parser.add_argument("--chunk", type=int, default=25, help="deals per alternation of the two sides")
    args = parser.parse_args()
    games = set(args.game or ["pyramid"])

    started = time.perf_counter()
    load_before = os.getloadavg()
    numbers = sample("pyramid", args.deals, args.seed)
    with tempfile.TemporaryDirectory(prefix="pyodide-bench-") as folder:
        wheel = engine_wheel(DIST, Path(folder))
        pyodide = Pyodide(Path(folder), wheel)
        try:
            warm = {"kind": "warm", "numbers": numbers[:3]}
            cpython_measure(warm)
            pyodide.measure(warm)
            results = [("pyramid_core.solver", "pyramid", run_both(pyodide, "pyramid", numbers, args.chunk))]
            results.append(("pyramid_core.hint, every hint", "hint",
                            run_both(pyodide, "hint", numbers[:args.hint_deals], 1)))
            if "tripeaks" in games:
                deals = sample("tripeaks", args.deals, args.seed)
                results.append(("tripeaks_core.solver", "tripeaks",
                                run_both(pyodide, "tripeaks", deals, args.chunk)))
        finally:
            pyodide.close()
    load_after = os.getloadavg()

    info = pyodide.info
    lines = [
        f"`SITE_DIST={DIST} {' '.join(['.venv/bin/python', *sys.argv])}` (wheel `{wheel.name}`), "
        f"{stamp()}: {platform.machine()}, "
        f"{os.cpu_count()} cores, CPython {platform.python_version()} against Pyodide {info['version']} "
        f"(Python {info['python']}) in Node {node_version()}; "
        f"load average {load_before[0]:.1f} before, {load_after[0]:.1f} after "
        f"({time.perf_counter() - started:.0f} s in all). Pyodide boot {info['boot_ms']:.0f} ms, "
        f"wheel unpacked in {info['unpack_ms']:.0f} ms.",
        "",
        f"Wall clock (`time.perf_counter` inside each interpreter) per deal, per hint for the hint rows "
        f"({args.deals} deals of `sample_deal_numbers({args.deals}, {args.seed})`; hints over every position "
        f"of the first {args.hint_deals} of them played out taking every hint, {len(results[1][2][0]['ms'])} "
        "hints; CPython and Pyodide alternate "
        f"by chunks of {args.chunk} deals and decided every deal and hint alike). \"won\": solver win share, "
        "or the deals the hint player won. Ratios: of the totals, of each deal's (hint's) two times, and of "
        "the CPU time of the whole chunks taken from outside each interpreter (Node's counts V8's own "
        "threads too). The ratio is WebAssembly and the change of Python version together (CPython here "
        "is older than Pyodide's); the page runs the same wheel in a browser worker, not under Node.",
        "",
        "| engine, interpreter | median ms | p90 | p99 | slowest | mean | total s | won |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, kind, sides in results:
        lines.extend(table(name, kind, sides, time_row))
    lines += ["", "| Pyodide ÷ CPython | total, wall clock | per item, median | per item, p90 | "
              "CPU of the chunks |", "| --- | --- | --- | --- | --- |"]
    lines += [ratio(name, sides) for name, _, sides in results]
    text = "\n".join(lines)
    print(text)
    if args.write:
        write_block("pyodide", text)

if __name__ == "__main__":
    main()
