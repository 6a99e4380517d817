"""Security and hygiene: CSP, no foreign request, no hidden card anywhere, boot failure, a11y, fit."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import AXE, DIST, ROOT, Table, engine_cli

SCREENSHOTS = ROOT / "build" / "screenshots"
LABELS = "els => els.map(e => e.getAttribute('aria-label'))"
RECORD_WORKER_MESSAGES = """
(() => {
  const Original = window.Worker;
  window.__workerMessages = [];
  window.Worker = class extends Original {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => window.__workerMessages.push(JSON.stringify(event.data)));
    }
  };
})();
"""


def test_requests_stay_on_the_page_origin(table: Table, origin_guard: list[str]) -> None:
    table.open("#7")
    table.take(table.playable()[0])
    table.hint()
    # The engine comes from this site: the runtime, the lock file, the start-up snapshot with every engine in
    # it (the wheel itself is only fetched when the snapshot cannot be used: tests/browser/test_startup.py),
    # and the standard library, which the worker fetches a second after the table is up.
    stdlib = "/pyodide/python_stdlib.zip"
    for _ in range(100):
        paths = {url.split(table.base, 1)[-1].split("?")[0] for url in origin_guard}
        if stdlib in paths:
            break
        table.page.wait_for_timeout(100)
    for needed in ("/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip", "/pyodide/pyodide-lock.json",
                   "/config.json"):
        assert needed in paths, f"{needed} was not loaded from the page origin: {sorted(paths)}"
    assert any(p.startswith("/engine-") and p.endswith(".snapshot.gz") for p in paths)
    assert not any("micropip" in p for p in paths)  # no installer is loaded
    # (the autouse origin_guard fixture fails the test on any other origin)


def test_content_security_policy_is_strict() -> None:
    html = (DIST / "index.html").read_text(encoding="utf-8")
    match = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    assert match, "index.html has a CSP meta tag"
    policy = {part.split()[0]: part.split()[1:] for part in match.group(1).split(";") if part.strip()}
    assert policy["default-src"] == ["'none'"]
    assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    for directive, sources in policy.items():
        assert "'unsafe-inline'" not in sources and "'unsafe-eval'" not in sources, directive
        assert all(s.startswith("'") for s in sources), f"{directive} names another origin: {sources}"
    assert "<script>" not in html and not re.search(r"\son\w+=", html), "no inline script or handler"


def test_csp_violations_none(table: Table) -> None:
    table.page.add_init_script(
        """window.__csp = [];
           document.addEventListener('securitypolicyviolation',
                                     e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"""
    )
    table.open("#7")
    table.take(table.playable()[0])
    assert table.page.evaluate("() => window.__csp") == []


def test_hidden_cards_are_nowhere(table: Table) -> None:
    deal = str(engine_cli("deal", "1234")["deal"]).split()
    table.page.add_init_script(RECORD_WORKER_MESSAGES)
    table.open("#1234")
    table.hint()
    hidden = {deal[i] for i, c in enumerate(table.cards()) if c["state"] == "down"} | set(deal[29:])
    assert len(hidden) == 18 + 23
    html = table.page.content()
    messages: list[str] = table.page.evaluate("() => window.__workerMessages")
    assert messages, "the worker's replies were recorded"
    storage: str = table.page.evaluate("() => JSON.stringify(Object.assign({}, localStorage))")
    for code in hidden:
        assert f'"{code}"' not in html and f"data-card=\"{code}\"" not in html
        for text in (*messages, storage):
            assert f'"{code}"' not in text and f'\\"{code}\\"' not in text, f"hidden card {code} leaked"


def test_boot_failure_is_reported(table: Table) -> None:
    table.page.context.route("**/pyodide.asm.wasm", lambda route: route.abort())  # the worker's fetch too
    table.open(wait=False)
    table.page.wait_for_selector("#game[data-state='failed']", timeout=60_000)
    assert "n’a pas pu démarrer" in table.text("#message")
    assert table.page.is_disabled("#hint")


def test_damaged_engine_wheel_is_reported(table: Table) -> None:
    def damaged(route: Any) -> None:
        body = bytearray(route.fetch().body())
        body[len(body) // 2] ^= 0xFF
        route.fulfill(status=200, body=bytes(body), headers={"content-type": "application/octet-stream"})

    table.page.context.route("**/wheels/*.whl", damaged)
    table.open(query="?test-snapshot=off", wait=False)  # the wheel is what starts the engine without it
    table.page.wait_for_selector("#game[data-state='failed']", timeout=60_000)
    assert "n’a pas pu démarrer" in table.text("#message")


def test_no_worker_is_reported(table: Table) -> None:
    table.page.add_init_script("Object.defineProperty(window, 'Worker', {value: undefined});")
    table.open(wait=False)
    table.page.wait_for_selector("#game[data-state='failed']", timeout=60_000)
    assert "n’a pas pu démarrer" in table.text("#message")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_accessibility_scan(browser: Any, server: str, scheme: str) -> None:
    # The scanner is injected as a script: this one context runs without the page's CSP to allow that.
    context = browser.new_context(bypass_csp=True, locale="fr-FR", color_scheme=scheme,
                                  viewport={"width": 1280, "height": 800})
    foreign: list[str] = []
    context.on("request", lambda r: None if r.url.startswith(server) else foreign.append(r.url))
    try:
        page = context.new_page()
        table = Table(page, server).open("#7")
        table.hint()
        page.add_script_tag(path=str(AXE))
        results = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
        bad = [
            (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in results["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        assert bad == [], json.dumps(bad, ensure_ascii=False)
        labels = page.eval_on_selector_all("#peaks .card", LABELS)
        assert labels.count("carte face cachée") == 18
        assert any(label and label.endswith(", jouable") for label in labels)
        assert page.get_attribute("#message", "aria-live") == "polite"
    finally:
        context.close()
    assert foreign == []


@pytest.mark.parametrize(
    "width,height", [(360, 640), (360, 740), (740, 360), (1280, 800), (1920, 1080), (640, 360)]
)
def test_table_fits_without_scrolling(table: Table, width: int, height: int) -> None:
    page = table.page
    page.set_viewport_size({"width": width, "height": height})
    table.open("#7")
    table.take(table.playable()[0])
    box: dict[str, Any] = page.evaluate(
        """() => {
            const game = document.querySelector('#game').getBoundingClientRect();
            const selector = '#peaks .card, #stock, #waste, .controls button, .top, .top button, .stat';
            const items = [...document.querySelectorAll(selector)]
                .filter(el => !el.classList.contains('gone'));
            const out = items.map(el => el.getBoundingClientRect()).filter(
                r => r.left < -0.5 || r.top < -0.5
                     || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5);
            // nothing cut off inside its box either: a button's or a counter's text fits in it
            const clipped = [...document.querySelectorAll('#game button, .stat')]
                .filter(el => el.getClientRects().length && !el.closest('#peaks'))
                .filter(el => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
                .map(el => el.id || el.textContent.trim());
            const base = document.querySelectorAll('#peaks .card')[27].getBoundingClientRect();
            const stock = document.querySelector('#stock').getBoundingClientRect();
            const board = document.querySelector('#board').getBoundingClientRect();
            const table = [...document.querySelectorAll('#peaks, #piles')]
                .map(el => el.getBoundingClientRect());
            const small = [...document.querySelectorAll('.top button, .controls button, #stock')]
                .map(el => el.getBoundingClientRect()).filter(r => Math.min(r.width, r.height) < 44).length;
            return {gameBottom: game.bottom, scrollW: document.documentElement.scrollWidth,
                    outside: out.length, clipped, cardWidth: base.width, cardHeight: base.height,
                    stockRatio: stock.height / stock.width, small,
                    used: (Math.max(...table.map(r => r.bottom)) - Math.min(...table.map(r => r.top)))
                          / board.height,
                    buttonHeight: document.querySelector('#undo').getBoundingClientRect().height};
        }"""
    )
    assert box["outside"] == 0, f"something of the table is off screen at {width}×{height}"
    assert box["clipped"] == [], f"cut off at {width}×{height}"
    assert box["gameBottom"] <= height + 0.5
    assert box["scrollW"] <= width
    assert box["cardWidth"] >= 30
    assert box["buttonHeight"] >= 44
    assert box["small"] == 0, f"{box['small']} buttons or the stock under 44 px at {width}×{height}"
    assert abs(box["stockRatio"] - 1.4) < 0.03, f"the stock is not card-shaped at {width}×{height}: {box}"
    if height > width:
        # a phone held upright: the height goes into larger cards, not empty felt
        assert box["cardHeight"] >= 70, box
        assert box["used"] >= 0.7, box
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(400)  # let the card land on the waste, for the picture only
    page.screenshot(path=str(SCREENSHOTS / f"table_{width}x{height}.png"))


def test_dark_scheme_and_reduced_motion(table: Table) -> None:
    page = table.page
    page.emulate_media(color_scheme="light")
    table.open("#7")
    light = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    page.emulate_media(color_scheme="dark", reduced_motion="reduce")
    dark = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert light != dark
    table.page.click("#peaks .card[data-pos='0']", position={"x": 10, "y": 6})  # refused: would shake
    animation = page.evaluate(
        "() => getComputedStyle(document.querySelector(\"#peaks .card[data-pos='0']\")).animationName"
    )
    assert animation == "none"


GAMES = ("tripeaks", "pyramid", "klondike")  # each game's catalogues (web/i18n/<game>.<lang>.json)


def test_every_text_comes_from_both_catalogues() -> None:
    """Every key the page names exists in French and English: the shared page and scripts in the site's
    catalogue, a game's scripts in its own catalogue or the site's, "game:key" in that game's."""
    catalogues = {
        name: json.loads((ROOT / "web" / "i18n" / f"{name}.json").read_text(encoding="utf-8"))
        for name in ("fr", "en", *(f"{game}.{lang}" for game in GAMES for lang in ("fr", "en")))
    }
    fr, en = catalogues["fr"], catalogues["en"]
    assert fr.keys() == en.keys()
    assert catalogues["pyramid.fr"].keys() == catalogues["pyramid.en"].keys()
    assert catalogues["klondike.fr"].keys() == catalogues["klondike.en"].keys()
    pages = [ROOT / "web" / "index.html", *sorted((ROOT / "web" / "games").glob("*/parts.html"))]
    html = "\n".join(p.read_text(encoding="utf-8") for p in pages)  # the shared page and each game's parts
    used = set(re.findall(r'data-i18n(?:-label)?="([^"]+)"', html))
    web = ROOT / "web"
    shared = [p for p in web.rglob("*.js") if "games" not in p.relative_to(web).parts]
    scripts = "\n".join(p.read_text(encoding="utf-8") for p in shared)
    used |= set(re.findall(r'\bt\("([a-z_.]+)"', scripts))
    for game_dir in sorted((web / "games").iterdir()):
        own = catalogues.get(f"{game_dir.name}.fr", {})
        text = "\n".join(p.read_text(encoding="utf-8") for p in game_dir.glob("*.js"))
        game_keys = set(re.findall(r'\bt\("([a-z_.]+)"', text))
        assert sorted(k for k in game_keys if k not in own and k not in fr) == [], game_dir.name
    explicit = {key for key in used if ":" in key}
    for key in explicit:
        game, name = key.split(":", 1)
        assert name in catalogues[f"{game}.fr"], key
    missing = sorted(key for key in used - explicit if key not in fr)
    assert missing == []
    assert fr["hint.searching"] == "Recherche d’une solution…"
    for reason, text in {
        "not_adjacent": "cette carte n’est pas à un rang de la défausse",
        "covered": "cette carte est encore couverte",
        "face_down": "cette carte est encore face cachée",
        "stock_empty": "plus de carte à retourner",
    }.items():
        assert fr[f"reject.{reason}"] == text


def test_dist_holds_only_what_the_page_needs() -> None:
    files = sorted(str(p.relative_to(DIST)) for p in Path(DIST).rglob("*") if p.is_file())
    pages = {"index.html", "pyramid.html", "klondike.html"}  # one page per game (web/js/games.js)
    assert not [f for f in files if f.endswith((".map", ".d.ts", ".html")) and f not in pages], files
    assert "pyodide/pyodide.js" not in files
    lock = json.loads((DIST / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"] == {}  # the page loads none of Pyodide's packages
    assert not [f for f in files if "micropip" in f], files
    config = json.loads((DIST / "config.json").read_text(encoding="utf-8"))
    wheel = DIST / config["wheel"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == config["wheel_sha256"]
