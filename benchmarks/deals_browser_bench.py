"""Levelled deal generation in the browser: the engine worker's `new` op per level, in headless Chromium.

    .venv/bin/python benchmarks/deals_browser_bench.py [--game GAME] [--runs 40] [--write]

Needs a built dist/ (`python3 build.py build`). dist/ is served on a free local port; a blank page of that
origin starts the page's own module worker (worker.js: Pyodide + the tripeaks_core wheel) and, once it has
booted, times `{op: "new", args: {level}}` from postMessage to the reply, `--runs` times per level (each a
fresh random deal: easy, medium and hard deals are proven winnable before they are dealt; `any` is the
plain random deal for comparison). This is the wait behind the page's "Distribution…" line. Klondike is
measured under draw one and draw three (`args.draw`), each level of each.

`--write` puts the table between the `deals-browser:start` / `deals-browser:end` markers of
docs/PERFORMANCE.md (`deals-browser-<game>` for a game other than TriPeaks), under "### Deals by level
(browser)" in its Browser section.
"""

from __future__ import annotations

import statistics

from harness.browser import DIST, chromium, machine, require, serve
from harness.docs import stamp, write_block, writing_arguments
from harness.figures import quantile

HEADING = "### Deals by level (browser)"
LEVELS = ("any", "easy", "medium", "hard")
LETTER = {"easy": "E", "medium": "M", "hard": "H"}
DRAWS = {"klondike": (1, 3)}  # the games with a draw option, and its values

MEASURE_JS = """
async ({game, rows, runs}) => {
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
    worker.postMessage({id, game, op, args});
  });
  await booted;
  await ask('new', {});  // the game's session made, its engine ready (a random deal)
  await ask('warm', {}).catch(() => {});
  const result = {};
  for (const row of rows) {
    result[row.label] = [];
    for (let i = 0; i < runs; i += 1) {
      const t0 = performance.now();
      const reply = await ask('new', row.args);
      const ms = performance.now() - t0;
      if (!reply.ok) throw new Error(JSON.stringify(reply.error));
      result[row.label].push({ms, id: reply.state.deal_id});
    }
  }
  worker.terminate();
  return result;
}
"""


def rows_of(game: str) -> list[dict[str, object]]:
    """What is timed: each level, under each draw of a game that has one (label, the `new` args, the letters
    its deal IDs must start with)."""
    rows: list[dict[str, object]] = []
    for draw in DRAWS.get(game, (None,)):
        for level in LEVELS:
            args: dict[str, object] = {"level": level} if draw is None else {"level": level, "draw": draw}
            letters = LETTER.get(level, "") + ("T" if draw == 3 else "")
            label = level if draw is None else f"draw {draw}, {level}"
            rows.append({"label": label, "args": args, "letters": letters})
    return rows


def measure(game: str, runs: int) -> dict[str, list[float]]:
    rows = rows_of(game)
    with serve() as base, chromium() as browser:
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.goto(f"{base}/config.json")
        page.set_default_timeout(600_000)
        raw = page.evaluate(MEASURE_JS, {"game": game, "rows": rows, "runs": runs})
    for row in rows:
        label = str(row["label"])
        found = {entry["id"].split("-")[0] if "-" in entry["id"] else "" for entry in raw[label]}
        assert found == {row["letters"]}, (label, found)
    return {str(row["label"]): [entry["ms"] for entry in raw[str(row["label"])]] for row in rows}


def table(game: str, times: dict[str, list[float]], runs: int) -> str:
    option = "" if game == "tripeaks" else f" --game {game}"
    lines = [
        f"`.venv/bin/python benchmarks/deals_browser_bench.py{option} --runs {runs} --write`: headless "
        f"Chromium, the page's engine worker (Pyodide), {game}'s `new` with a level from postMessage to the "
        "reply, one fresh random deal per run",
        f"({stamp()}, {machine()}; wall clock).",
        "",
        "| level | runs | median ms | p95 ms | max ms |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for label, values in times.items():
        lines.append(
            f"| {label} | {len(values)} | {statistics.median(values):.0f} | {quantile(values, 0.95):.0f} "
            f"| {max(values):.0f} |"
        )
    slow = [label for label, values in times.items() if quantile(values, 0.95) > 1000]
    lines.append("")
    lines.append(
        "Target: generation ≤ 1 s at the 95th percentile. "
        + (f"Over it in this run: {', '.join(slow)}." if slow else "Every level is within it in this run.")
    )
    return "\n".join(lines)


def main() -> None:
    parser = writing_arguments(__doc__)
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--game", choices=("tripeaks", "pyramid", "klondike"), default="tripeaks")
    args = parser.parse_args()
    require(DIST, "worker.js")
    section = table(args.game, measure(args.game, args.runs), args.runs)
    print(section)
    if args.write:
        block = "deals-browser" if args.game == "tripeaks" else f"deals-browser-{args.game}"
        write_block(block, section, subsection=HEADING)


if __name__ == "__main__":
    main()
