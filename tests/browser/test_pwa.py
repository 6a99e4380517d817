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
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import DIST, ROOT, Table
from klondike_page import Klondike, movable
from klondike_page import engine_game as klondike_game
from klondike_page import expected as klondike_expected
from pyramid_page import Pyramid, engine_game, expected

from klondike_core.difficulty import deal_at_level
from solitaire_core.levels import Level

sys.path.insert(0, str(ROOT / "tools"))
import localsite
import pwa

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


class SiteHandler(localsite.SiteHandler):
    """Static files of `site.directory` under `site.prefix`; 404 outside it. Counts what it serves."""

    site: Site

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
def origin_guard(request: pytest.FixtureRequest) -> Iterator[list[str]]:
    """Like conftest's guard, for this module's own servers: nothing may leave 127.0.0.1."""
    seen: list[str] = []
    if "context" in request.fixturenames:
        request.getfixturevalue("context").on("request", lambda r: seen.append(r.url))
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

    def record(response: Any) -> None:  # (a bound list.append is not accepted as a handler)
        responses.append(response)

    context.on("response", record)
    context.set_offline(True)
    served_before = len(site.served)
    page.reload()
    table.wait_ready()

    # The game in progress came back (localStorage) and the whole boot came from the service worker.
    assert table.card(first)["state"] == "gone"
    paths = {r.url.split(site.url, 1)[-1].split("?")[0] for r in responses}
    # (the engine started from the raw copy of the shipped snapshot the first visit kept: see the end)
    for needed in ("/", "/app.js", "/worker.js", "/config.json", "/pyodide/pyodide.mjs",
                   "/pyodide/pyodide.asm.wasm", "/pyodide/pyodide-lock.json"):
        assert needed in paths, f"{needed} not loaded offline: {sorted(paths)}"
    # (the engine's wheel is not fetched: the snapshot holds every engine, imported)
    assert not any(path.startswith("/wheels/") for path in paths), sorted(paths)
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
    # The standard library, which a restore puts in place once the engine is ready, came offline too.
    deadline = time.monotonic() + 30
    while not any(r.url.split("?")[0].endswith("/pyodide/python_stdlib.zip") for r in responses):
        assert time.monotonic() < deadline, "the standard library was not fetched after the restore"
        page.wait_for_timeout(200)
    assert [r.url for r in responses if not r.from_service_worker] == []
    assert not_served_offline(site, served_before)

    # Without that copy, the start-up snapshot the site ships comes from the service worker's precache.
    page.evaluate("""async () => { for (const name of await caches.keys())
        if (name.startsWith('tripeaks-engine-snapshot:')) await caches.delete(name); }""")
    responses.clear()
    page.reload()
    table.wait_ready()
    shipped = json.loads((site.directory / "config.json").read_text(encoding="utf-8"))
    snapshot = [r for r in responses if r.url.split("?")[0].endswith("/" + shipped["snapshot"]["file"])]
    assert snapshot and all(r.from_service_worker for r in snapshot)
    assert table.card(first)["state"] == "gone"
    assert not_served_offline(site, served_before)


def test_both_games_play_offline(page: Any, context: Any, dist_copy: Path) -> None:
    # One visit of TriPeaks online; then, with the network off, Pyramid opens from its own address (never
    # visited) and both games play, switched in the page; then Klondike from its own address, everything
    # from the service worker.
    site = Site(dist_copy, NESTED)
    try:
        table = open_table(page, site)
        first = table.playable()[0]
        table.take(first)
        wait_offline_ready(page, site)
        context.set_offline(True)
        served_before = len(site.served)
        pyr = Pyramid(page, site.url).open("#7")
        game = engine_game("7")
        assert pyr.view() == expected(game)
        pair = next(str(m) for m in game.legal_moves() if m.kind == "pair")
        for move in (pair, "draw"):
            pyr.play(move)
            game.play(move)
        pyr.undo()
        game.play("undo")
        assert pyr.view() == expected(game)
        assert pyr.hint() in ("pair", "king", "draw")
        page.click("[data-game-link='tripeaks']")
        page.wait_for_selector("html[data-game='tripeaks']")
        page.wait_for_function("() => document.querySelector('#deal-id').textContent === '#7'")
        # the status can show the deal a moment before the table is drawn again
        page.wait_for_function("n => document.querySelectorAll('#peaks .card').length > n", arg=first)
        assert table.card(first)["state"] == "gone", "the TriPeaks game is kept"
        table.draw()
        page.click("[data-game-link='pyramid']")
        page.wait_for_selector("html[data-game='pyramid']")
        pyr.wait_deal("7")
        page.wait_for_function("() => document.querySelector('#moves').textContent.trim() === 'Coups 1'")
        assert pyr.view() == expected(game), "the Pyramid game is kept"
        # Klondike from its own address (never visited), offline too: a levelled draw-three link (its level
        # verified by the engine); then deal 7: a draw, a one-tap move, undo, a hint
        levelled = str(deal_at_level(Level.EASY, 3, start=1))
        kl = Klondike(page, site.url).open(f"#{levelled}")
        kl.wait_shows(klondike_game(levelled))
        assert "trois" in str(kl.page.get_attribute("#klondike-board [data-place='stock']", "aria-label"))
        kl.open("#7")
        klondike = klondike_game(7)
        assert kl.view() == klondike_expected(klondike)
        kl.play(klondike, "draw")
        kl.play(klondike, next(f"{c}>{d[0]}" for c, d in movable(klondike).items() if len(d) == 1))
        kl.page.click("#undo")
        klondike.undo()
        kl.wait_shows(klondike)
        assert kl.hint() in ("move", "draw", "recycle")
        assert not_served_offline(site, served_before)
    finally:
        site.close()


# ------------------------------------------------------------------ updates


@pytest.fixture
def two_versions(dist_copy: Path, tmp_path: Path) -> tuple[Path, Path]:
    """The build as deployed, and a next deploy differing in one file (the French title)."""
    first, second = tmp_path / "v1", tmp_path / "v2"
    shutil.copytree(dist_copy, first)
    shutil.copytree(dist_copy, second)
    catalogue = second / "i18n" / "tripeaks.fr.json"
    texts = json.loads(catalogue.read_text(encoding="utf-8"))
    texts["title"] = "Solitaire TriPeaks (v2)"
    catalogue.write_text(json.dumps(texts, ensure_ascii=False, indent=1), encoding="utf-8")
    pwa.write_service_worker(second)
    assert pwa.precache_list(first).version != pwa.precache_list(second).version
    assert pwa.precache_list(first).version == pwa.precache_list(dist_copy).version
    return first, second


def test_new_version_is_offered_and_the_game_survives(page: Any, two_versions: tuple[Path, Path]) -> None:
    first, second = two_versions
    site = Site(first, NESTED)
    try:
        table = open_table(page, site)
        assert page.title() == "Solitaire TriPeaks"
        wait_offline_ready(page, site)
        assert page.is_hidden("#update")  # a first install is not an update
        table.take(table.playable()[0])
        table.draw()
        table.take(table.playable()[0])
        before = table.snapshot()

        site.directory = second  # the next deploy, same URL
        page.reload()  # the player comes back: still the old version, and the new one installs
        table.wait_ready()
        assert page.title() == "Solitaire TriPeaks"
        page.wait_for_selector("#update", state="visible")
        assert table.text("#update") == "Nouvelle version disponible Recharger"
        assert table.snapshot() == before

        with page.expect_navigation():
            page.click("#update")
        table.wait_ready()
        page.wait_for_function("() => document.title === 'Solitaire TriPeaks (v2)'")
        assert table.snapshot() == before  # the game in progress survived the update
        assert page.is_hidden("#update")
        # The old version's precache is gone (the engine's start-up snapshot is kept apart, one per build).
        names = [n for n in page.evaluate("() => caches.keys()") if n.startswith("tripeaks:")]
        assert len(names) == 1 and names[0].endswith(pwa.precache_list(second).version), names
    finally:
        site.close()


# ------------------------------------------------------------------ installable


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_manifest_and_icons() -> None:
    manifest = json.loads((DIST / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"]
    assert manifest["lang"] == "fr" and "hors ligne" in manifest["description"]
    assert "offline" in manifest["translations"]["en"]["description"]
    assert manifest["theme_color"] == manifest["background_color"] == "#1d6b45"
    purposes = set()
    for icon in manifest["icons"]:
        path = DIST / icon["src"]
        assert path.exists(), icon["src"]
        assert not icon["src"].startswith(("/", "http")), "icon URLs are relative"
        purposes.add(icon.get("purpose", "any"))
        if icon["type"] == "image/png":
            width, height = (int(n) for n in icon["sizes"].split("x"))
            assert png_size(path) == (width, height), icon["src"]
        else:
            assert icon["type"] == "image/svg+xml" and path.read_text(encoding="utf-8").startswith("<svg")
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes and "maskable" in purposes


def test_service_worker_lists_every_file() -> None:
    files = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file())
    listed = [path for path, _ in pwa.precache_list(DIST).files]
    assert listed == [f for f in files if f != "sw.js"]
    text = (DIST / "sw.js").read_text(encoding="utf-8")
    assert pwa.precache_list(DIST).version in text
    for path in listed:
        assert json.dumps(path) in text
    assert '"/' not in text.split("const FILES", 1)[1], "every precached URL is relative"


def test_chromium_reports_the_page_installable(
    browser_type: Any, browser_type_launch_args: dict[str, Any], site: Site, tmp_path: Path
) -> None:
    # Chromium never offers to install from an incognito profile, which every new_context() is.
    context = browser_type.launch_persistent_context(
        str(tmp_path / "profile"), **browser_type_launch_args, viewport={"width": 1280, "height": 800},
        locale="fr-FR",
    )
    try:
        seen: list[str] = []
        context.on("request", lambda r: seen.append(r.url))
        page = context.new_page()
        open_table(page, site)
        wait_offline_ready(page, site)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == site.url + "/manifest.webmanifest"
        assert manifest["errors"] == []
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == []
        assert all(url.startswith(site.origin) for url in seen)
    finally:
        context.close()
