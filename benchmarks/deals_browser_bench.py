"""Levelled deal generation in the browser: the engine worker's `new` op per level, in headless Chromium.

    .venv/bin/python benchmarks/deals_browser_bench.py [--runs 40] [--write]

Needs a built dist/ (`python3 build.py build`). dist/ is served on a free local port; a blank page of that
origin starts the page's own module worker (worker.js: Pyodide + the tripeaks_core wheel) and, once it has
booted, times `{op: "new", args: {level}}` from postMessage to the reply, `--runs` times per level (each a
fresh random deal: easy, medium and hard deals are proven winnable before they are dealt; `any` is the
plain random deal for comparison). This is the wait behind the page's "Distribution…" line.

`--write` puts the table between the `deals-browser:start` / `deals-browser:end` markers of
docs/PERFORMANCE.md (under "### Deals by level (browser)" in its Browser section).
"""

from __future__ import annotations

import statistics

from harness.browser import DIST, chromium, machine, require, serve
from harness.docs import stamp, write_block, writing_arguments
from harness.figures import quantile

HEADING = "### Deals by level (browser)"
LEVELS = ("any", "easy", "medium", "hard")

MEASURE_JS = """
async ({levels, runs}) => {
  const worker = new Worker(new URL('worker.js', location.href), {type: 'module'});
  const pending = new Map();
  let nextId = 1;
  const booted = new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      const m = event.data;
      if (m && m.type === 'boot') { m.ok ? resolve(m) : reject(new Error(m.error.message)); return; }
      const entry = pending.get(m.id);
      if (entry) { pending.delete(m.id); entry(m); }
    };
  });
  const ask = (op, args) => new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, resolve);
    worker.postMessage({id, op, args});
  });
  await booted;
  await ask('warm', {});
  const result = {};
  for (const level of levels) {
    result[level] = [];
    for (let i = 0; i < runs; i += 1) {
      const t0 = performance.now();
      const reply = await ask('new', {level});
      const ms = performance.now() - t0;
      if (!reply.ok) throw new Error(JSON.stringify(reply.error));
      result[level].push({ms, id: reply.state.deal_id});
    }
  }
  worker.terminate();
  return result;
}
"""


def measure(runs: int) -> dict[str, list[float]]:
    with serve() as base, chromium() as browser:
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.goto(f"{base}/config.json")
        page.set_default_timeout(600_000)
        raw = page.evaluate(MEASURE_JS, {"levels": list(LEVELS), "runs": runs})
    for level in LEVELS[1:]:
        letters = {entry["id"].split("-")[0] for entry in raw[level]}
        assert letters == {{"easy": "E", "medium": "M", "hard": "H"}[level]}, (level, letters)
    return {level: [entry["ms"] for entry in raw[level]] for level in LEVELS}


def table(times: dict[str, list[float]], runs: int) -> str:
    lines = [
        f"`.venv/bin/python benchmarks/deals_browser_bench.py --runs {runs} --write`: headless Chromium, "
        "the page's engine worker (Pyodide), `new` with a level from postMessage to the reply, one fresh "
        "random deal per run",
        f"({stamp()}, {machine()}; wall clock).",
        "",
        "| level | runs | median ms | p95 ms | max ms |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for level in LEVELS:
        values = times[level]
        lines.append(
            f"| {level} | {len(values)} | {statistics.median(values):.0f} | {quantile(values, 0.95):.0f} "
            f"| {max(values):.0f} |"
        )
    slow = [level for level in LEVELS if quantile(times[level], 0.95) > 1000]
    lines.append("")
    lines.append(
        "Target (issue 5): generation ≤ 1 s at the 95th percentile. "
        + (f"Over it in this run: {', '.join(slow)}." if slow else "Every level is within it in this run.")
    )
    return "\n".join(lines)


def main() -> None:
    parser = writing_arguments(__doc__)
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    require(DIST, "worker.js")
    section = table(measure(args.runs), args.runs)
    print(section)
    if args.write:
        write_block("deals-browser", section, subsection=HEADING)


if __name__ == "__main__":
    main()
