"""What several page benchmarks measure the same way: the worker's boot recorded from the page (its boot
steps, its background work with `?trace=1`, the page's requests), a fresh browser context, the `table-ready`
mark, cold and warm starts of a game page, and the time a request waited behind background work."""

from __future__ import annotations

import statistics
from typing import Any, NamedTuple

import webgames
from playwright.sync_api import Browser, BrowserContext, Page, Request

from harness import ROOT

READY = "#game[data-state='ready']"


def ready_mark(page: Page) -> float:
    """The page's `table-ready` mark (ms from its navigation), once the table is ready."""
    page.wait_for_selector(READY, timeout=120_000)
    value: float = page.evaluate("() => performance.getEntriesByName('table-ready')[0].startTime")
    return value


# Every game's welcome line is dismissed beforehand: the figures time a returning player's table.
WELCOMED = "".join(
    f"localStorage.setItem('{game.id}.welcome', 'seen');\n" for game in webgames.games(ROOT / "web")
)
BOOT_RECORDER = WELCOMED + """(() => {
  const Original = window.Worker;
  window.__boot = null;
  window.__snapshotSaved = null; // the worker's {type: 'snapshot-saved', ok}: its own copy kept (or not)
  window.__trace = []; // the worker's background work: {op, ms, end} (end in this page's clock)
  window.__requests = []; // the page's requests: {id, op, sent, answered}
  window.Worker = class extends Original {
    constructor(url, options) {
      const traced = new URL(url, location.href);
      traced.searchParams.set('trace', '1');
      super(traced, options);
      const requests = new Map();
      const post = this.postMessage.bind(this);
      this.postMessage = (message, ...rest) => {
        if (message && message.id !== undefined) {
          const entry = {id: message.id, op: message.op, sent: performance.now(), answered: null};
          requests.set(message.id, entry);
          window.__requests.push(entry);
        }
        return post(message, ...rest);
      };
      this.addEventListener('message', e => {
        const entry = e.data && requests.get(e.data.id);
        if (entry && entry.answered === null) entry.answered = performance.now();
        if (e.data && e.data.type === 'boot') window.__boot = e.data;
        if (e.data && e.data.type === 'snapshot-saved') window.__snapshotSaved = e.data.ok;
        if (e.data && e.data.type === 'trace') {
          window.__trace.push({op: e.data.op, ms: e.data.ms, end: e.data.at - performance.timeOrigin});
        }
      });
    }
  };
})();
"""
PHASES = ("imported", "pyodide", "unpacked", "installed", "session")
PHASE_NAMES = {
    "imported": "config + pyodide.mjs",
    "snapshot-fetched": "the shipped snapshot downloaded (and decompressed as it comes)",
    "snapshot-unpacked": "its sha256 checked",
    "pyodide": "`loadPyodide` (runtime, wasm, stdlib; restoring the snapshot when there is one)",
    "unpacked": "checking, unpacking and importing the engine wheel (every game's engine)",
    "installed": "taking the start-up snapshot",
    "session": "the first Session (the first game's)",
}
# Those of a start from the snapshot the build ships (worker.js), in order.
SHIPPED_PHASES = ("imported", "snapshot-fetched", "snapshot-unpacked", "pyodide", "session")


def new_context(browser: Browser, *, service_workers: bool = False) -> BrowserContext:
    """A fresh context (empty cache) at 1280×800 in French, recording the worker's boot (BOOT_RECORDER).
    Without the service worker by default: these are the page's own figures (the offline start is measured
    apart, with `service_workers=True`)."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 800}, locale="fr-FR",
        service_workers="allow" if service_workers else "block",
    )
    context.add_init_script(BOOT_RECORDER)
    return context


def boot_phases(page: Page, names: tuple[str, ...] = PHASES) -> dict[str, float]:
    """Milliseconds spent in each boot step `names` of the worker (from its own clock): PHASES for a start
    without a snapshot, SHIPPED_PHASES for one from the snapshot the build ships."""
    boot: dict[str, Any] = page.evaluate("() => window.__boot")
    marks: dict[str, float] = boot["phases"]
    steps: dict[str, float] = {}
    previous = marks["start"]
    for name in names:
        steps[name] = marks[name] - previous
        previous = marks[name]
    return steps


# The worker's `snapshot-saved` message, or, for a build from before that message (an A/B run's other build),
# the kept snapshot itself in Cache Storage.
SNAPSHOT_KEPT = """async () => {
  if (window.__snapshotSaved !== null) return true;
  for (const name of await caches.keys()) {
    if (!name.includes("engine-snapshot")) continue;
    const kept = await (await caches.open(name)).keys();
    if (kept.some((request) => request.url.includes("engine-snapshot-"))) return true;
  }
  return false;
}"""


def wait_snapshot_saved(page: Page, timeout_s: float = 60) -> None:
    """Wait until the first start has kept this browser's own start-up snapshot (the worker says so:
    `snapshot-saved`), as it has long before a real return. After a start from the shipped snapshot the worker
    keeps a raw copy a second after the table is up; a second visit before that would restore the gzipped file
    again and time what no returning player meets."""
    page.wait_for_function(SNAPSHOT_KEPT, timeout=timeout_s * 1000)
    if page.evaluate("() => window.__snapshotSaved") is False:
        raise RuntimeError("the start-up snapshot was never saved")


def open_page(browser: Browser, url: str) -> tuple[BrowserContext, Page]:
    """`url` in a fresh context (`new_context`), once its table is ready."""
    context = new_context(browser)
    page = context.new_page()
    page.goto(url)
    ready_mark(page)
    return context, page


class ColdStart(NamedTuple):
    """A first visit of a page in a fresh context, left open for what comes next (a second visit)."""

    context: BrowserContext
    page: Page
    requests: list[Request]
    """Every request the visit finished."""
    ready_ms: float
    """The `table-ready` mark."""
    snapshot: str
    """How the worker started: "shipped" (from the snapshot the build ships), "used", "saved", ..."""
    phases: dict[str, float]
    """The worker's boot steps (`boot_phases`)."""


def cold_start(browser: Browser, url: str) -> ColdStart:
    """Open `url` in a fresh context (empty cache) and wait for the table: the figures of a first visit."""
    context = new_context(browser)
    requests: list[Request] = []

    def record(request: Request) -> None:  # a Python function: playwright marks its handlers
        requests.append(request)

    context.on("requestfinished", record)
    page = context.new_page()
    page.goto(url)
    ready = ready_mark(page)
    snapshot: str = page.evaluate("() => window.__boot.snapshot")
    phases = boot_phases(page, SHIPPED_PHASES if snapshot == "shipped" else PHASES)
    return ColdStart(context, page, requests, ready, snapshot, phases)


def starts(
    browser: Browser, base: str, runs: int, page_name: str = ""
) -> tuple[list[float], list[float], list[int], list[dict[str, float]]]:
    """Cold and warm starts of the game page `page_name` ("" is index.html, TriPeaks; "pyramid.html"):
    milliseconds to `table-ready` of each, bytes of each cold start, and the worker's boot steps."""
    phases: list[dict[str, float]] = []
    cold: list[float] = []
    warm: list[float] = []
    transferred: list[int] = []
    for _ in range(runs):
        first = cold_start(browser, f"{base}/{page_name}#7")
        cold.append(first.ready_ms)
        phases.append(first.phases)
        transferred.append(sum(r.sizes()["responseBodySize"] for r in first.requests))
        wait_snapshot_saved(first.page)
        first.page.goto(f"{base}/{page_name}?again#7")
        warm.append(ready_mark(first.page))
        snapshot = first.page.evaluate("() => window.__boot.snapshot")
        if snapshot not in ("used", "shipped"):
            raise RuntimeError(f"the warm start did not use the start-up snapshot ({snapshot})")
        first.context.close()
    return cold, warm, transferred, phases


def phase_medians(phases: list[dict[str, float]]) -> dict[str, float]:
    """The median of each boot step over starts of one kind (the steps of the first start, in order)."""
    return {name: statistics.median(p[name] for p in phases if name in p) for name in phases[0]}


def behind_background(actions: list[dict[str, Any]], slices: list[dict[str, Any]]) -> list[float]:
    """For each action, how long background work held the worker while the action's request waited for its
    reply (the time it waited behind background work)."""
    out = []
    for action in actions:
        if action["sent"] is None:
            continue
        begin, end = action["sent"], action["sent"] + action["worker"]
        out.append(
            sum(max(0.0, min(end, s["start"] + s["ms"]) - max(begin, s["start"])) for s in slices)
        )
    return out

