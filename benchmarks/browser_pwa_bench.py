"""Offline start of the page (service worker) in headless Chromium, and what the service worker precaches.

    .venv/bin/python benchmarks/browser_pwa_bench.py [--runs 7] [--write]

Needs a built dist/ (`python3 build.py build`), served like benchmarks/browser_bench.py does (free local
port, `Cache-Control: max-age=600` as GitHub Pages sends). Figures:

- cold start: a fresh browser context (empty caches, no service worker) to the `table-ready` mark, online;
- offline ready: from that mark until the service worker is activated (its precache complete);
- warm offline start: the same context with the network off, loading the page again, to `table-ready`
  (everything answered by the service worker); the ratio to the cold start is measured in the same run;
- precache: number of files and bytes the service worker stores (`tools/pwa.py`'s list).

`--write` puts the result between the `pwa:start` / `pwa:end` markers under "### Offline" in the
"## Browser" section of docs/PERFORMANCE.md (creating that subsection, or the section, when missing).
"""

from __future__ import annotations

import statistics
from typing import Any

import harness  # noqa: F401 - puts tools/ (pwa) on sys.path
import pwa
from harness.browser import DIST, chromium, machine, require, serve
from harness.docs import stamp, write_block, writing_arguments
from harness.figures import summary_dict as summary
from harness.page import new_context, ready_mark, wait_snapshot_saved
from playwright.sync_api import Browser, Page, Response

SUBSECTION = "### Offline"
SW_ACTIVATED = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (worker.state !== 'activated') {
    await new Promise(resolve => worker.addEventListener('statechange',
      () => worker.state === 'activated' && resolve()));
  }
  return performance.now();
}"""


def offline_ready_ms(page: Page) -> float:
    ready: float = page.evaluate("() => performance.getEntriesByName('table-ready')[0].startTime")
    activated: float = page.evaluate(SW_ACTIVATED)
    return activated - ready


def measure(browser: Browser, base: str, runs: int) -> dict[str, Any]:
    cold: list[float] = []
    precached: list[float] = []
    warm: list[float] = []
    served_by_sw: list[bool] = []
    snapshots: list[bool] = []
    for run in range(runs):
        context = new_context(browser, service_workers=True)
        page = context.new_page()
        page.goto(f"{base}/#7")
        cold.append(ready_mark(page))
        precached.append(offline_ready_ms(page))
        wait_snapshot_saved(page)  # as it is long before a real return visit
        context.set_offline(True)
        responses: list[bool] = []

        def record(response: Response, into: list[bool] = responses) -> None:
            into.append(bool(response.from_service_worker))

        context.on("response", record)
        page.goto(f"{base}/?offline={run}#7")
        warm.append(ready_mark(page))
        served_by_sw.append(bool(responses) and all(responses))
        snapshots.append(page.evaluate("() => window.__boot && window.__boot.snapshot") == "used")
        context.close()
    ratios = [w / c for w, c in zip(warm, cold, strict=True)]
    return {
        "cold_start_ms": summary(cold),
        "offline_ready_ms": summary(precached),
        "warm_offline_start_ms": summary(warm),
        "warm_over_cold": round(statistics.median(ratios), 2),
        "all_from_service_worker": all(served_by_sw),
        "offline_starts_from_snapshot": f"{sum(snapshots)}/{len(snapshots)}",
    }


def markdown(result: dict[str, Any], command: str) -> str:
    def row(name: str, figures: dict[str, float]) -> str:
        return f"| {name} | {figures['median']} | {figures['min']} | {figures['max']} | {figures['n']} |"

    lines = [
        f"Command: `{command}` — {stamp()}, {result['machine']}.",
        "",
        "| figure (ms) | median | min | max | runs |",
        "| --- | --- | --- | --- | --- |",
        row("cold start online (fresh context, no service worker yet)", result["cold_start_ms"]),
        row("offline ready: table ready → service worker activated (precache done)",
            result["offline_ready_ms"]),
        row("warm offline start to a playable table (network off)", result["warm_offline_start_ms"]),
        "",
        f"Warm offline start / cold start, same run: {result['warm_over_cold']} (median of the per-run "
        f"ratios); every response of the offline starts came from the service worker: "
        f"{'yes' if result['all_from_service_worker'] else 'NO'}; offline starts that restored the start-up "
        f"snapshot: {result['offline_starts_from_snapshot']}.",
        "",
        f"Precache: {result['precache_files']} files, {result['precache_bytes'] / 1e6:.1f} MB "
        f"({result['precache_bytes']:,} bytes), service worker version `{result['version']}`. "
        "An update downloads only the files whose sha256 changed; the others are copied from the old cache.",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = writing_arguments(__doc__)
    parser.add_argument("--runs", type=int, default=7, help="fresh contexts, each: cold, then offline")
    args = parser.parse_args()
    require(DIST, "sw.js", "has no service worker")
    precache = pwa.precache_list(DIST)
    with serve() as base, chromium() as browser:
        result = measure(browser, base, args.runs)
    result.update({
        "machine": machine(),
        "precache_files": len(precache.files),
        "precache_bytes": precache.size,
        "version": precache.version,
    })
    command = "python benchmarks/browser_pwa_bench.py" + (f" --runs {args.runs}" if args.runs != 7 else "")
    text = markdown(result, command)
    print(text)
    if args.write:
        write_block("pwa", text, subsection=SUBSECTION)


if __name__ == "__main__":
    main()
