"""The page as an installable, offline web app (tools/pwa.py, web/js/pwa.js).

Each test serves its own copy of dist/ (taken once per session, so a rebuild by someone else while the
tests run changes nothing), at the root or under a nested sub-path, from a server that can switch to
another copy at the same URL (a new deploy). Nothing here measures time.
"""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import struct
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import DIST, ROOT, Table

sys.path.insert(0, str(ROOT / "tools"))
import pwa  # noqa: E402

NESTED = "/games/tripeaks"
SW_ACTIVE = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (worker.state !== 'activated') {
    await new Promise(resolve => worker.addEventListener('statechange',
      () => worker.state === 'activated' && resolve()));
  }
  return registration.scope;
}"""


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files of `site.directory` under `site.prefix`; 404 outside it. Counts what it serves."""

    site: Site

    extensions_map = {  # noqa: RUF012
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
    }

    def __init__(self, *args: Any, site: Site, **kwargs: Any) -> None:
        self.site = site
        super().__init__(*args, directory=str(site.directory), **kwargs)

    def translate_path(self, path: str) -> str:
        prefix = self.site.prefix
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if prefix and clean != prefix and not clean.startswith(prefix + "/"):
            return str(self.site.directory / "__outside_the_site__")
        return super().translate_path(path[len(prefix):] or "/")

    def do_GET(self) -> None:
        self.site.served.append(self.path)
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class Site:
    def __init__(self, directory: Path, prefix: str) -> None:
        self.directory = directory
        self.prefix = prefix
        self.served: list[str] = []
        handler = functools.partial(SiteHandler, site=self)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.url = self.origin + prefix  # no trailing slash, as Table expects
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def dist_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (DIST / "sw.js").exists() or not (DIST / "manifest.webmanifest").exists():
        pytest.fail("dist/ has no service worker or manifest: run `python3 build.py build`")
    target = tmp_path_factory.mktemp("pwa") / "v1"
    shutil.copytree(DIST, target)
    return target


@pytest.fixture(params=["root", "nested"])
def site(request: pytest.FixtureRequest, dist_copy: Path) -> Iterator[Site]:
    served = Site(dist_copy, "" if request.param == "root" else NESTED)
    yield served
    served.close()


@pytest.fixture(autouse=True)
def origin_guard(context: Any, request: pytest.FixtureRequest) -> Iterator[list[str]]:
    """Like conftest's guard, for this module's own servers: nothing may leave 127.0.0.1."""
    seen: list[str] = []
    context.on("request", lambda r: seen.append(r.url))
    yield seen
    foreign = [url for url in seen if not url.startswith(("http://127.0.0.1:", "data:", "blob:"))]
    assert not foreign, f"requests left the page origin: {foreign}"


def open_table(page: Any, site: Site, fragment: str = "#7") -> Table:
    page.set_default_timeout(60_000)
    table = Table(page, site.url)
    table.open(fragment)
    return table


def wait_offline_ready(page: Any, site: Site) -> None:
    scope = page.evaluate(SW_ACTIVE)
    assert scope == site.url + "/"


def not_served_offline(site: Site, since: int) -> bool:
    """Nothing reached the server since `since`, except the browser's own update checks of sw.js
    (made by the browser process, which Playwright's offline emulation does not cover)."""
    return [path for path in site.served[since:] if path.split("?")[0] != site.prefix + "/sw.js"] == []


# ------------------------------------------------------------------ offline


def test_plays_offline_after_one_visit(page: Any, context: Any, site: Site) -> None:
    table = open_table(page, site)
    first = table.playable()[0]
    table.take(first)
    wait_offline_ready(page, site)

    responses: list[Any] = []
    context.on("response", lambda r: responses.append(r))
    context.set_offline(True)
    served_before = len(site.served)
    page.reload()
    table.wait_ready()

    # The game in progress came back (localStorage) and the whole boot came from the service worker.
    assert table.card(first)["state"] == "gone"
    paths = {r.url.split(site.url, 1)[-1].split("?")[0] for r in responses}
    for needed in ("/", "/app.js", "/worker.js", "/config.json", "/pyodide/pyodide.mjs",
                   "/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip", "/pyodide/pyodide-lock.json"):
        assert needed in paths, f"{needed} not loaded offline: {sorted(paths)}"
    assert any(p.startswith("/wheels/tripeaks_core-") for p in paths)
    assert any(p.startswith("/pyodide/micropip-") for p in paths)
    not_from_sw = [r.url for r in responses if not r.from_service_worker]
    assert not_from_sw == []
    assert not_served_offline(site, served_before)

    # Playable offline: a take, a draw, an undo and a hint.
    before = table.snapshot()
    position = table.playable()[0]
    table.take(position)
    stock = table.stock()
    table.draw()
    assert table.stock() == stock - 1
    table.press("u")
    table.wait_stock(stock)
    assert table.card(position)["state"] == "gone"
    assert table.snapshot() != before
    assert table.hint() in ("take", "draw")
    assert not_served_offline(site, served_before)


# ------------------------------------------------------------------ updates
