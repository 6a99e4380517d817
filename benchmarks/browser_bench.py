"""The page in headless Chromium: cold and warm start, tap-to-paint of a take, hint latency, bytes.

    .venv/bin/python benchmarks/browser_bench.py [--runs 5] [--taps 100] [--hints 30] [--write]

Needs a built dist/ (`python3 build.py build`). dist/ is served on a free local port with
`Cache-Control: max-age=600`, the header GitHub Pages sends; service workers are blocked, so these are the
page's own figures, HTTP cache only. Figures:

- cold start: a fresh browser context (empty cache) to the `table-ready` mark (first snapshot drawn);
- warm start: the same context loading the page again (second visit), once the first start has saved its
  start-up snapshot (the benchmark fails if the second start does not restore it);
- tap-to-paint: from the click on a playable card to the first animation frame after the waste shows it,
  over `--taps` takes (each followed by an undo that is not timed);
- hint: from the click on Indice to the highlight, a second after the position settled (the worker
  computes the next hint in the background), and also right after a move (no time to precompute);
- bytes: the sum of the response bodies of a cold start;
- first 10 actions after `table-ready`: at once after the table appears (cold start and warm start), ten
  actions as a player makes them (draws, taps on a face-down card that the engine refuses, takes where one
  is legal), one every 150 ms ("paced") and back to back, each timed from the click to the first animation
  frame after the page shows its result. The worker's own record of its background work (`?trace=1`) gives
  the longest piece of it while those actions were made.

`--write` puts the result between the `browser:start` / `browser:end` markers of docs/PERFORMANCE.md (and
the first actions between `first-actions:start` / `first-actions:end`, unless `--first-runs 0` leaves them
out). `harness.page.starts(..., "pyramid.html")` times another game's page (shell_browser_bench.py).
"""

from __future__ import annotations

import gzip
import json
import statistics
from typing import Any

from harness.browser import COMPRESSED_TYPES, DIST, chromium, machine, require, serve
from harness.docs import stamp, write_block, writing_arguments
from harness.figures import quantile
from harness.figures import summary_dict as summary
from harness.page import (
    PHASE_NAMES,
    behind_background,
    cold_start,
    new_context,
    open_page,
    phase_medians,
    ready_mark,
    starts,
    wait_snapshot_saved,
)
from playwright.sync_api import Browser, Page, Request

TAP_JS = """
pos => new Promise(resolve => {
  const el = document.querySelector(`#peaks .card[data-pos='${pos}']`);
  const waste = document.querySelector('#waste');
  const code = el.dataset.card;
  const t0 = performance.now();
  const done = () => requestAnimationFrame(() => resolve(performance.now() - t0));
  const observer = new MutationObserver(() => {
    if (waste.dataset.card === code) { observer.disconnect(); done(); }
  });
  observer.observe(waste, {attributes: true, attributeFilter: ['data-card']});
  el.click();
})
"""

HINT_JS = """
() => new Promise(resolve => {
  const banner = document.querySelector('#hint-banner');
  const t0 = performance.now();
  const shown = () => document.querySelector('.hinted') !== null
    || (!banner.hidden && !['', 'searching'].includes(banner.dataset.kind));
  const observer = new MutationObserver(() => {
    if (shown()) { observer.disconnect(); requestAnimationFrame(() => resolve(performance.now() - t0)); }
  });
  observer.observe(document.body, {attributes: true, subtree: true, childList: true});
  document.querySelector('#hint').click();
})
"""


# ------------------------------------------------------------------ cold starts, side by side
#
# Three kinds of first visit, one after the other in each run (a load that drifts falls on all three):
# the page as built (the shipped start-up snapshot), the page with the shipped snapshot turned off (the test
# hook `test-snapshot=off`: the start before it existed, wheel unpacked, the browser's own snapshot saved
# for the next visit), and a bare page that only runs `loadPyodide()` from the same files. Each first visit
# is followed by a second visit in the same context (warm start); the early paint of the saved table is
# timed on it (`table-painted`).

BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>loadPyodide only</title>
<script type="module">
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
performance.mark("pyodide-ready");
document.title = "ready";
</script>"""
BARE_PATH = "__bare_loadpyodide__.html"


def host_bytes(requests: list[Request], base: str) -> tuple[int, int]:
    """(bytes of the response bodies as served here, bytes a gzip-compressing host would send: gzip -6 of
    each file of a compressible type, the file itself otherwise)."""
    raw = 0
    sent = 0
    for request in requests:
        size = request.sizes()["responseBodySize"]
        raw += size
        path = request.url.split(base, 1)[-1].split("?")[0].split("#")[0]
        file = DIST / (path.lstrip("/") or "index.html")
        if path.endswith(COMPRESSED_TYPES) and file.is_file():
            sent += len(gzip.compress(file.read_bytes(), compresslevel=6))
        else:
            sent += size
    return raw, sent


def compare_starts(browser: Browser, base: str, runs: int) -> dict[str, Any]:
    kinds = {"shipped": "", "today": "?test-snapshot=off"}
    found: dict[str, dict[str, list[Any]]] = {
        kind: {"cold": [], "warm": [], "painted": [], "raw": [], "sent": [], "phases": [], "state": []}
        for kind in kinds
    }
    bare: list[float] = []
    for run in range(runs):
        # The kinds take turns going first, so neither always follows the other's leftover work.
        order = list(kinds.items()) if run % 2 == 0 else list(reversed(kinds.items()))
        for kind, query in order:
            first = cold_start(browser, f"{base}/{query}#7")
            context, page = first.context, first.page
            entry = found[kind]
            entry["cold"].append(first.ready_ms)
            entry["state"].append(first.snapshot)
            entry["phases"].append(first.phases)
            raw, sent = host_bytes(first.requests, base)
            entry["raw"].append(raw)
            entry["sent"].append(sent)
            wait_snapshot_saved(page)
            page.goto(f"{base}/{query}{'&' if query else '?'}again#7")
            entry["warm"].append(ready_mark(page))
            painted = page.evaluate(
                "() => performance.getEntriesByName('table-painted')[0]?.startTime ?? null"
            )
            if painted is not None:
                entry["painted"].append(painted)
            context.close()
        context = browser.new_context(service_workers="block")
        context.route(
            f"**/{BARE_PATH}", lambda route: route.fulfill(body=BARE_PAGE, content_type="text/html")
        )
        page = context.new_page()
        page.goto(f"{base}/{BARE_PATH}")
        page.wait_for_function("() => document.title === 'ready'", timeout=120_000)
        bare.append(page.evaluate("() => performance.getEntriesByName('pyodide-ready')[0].startTime"))
        context.close()
    out: dict[str, Any] = {"bare_loadpyodide_ms": summary(bare)}
    for kind, entry in found.items():
        out[kind] = {
            "cold_start_ms": summary(entry["cold"]),
            "warm_start_ms": summary(entry["warm"]),
            "saved_table_painted_ms": summary(entry["painted"]) if entry["painted"] else None,
            "bytes_served": int(statistics.median(entry["raw"])),
            "bytes_from_a_compressing_host": int(statistics.median(entry["sent"])),
            "boot_phases_ms": phase_medians(entry["phases"]),
            "snapshot": sorted(set(entry["state"])),
        }
    ratios = [c / b for c, b in zip(found["shipped"]["cold"], bare, strict=True)]
    today = [c / t for c, t in zip(found["shipped"]["cold"], found["today"]["cold"], strict=True)]
    out["cold_over_bare"] = {"median": round(statistics.median(ratios), 2), "max": round(max(ratios), 2)}
    out["cold_over_today"] = {"median": round(statistics.median(today), 2), "max": round(max(today), 2)}
    return out


def startup_markdown(result: dict[str, Any], command: str, machine_text: str) -> str:
    shipped, today, bare = result["shipped"], result["today"], result["bare_loadpyodide_ms"]

    def row(name: str, figures: dict[str, float] | None, target: str) -> str:
        if not figures:
            return f"| {name} | — | — | — | — | {target} |"
        return (f"| {name} | {figures['median']} | {figures['p95']} | {figures['max']} | {figures['n']} "
                f"| {target} |")

    def mb(n: int) -> str:
        return f"{n / 1e6:.2f} MB"

    lines = [
        f"Command: `{command}` — {stamp()}, {machine_text}.",
        "",
        "| figure (ms, from navigation) | median | 95th pct | max | runs | target |",
        "| --- | --- | --- | --- | --- | --- |",
        row("cold start to playable table, shipped snapshot (first visit)", shipped["cold_start_ms"],
            "≤ 1500 quiet; ≤ 0.5 × bare"),
        row("bare page: `loadPyodide()` only, same files (first visit)", bare, "—"),
        row("cold start without the shipped snapshot (`test-snapshot=off`: the start before it)",
            today["cold_start_ms"], "—"),
        row("warm start (second visit), shipped snapshot", shipped["warm_start_ms"], "≤ warm without it"),
        row("warm start without the shipped snapshot (the browser's own snapshot)",
            today["warm_start_ms"], "—"),
        row("second visit: the saved table drawn from storage (`table-painted`)",
            shipped["saved_table_painted_ms"], "—"),
        "",
        f"Cold start over the bare page, run by run: median {result['cold_over_bare']['median']}, "
        f"worst {result['cold_over_bare']['max']} (target ≤ 0.5); over the start without the shipped "
        "snapshot: "
        f"median {result['cold_over_today']['median']}, worst {result['cold_over_today']['max']}.",
        "",
        "| bytes of a first visit | as served here (no compression) | from a host that gzips text and wasm |",
        "| --- | --- | --- |",
        f"| with the shipped snapshot | {mb(shipped['bytes_served'])} | "
        f"{mb(shipped['bytes_from_a_compressing_host'])} |",
        f"| without it (the start before it) | {mb(today['bytes_served'])} | "
        f"{mb(today['bytes_from_a_compressing_host'])} |",
        "",
        "Where a first visit from the shipped snapshot goes (worker clock, medians): "
        + ", ".join(f"{PHASE_NAMES[k]} {v:.0f} ms" for k, v in shipped["boot_phases_ms"].items())
        + ". Without it: "
        + ", ".join(f"{PHASE_NAMES[k]} {v:.0f} ms" for k, v in today["boot_phases_ms"].items())
        + ".",
    ]
    return "\n".join(lines)


FIRST_ACTIONS_JS = """
async ({pattern, gapMs, idleMs}) => {
  const game = document.querySelector('#game');
  if (game.dataset.state !== 'ready') {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the table never became ready')), 120000);
      const observer = new MutationObserver(() => {
        if (game.dataset.state === 'ready') { observer.disconnect(); clearTimeout(timer); resolve(); }
      });
      observer.observe(game, {attributes: true, attributeFilter: ['data-state']});
    });
  }
  const ready = performance.getEntriesByName('table-ready')[0].startTime;
  const stock = document.querySelector('#stock');
  const waste = document.querySelector('#waste');
  let refused = 0;
  const draw = () => {
    const before = stock.dataset.count;
    const done = () => stock.dataset.count !== before;
    return {kind: 'draw', el: stock, watch: stock, attrs: ['data-count'], done};
  };
  const pick = (kind) => {
    if (kind === 'take') {
      const el = document.querySelector("#peaks .card[data-playable='true']");
      if (!el) return draw();
      const code = el.dataset.card;
      return {kind, el, watch: waste, attrs: ['data-card'], done: () => waste.dataset.card === code};
    }
    if (kind === 'refuse') {
      const down = document.querySelectorAll("#peaks .card[data-state='down']");
      const el = down[refused++ % down.length];
      return {kind, el, watch: el, attrs: ['class'], done: () => el.classList.contains('shake')};
    }
    return draw();
  };
  const tapToPaint = (action) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    const timer = setTimeout(() => reject(new Error(`no paint after a ${action.kind}`)), 30000);
    const observer = new MutationObserver(() => {
      if (!action.done()) return;
      observer.disconnect();
      clearTimeout(timer);
      const request = window.__requests.find(r => r.sent >= t0 && r.answered !== null);
      const worker = request ? request.answered - request.sent : null;
      const sent = request ? request.sent - ready : null;
      const kind = action.kind;
      requestAnimationFrame(() => resolve({kind, t0: t0 - ready, ms: performance.now() - t0, worker, sent}));
    });
    observer.observe(action.watch, {attributes: true, attributeFilter: action.attrs});
    action.el.click();
  });
  const results = [];
  let last = null;
  for (const kind of pattern) {
    const wait = last === null ? 0 : last + gapMs - performance.now();
    if (wait > 0) await new Promise(resolve => setTimeout(resolve, wait));
    const action = pick(kind);
    last = performance.now();
    results.push(await tapToPaint(action));
  }
  const end = performance.now();
  const slices = window.__trace.filter(s => s.end >= ready && s.end - s.ms <= end);
  await new Promise(resolve => setTimeout(resolve, idleMs)); // the player idle: background work runs
  const idle = window.__trace.filter(s => s.end - s.ms > end).map(s => ({op: s.op, ms: s.ms}));
  const pieces = slices.map(s => ({op: s.op, ms: s.ms, start: s.end - s.ms - ready}));
  return {actions: results, slices: pieces, idle};
}
"""
FIRST_PATTERN = ("draw", "refuse", "take", "draw", "refuse", "take", "draw", "refuse", "take", "draw")
PACES = {"paced": 150, "back to back": 0}
IDLE_AFTER_MS = 2000


def idle_summary(pieces: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """How long one piece of background work holds the worker (what a tap can wait behind), per op."""
    out: dict[str, dict[str, float]] = {}
    for op in sorted({piece["op"] for piece in pieces}):
        out[op] = summary([piece["ms"] for piece in pieces if piece["op"] == op])
    return out


def first_actions(
    browser: Browser, base: str, runs: int, idle_pieces: list[dict[str, Any]]
) -> dict[str, dict[str, Any]]:
    """The first ten actions right after `table-ready`, for each start kind and pace: tap-to-paint times,
    and the background work the worker did meanwhile (longest piece, and per op). The pieces of background
    work done in the `IDLE_AFTER_MS` after them, the player idle, go to `idle_pieces`."""
    found: dict[str, dict[str, Any]] = {}
    for _ in range(runs):
        for pace, gap in PACES.items():
            context = new_context(browser)
            page = context.new_page()
            for kind, url in (("cold", f"{base}/#7"), ("warm", f"{base}/?again#7")):
                if kind == "warm":
                    wait_snapshot_saved(page)
                    page.evaluate("() => localStorage.removeItem('tripeaks.save')")  # deal #7 afresh
                page.goto(url)
                arg = {"pattern": list(FIRST_PATTERN), "gapMs": gap, "idleMs": IDLE_AFTER_MS}
                result = page.evaluate(FIRST_ACTIONS_JS, arg)
                idle_pieces.extend(result["idle"])
                entry = found.setdefault(
                    f"{kind}, {pace}",
                    {"ms": [], "slices": [], "kinds": [], "runs": [], "behind": [], "worker": []},
                )
                entry["worker"].extend(a["worker"] for a in result["actions"] if a["worker"] is not None)
                entry.setdefault("first_tap", []).append(result["actions"][0]["t0"])
                entry["runs"].append(  # tap-to-paint/worker reply of each action
                    " ".join(f"{a['ms']:.0f}/{a['worker'] or 0:.0f}" for a in result["actions"])
                )
                entry["ms"].extend(a["ms"] for a in result["actions"])
                entry["kinds"].extend(a["kind"] for a in result["actions"])
                entry["slices"].extend(result["slices"])
                entry["behind"].extend(behind_background(result["actions"], result["slices"]))
            context.close()
    return found


def first_summary(found: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for name, entry in found.items():
        slices = entry["slices"]
        per_op: dict[str, float] = {}
        for piece in slices:
            per_op[piece["op"]] = max(per_op.get(piece["op"], 0.0), piece["ms"])
        out[name] = {
            **summary(entry["ms"]),
            "takes": entry["kinds"].count("take"),
            "longest_background_ms": round(max((s["ms"] for s in slices), default=0.0), 1),
            "longest_background_by_op_ms": {op: round(ms, 1) for op, ms in sorted(per_op.items())},
            "background_pieces": len(slices),
            "background_p95_ms": round(quantile([s["ms"] for s in slices], 0.95), 1) if slices else 0.0,
            "max_behind_background_ms": round(max(entry["behind"], default=0.0), 1),
            "worker_round_trip_ms": summary(entry["worker"]) if entry["worker"] else {},
            "first_tap_after_ready_ms": [round(t, 1) for t in entry["first_tap"]],
            "each_run_ms": entry["runs"],
        }
    return out


def wait_deal(page: Page, deal: int) -> None:
    page.wait_for_function("id => document.querySelector('#deal-id').textContent === '#' + id", arg=str(deal))


def wait_card(page: Page, position: int, state: str) -> None:
    page.wait_for_function(
        "([p, s]) => document.querySelector(`#peaks .card[data-pos='${p}']`).dataset.state === s",
        arg=[position, state],
    )


def playable(page: Page) -> list[int]:
    result: list[int] = page.eval_on_selector_all(
        "#peaks .card[data-playable='true']", "els => els.map(e => Number(e.dataset.pos))"
    )
    return result


def wait_stock(page: Page, stock: int) -> None:
    page.wait_for_function("n => document.querySelector('#stock').dataset.count === String(n)", arg=stock)


def taps(browser: Browser, base: str, count: int) -> list[float]:
    context, page = open_page(browser, f"{base}/#7")
    times: list[float] = []
    deal = 7
    while len(times) < count:
        options = playable(page)
        if not options:
            deal += 1
            page.goto(f"{base}/#{deal}")
            wait_deal(page, deal)
            continue
        position = options[len(times) % len(options)]
        times.append(float(page.evaluate(TAP_JS, position)))
        page.click("#undo")
        wait_card(page, position, "up")
        page.wait_for_timeout(30)
    context.close()
    return times


def hints(browser: Browser, base: str, count: int, settle_ms: int) -> list[float]:
    """Follow the hint's own advice through deals, timing each request."""
    context, page = open_page(browser, f"{base}/#11")
    times: list[float] = []
    deal = 11
    while len(times) < count:
        page.wait_for_timeout(settle_ms)
        times.append(float(page.evaluate(HINT_JS)))
        kind = page.get_attribute("#hint-banner", "data-kind")
        target = page.evaluate("() => document.querySelector('.hinted')?.dataset?.pos ?? null")
        state = page.evaluate("() => document.querySelector('#game').dataset.state")
        if kind == "take" and target is not None:
            page.click(f"#peaks .card[data-pos='{target}']")
            wait_card(page, int(target), "gone")
        elif kind == "draw":
            before = int(page.get_attribute("#stock", "data-count") or "0")
            page.click("#stock")
            wait_stock(page, before - 1)
        ended = page.evaluate("() => document.querySelector('dialog[open]') !== null")
        if kind not in ("take", "draw") or ended:
            deal += 1
            page.keyboard.press("Escape")
            page.goto(f"{base}/#{deal}")
            wait_deal(page, deal)
        assert state == "ready"
    context.close()
    return times


def markdown(result: dict[str, Any], command: str) -> str:
    def row(name: str, figures: dict[str, float], target: str) -> str:
        return f"| {name} | {figures['median']} | {figures['p95']} | {figures['n']} | {target} |"

    mb = result["cold_start_bytes"] / 1e6
    share = result["cold_boot_phases_ms"]["pyodide"] / result["cold_start_ms"]["median"]  # restore included
    lines = [
        f"Command: `{command}` — {stamp()}, {result['machine']}.",
        "",
        "| figure (ms) | median | 95th pct | runs | target |",
        "| --- | --- | --- | --- | --- |",
        row("cold start to playable table (empty cache)", result["cold_start_ms"], "≤ 2500"),
        row("warm start (second visit, from the start-up snapshot)", result["warm_start_ms"], "≤ 1500"),
        row("tap-to-paint of a take", result["tap_to_paint_ms"], "median ≤ 16, p95 ≤ 33"),
        row("hint, position settled 1 s (precomputed)", result["hint_settled_ms"], "median ≤ 150"),
        row("hint right after a move", result["hint_immediate_ms"], "—"),
        "",
        f"Bytes transferred on a cold start: {mb:.1f} MB "
        f"({result['cold_start_bytes']:,} bytes of response bodies).",
        "",
        "Where a cold start goes (worker clock, medians): "
        + ", ".join(f"{PHASE_NAMES[k]} {v:.0f} ms" for k, v in result["cold_boot_phases_ms"].items())
        + f"; `loadPyodide` is {share:.0%} of the time to a playable table.",
    ]
    return "\n".join(lines)


def first_markdown(
    first: dict[str, dict[str, Any]], idle: dict[str, dict[str, float]], command: str, machine_text: str
) -> str:
    lines = [
        f"Command: `{command}` — {stamp()}, {machine_text}.",
        "",
        "| first 10 actions after `table-ready` (ms) | median | 95th pct | max | actions (takes) "
        "| worker reply, median / max | longest background piece meanwhile "
        "| most background work while a request waited for its reply |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, figures in first.items():
        by_op = ", ".join(f"{op} {ms}" for op, ms in figures["longest_background_by_op_ms"].items()) or "none"
        reply = figures["worker_round_trip_ms"]
        lines.append(
            f"| {name} | {figures['median']} | {figures['p95']} | {figures['max']} | {figures['n']} "
            f"({figures['takes']}) | {reply.get('median', '—')} / {reply.get('max', '—')} "
            f"| {figures['longest_background_ms']} ({by_op}) "
            f"| {figures['max_behind_background_ms']} |"
        )
    lines += [
        "",
        f"One piece of background work (the player idle for {IDLE_AFTER_MS / 1000:g} s after those actions, "
        "worker clock, ms): "
        + "; ".join(
            f"{op} median {f['median']}, p95 {f['p95']}, max {f['max']} ({f['n']} pieces)"
            for op, f in idle.items()
        )
        + ".",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = writing_arguments(__doc__)
    parser.add_argument("--runs", type=int, default=5, help="cold/warm start runs")
    parser.add_argument("--taps", type=int, default=100)
    parser.add_argument("--hints", type=int, default=30)
    parser.add_argument(
        "--first-runs", type=int, default=None,
        help="runs of the first-actions figure (0: not measured, its block in the doc left as it is)",
    )
    parser.add_argument(
        "--only-first", action="store_true", help="only the first 10 actions after table-ready"
    )
    parser.add_argument(
        "--only-startup", action="store_true",
        help="only the side-by-side start-up comparison (shipped snapshot, without it, bare loadPyodide)",
    )
    args = parser.parse_args()
    require(DIST, "config.json")
    first_runs = args.runs if args.first_runs is None else args.first_runs
    with serve() as base, chromium() as browser:
        if args.only_startup:
            startup = compare_starts(browser, base, args.runs)
            print(json.dumps(startup, indent=1))
            command = f".venv/bin/python benchmarks/browser_bench.py --only-startup --runs {args.runs}"
            text = startup_markdown(startup, command, machine())
            print(text)
            if args.write:
                write_block("startup", text)
            return
        idle_pieces: list[dict[str, Any]] = []
        first = first_summary(first_actions(browser, base, first_runs, idle_pieces))
        idle = idle_summary(idle_pieces)
        if args.only_first:
            print(json.dumps({"first_actions_ms": first, "idle_pieces_ms": idle}, indent=1))
            command = f".venv/bin/python benchmarks/browser_bench.py --only-first --first-runs {first_runs}"
            text = first_markdown(first, idle, command, machine())
            print(text)
            if args.write:
                write_block("first-actions", text)
            return
        cold, warm, transferred, phases = starts(browser, base, args.runs)
        tap_times = taps(browser, base, args.taps)
        settled = hints(browser, base, args.hints, settle_ms=1000)
        immediate = hints(browser, base, max(10, args.hints // 2), settle_ms=0)
    result: dict[str, Any] = {
        "machine": machine(),
        "cold_start_ms": summary(cold),
        "warm_start_ms": summary(warm),
        "cold_start_bytes": int(statistics.median(transferred)),
        "cold_boot_phases_ms": phase_medians(phases),
        "tap_to_paint_ms": summary(tap_times),
        "hint_settled_ms": summary(settled),
        "hint_immediate_ms": summary(immediate),
        "first_actions_ms": first,
        "idle_pieces_ms": idle,
    }
    print(json.dumps(result, indent=1))
    options = f"--runs {args.runs} --taps {args.taps} --hints {args.hints}"
    if args.first_runs is not None:
        options += f" --first-runs {args.first_runs}"
    command = f".venv/bin/python benchmarks/browser_bench.py {options}"
    text = markdown(result, command)
    first_text = first_markdown(first, idle, command, result["machine"])
    print(text)
    if first_runs > 0:
        print(first_text)
    if args.write:
        write_block("browser", text)
        if first_runs > 0:
            write_block("first-actions", first_text)


if __name__ == "__main__":
    main()
