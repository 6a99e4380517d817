"""A game's solver as the page gets it: the `solution` op of the real engine worker in headless Chromium,
beside the same op and the bare solver in CPython, on the same deals in the same run (Pyramid or Klondike).

    SITE_DIST=/tmp/dist-x python3 build.py build
    SITE_DIST=/tmp/dist-x .venv/bin/python benchmarks/worker_solution_bench.py --deals 1000 [--write]
    SITE_DIST=/tmp/dist-x .venv/bin/python benchmarks/worker_solution_bench.py --game klondike --deals 100

What is said below of Pyramid holds for Klondike with its own parts: its deals are 0 to N-1 (those of
`solver_bench.py --game klondike`), its `solution` op runs the exact solver with the op's own time budget
(`klondike_core.api.SOLUTION_BUDGET_MS`, wall clock: past it the answer is an honest `unknown`), and its
bare solver is `workloads.solving.klondike_deal` with that same budget. A budget of wall time makes a
deal near it `unknown` on the slower side and decided on the other, so for Klondike the sides must never
give one deal `win` and the other `lost`, and the deals where one side said `unknown` are counted; Pyramid's
solver has no budget and every side must give every deal the same verdict and line length.

The built dist is served on a free port (tools/localsite.py, as browser_bench.py does); a blank page of that
origin starts the site's own module worker (web/worker.js: Pyodide, the wheel of every game, checked against
config.json and against a fresh build of src/ as pyodide_bench.py does) and, per deal of
`pyramid_core.cli.sample_deal_numbers(N, seed)` (the deals of `solver_bench.py --game pyramid`), sends
`{game: "pyramid", op: "new", args: {deal_id}}`, then `give_up`, then `solution`, and times only the
`solution` request, on the page's clock from `postMessage` to the reply's arrival. That figure is what a
player waits for after "give up and see the solution", and it includes: the request's trip to the worker;
`pyramid_core.api.Session`'s `solution` (src/pyramid_core/api.py): a fresh `Game` of the deal, `solve_game`
(the exact solver from the deal's start, every card known), the line replayed with a `snapshot` per move
(the replay's frames), and the reply's JSON (the work tree's version also reveals the game and adds its new
state and save); the worker's `JSON.parse` of it, and the structured clone of the reply back to the page.

Beside it, in this process, on the same deals: the same three requests on a CPython
`pyramid_core.api.Session`, timing only `handle('{"op": "solution"}')` (the same Python work, no worker, no
WebAssembly), and the bare solver as `solver_bench.py` times it (`workloads.solving`: `solve` from the start;
winning lines replayed, not timed). Chunks of deals alternate which side goes first, so a load that drifts
on a shared machine falls on both. Every side must give every deal the same verdict (and the two `solution`
sides the same line length). With `--seen`, or by itself when `give_up` or the `solution` after it is
refused, a deal is instead drawn through until every card is known (`all_known`) before `solution`.

`--write` puts the result between the `<game>-worker:start` / `<game>-worker:end` markers of
docs/PERFORMANCE.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness import ROOT
from harness.browser import DIST, SITE, chromium, machine, serve
from harness.deals import sample
from harness.docs import stamp, write_block, writing_arguments
from harness.figures import percentile, time_row
from harness.site import engine_wheel
from playwright.sync_api import Page
from workloads.solving import klondike_deal, pyramid_deal

WARM_DEAL = 1  # the deal that checks, in CPython, that `solution` is answered after `give_up`


@dataclass(frozen=True)
class GameParts:
    """What the run needs of one game: its name, its Session class, its deals, its bare solver
    (number -> (number, ms, verdict)) and whether its solver runs on a time budget."""

    name: str
    title: str
    session: Callable[[], Any]
    deals: Callable[[int, int], Iterable[int]]
    bare: Callable[[int], tuple[int, float, str]]
    budgeted: bool


def pyramid_parts() -> GameParts:
    from pyramid_core.api import Session  # noqa: PLC0415

    def deals(count: int, seed: int) -> list[int]:
        return sample("pyramid", count, seed)

    def bare(number: int) -> tuple[int, float, str]:
        return pyramid_deal((number, "wall"))

    return GameParts("pyramid", "Pyramid", Session, deals, bare, False)


def klondike_parts() -> GameParts:
    from klondike_core.api import SOLUTION_BUDGET_MS, Session  # noqa: PLC0415

    def bare(number: int) -> tuple[int, float, str]:
        solved = klondike_deal((number, "wall", SOLUTION_BUDGET_MS, 1))
        return solved[0], solved[1], solved[2]

    def deals(count: int, seed: int) -> range:
        return range(seed * 100_000, seed * 100_000 + count)

    return GameParts("klondike", "Klondike", Session, deals, bare, True)


PARTS: dict[str, Callable[[], GameParts]] = {"pyramid": pyramid_parts, "klondike": klondike_parts}
GAME: list[GameParts] = []
"""The game of this run (set by main)."""

BOOT_JS = """
async () => {
  // ?trace=1: the worker reports every piece of background work (hints, warm-up) it does on its own
  const worker = new Worker(new URL('worker.js?trace=1', location.href), {type: 'module'});
  const pending = new Map();
  const traced = []; // [arrival, ms] of each background piece
  let nextId = 1;
  const booted = new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      const at = performance.now();
      const m = event.data;
      if (m && m.type === 'boot') { m.ok ? resolve(m) : reject(new Error(m.error.message)); return; }
      if (m && m.type === 'trace') { traced.push([at, m.ms]); return; }
      const entry = pending.get(m && m.id);
      if (entry) { pending.delete(m.id); entry({reply: m, at}); }
    };
  });
  // One request to the game's session; {reply, ms, behind}: ms from postMessage to the reply's arrival,
  // behind: the ms of background pieces reported meanwhile (the worker answers in order: they ran first)
  let game = 'pyramid';
  const ask = async (op, args = {}) => {
    const id = nextId++;
    const answer = new Promise((resolve) => pending.set(id, resolve));
    const t0 = performance.now();
    worker.postMessage({id, game, op, args});
    const {reply, at} = await answer;
    const behind = traced.filter(([when]) => when > t0 && when <= at).reduce((sum, [, ms]) => sum + ms, 0);
    return {reply, ms: at - t0, behind};
  };
  const fail = (what, reply) => {
    throw new Error(`${what}: ${JSON.stringify(reply.error || reply).slice(0, 300)}`);
  };
  window.__solve = async (number, mode, name) => {
    game = name;
    const dealt = await ask('new', {deal_id: String(number)});
    if (!dealt.reply.ok) fail(`new ${number}`, dealt.reply);
    let state = dealt.reply.state;
    if (mode === 'give_up') {
      const given = await ask('give_up');
      if (!given.reply.ok) return {refused: 'give_up', error: given.reply.error};
    } else {
      while (!state.all_known && state.can_draw) {
        const drawn = await ask('draw');
        if (!drawn.reply.ok) fail(`draw ${number}`, drawn.reply);
        state = drawn.reply.state;
      }
    }
    const solved = await ask('solution');
    if (!solved.reply.ok) return {refused: 'solution', error: solved.reply.error};
    const r = solved.reply;
    const plain = await ask('state'); // a small request on the same session: the cost of any round trip
    return {number, ms: solved.ms, behind: solved.behind, verdict: r.verdict, line: r.line.length,
            chars: JSON.stringify(r).length, state_ms: plain.ms,
            state_chars: JSON.stringify(plain.reply).length};
  };
  const boot = await booted;
  return {ms: boot.ms, snapshot: boot.snapshot};
}
"""

CHUNK_JS = """
async ({numbers, mode, game}) => {
  const out = [];
  for (const number of numbers) out.push(await window.__solve(number, mode, game));
  return out;
}
"""


# --------------------------------------------------------------------------- CPython: the same requests


def cpython_solution(number: int, mode: str) -> dict[str, Any]:
    """The worker's three requests on a CPython Session; only `solution` timed (wall clock, ms)."""
    session = GAME[0].session()

    def ask(op: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
        reply: dict[str, Any] = json.loads(session.handle(json.dumps({"op": op, "args": args or {}})))
        return reply

    state = ask("new", {"deal_id": str(number)})["state"]
    if mode == "give_up":
        given = ask("give_up")
        if not given["ok"]:
            return {"refused": "give_up", "error": given["error"]}
    else:
        while not state["all_known"] and state["can_draw"]:
            state = ask("draw")["state"]
    request = json.dumps({"op": "solution", "args": {}})
    begin = time.perf_counter()
    text = session.handle(request)
    ms = (time.perf_counter() - begin) * 1000
    reply = json.loads(text)
    if not reply["ok"]:
        return {"refused": "solution", "error": reply["error"]}
    return {"number": number, "ms": ms, "verdict": reply["verdict"], "line": len(reply["line"])}


def cpython_chunk(numbers: list[int], mode: str) -> tuple[list[dict[str, Any]], list[tuple[int, float, str]]]:
    """The `solution` op and the bare solver (the game's solver bench's `solve_deal`) on each deal, in
    CPython."""
    ops = [cpython_solution(number, mode) for number in numbers]
    bare = [GAME[0].bare(number) for number in numbers]
    return ops, bare


def pick_mode(wanted: str) -> str:
    """`give_up` unless it was not wanted or the engine refuses `give_up` or `solution` after it."""
    if wanted == "seen":
        return "seen"
    probe = cpython_solution(WARM_DEAL, "give_up")
    if "refused" in probe:
        print(f"note: {probe['refused']} refused after give_up ({probe['error']}); drawing every card")
        return "seen"
    return "give_up"


# --------------------------------------------------------------------------- the run


def measure(numbers: list[int], warm: list[int], mode: str, chunk: int) -> dict[str, Any]:
    """The worker's and CPython's figures on `numbers`, after `warm` deals on both sides (the first
    solutions after the worker's boot run colder WebAssembly code: their worker times are kept apart)."""
    worker: list[dict[str, Any]] = []
    ops: list[dict[str, Any]] = []
    bare: list[tuple[int, float, str]] = []
    began = time.monotonic()
    with serve() as base, chromium() as browser:
        context = browser.new_context(service_workers="block")
        page: Page = context.new_page()
        page.set_default_timeout(600_000)
        page.goto(f"{base}/config.json")
        boot: dict[str, Any] = page.evaluate(BOOT_JS)
        game = GAME[0].name
        first = page.evaluate(CHUNK_JS, {"numbers": warm, "mode": mode, "game": game})  # warm-up, not counted
        first_ops = cpython_chunk(warm, mode)[0]
        for index in range(0, len(numbers), chunk):
            part = numbers[index:index + chunk]
            order = ("worker", "cpython") if (index // chunk) % 2 == 0 else ("cpython", "worker")
            for side in order:
                if side == "worker":
                    worker += page.evaluate(CHUNK_JS, {"numbers": part, "mode": mode, "game": game})
                else:
                    more_ops, more_bare = cpython_chunk(part, mode)
                    ops += more_ops
                    bare += more_bare
    for side, results in (("worker", first + worker), ("CPython op", first_ops + ops)):
        refused = [r for r in results if "refused" in r]
        if refused:
            raise SystemExit(f"{side}: {refused[0]['refused']} refused: {refused[0]['error']}")
    differ = 0
    for w, o, b in zip(worker, ops, bare, strict=True):
        verdicts = {w["verdict"], o["verdict"], b[2]}
        if {"win", "lost"} <= verdicts:
            raise SystemExit(f"deal {w['number']}: one side says win, another lost ({w}, {o}, {b})")
        same = len(verdicts) == 1 and (w["line"] == o["line"] or GAME[0].budgeted)
        if not same and not GAME[0].budgeted:
            raise SystemExit(f"deal {w['number']}: the sides disagree ({w}, {o}, {b})")
        differ += not same
    return {"boot": boot, "first": first, "first_ops": first_ops, "worker": worker, "ops": ops, "bare": bare,
            "seconds": time.monotonic() - began, "differ": differ}


def markdown(result: dict[str, Any], numbers: list[int], args: argparse.Namespace, command: str) -> str:
    worker = [r["ms"] for r in result["worker"]]
    ops = [r["ms"] for r in result["ops"]]
    bare = [ms for _, ms, _ in result["bare"]]
    verdicts = [r["verdict"] for r in result["worker"]]
    wins, decided = verdicts.count("win"), len(verdicts) - verdicts.count("unknown")
    kb = [r["chars"] / 1000 for r in result["worker"]]
    plain = [r["state_ms"] for r in result["worker"]]
    plain_kb = statistics.median(r["state_chars"] / 1000 for r in result["worker"])
    slowest = max(result["worker"], key=lambda r: r["ms"])
    behind = [r["behind"] for r in result["worker"] if r["behind"] > 0]
    first = [r["ms"] for r in result["first"]]
    first_ops = [r["ms"] for r in result["first_ops"]]

    def ratios(name: str, top: list[float], under: list[float]) -> str:
        per = sorted(t / u for t, u in zip(top, under, strict=True) if u > 0)
        return (f"| {name} | {sum(top) / sum(under):.2f}× | {per[len(per) // 2]:.2f}× | "
                f"{percentile(per, 0.9):.2f}× | {statistics.median(top) / statistics.median(under):.2f}× |")

    parts = GAME[0]
    sample = ("`sample_deal_numbers" if parts.name == "pyramid" else "`deals")
    if parts.budgeted:
        counts = []
        for side, got in (("worker", [r["verdict"] for r in result["worker"]]),
                          ("CPython op", [r["verdict"] for r in result["ops"]]),
                          ("CPython solver", [b[2] for b in result["bare"]])):
            counts.append(f"{side} {got.count('win')} win / {got.count('lost')} lost / "
                          f"{got.count('unknown')} unknown")
        agreement = (
            f"Verdicts ({', '.join(counts)}): no deal got `win` on one side and `lost` on another; on "
            f"{result['differ']} deals the sides differ (one said `unknown` with the op's budget of wall "
            "time, or the lines differ)."
        )
    else:
        agreement = "Every deal got the same verdict on every side."
    how = ("`new`, `give_up`, then `solution`" if result["mode"] == "give_up"
           else "`new`, `draw` until every card is known, then `solution`")
    lines = [
        f"`{command}` — {stamp()}, {machine()}; "
        f"{len(numbers)} {sample}({args.deals}, {args.seed})`, chunks of {args.chunk} "
        f"alternating which side goes first; {result['seconds']:.0f} s in all. Worker booted in "
        f"{result['boot']['ms']:.0f} ms (start-up snapshot: {result['boot']['snapshot']}).",
        "",
        f"Per deal: {how} to the {parts.title} session; only `solution` is timed, wall clock. Worker: "
        "headless Chromium, the site's `worker.js` (Pyodide), page clock from `postMessage` to the reply's "
        "arrival: the solver from the deal's start with every card known, the replay frames (one snapshot "
        "per move of the line), the reply's JSON, the parse and the copy back to the page. CPython op: the "
        "same three "
        f"requests on `{parts.name}_core.api.Session` in this process, `handle()` of `solution` timed (the "
        "same Python work). CPython solver: the solver alone from the start, as "
        f"`solver_bench.py --game {parts.name}` times it (`workloads.solving`). " + agreement,
        "",
        f"| {parts.title} solution | median ms | p90 | p99 | slowest | mean | total s | won |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
        time_row("`solution`, worker (Pyodide in Chromium)", worker, wins, decided),
        time_row("`solution` op, CPython", ops, wins, decided),
        time_row("solver alone, CPython", bare, wins, decided),
        "",
        "| ratio | total | per deal, median | per deal, p90 | of the medians |",
        "| --- | --- | --- | --- | --- |",
        ratios("worker ÷ CPython op", worker, ops),
        ratios("worker ÷ CPython solver alone", worker, bare),
        "",
        f"Slowest in the worker: deal {slowest['number']} ({slowest['ms']:.0f} ms, verdict "
        f"{slowest['verdict']}, a line of {slowest['line']} moves). Reply size (JSON characters): median "
        f"{statistics.median(kb):.0f} k, max {max(kb):.0f} k. A `state` request right after (its reply "
        f"{plain_kb:.1f} k) took median {statistics.median(plain):.2f} ms, p90 "
        f"{percentile(plain, 0.9):.2f} ms in the worker: the fixed cost of a round trip. Background work "
        "of the worker (`?trace=1`) "
        f"reported during a timed request: {len(behind)} of {len(worker)} requests"
        + (f", {sum(behind):.0f} ms in all" if behind else "") + ".",
        "",
        f"Before the timed deals, {len(first)} other deals ({sample}({args.warm}, "
        f"{args.seed + 1})`) warmed both sides up, the first solutions after the worker's boot: there the "
        f"worker took median {statistics.median(first):.1f} ms, max {max(first):.0f} ms, total "
        f"{sum(first) / 1000:.1f} s, against {sum(first_ops) / 1000:.2f} s for the CPython op on the same "
        f"deals ({sum(first) / sum(first_ops):.1f}×; most likely WebAssembly code the browser has not "
        "optimised yet).",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = writing_arguments(__doc__)
    parser.add_argument("--game", choices=sorted(PARTS), default="pyramid")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--chunk", type=int, default=50, help="deals per side before the other side runs")
    parser.add_argument("--warm", type=int, default=20, help="deals solved first on both sides, untimed")
    parser.add_argument("--seen", action="store_true", help="draw every card instead of giving up")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        engine_wheel(DIST, Path(folder))  # the dist's wheel is src/ as it is here, or stop
    GAME.append(PARTS[args.game]())
    numbers = list(GAME[0].deals(args.deals, args.seed))
    warm = [n for n in GAME[0].deals(args.warm, args.seed + 1) if n not in numbers]
    mode = pick_mode("seen" if args.seen else "give_up")
    result = measure(numbers, warm, mode, args.chunk)
    result["mode"] = mode
    options = (f"--game {args.game} " if args.game != "pyramid" else "") + f"--deals {args.deals}"
    options += (f" --seed {args.seed}" if args.seed else "")
    options += f" --chunk {args.chunk}" if args.chunk != 50 else ""
    options += f" --warm {args.warm}" if args.warm != 20 else ""
    options += " --seen" if args.seen else ""
    dist = "" if SITE == ROOT / "dist" else f"SITE_DIST={SITE} "
    command = f"{dist}.venv/bin/python benchmarks/worker_solution_bench.py {options}"
    text = markdown(result, numbers, args, command)
    print(text)
    if args.write:
        write_block(f"{args.game}-worker", text)


if __name__ == "__main__":
    main()
