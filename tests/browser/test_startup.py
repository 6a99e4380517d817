"""How the page starts: the start-up snapshot the build ships, each way of falling back from it, and the saved
table drawn from storage before the engine is ready.

- A first visit (an empty browser) restores the shipped snapshot: the worker's boot message says "shipped",
  the engine wheel is not even fetched, random deals still differ from one start to the next, and the
  standard library the restore started without is put in place afterwards.
- Every way the shipped snapshot can fail ends in the ordinary start, with a playable table and no word to
  the player: a damaged download (the harness answers the request with other bytes), a config.json naming
  another Pyodide, and (test hooks of the worker, tools/testhooks.js) a snapshot of another Pyodide build,
  one that does not restore, and one whose recorded engine is not the wheel's.
- A host that sends the .gz file decoded still gets the snapshot used (its raw sha256 is checked).
- A returning player's table is drawn from storage while the engine starts (display only: a tap changes
  nothing, the table says it is busy), and the engine's table then takes its place without moving anything.
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import localsite
import pytest
from conftest import DIST, READY, TEST_DIST, Table

BOOT_RECORDER = """
(() => {
  const Original = window.Worker;
  window.__boot = null;
  window.__snapshotSaved = null;
  window.Worker = class extends Original {
    constructor(url, options) {
      super(url, options);
      this.addEventListener('message', e => {
        if (e.data && e.data.type === 'boot') window.__boot = e.data;
        if (e.data && e.data.type === 'snapshot-saved') window.__snapshotSaved = e.data.ok;
      });
    }
  };
})();
"""

OWN_SNAPSHOTS = """
async (drop) => {
  let count = 0;
  for (const name of await caches.keys()) {
    if (!name.startsWith('tripeaks-engine-snapshot:')) continue;
    count += (await (await caches.open(name)).keys()).length;
    if (drop) await caches.delete(name);
  }
  return count;
}
"""

BOOT_AND_DEALS = """
async () => {
  const worker = new Worker('worker.js', {type: 'module'});
  let stdlib = null;
  const stdlibPlaced = new Promise(resolve => worker.addEventListener('message', (event) => {
    if (event.data.type === 'stdlib') resolve(event.data);
  }));
  const boot = await new Promise(resolve => {
    worker.onmessage = (event) => { if (event.data.type === 'boot') resolve(event.data); };
  });
  const ask = (id, op, args) => new Promise(resolve => {
    worker.onmessage = (event) => resolve(event.data);
    worker.postMessage({id, op, args});
  });
  const random = await ask(1, 'new', {});
  const pyramid = await new Promise(resolve => {
    worker.onmessage = (event) => resolve(event.data);
    worker.postMessage({id: 2, game: 'pyramid', op: 'new', args: {deal_id: '7'}});
  });
  stdlib = await stdlibPlaced;
  worker.terminate();
  return {boot, random: random.state.deal_id, pyramid: pyramid.ok, stdlib};
}
"""


def config() -> dict[str, Any]:
    result: dict[str, Any] = json.loads((TEST_DIST / "config.json").read_text(encoding="utf-8"))
    return result


def boot_of(page: Any) -> dict[str, Any]:
    page.wait_for_function("() => window.__boot !== null")
    boot: dict[str, Any] = page.evaluate("() => window.__boot")
    return boot


def plays(table: Table) -> None:
    """The table is playable: a card taken, then undone."""
    position = table.playable()[0]
    table.take(position)
    table.press("u")
    table.page.wait_for_function(
        "p => document.querySelector(`#peaks .card[data-pos='${p}']`).dataset.state === 'up'", arg=position
    )


def test_a_first_visit_restores_the_shipped_snapshot(
    context: Any, table: Table, origin_guard: list[str]
) -> None:
    context.add_init_script(BOOT_RECORDER)
    # The service worker, registered once the table is up, precaches the wheel for offline play: only the
    # page's and its worker's own requests say whether the start needed it.
    own: list[str] = []
    context.on("request", lambda request: None if request.service_worker else own.append(request.url))
    table.open("#7")
    boot = boot_of(table.page)
    assert boot["snapshot"] == "shipped", boot
    assert boot["shippedError"] is None
    snapshot_file = config()["snapshot"]["file"]
    assert any(url.endswith("/" + snapshot_file) for url in own)  # the worker's requests are seen
    assert not any("/wheels/" in url for url in own), "the wheel is in the snapshot: not fetched"
    plays(table)
    assert table.hint() in ("take", "draw")
    # Once the table is up, the snapshot is kept as this browser's own (raw): the next start restores that.
    # (Counting the cache's entries is not enough: Chromium can list an entry before its put has settled.)
    table.page.wait_for_function("() => window.__snapshotSaved !== null")
    assert table.page.evaluate("window.__snapshotSaved") is True
    assert table.page.evaluate(f"({OWN_SNAPSHOTS})(false)") == 1
    second_start = table.page.evaluate(BOOT_AND_DEALS)["boot"]
    why = {key: second_start.get(key) for key in ("snapshot", "ownError", "shippedError", "phases")}
    assert second_start["snapshot"] == "used", why
    # Restored memory must not mean restored luck; every game's engine is in the snapshot. (Without a copy
    # of its own, a start restores the shipped snapshot again.)
    first, second = ((table.page.evaluate(OWN_SNAPSHOTS, True), table.page.evaluate(BOOT_AND_DEALS))[1]
                     for _ in range(2))
    assert first["boot"]["snapshot"] == second["boot"]["snapshot"] == "shipped"
    assert first["random"] != second["random"]
    assert first["pyramid"] and second["pyramid"]
    # The restore starts with an empty standard library; the real one is put in place once the engine runs.
    assert first["stdlib"] == {"type": "stdlib", "ok": True}


def _damaged(route: Any) -> None:
    body = bytearray((DIST / config()["snapshot"]["file"]).read_bytes())
    body[len(body) // 2] ^= 0xFF  # one byte changed in transit or on the host
    route.fulfill(status=200, body=bytes(body), headers={"content-type": "application/gzip"})


def _other_pyodide(route: Any) -> None:
    changed = config()
    changed["snapshot"]["pyodide"] = "0.0.1"
    route.fulfill(status=200, body=json.dumps(changed), headers={"content-type": "application/json"})


FALLBACKS = {
    # case: (address query, harness route (glob, handler) or None, words of the reason given in the console)
    "damaged download": ("", ("**/engine-*.snapshot.gz", _damaged), "damaged"),
    "config names another Pyodide": ("", ("**/config.json", _other_pyodide), "another Pyodide"),
    "another Pyodide build": ("?test-snapshot=foreign-build", None, "build id"),
    "restore throws": ("?test-snapshot=unreadable", None, "magic"),
    "stale snapshot (another wheel)": ("?test-snapshot=stale", None, "another engine"),
}


@pytest.mark.parametrize("case", list(FALLBACKS))
def test_every_failure_of_the_shipped_snapshot_falls_back_to_the_ordinary_start(
    context: Any, table: Table, case: str
) -> None:
    query, route, reason = FALLBACKS[case]
    context.add_init_script(BOOT_RECORDER)
    if route:
        context.route(*route)
    table.open("#7", query=query)
    boot = boot_of(table.page)
    assert boot["ok"] is True
    assert boot["snapshot"] == "made", boot  # the ordinary start (which saves this browser's own snapshot)
    assert reason in (boot["shippedError"] or ""), boot
    # Nothing said to the player: the message line holds no notice, the table plays.
    assert table.page.get_attribute("#message", "data-kind") != "notice"
    assert table.page.get_attribute("#game", "data-state") == "ready"
    plays(table)


class DecodingHostHandler(localsite.SiteHandler):
    """A host that sends the .gz snapshot with `Content-Encoding: gzip`: the browser decodes it on the way, so
    the worker receives the raw snapshot."""

    def end_headers(self) -> None:
        if self.path.split("?")[0].endswith(".snapshot.gz"):
            self.send_header("Content-Encoding", "gzip")
        super().end_headers()


@pytest.fixture
def decoding_host() -> Iterator[str]:
    handler = functools.partial(DecodingHostHandler, directory=str(TEST_DIST))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def origin_guard(context: Any, server: str, request: pytest.FixtureRequest) -> Iterator[list[str]]:
    """conftest's guard, with the decoding host of this module allowed too."""
    origins = [server]
    if "decoding_host" in request.fixturenames:
        origins.append(request.getfixturevalue("decoding_host"))
    seen: list[str] = []
    context.on("request", lambda r: seen.append(r.url))
    yield seen
    foreign = [url for url in seen if not url.startswith((*(o + "/" for o in origins), "data:", "blob:"))]
    assert not foreign, f"requests left the page origin: {foreign}"


def test_a_snapshot_sent_decoded_by_the_host_is_used(context: Any, page: Any, decoding_host: str) -> None:
    context.add_init_script(BOOT_RECORDER)
    table = Table(page, decoding_host)
    page.set_default_timeout(60_000)
    table.open("#7")
    boot = boot_of(page)
    assert boot["snapshot"] == "shipped", (boot["shippedError"], boot["phases"])
    plays(table)


# ------------------------------------------------------------------ the saved table before the engine

LAYOUT_SHIFTS = """
window.__shifts = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__shifts.push({at: e.startTime, value: e.value});
}).observe({type: 'layout-shift', buffered: true});
"""
BOXES = """
() => Array.from(document.querySelectorAll('#board .card, #board [id]')).filter(el => el.checkVisibility())
  .map(el => { const r = el.getBoundingClientRect();
               return [el.id || el.dataset.pos || el.dataset.card || el.className,
                       Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)]; })
"""
CARDS = """
() => Array.from(document.querySelectorAll('#board .card')).filter(el => el.checkVisibility())
  .map(el => [el.dataset.card || '', el.dataset.state || '',
              el.className.replace(/\\s*(shake|hinted)\\b/g, '')])
"""


@pytest.mark.browser_context_args(service_workers="block")  # config.json from the network, where it is held
@pytest.mark.parametrize("path", ["", "pyramid.html", "klondike.html"])
def test_a_saved_table_shows_before_the_engine_is_ready_and_stays_put(
    context: Any, page: Any, server: str, path: str
) -> None:
    page.set_default_timeout(60_000)
    # config.json, which the worker fetches first, is let through until `hold` says otherwise.
    held: list[Any] = []
    hold = [False]
    context.route("**/config.json", lambda route: held.append(route) if hold[0] else route.continue_())
    page.goto(f"{server}/{path}#7")
    page.wait_for_selector(READY, timeout=90_000)
    page.evaluate("() => localStorage.setItem(document.documentElement.dataset.game + '.welcome', 'seen')")
    if not path:
        page.click("#stock")  # a move, so the save is not only the deal's start
        page.wait_for_function("() => document.querySelector('#stock').dataset.count === '22'")
    page.wait_for_timeout(300)
    saved_cards = page.evaluate(CARDS)
    saved_status = page.text_content("#status")

    # The engine is held back (config.json waits): what shows is the page's own drawing from storage.
    hold[0] = True
    context.add_init_script(LAYOUT_SHIFTS)
    page.goto(f"{server}/{path}?again#7")
    page.wait_for_selector("#game[data-preview='saved']")
    assert page.get_attribute("#game", "data-state") == "loading"
    assert page.get_attribute("#game", "aria-busy") == "true"
    page.wait_for_timeout(300)
    assert page.evaluate(CARDS) == saved_cards
    assert page.text_content("#status") == saved_status
    assert page.is_disabled("#undo") and page.is_disabled("#hint")
    before = page.evaluate(BOXES)
    # A tap now is not played (nothing is decided before the engine is ready) and changes nothing.
    page.locator("#board .card:visible").last.click(force=True)
    page.wait_for_timeout(200)
    assert page.evaluate(CARDS) == saved_cards
    assert page.evaluate("() => performance.getEntriesByName('table-painted').length") == 1

    shifts_before = page.evaluate("() => window.__shifts.length")
    assert held, "config.json was asked for"
    hold[0] = False
    for route in held:
        route.continue_()
    page.wait_for_selector(READY, timeout=90_000)
    page.wait_for_timeout(300)
    assert page.get_attribute("#game", "data-preview") is None
    assert page.get_attribute("#game", "aria-busy") is None
    # The engine's table is the one that was drawn, in the same place: nothing moved.
    assert page.evaluate(CARDS) == saved_cards
    assert page.evaluate(BOXES) == before
    later = page.evaluate("n => window.__shifts.slice(n).reduce((a, s) => a + s.value, 0)", shifts_before)
    assert later == 0, f"layout shifted by {later} when the engine became ready"


def test_no_saved_table_is_drawn_for_another_deal_named_in_the_address(page: Any, server: str) -> None:
    table = Table(page, server)
    page.set_default_timeout(60_000)
    table.open("#7")
    page.wait_for_timeout(300)
    page.goto(f"{server}/?again#8")
    page.wait_for_selector(READY, timeout=90_000)
    assert page.evaluate("() => performance.getEntriesByName('table-painted').length") == 0


def test_the_shipped_site_names_its_snapshot(shipped_server: str) -> None:
    shipped: dict[str, Any] = json.loads((DIST / "config.json").read_text(encoding="utf-8"))
    info = shipped["snapshot"]
    assert info["wheel_sha256"] == shipped["wheel_sha256"]
    assert (DIST / info["file"]).stat().st_size == info["bytes"]
    assert Path(DIST / "sw.js").read_text(encoding="utf-8").count(json.dumps(info["file"])) == 1
