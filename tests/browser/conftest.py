"""Fixtures for the page tests: dist/ served over HTTP on a free port, Debian's Chromium, an origin guard.

The server and the browser's launch options come from tools/localsite.py (shared with the benchmarks).

Every request a test's browser context makes (page, worker, fetches) is recorded; a request to anything but
the page's own origin fails the test. Chromium's host resolver maps every other host to nothing as well.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Self

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import localsite  # tools/: the static server and Chromium options the benchmarks use too

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("SITE_DIST", ROOT / "dist")).resolve()  # the site that ships (build.py builds it)
# The test build beside it (build.py): the same files but js/hooks.js, which obeys the test hooks of the
# address (tools/testhooks.js). The page tests are served from it; the site that ships obeys no hook.
TEST_DIST = DIST.with_name(f"{DIST.name}-test")
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
READY = "#game[data-state='ready']"
# The page drops the second of two taps at one spot within 250 ms when the table changed under it
# (web/js/doubletap.js): a test's taps that stand for separate decisions keep at least this far apart.
TAP_GAP_S = 0.27
BOOT_TIMEOUT_MS = 90_000


def _serve_built(site: Path) -> Iterator[str]:
    if not (site / "index.html").exists() or not (site / "config.json").exists():
        pytest.fail(f"{site.name}/ is not built: run `python3 build.py build` (or `python3 build.py test`)")
    with localsite.serve(site) as origin:
        yield origin


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The test build, served on a free port: what the page tests open."""
    yield from _serve_built(TEST_DIST)


@pytest.fixture(scope="session")
def shipped_server() -> Iterator[str]:
    """The site as it ships (dist/), served on a free port: for the tests that it obeys no test hook."""
    yield from _serve_built(DIST)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, **localsite.launch_options()}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}, "locale": "fr-FR"}


@pytest.fixture(autouse=True)
def origin_guard(context: Any, server: str, request: pytest.FixtureRequest) -> Iterator[list[str]]:
    """Record every request of the test's context; fail on any that leaves the page's origin (the shipped
    site's too, for a test that opens it)."""
    seen: list[str] = []
    context.on("request", lambda request: seen.append(request.url))
    yield seen
    origins = [server]
    if "shipped_server" in request.fixturenames:
        origins.append(request.getfixturevalue("shipped_server"))
    allowed = (*(origin + "/" for origin in origins), "data:", "blob:")
    foreign = [url for url in seen if not url.startswith(allowed)]
    assert not foreign, f"requests left the page origin: {foreign}"


def axe_serious(page: Any) -> list[Any]:
    """axe-core's serious and critical violations on the page as it is now (its id, impact, first nodes).
    axe is injected as a script: the page's context must run without its CSP (`bypass_csp=True`)."""
    page.add_script_tag(path=str(AXE))
    results = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]


# ------------------------------------------------------------------ the page, as a player sees it


class GamePage:
    """What every game's page helper shares: opening a game's address and waiting until its table is
    playable (and shows the deal asked for), reading texts, keys, the hint banner.

    A game's helper says where its page is (`PATH`), which game the shell must show (`GAME`) and what on its
    table says it is drawn (`DRAWN_JS`, a function body that is truthy once it is)."""

    PATH = ""  # the page's address under the site ("" for TriPeaks, "pyramid.html", "klondike.html")
    GAME = ""  # html[data-game] once the shell shows this game ("" : any)
    DRAWN_JS = ""

    def __init__(self, page: Any, base: str) -> None:
        self.page = page
        self.base = base
        self._last_tap = 0.0

    def pace(self) -> None:
        """Wait, if needed, so that this tap comes as long after the last one as a player's next decision
        does (TAP_GAP_S): not the second half of a double tap, which the page drops."""
        wait = TAP_GAP_S - (time.monotonic() - self._last_tap)
        if wait > 0:
            self.page.wait_for_timeout(wait * 1000)
        self._last_tap = time.monotonic()

    def open(self, fragment: str = "", query: str = "", wait: bool = True) -> Self:
        """Go to the page (with `#ID` and `?query` when given) and wait until the table is playable with that
        deal. When only the fragment changes, the page stays loaded and starts the new deal (hashchange)."""
        self.page.goto(f"{self.base}/{self.PATH}{query}{fragment}")
        if wait:
            self.wait_ready()
            deal = fragment.lstrip("#")
            if deal:
                self.wait_deal(deal)
        return self

    def wait_ready(self) -> None:
        self.page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
        if self.GAME:
            self.page.wait_for_selector(f"html[data-game='{self.GAME}']")
        if self.DRAWN_JS:
            self.page.wait_for_function(f"() => {self.DRAWN_JS}")

    def wait_deal(self, deal: str) -> None:
        """Wait until the status shows deal `deal` (or a notice says why not)."""
        self.page.wait_for_function(
            """id => document.querySelector('#deal-id').textContent.toUpperCase() === '#' + id.toUpperCase()
                    || document.querySelector('#message').dataset.kind === 'notice'""",
            arg=deal,
        )

    def text(self, selector: str) -> str:
        return str(self.page.text_content(selector) or "").strip()

    def deal_id(self) -> str:
        return self.text("#deal-id").lstrip("#")

    def message(self) -> str:
        return self.text("#message")

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def hint(self) -> str:
        """Press Indice and wait for an answer; returns the banner's kind (a hint kind, lost, stuck)."""
        self.page.click("#hint")
        return self.wait_hint()

    def wait_hint(self) -> str:
        self.page.wait_for_function(
            """() => { const b = document.querySelector('#hint-banner');
                       return !b.hidden && !['', 'searching'].includes(b.dataset.kind); }"""
        )
        return str(self.page.get_attribute("#hint-banner", "data-kind"))


class BoardPage(GamePage):
    """A game page whose whole table reads as one comparable text (`POSITION_JS`, a function): waiting for
    a move's result, and refusals that must change nothing (Pyramid, Klondike)."""

    POSITION_JS = "() => ''"

    def position(self) -> str:
        """Everything on the table a move could change, as one comparable text."""
        return str(self.page.evaluate(self.POSITION_JS))

    def view(self) -> dict[str, Any]:
        result: dict[str, Any] = json.loads(self.position())
        return result

    def wait_moved(self, before: str) -> None:
        """Wait until the table shows another position than `before` (a `position()`)."""
        self.page.wait_for_function(f"prev => ({self.POSITION_JS})() !== prev", arg=before)

    def wait_message(self, text: str) -> None:
        self.page.wait_for_function(
            "t => document.querySelector('#message').textContent.trim() === t", arg=text
        )

    def wait_verdict(self, panel: str, verdict: str) -> None:
        """Wait until panel `panel`'s "was this deal winnable?" box says `verdict`, asking the question once
        if the panel offers it. The panel may ask the solver by itself; its answer can hide the question at
        any moment, so the look and the click happen together in the page, never a click on a vanished
        button."""
        self.page.wait_for_function(
            """([panel, verdict]) => {
                const box = document.querySelector(`#${panel} [data-verdict-box]`);
                if (box && box.dataset.verdict === verdict) return true;
                const ask = document.querySelector(`#${panel} [data-solution='ask']`);
                if (ask && ask.checkVisibility() && !ask.dataset.testAsked) {
                    ask.dataset.testAsked = "yes";
                    ask.click();
                }
                return false;
            }""",
            arg=[panel, verdict],
        )

    def clear_message(self) -> None:
        self.page.evaluate("() => { document.querySelector('#message').textContent = ''; }")

    def refused(self, gesture: Any, reason: str) -> None:
        """Make `gesture()` (which the engine refuses), wait for `reason` in the message line, and check that
        the table did not change at all."""
        before = self.position()
        self.clear_message()
        gesture()
        self.wait_message(reason)
        assert self.position() == before, f"a refusal ({reason}) changed the table"


class Table(GamePage):
    """A thin reader of the TriPeaks page's DOM (what the player sees) plus the gestures a player makes."""

    def cards(self) -> list[dict[str, Any]]:
        result: list[dict[str, Any]] = self.page.eval_on_selector_all(
            "#peaks .card",
            """els => els.map(el => ({
                position: Number(el.dataset.pos), state: el.dataset.state, card: el.dataset.card || null,
                playable: el.dataset.playable === 'true', free: el.dataset.free === 'true',
                label: el.getAttribute('aria-label'), hinted: el.classList.contains('hinted')}))""",
        )
        return result

    def card(self, position: int) -> dict[str, Any]:
        return self.cards()[position]

    def waste(self) -> str | None:
        value: str | None = self.page.get_attribute("#waste", "data-card")
        return value

    def stock(self) -> int:
        return int(self.page.get_attribute("#stock", "data-count") or "-1")

    def snapshot(self) -> dict[str, Any]:
        """Everything visible that a move could change."""
        return {
            "cards": [(c["position"], c["state"], c["card"]) for c in self.cards()],
            "waste": self.waste(),
            "stock": self.stock(),
            "cleared": self.text("#cleared"),
            "streak": self.text("#streak"),
            "moves": self.text("#moves"),
        }

    def playable(self) -> list[int]:
        return [c["position"] for c in self.cards() if c["playable"]]

    def take(self, position: int) -> None:
        """Tap a card that the engine will accept, and wait until it has left the table."""
        self.pace()
        self.page.click(f"#peaks .card[data-pos='{position}']")
        self.wait_gone(position)

    def wait_gone(self, position: int) -> None:
        self.page.wait_for_function(
            "p => document.querySelector(`#peaks .card[data-pos='${p}']`).dataset.state === 'gone'",
            arg=position,
        )

    def draw(self) -> None:
        """Tap the stock (not empty) and wait until a card was turned."""
        before = self.stock()
        self.page.click("#stock")
        self.wait_stock(before - 1)

    def wait_stock(self, count: int) -> None:
        self.page.wait_for_function(
            "n => document.querySelector('#stock').dataset.count === String(n)", arg=count
        )

    def confirm_new_deal(self, previous: str) -> str:
        """After Nouvelle donne (button, key or panel): deal from the choice dialog; returns the new ID."""
        self.page.wait_for_selector("#newdeal-panel[open]")
        self.page.click("#newdeal-deal")
        self.page.wait_for_selector("#newdeal-panel", state="hidden")
        self.page.wait_for_function(
            "id => document.querySelector('#deal-id').textContent !== '#' + id", arg=previous
        )
        self.wait_stock(23)
        return self.deal_id()

    def wait_message(self) -> str:
        self.page.wait_for_function("() => document.querySelector('#message').textContent.trim() !== ''")
        return self.text("#message")


@pytest.fixture
def table(page: Any, server: str) -> Table:
    page.set_default_timeout(30_000)
    return Table(page, server)


@pytest.fixture
def pyr(page: Any, server: str) -> Any:
    """The Pyramid page helper (tests/browser/pyramid_page.py) on the test's page."""
    from pyramid_page import Pyramid  # noqa: PLC0415 - pyramid_page imports this module's constants

    page.set_default_timeout(30_000)
    return Pyramid(page, server)


@pytest.fixture
def kl(page: Any, server: str) -> Any:
    """The Klondike page helper (tests/browser/klondike_page.py) on the test's page."""
    from klondike_page import Klondike  # noqa: PLC0415 - klondike_page imports this module's constants

    page.set_default_timeout(30_000)
    return Klondike(page, server)


# ------------------------------------------------------------------ the engine, from Python (CLI contract)


def engine_cli(*args: str) -> dict[str, Any]:
    """Run `python -m tripeaks_core ARGS --json` and return its one JSON object."""
    completed = subprocess.run(
        [sys.executable, "-m", "tripeaks_core", *args, "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    if completed.returncode != 0:
        raise AssertionError(f"tripeaks_core {' '.join(args)} failed: {completed.stderr.strip()}")
    result: dict[str, Any] = json.loads(completed.stdout)
    return result


def find_deal(prefix: str, verdict: str, limit: int = 400) -> tuple[str, list[Any]]:
    """The first deal ID `prefix + N` (N = 1, 2, ...) whose solver verdict is `verdict`, with its line."""
    for number in range(1, limit):
        deal_id = f"{prefix}{number}"
        result = engine_cli("solve", deal_id)
        if result["verdict"] == verdict:
            return deal_id, list(result["line"])
    raise AssertionError(f"no deal {prefix}N with verdict {verdict} for N < {limit}")
