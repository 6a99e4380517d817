"""The shell's page targets in headless Chromium (issue 10): Pyramid tap-to-paint, game switching, Pyramid
start-up.

    SITE_DIST=/tmp/dist-x .venv/bin/python benchmarks/shell_browser_bench.py [--pairs 60] [--deals 6]
        [--switches 24] [--runs 5] [--gap-ms 300] [--write]

Needs a built dist/ (`python3 build.py build`), served and driven as `browser_bench.py` does (the harness's
server, browser context, boot recorder and figures: GitHub Pages' cache header, no service worker).
Figures:

- Pyramid, select: from the click on a playable card to the first animation frame after the card shows as
  selected (the page alone: a selection sends no request);
- Pyramid, pair: from the click on the partner (the second tap of a pair) to the first animation frame
  after both cards have left the table (a pyramid card marked gone; the stock's or waste's top showing
  another card). Timed like TriPeaks' take in `browser_bench.py`: `performance.now()` just before the
  element's `click()`, a MutationObserver for the change, then `requestAnimationFrame`. The deals are
  played forward as a player would: a pair whenever the table has one (its partners read from the page's
  own marks after the select tap, which come from the snapshot), a king with its one tap, otherwise a card
  turned or the stock recycled; `--gap-ms` between taps (a player's pace; the worker starts its background
  hint work after 250 ms without a request, so paced pairs meet it as a player's do). Each deal is played
  to `--pairs / --deals` pairs or to its end, whichever comes first. The worker's reply time of each pair
  (postMessage to reply, page clock) is kept to tell the page's part from the worker's.
- switching games: from the click on the switcher's link of the other game to the first animation frame
  after the shell's `switched-<game>` mark (the other game's table drawn from its save, its buttons
  enabled), both directions, each game with a game in progress (one move made in the game on the table
  before each switch, then `--gap-ms`). The first switch to Pyramid (no save yet: a new deal) is reported
  apart.
- Pyramid start-up: `harness.page.starts` on pyramid.html (cold: fresh context; warm: second visit, from the
  start-up snapshot).
- `--tripeaks-before DIST` (alone): TriPeaks' cold and warm start on another build and on this one, a run of
  each in turn, so that a loaded machine weighs on both alike (block `shell-browser-ab`).

`--write` puts the result between the `shell-browser:start` / `shell-browser:end` markers of
docs/PERFORMANCE.md (after the Browser block when the markers are not there yet).
"""

from __future__ import annotations

import json
import os
import statistics
from pathlib import Path
from typing import Any

from harness.browser import DIST, chromium, machine, require, serve
from harness.docs import stamp, write_block, writing_arguments
from harness.figures import quantile
from harness.figures import summary_dict as summary
from harness.page import (
    PHASE_NAMES,
    behind_background,
    open_page,
    phase_medians,
    ready_mark,
    starts,
)
from harness.runs import commit
from playwright.sync_api import Browser, Page

BOARD = "#pyramid-board"

# Select a card: click to the frame after it shows as selected; the partners the page then marks.
SELECT_JS = """
place => new Promise((resolve, reject) => {
  const board = document.querySelector('#pyramid-board');
  const el = board.querySelector(`[data-place='${place}']`);
  const t0 = performance.now();
  const timer = setTimeout(() => reject(new Error(`${place} never showed as selected`)), 30000);
  const finish = () => {
    clearTimeout(timer);
    requestAnimationFrame(() => resolve({
      ms: performance.now() - t0,
      partners: [...board.querySelectorAll('.partner')].map(e => e.dataset.place),
    }));
  };
  const observer = new MutationObserver(() => {
    if (el.classList.contains('selected')) { observer.disconnect(); finish(); }
  });
  observer.observe(el, {attributes: true, attributeFilter: ['class']});
  el.click();
})
"""

# Tap a place whose cards must leave (the partner of the selected card, or a king): click to the frame
# after every place in `gone` has lost its card; the worker's reply time of the request it sent.
LEAVE_JS = """
({tap, gone}) => new Promise((resolve, reject) => {
  const board = document.querySelector('#pyramid-board');
  const at = p => board.querySelector(`[data-place='${p}']`);
  const before = gone.map(p => at(p).dataset.card);
  const left = () => gone.every((p, i) => /^\\d+$/.test(p)
    ? at(p).classList.contains('gone') : at(p).dataset.card !== before[i]);
  const t0 = performance.now();
  const timer = setTimeout(() => reject(new Error(`${gone} never left the table`)), 30000);
  const observer = new MutationObserver(() => {
    if (!left()) return;
    observer.disconnect();
    clearTimeout(timer);
    const seen = performance.now() - t0;
    requestAnimationFrame(() => {
      const request = window.__requests.find(r => r.sent >= t0 && r.answered !== null);
      resolve({
        ms: performance.now() - t0,
        dom: seen,
        worker: request ? request.answered - request.sent : null,
        sent: request ? request.sent : null,
      });
    });
  });
  observer.observe(board, {attributes: true, subtree: true, childList: true});
  at(tap).click();
})
"""

# The table as a player sees it: the playable places (pyramid cards, then the stock's and waste's tops),
# which of them are kings, whether the stock pile or Recycler can be used, and whether a panel is open.
TABLE_JS = """
() => {
  const board = document.querySelector('#pyramid-board');
  // The classes, not data-playable: a card that has left keeps the data of its last drawing.
  const playable = [...board.querySelectorAll('[data-place].playable:not(.gone):not(.empty)')];
  const draw = board.querySelector("[data-place='draw']");
  const recycle = board.querySelector("[data-place='recycle']");
  return {
    playable: playable.filter(e => e.dataset.king !== 'true').map(e => e.dataset.place),
    kings: playable.filter(e => e.dataset.king === 'true').map(e => e.dataset.place),
    canDraw: draw.getAttribute('aria-disabled') !== 'true',
    canRecycle: recycle.getAttribute('aria-disabled') !== 'true',
    count: draw.dataset.count,
    ended: document.querySelector('dialog[open]') !== null,
  };
}
"""

# Switch games: click on the switcher's link to the frame after the shell's `switched-<game>` mark; the
# table is then checked to be the other game's, ready and playable.
SWITCH_JS = """
to => new Promise((resolve, reject) => {
  const link = document.querySelector(`[data-game-link='${to}']`);
  const name = `switched-${to}`;
  const t0 = performance.now();
  const timer = setTimeout(() => reject(new Error(`no ${name} mark`)), 30000);
  const check = () => {
    const mark = performance.getEntriesByName(name).find(m => m.startTime >= t0);
    if (!mark) { requestAnimationFrame(check); return; }
    requestAnimationFrame(() => {
      clearTimeout(timer);
      const ms = performance.now() - t0;
      const table = to === 'pyramid'
        ? document.querySelector("#pyramid-board .playable, #pyramid-board [data-place='draw']")
        : document.querySelector("#peaks .card[data-playable='true'], #stock");
      const requests = window.__requests.filter(r => r.sent >= t0 && r.answered !== null);
      resolve({
        ms,
        mark: mark.startTime - t0,
        game: document.documentElement.dataset.game,
        state: document.querySelector('#game').dataset.state,
        playable: table !== null && table.offsetWidth > 0,
        worker: requests.reduce((sum, r) => sum + (r.answered - r.sent), 0),
        ops: requests.map(r => r.op),
      });
    });
  };
  link.click();
  check();
})
"""

# One move in the game on the table, so that each game has a game in progress that changes: TriPeaks
# takes a playable card or draws; Pyramid draws (or recycles). Resolves once the page shows it.
MOVE_JS = """
game => new Promise((resolve, reject) => {
  let el, done;
  if (game === 'tripeaks') {
    const card = document.querySelector("#peaks .card[data-playable='true']");
    const waste = document.querySelector('#waste');
    const stock = document.querySelector('#stock');
    const before = stock.dataset.count;
    if (card) { el = card; const code = card.dataset.card; done = () => waste.dataset.card === code; }
    else { el = stock; done = () => stock.dataset.count !== before; }
  } else {
    const draw = document.querySelector("#pyramid-board [data-place='draw']");
    const recycle = document.querySelector("#pyramid-board [data-place='recycle']");
    const before = draw.dataset.count;
    el = draw.getAttribute('aria-disabled') === 'true' ? recycle : draw;
    done = () => draw.dataset.count !== before;
  }
  const timer = setTimeout(() => reject(new Error(`no move shown in ${game}`)), 30000);
  const observer = new MutationObserver(() => {
    if (done()) { observer.disconnect(); clearTimeout(timer); resolve(true); }
  });
  observer.observe(document.body, {attributes: true, subtree: true});
  el.click();
})
"""


def table(page: Page) -> dict[str, Any]:
    value: dict[str, Any] = page.evaluate(TABLE_JS)
    return value


def open_pyramid_deal(page: Page, base: str, deal: int) -> None:
    """A fresh game of Pyramid deal `deal`: the save of the game before is dropped, the page loaded again."""
    page.evaluate("() => localStorage.removeItem('pyramid.save')")
    page.goto(f"{base}/pyramid.html?deal={deal}#{deal}")
    ready_mark(page)
    page.wait_for_function(
        "id => document.querySelector('#deal-id').textContent === '#' + id", arg=str(deal)
    )


def stock_turned(page: Page, place: str, before: str) -> None:
    """Wait until the stock pile's count is no longer `before` (a card turned, or the stock recycled)."""
    page.click(f"{BOARD} [data-place='{place}']")
    page.wait_for_function(
        "n => document.querySelector(\"#pyramid-board [data-place='draw']\").dataset.count !== n",
        arg=before,
    )


def play_deal(page: Page, per_deal: int, gap_ms: int, found: dict[str, list[Any]]) -> int:
    """Play the deal on the table forward, timing each select, pair and king; returns the pairs timed."""
    pairs = 0
    for _ in range(400):  # moves of one deal, at most (three passes of 24 cards, 28 pyramid cards)
        if pairs >= per_deal:
            break
        now = table(page)
        if now["ended"]:
            break
        if now["kings"]:
            king = now["kings"][0]
            found["king"].append(page.evaluate(LEAVE_JS, {"tap": king, "gone": [king]}))
            page.wait_for_timeout(gap_ms)
            continue
        paired = False
        for place in now["playable"]:
            selected = page.evaluate(SELECT_JS, place)
            page.wait_for_timeout(gap_ms)
            if not selected["partners"]:
                page.click(f"{BOARD} [data-place='{place}']")  # tap it again: the selection is cancelled
                page.wait_for_function(
                    "p => !document.querySelector(`#pyramid-board [data-place='${p}']`)"
                    ".classList.contains('selected')",
                    arg=place,
                )
                continue
            found["select"].append(selected["ms"])
            partner = selected["partners"][0]
            found["pair"].append(page.evaluate(LEAVE_JS, {"tap": partner, "gone": [place, partner]}))
            pairs += 1
            paired = True
            page.wait_for_timeout(gap_ms)
            break
        if paired:
            continue
        if now["canDraw"]:
            stock_turned(page, "draw", now["count"])
        elif now["canRecycle"]:
            stock_turned(page, "recycle", now["count"])
        else:
            break  # nothing left to do: the deal is stuck
        page.wait_for_timeout(gap_ms)
    return pairs


def pyramid_taps(
    browser: Browser, base: str, pairs: int, deals: int, gap_ms: int
) -> tuple[dict[str, list[Any]], list[int]]:
    """Pairs, selects and kings timed over Pyramid deals 1, 2, ... until `pairs` pairs (at least `deals`
    deals); the deals played."""
    context, page = open_page(browser, f"{base}/pyramid.html#1")
    found: dict[str, list[Any]] = {"select": [], "pair": [], "king": []}
    per_deal = max(1, -(-pairs // deals))
    played: list[int] = []
    deal = 0
    while len(found["pair"]) < pairs or len(played) < deals:
        deal += 1
        open_pyramid_deal(page, base, deal)
        played.append(deal)
        first = len(found["pair"])
        play_deal(page, per_deal, gap_ms, found)
        # The worker's background work (its own trace) that each pair's request waited behind.
        trace = page.evaluate("() => window.__trace")
        slices = [{"start": s["end"] - s["ms"], "ms": s["ms"], "op": s["op"]} for s in trace]
        for pair in found["pair"][first:]:
            if pair["sent"] is not None:
                pair["behind"] = behind_background([pair], slices)[0]
                pair["behind_ops"] = sorted(
                    {s["op"] for s in slices if overlaps(s, pair["sent"], pair["sent"] + pair["worker"])}
                )
        if deal > 10 * deals:
            raise RuntimeError("too few pairs found in the deals played")
    context.close()
    return found, played


def overlaps(piece: dict[str, Any], begin: float, end: float) -> bool:
    return bool(piece["start"] < end and piece["start"] + piece["ms"] > begin)


def switches(browser: Browser, base: str, count: int, gap_ms: int) -> dict[str, Any]:
    """Switch between TriPeaks and Pyramid `count` times (half each way) in one page whose engine is up,
    each game with a game in progress; the first switch to Pyramid (a new deal: no save yet) apart."""
    context, page = open_page(browser, f"{base}/#7")
    page.evaluate(MOVE_JS, "tripeaks")
    page.wait_for_timeout(gap_ms)
    first = page.evaluate(SWITCH_JS, "pyramid")
    page.evaluate(MOVE_JS, "pyramid")
    page.wait_for_timeout(gap_ms)
    timed: dict[str, list[dict[str, Any]]] = {"to pyramid": [], "to tripeaks": []}
    on = "pyramid"
    for _ in range(count):
        to = "tripeaks" if on == "pyramid" else "pyramid"
        result = page.evaluate(SWITCH_JS, to)
        if result["game"] != to or result["state"] != "ready" or not result["playable"]:
            raise RuntimeError(f"the switch to {to} did not leave a playable table: {result}")
        timed[f"to {to}"].append(result)
        on = to
        page.wait_for_timeout(gap_ms)
        page.evaluate(MOVE_JS, on)  # the game on the table goes on: its save changes
        page.wait_for_timeout(gap_ms)
    progress = page.evaluate(
        "() => ['tripeaks', 'pyramid'].map(g => JSON.parse(localStorage.getItem(g + '.save') || 'null'))"
    )
    context.close()
    if any(save is None for save in progress):
        raise RuntimeError("a game had no game in progress saved")
    return {"first to pyramid": first, **timed}


def start_figures(browser: Browser, base: str, runs: int) -> dict[str, Any]:
    cold, warm, transferred, phases = starts(browser, base, runs, "pyramid.html")
    return {
        "cold_start_ms": summary(cold),
        "warm_start_ms": summary(warm),
        "cold_start_bytes": int(statistics.median(transferred)),
        "cold_boot_phases_ms": phase_medians(phases),
    }


AB_TITLES: dict[str, str] = {"": "TriPeaks", "pyramid.html": "Pyramid", "klondike.html": "Klondike"}
"""The pages `--ab-page` may compare, and their games."""


def start_ab(
    browser: Browser, before: Path, runs: int, page_name: str = ""
) -> dict[str, dict[str, dict[str, float]]]:
    """A game page's cold and warm start (`page_name`#7, TriPeaks' index.html by default,
    `browser_bench.starts`) on another build `before` and on this one, one run each in turn, so that both see
    the same load."""
    found: dict[str, dict[str, list[float]]] = {name: {"cold": [], "warm": []} for name in ("before", "now")}
    with serve(before) as old, serve() as new:
        for _ in range(runs):
            for name, base in (("before", old), ("now", new)):
                cold, warm, _, _ = starts(browser, base, 1, page_name)
                found[name]["cold"] += cold
                found[name]["warm"] += warm
    return {name: {kind: figures(v) for kind, v in kinds.items()} for name, kinds in found.items()}


def ab_markdown(
    ab: dict[str, dict[str, dict[str, float]]], before: Path, command: str, load: float, page_name: str = ""
) -> str:
    title = AB_TITLES.get(page_name, page_name)
    lines = [
        f"Command: `{command}` — {stamp()}, {machine()}; load "
        f"average {load:.1f} at the start. {title}'s start ({page_name or 'index.html'}#7) on the build in "
        f"`{before}` and on this one, one run of each in turn.",
        "",
        f"| {title} start (ms) | build | median | 95th pct | min | max | runs |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for kind in ("cold", "warm"):
        for name in ("before", "now"):
            f = ab[name][kind]
            lines.append(
                f"| {kind} | {name} | {f['median']} | {f['p95']} | {f['min']} | {f['max']} | {f['n']} |"
            )
    return "\n".join(lines)


def figures(values: list[float]) -> dict[str, float]:
    out = summary(values)
    out["p90"] = round(quantile(values, 0.90), 1)
    return out


def verdict(met: bool) -> str:
    return "met" if met else "**not met**"


def tap_figures(found: dict[str, list[Any]], played: list[int]) -> dict[str, Any]:
    pairs = found["pair"]
    behind = [p["behind"] for p in pairs if "behind" in p]
    return {
        "deals": played,
        "pair_ms": figures([p["ms"] for p in pairs]),
        "pair_dom_ms": figures([p["dom"] for p in pairs]),
        "pair_worker_ms": figures([p["worker"] for p in pairs if p["worker"] is not None]),
        "pair_behind_background_ms": figures(behind),
        "pairs_behind_background": sum(1 for b in behind if b > 0),
        "behind_ops": sorted({op for p in pairs for op in p.get("behind_ops", [])}),
        "select_ms": figures(found["select"]),
        "king_ms": figures([k["ms"] for k in found["king"]]) if found["king"] else {},
        "each_pair": [
            [round(p["ms"], 1), round(p["worker"] or 0, 1), round(p.get("behind", 0), 1)] for p in pairs
        ],
    }


def markdown(result: dict[str, Any], command: str, load_before: float) -> str:
    def row(name: str, f: dict[str, float], target: str) -> str:
        return f"| {name} | {f['median']} | {f['p95']} | {f['max']} | {f['n']} | {target} |"

    sw, st = result["switches"], result["pyramid_start"]
    paces = result["pyramid_taps"]
    both = sw["both_ms"]
    rows, notes = [], []
    for gap, taps in paces.items():
        pace = f"{gap} ms between taps" if int(gap) else "back to back"
        rows.append(
            row(f"Pyramid pair ({pace}): partner tap to paint, both cards gone", taps["pair_ms"],
                "median ≤ 16, p95 ≤ 33")
        )
        rows.append(row(f"Pyramid select ({pace}): first tap to paint, selected", taps["select_ms"], "—"))
        if taps["king_ms"]:
            rows.append(row(f"Pyramid king ({pace}): tap to paint, card gone", taps["king_ms"], "—"))
        worker, dom, behind = taps["pair_worker_ms"], taps["pair_dom_ms"], taps["pair_behind_background_ms"]
        deals = ", ".join(f"#{d}" for d in taps["deals"])
        notes.append(
            f"{pace.capitalize()}: {taps['pair_ms']['n']} pairs over Pyramid deals {deals} played forward. "
            f"Worker reply of a pair (postMessage to reply, page clock): median {worker['median']}, p95 "
            f"{worker['p95']}, max {worker['max']}; the change seen in the DOM: median {dom['median']}, p95 "
            f"{dom['p95']}, max {dom['max']}; then the next frame. {taps['pairs_behind_background']} of the "
            f"pairs' requests waited behind the worker's background work "
            f"({', '.join(taps['behind_ops']) or 'none'}; most {behind['max']} ms, p95 {behind['p95']})."
        )
    first_pace = next(iter(paces.values()))
    pair = first_pace["pair_ms"]
    every = [t["pair_ms"] for t in paces.values()]
    lines = [
        f"Command: `{command}` — {stamp()}, {result['machine']}"
        f"; load average {load_before:.1f} at the start. Dist built with `python3 build.py build` from "
        f"the tree at {result['commit']}.",
        "",
        "| figure (ms) | median | 95th pct | max | count | target |",
        "| --- | --- | --- | --- | --- | --- |",
        *rows,
        row("switch TriPeaks → Pyramid: link click to painted table", sw["to pyramid_ms"], "≤ 300"),
        row("switch Pyramid → TriPeaks", sw["to tripeaks_ms"], "≤ 300"),
        row("switch, both directions", both, "≤ 300"),
        row("Pyramid cold start (pyramid.html, empty cache)", st["cold_start_ms"], "—"),
        row("Pyramid warm start (second visit, start-up snapshot)", st["warm_start_ms"], "—"),
        "",
        *[line for note in notes for line in (note, "")],
        f"Switching ({result['gap_ms']} ms between a switch and a move): each switch sends "
        f"{', '.join(sw['ops'])} and waited for the worker {sw['worker_ms']['median']} ms (median, p95 "
        f"{sw['worker_ms']['p95']}); the `switched-<game>` mark came {sw['mark_ms']['median']} ms (median, "
        f"p95 {sw['mark_ms']['p95']}) after the click, and the frame after it "
        f"{sw['after_mark_ms']['median']} ms later (median, p95 {sw['after_mark_ms']['p95']}). First switch "
        f"to Pyramid (no save yet, a new deal): {sw['first_ms']} ms.",
        "",
        f"Pyramid cold start: {st['cold_start_bytes']:,} bytes; worker boot steps (medians): "
        + ", ".join(f"{PHASE_NAMES[k]} {v:.0f} ms" for k, v in st["cold_boot_phases_ms"].items())
        + ".",
        "",
        f"Targets (issue 10): pair tap-to-paint median ≤ 16 ms and p95 ≤ 33 ms at a player's pace "
        f"({result['gap_ms']} ms): {verdict(pair['median'] <= 16 and pair['p95'] <= 33)}"
        + (
            f" (every pace: {verdict(all(f['median'] <= 16 and f['p95'] <= 33 for f in every))})"
            if len(every) > 1 else ""
        )
        + f"; switching ≤ 300 ms (max of both directions {both['max']} ms): {verdict(both['max'] <= 300)}.",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = writing_arguments(__doc__)
    parser.add_argument("--pairs", type=int, default=60, help="Pyramid pairs timed at each pace")
    parser.add_argument("--deals", type=int, default=6, help="Pyramid deals at each pace, at least")
    parser.add_argument("--switches", type=int, default=24, help="game switches timed (half each way)")
    parser.add_argument("--runs", type=int, default=5, help="Pyramid cold/warm start runs")
    parser.add_argument(
        "--gap-ms", type=int, action="append", default=None,
        help="pause between taps, as a player's (repeat for several paces; the first is the player's "
        "pace used for the targets and the switches; default 300)",
    )
    parser.add_argument(
        "--tripeaks-before", type=Path, default=None, metavar="DIST",
        help="only compare TriPeaks' cold/warm start (--runs each) on this other built dist and on SITE_DIST",
    )
    parser.add_argument(
        "--ab-page", choices=sorted(AB_TITLES), default="",
        help="with --tripeaks-before: the game page compared (default index.html, TriPeaks)",
    )
    args = parser.parse_args()
    if args.tripeaks_before is not None:
        load = os.getloadavg()[0]
        with chromium() as browser:
            ab = start_ab(browser, args.tripeaks_before.resolve(), args.runs, args.ab_page)
        print(json.dumps(ab, indent=1))
        command = (
            f"SITE_DIST={DIST} .venv/bin/python benchmarks/shell_browser_bench.py --tripeaks-before "
            f"{args.tripeaks_before} --runs {args.runs}"
        ) + (f" --ab-page {args.ab_page}" if args.ab_page else "")
        text = ab_markdown(ab, args.tripeaks_before, command, load, args.ab_page)
        print(text)
        if args.write:
            stem = args.ab_page.removesuffix(".html")
            write_block(f"{stem}-start-ab" if stem else "shell-browser-ab", text)
        return
    gaps: list[int] = args.gap_ms or [300]
    require(DIST, "config.json")
    load_before = os.getloadavg()[0]
    taps: dict[str, Any] = {}
    with serve() as base, chromium() as browser:
        for gap in gaps:
            found, played = pyramid_taps(browser, base, args.pairs, args.deals, gap)
            taps[str(gap)] = tap_figures(found, played)
        switched = switches(browser, base, args.switches, gaps[0])
        pyramid_start = start_figures(browser, base, args.runs) if args.runs > 0 else {}
    timed = switched["to pyramid"] + switched["to tripeaks"]
    result: dict[str, Any] = {
        "machine": machine(),
        "commit": commit(),
        "gap_ms": gaps[0],
        "pyramid_taps": taps,
        "switches": {
            "to pyramid_ms": figures([s["ms"] for s in switched["to pyramid"]]),
            "to tripeaks_ms": figures([s["ms"] for s in switched["to tripeaks"]]),
            "both_ms": figures([s["ms"] for s in timed]),
            "mark_ms": figures([s["mark"] for s in timed]),
            "after_mark_ms": figures([s["ms"] - s["mark"] for s in timed]),
            "worker_ms": figures([s["worker"] for s in timed]),
            "ops": sorted({op for s in timed for op in s["ops"]}),
            "first_ms": round(switched["first to pyramid"]["ms"], 1),
            "each": [[s["game"], round(s["ms"], 1), round(s["worker"], 1)] for s in timed],
        },
        "pyramid_start": pyramid_start,
    }
    print(json.dumps(result, indent=1))
    command = (
        f"SITE_DIST={DIST} .venv/bin/python benchmarks/shell_browser_bench.py --pairs {args.pairs} "
        f"--deals {args.deals} --switches {args.switches} --runs {args.runs} "
        + " ".join(f"--gap-ms {gap}" for gap in gaps)
    )
    if args.runs > 0:
        text = markdown(result, command, load_before)
        print(text)
        if args.write:
            write_block("shell-browser", text)


if __name__ == "__main__":
    main()
