"""Klondike's page targets in headless Chromium (issue 11): tap-to-paint of a move, frame times of a drag.

    SITE_DIST=/tmp/dist-x .venv/bin/python benchmarks/klondike_page_bench.py [--moves 40] [--deals 8]
        [--drags 6] [--drag-steps 120] [--gap-ms 300] [--write]

Needs a built dist/ (`python3 build.py build`), served and driven as `browser_bench.py` does (its server,
browser context and request recorder: GitHub Pages' cache header, no service worker). Figures:

- one-tap move: the click on a card that has exactly one destination (the page's `data-auto`, from the
  snapshot) to the first animation frame after the table shows the move;
- select then place: the click on the destination (the second tap; the first one picked up a card with two
  destinations or more) to the first frame after the move shows; the first tap is timed apart (select: the
  page alone, no request);
- draw: the click on the stock to the first frame after the waste shows the card drawn (a recycle when the
  stock is empty, timed apart).

Timed as `browser_bench.py` and `shell_browser_bench.py` do: `performance.now()` just before the element's
`click()`, a MutationObserver on the board until the position it shows (columns, waste, foundations, stock)
differs, then `requestAnimationFrame`. The worker's reply time of each move's request (postMessage to reply,
page clock) is kept to tell the page's part from the worker's. The deals (`--deals`, numbers 1, 2, …) are
played forward as a player would, choosing from the page's own marks only: a one-tap card to a foundation,
else one that uncovers a face-down card, else a card with several destinations (its first one), else a draw
(or a recycle); a card moved three times is left alone, so nothing goes back and forth; `--gap-ms` between
taps (a player's pace; the worker starts its background hint work after 250 ms without a request). Each
deal is played until every kind has `--moves` timings or `--moves * 3` taps were made.

- drag: `--drags` scripted mouse drags of a face-up card (with its run), each `--drag-steps` pointer moves
  along a loop over the table and let go where it started (so nothing moves); the frame times are the
  page's own (web/games/klondike/drag.js records the time between two painted frames of a drag, in
  `#klondike-board[data-drag-frames]`). 60 frames a second is 16.7 ms a frame.

`--write` puts the result between the `klondike-page:start` / `klondike-page:end` markers of
docs/PERFORMANCE.md (appended at the end of the file, under "## Klondike", when they are not there yet).
"""

from __future__ import annotations

import json
import math
import os
from typing import Any

from harness.browser import DIST, chromium, machine, require, serve
from harness.docs import stamp, write_block, writing_arguments
from harness.figures import summary_dict as summary
from harness.page import READY, behind_background, new_context
from harness.runs import commit
from playwright.sync_api import Browser, Page

BOARD = "#klondike-board"
FRAME_MS = 1000 / 60
MOVES = ("auto", "place", "draw", "recycle")

# The position the table shows (what a move changes), as one text.
SIGNATURE_JS = """() => {
  const b = document.querySelector('#klondike-board');
  const cols = [...b.querySelectorAll('.kl-column')].map(c =>
    [...c.children].map(e => e.classList.contains('kl-down') ? 'd' : (e.dataset.card || '')).join(','));
  return [cols.join('|'), b.querySelector("[data-place='W']").dataset.card || '',
          [...b.querySelectorAll('.kl-foundation')].map(f => f.dataset.card || '').join(','),
          b.querySelector("[data-place='stock']").dataset.count].join(';');
}"""

# Click an element; resolve at the first frame after the board shows another position.
MOVE_JS = (
    """(selector) => new Promise((resolve, reject) => {
  const signature = """
    + SIGNATURE_JS
    + """;
  const board = document.querySelector('#klondike-board');
  const el = document.querySelector(selector);
  if (!el) { reject(new Error(`nothing at ${selector}`)); return; }
  const before = signature();
  const t0 = performance.now();
  const timer = setTimeout(() => reject(new Error(`${selector}: the table never changed`)), 30000);
  const observer = new MutationObserver(() => {
    if (signature() === before) return;
    observer.disconnect();
    clearTimeout(timer);
    const seen = performance.now() - t0;
    requestAnimationFrame(() => {
      const request = window.__requests.find(r => r.sent >= t0 && r.answered !== null && r.op === 'move');
      resolve({ms: performance.now() - t0, dom: seen, sent: request ? request.sent : null,
               worker: request ? request.answered - request.sent : null});
    });
  });
  observer.observe(board, {attributes: true, subtree: true, childList: true});
  el.click();
})"""
)

# Click a card; resolve at the first frame after it shows as picked up.
SELECT_JS = """(selector) => new Promise((resolve, reject) => {
  const el = document.querySelector(selector);
  const t0 = performance.now();
  const timer = setTimeout(() => reject(new Error(`${selector} never showed as picked up`)), 30000);
  const observer = new MutationObserver(() => {
    if (!el.classList.contains('kl-selected')) return;
    observer.disconnect();
    clearTimeout(timer);
    requestAnimationFrame(() => resolve(performance.now() - t0));
  });
  observer.observe(el, {attributes: true, attributeFilter: ['class']});
  el.click();
})"""

# What the page marks: each card that may move (column cards, the waste top, foundation tops) with its
# one-tap destination, its destinations, its place and whether a face-down card lies just under it.
TABLE_JS = """() => {
  const b = document.querySelector('#klondike-board');
  const cards = [];
  for (const col of b.querySelectorAll('.kl-column')) {
    const kids = [...col.children].filter(e => !e.classList.contains('kl-slot'));
    kids.forEach((e, i) => {
      if (!e.classList.contains('kl-up') || !e.dataset.destinations) return;
      cards.push({code: e.dataset.card, auto: e.dataset.auto, to: e.dataset.destinations.split(' '),
                  from: 'T' + col.dataset.column,
                  uncovers: i > 0 && kids[i - 1].classList.contains('kl-down')});
    });
  }
  for (const e of b.querySelectorAll("[data-place='W'], .kl-foundation")) {
    if (e.dataset.card && e.dataset.destinations) {
      cards.push({code: e.dataset.card, auto: e.dataset.auto, to: e.dataset.destinations.split(' '),
                  from: e.dataset.place[0], uncovers: e.dataset.place === 'W'});
    }
  }
  const stock = b.querySelector("[data-place='stock']");
  return {cards, stock: Number(stock.dataset.count), canStock: stock.getAttribute('aria-disabled') !== 'true',
          over: document.querySelector('dialog[open]') !== null};
}"""


def card_selector(card: dict[str, Any]) -> str:
    code = card["code"]
    if card["from"].startswith("T"):
        return f"{BOARD} .kl-up[data-card='{code}']"
    if card["from"] == "W":
        return f"{BOARD} [data-place='W'][data-card='{code}']"
    return f"{BOARD} .kl-foundation[data-card='{code}']"


def destination_selector(page: Page, code: str, destination: str) -> str:
    """The element a tap puts the picked-up card on: its suit's foundation, a column's top card or slot."""
    if destination == "F":
        return f"{BOARD} .kl-foundation[data-suit='{code[1]}']"
    column = destination[1:]
    top = f"{BOARD} [data-column='{column}'] > .card:last-child"
    return top if page.locator(top).count() else f"{BOARD} [data-place='T{column}']"


def open_deal(browser: Browser, base: str, deal: int) -> tuple[Any, Page]:
    context = new_context(browser)
    context.add_init_script("localStorage.setItem('klondike.welcome', 'seen');")
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{base}/klondike.html#{deal}")
    page.wait_for_selector(READY, timeout=120_000)
    page.wait_for_function(
        "id => document.querySelector('#deal-id').textContent === '#' + id", arg=str(deal)
    )
    return context, page


def choose(table: dict[str, Any], moved: dict[str, int]) -> tuple[str, dict[str, Any] | None]:
    """The next tap of the player: ("auto" | "place" | "draw" | "recycle" | "", card)."""
    cards = [c for c in table["cards"] if moved.get(c["code"], 0) < 3]
    autos = [c for c in cards if c["auto"]]
    for card in autos:
        if card["auto"] == "F":
            return "auto", card
    for card in autos:
        if card["uncovers"] and card["from"] != "F":
            return "auto", card
    several = [c for c in cards if len(c["to"]) > 1 and c["from"] != "F"]
    if several:
        return "place", several[0]
    if table["canStock"]:
        return ("draw" if table["stock"] > 0 else "recycle"), None
    return "", None


def play_deal(page: Page, want: int, gap_ms: int, found: dict[str, list[Any]]) -> int:
    """Play the deal on `page` forward; returns how many taps were timed."""
    moved: dict[str, int] = {}
    taps = 0
    while taps < want * 3 and min(len(found[k]) for k in ("auto", "place", "draw")) < want:
        table = page.evaluate(TABLE_JS)
        if table["over"]:
            break
        kind, card = choose(table, moved)
        if not kind:
            break
        page.wait_for_timeout(gap_ms)
        if card is None:
            found[kind].append(page.evaluate(MOVE_JS, f"{BOARD} [data-place='stock']"))
        elif kind == "auto":
            found["auto"].append(page.evaluate(MOVE_JS, card_selector(card)))
        else:
            found["select"].append(page.evaluate(SELECT_JS, card_selector(card)))
            page.wait_for_timeout(gap_ms)
            target = destination_selector(page, card["code"], card["to"][0])
            found["place"].append(page.evaluate(MOVE_JS, target))
        if card is not None:
            moved[card["code"]] = moved.get(card["code"], 0) + 1
        taps += 1
        # the cards glide for a moment after a move: the next tap comes once they are home
        page.wait_for_function("() => !document.querySelector('.kl-flying')")
    return taps


# A drag driven from inside the page: a pointer (type mouse) pressed on a card, moved every 4 ms along an
# arc to the far side of the table and back for `ms`, let go where it started; resolves with the intervals
# between the animation frames seen meanwhile.
DRAG_JS = """([selector, x, y, far, height, ms]) => new Promise(resolve => {
  const el = document.querySelector(selector);
  const base = {pointerId: 1, pointerType: 'mouse', isPrimary: true, bubbles: true, cancelable: true,
                composed: true};
  el.dispatchEvent(new PointerEvent('pointerdown', {...base, clientX: x, clientY: y, button: 0, buttons: 1}));
  const frames = [];
  let last = 0;
  let done = false;
  const tick = (t) => { if (last) frames.push(t - last); last = t; if (!done) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const t0 = performance.now();
  const timer = setInterval(() => {
    const p = Math.min(1, (performance.now() - t0) / ms);
    const reach = 1 - Math.abs(1 - 2 * p);
    const at = {clientX: x + (far - x) * reach, clientY: y + height * 0.3 * Math.sin(Math.PI * reach)};
    el.dispatchEvent(new PointerEvent('pointermove', {...base, ...at, buttons: 1}));
    if (p < 1) return;
    clearInterval(timer);
    el.dispatchEvent(new PointerEvent('pointerup', {...base, clientX: x, clientY: y, button: 0, buttons: 0}));
    done = true;
    resolve(frames);
  }, 4);
})"""


def drag_frames(page: Page, drags: int, steps: int, drag_ms: int) -> dict[str, list[float]]:
    """Frame times (ms) of drags of a face-up card (with its run) carried along an arc and let go where it
    started: the page's painted frames (drag.js) of drags driven from inside the page (`drag_ms` each) and
    of drags made with Playwright's mouse (`steps` moves each, as fast as the browser takes them)."""
    out: dict[str, list[float]] = {"page": [], "raf": [], "mouse": []}
    for i in range(drags):
        codes: list[str] = page.eval_on_selector_all(f"{BOARD} .kl-up", "els => els.map(e => e.dataset.card)")
        code = codes[i % len(codes)]
        selector = f"{BOARD} .kl-up[data-card='{code}']"
        box = page.locator(selector).bounding_box()
        table = page.locator(f"{BOARD} .kl-table").bounding_box()
        assert box is not None and table is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + 8
        left, right = table["x"] + table["width"] * 0.1, table["x"] + table["width"] * 0.9
        far = right if x < table["x"] + table["width"] / 2 else left
        out["raf"].extend(page.evaluate(DRAG_JS, [selector, x, y, far, table["height"], drag_ms]))
        page.wait_for_function("() => !document.querySelector('.kl-dragging, .kl-flying')")
        out["page"].extend(float(ms) for ms in (page.get_attribute(BOARD, "data-drag-frames") or "").split())
        page.mouse.move(x, y)
        page.mouse.down()
        for step in range(1, steps + 1):
            reach = 1 - abs(1 - 2 * step / steps)
            page.mouse.move(x + (far - x) * reach, y + table["height"] * 0.3 * math.sin(math.pi * reach))
        page.mouse.move(x, y)
        page.mouse.up()
        page.wait_for_function("() => !document.querySelector('.kl-dragging, .kl-flying')")
        out["mouse"].extend(float(ms) for ms in (page.get_attribute(BOARD, "data-drag-frames") or "").split())
    return out


def run(
    browser: Browser, base: str, want: int, deals: int, *, gap_ms: int, drags: int, steps: int, drag_ms: int
) -> dict[str, Any]:
    found: dict[str, list[Any]] = {"auto": [], "place": [], "draw": [], "recycle": [], "select": []}
    played: list[int] = []
    frames: dict[str, list[float]] = {}
    for deal in range(1, deals + 1):
        context, page = open_deal(browser, base, deal)
        try:
            if not frames and drags:
                frames = drag_frames(page, drags, steps, drag_ms)
            first = {kind: len(found[kind]) for kind in MOVES}
            play_deal(page, want, gap_ms, found)
            played.append(deal)
            # the worker's background work (its own trace) that each move's request waited behind
            trace = page.evaluate("() => window.__trace")
            slices = [{"start": t["end"] - t["ms"], "ms": t["ms"], "op": t["op"]} for t in trace]
            for kind in MOVES:
                for move in found[kind][first[kind]:]:
                    if move["sent"] is not None and move["worker"] is not None:
                        move["behind"] = behind_background([move], slices)[0]
        finally:
            context.close()
        if min(len(found[k]) for k in ("auto", "place", "draw")) >= want:
            break
    figures: dict[str, Any] = {"deals": played}
    for kind in ("auto", "place", "draw", "recycle"):
        if found[kind]:
            figures[kind] = summary([f["ms"] for f in found[kind]])
            figures[f"{kind}_worker"] = summary([f["worker"] for f in found[kind] if f["worker"] is not None])
    figures["select"] = summary(found["select"]) if found["select"] else {}
    moves = [f for k in ("auto", "place", "draw") for f in found[k]]
    figures["move"] = summary([f["ms"] for f in moves])
    slow = [f for f in moves if f["ms"] > 33]
    figures["slow"] = len(slow)
    figures["slow_worker"] = sum(1 for f in slow if (f["worker"] or 0) > 33 - 17)
    figures["slow_behind"] = sum(1 for f in slow if f.get("behind", 0) > 0)
    for name, values in frames.items():
        figures[f"frames_{name}"] = summary(values) if values else {}
        figures[f"frames_{name}_long"] = sum(1 for ms in values if ms > FRAME_MS * 1.5)
    return figures


def markdown(result: dict[str, Any], command: str, load_before: float) -> str:
    def row(name: str, f: dict[str, float], target: str) -> str:
        return f"| {name} | {f['median']} | {f['p95']} | {f['max']} | {f['n']} | {target} |"

    target = "median ≤ 16, p95 ≤ 33"
    named = (("auto", "one-tap move: tap to paint"), ("place", "select then place: second tap to paint"),
             ("draw", "draw: stock tap to paint"))
    rows = [row(name, result[kind], target) for kind, name in named if kind in result]
    rows.append(row("every move above", result["move"], target))
    if "recycle" in result:
        rows.append(row("recycle: stock tap to paint", result["recycle"], "—"))
    if result["select"]:
        rows.append(row("select (first tap, no request): tap to paint", result["select"], "—"))
    page, raf, mouse = result["frames_page"], result["frames_raf"], result["frames_mouse"]
    rows.append(row("drag, pointer moved every 4 ms: between two painted frames", page, f"≤ {FRAME_MS:.1f}"))
    rows.append(row("drag, pointer moved every 4 ms: between two animation frames", raf, f"≤ {FRAME_MS:.1f}"))
    rows.append(row("drag, Playwright's mouse: between two painted frames", mouse, "—"))
    move = result["move"]
    met = move["median"] <= 16 and move["p95"] <= 33
    workers = ", ".join(
        f"{name} median {result[k]['median']}, p95 {result[k]['p95']}"
        for name, k in (("one-tap", "auto_worker"), ("place", "place_worker"), ("draw", "draw_worker"))
        if result.get(k)
    )
    fps = 1000 / page["median"] if page else 0
    lines = [
        f"Command: `{command}` — {stamp()}, {result['machine']}"
        f"; load average {load_before:.1f} at the start"
        + (". **Other work loaded the machine while this ran**: the figures are a loaded machine's"
           if max(load_before, os.getloadavg()[0]) >= 1.0 else "")
        + f". Dist built with `python3 build.py build` from the tree at {result['commit']}.",
        "",
        "| figure (ms) | median | 95th pct | max | count | target |",
        "| --- | --- | --- | --- | --- | --- |",
        *rows,
        "",
        f"Klondike deals {', '.join(f'#{d}' for d in result['deals'])} played forward at "
        f"{result['gap_ms']} ms between taps. Worker reply of a move's request (postMessage to reply, page "
        f"clock): {workers}. Of the {result['move']['n']} moves, {result['slow']} took more than 33 ms; in "
        f"{result['slow_worker']} of those the worker's reply alone took more than 16 ms, and "
        f"{result['slow_behind']} of them waited behind the worker's background work (its trace).",
        "",
        f"Drags: {result['drags']} of a face-up card (and its run) along an arc over the table and back, let "
        f"go where they started. Driven from inside the page (a mouse pointer's events every 4 ms for "
        f"{result['drag_ms']} ms): {page['n']} painted frames (web/games/klondike/drag.js's own record), "
        f"{fps:.0f} frames a second at the median, {result['frames_page_long']} frames longer than 1.5 "
        f"frames ({FRAME_MS * 1.5:.0f} ms). With Playwright's mouse ({result['drag_steps']} moves a "
        f"drag): the moves come only as fast as the browser takes each one from the test, so a frame with "
        f"no move in it paints nothing and the time between painted frames says more about the input than "
        f"about the page "
        f"({result['frames_mouse_long']} longer than 1.5 frames).",
        "",
        f"Targets (issue 11): a move's tap-to-paint median ≤ 16 ms and p95 ≤ 33 ms: "
        f"{'met' if met else '**not met**'}; a drag at 60 frames a second (median frame ≤ 16.7 ms + 1 ms of "
        f"timer slack): {'met' if page and page['median'] <= FRAME_MS + 1 else '**not met**'}.",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = writing_arguments(__doc__)
    parser.add_argument("--moves", type=int, default=40, help="timings wanted of each kind of move")
    parser.add_argument("--deals", type=int, default=8, help="Klondike deals played at most")
    parser.add_argument("--drags", type=int, default=6, help="scripted mouse drags")
    parser.add_argument("--drag-steps", type=int, default=120, help="Playwright mouse moves of each drag")
    parser.add_argument("--drag-ms", type=int, default=1500, help="length of each in-page drag")
    parser.add_argument("--gap-ms", type=int, default=300, help="pause between taps, as a player's")
    args = parser.parse_args()
    require(DIST, "config.json")
    load_before = os.getloadavg()[0]
    with serve() as base, chromium() as browser:
        result = run(
            browser, base, args.moves, args.deals, gap_ms=args.gap_ms, drags=args.drags,
            steps=args.drag_steps, drag_ms=args.drag_ms,
        )
    result.update(
        machine=machine(), commit=commit(), gap_ms=args.gap_ms, drags=args.drags, drag_steps=args.drag_steps,
        drag_ms=args.drag_ms,
    )
    print(json.dumps(result, indent=1))
    command = (
        f"SITE_DIST={DIST} .venv/bin/python benchmarks/klondike_page_bench.py --moves {args.moves} "
        f"--deals {args.deals} --drags {args.drags} --drag-steps {args.drag_steps} --drag-ms {args.drag_ms} "
        f"--gap-ms {args.gap_ms}"
    )
    text = markdown(result, command, load_before)
    print(text)
    if args.write:
        write_block("klondike-page", text, heading="## Klondike")


if __name__ == "__main__":
    main()
