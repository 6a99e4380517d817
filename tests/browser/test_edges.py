"""The edges every game meets in the shell, each handled once there and tested in each game: the test
hooks the shipped site must ignore, a save that survives a restore that got no answer, long and tampered
input, a game changed in another tab, a link that names the game already on the table, the end panels.

The first test opens the site as it ships (dist/, `shipped_server`); the others the test build."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from conftest import BOOT_TIMEOUT_MS, DIST, READY, ROOT, TEST_DIST

# (the game's address under the site, its id): every game the shell hosts
GAMES = [("", "tripeaks"), ("pyramid.html", "pyramid"), ("klondike.html", "klondike")]
GAME_IDS = [game for _, game in GAMES]
STATS_KEY = {"tripeaks": "any|wrap|down", "pyramid": "any", "klondike": "any"}


def open_game(page: Any, base: str, path: str, game: str, rest: str = "") -> None:
    """Go to a game's address (`rest`: a query and/or a fragment) and wait until its table is playable."""
    page.goto(f"{base}/{path}{rest}")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(f"html[data-game='{game}']")


def moves(page: Any) -> str:
    return str(page.text_content("#moves") or "").strip()


def draw(page: Any) -> None:
    """D (every game's draw key) and wait until the move is counted."""
    before = moves(page)
    page.keyboard.press("d")
    page.wait_for_function("m => document.querySelector('#moves').textContent.trim() !== m", arg=before)


def saved(page: Any, game: str) -> Any:
    text = page.evaluate("key => localStorage.getItem(key)", f"{game}.save")
    return json.loads(text) if text else None


def store_while_away(page: Any, base: str, key: str, value: str) -> None:
    """Write a localStorage record with the game's page closed (leaving it writes its clock into the save),
    from another document of the same origin."""
    page.goto(f"{base}/manifest.webmanifest")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])


def message(page: Any) -> str:
    return str(page.text_content("#message") or "").strip()


def wait_notice(page: Any) -> str:
    page.wait_for_function("() => document.querySelector('#message').dataset.kind === 'notice'")
    return message(page)


# ------------------------------------------------------------------ test hooks


def test_the_shipped_hooks_module_answers_nothing() -> None:
    """The site's hooks module (web/js/hooks.js) reads no address, and no script of dist/ (the page's and the
    worker's bundles) reads a parameter of it; dist-test/'s bundles carry tools/testhooks.js, which does."""
    source = (ROOT / "web" / "js" / "hooks.js").read_text(encoding="utf-8")
    assert "location" not in source and "search" not in source.split("*/")[-1]
    scripts = [p for p in DIST.rglob("*.js") if p.relative_to(DIST).parts[0] != "pyodide"]
    scripts = [p for p in scripts if p.name != "sw.js"]
    assert {"app.js", "worker.js", "js/boot.js"} <= {p.relative_to(DIST).as_posix() for p in scripts}
    for script in scripts:
        code = script.read_text(encoding="utf-8")
        assert "URLSearchParams" not in code and "searchParams.get" not in code, script  # nothing reads one
    test_build = "\n".join(p.read_text(encoding="utf-8") for p in TEST_DIST.rglob("*.js"))
    assert "URLSearchParams" in test_build  # what the test build's hooks read the address with


@pytest.mark.parametrize(("path", "game"), GAMES, ids=GAME_IDS)
def test_the_shipped_site_obeys_no_test_hook(page: Any, shipped_server: str, path: str, game: str) -> None:
    """The attack of the issue: a game under way, then a link with the hang hooks. The site that ships
    ignores them: the game comes back whole, no 'unreadable' notice, the save untouched."""
    page.set_default_timeout(30_000)
    open_game(page, shipped_server, path, game, "#7")
    for _ in range(3):
        draw(page)
    before, counted = saved(page, game), moves(page)
    for query in ("?test-request-timeout-ms=1", "?test-stall=restore&test-request-timeout-ms=500"):
        open_game(page, shipped_server, path, game, query)
        page.wait_for_function("m => document.querySelector('#moves').textContent.trim() === m", arg=counted)
        assert saved(page, game)["engine"] == before["engine"]
        assert page.is_hidden("#recover")
        assert page.evaluate("() => document.querySelector('#message').dataset.kind") != "notice"


# ------------------------------------------------------------------ a restore with no answer


@pytest.mark.parametrize(("path", "game"), GAMES, ids=GAME_IDS)
def test_a_restore_that_stalls_never_deletes_the_save(page: Any, server: str, path: str, game: str) -> None:
    page.set_default_timeout(30_000)
    open_game(page, server, path, game, "#7")
    draw(page)
    draw(page)
    before, counted = saved(page, game), moves(page)
    page.goto(f"{server}/{path}?test-stall=restore&test-request-timeout-ms=1500")
    page.wait_for_selector("#recover:not([hidden])", timeout=BOOT_TIMEOUT_MS)
    assert "ne répond plus" in message(page) and "illisible" not in message(page)
    assert saved(page, game)["engine"] == before["engine"], "a restore with no answer leaves the game saved"
    open_game(page, server, path, game)  # the next ordinary visit: the game is back, nothing lost
    page.wait_for_function("m => document.querySelector('#moves').textContent.trim() === m", arg=counted)
    assert saved(page, game)["engine"] == before["engine"]


# ------------------------------------------------------------------ bad input shown to the player


@pytest.mark.parametrize(("path", "game"), GAMES, ids=GAME_IDS)
def test_long_ids_and_tampered_numbers_get_a_short_notice_and_the_game_is_kept(
    page: Any, server: str, path: str, game: str
) -> None:
    page.set_default_timeout(30_000)
    page.set_viewport_size({"width": 360, "height": 740})
    long_id = "9" * 5000
    open_game(page, server, path, game, f"#{long_id}")
    notice = wait_notice(page)
    assert "invalide" in notice and len(notice) < 200, "at most a short prefix of the ID is quoted"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    # a link of 5,000 characters during a game: a notice, and the game goes on
    open_game(page, server, path, game, "#7")
    draw(page)
    counted = moves(page)
    page.evaluate("id => { location.hash = id; }", "E" * 5000)
    assert "invalide" in wait_notice(page) and len(message(page)) < 200
    assert moves(page) == counted

    # The clock of a save: absurd, negative, or a string. The game is kept, the clock repaired, one notice.
    for bad in (1e300, -5, "10"):
        record = saved(page, game)
        record["elapsed_ms"] = bad
        store_while_away(page, server, f"{game}.save", json.dumps(record))
        open_game(page, server, path, game)
        assert "temps de jeu" in wait_notice(page)
        assert moves(page) == counted, f"elapsed_ms {bad!r}: the game is kept"
        clock = str(page.text_content("#timer")).split()[-1]  # repaired to nought, and running since
        assert clock in ("0:00", "0:01", "0:02", "0:03"), clock
        assert saved(page, game)["engine"] == record["engine"]

    # Statistics of 1e308: repaired with one notice, never drawn as they are.
    key = STATS_KEY[game]
    tampered = {key: {"played": 1e308, "won": 1e308, "bestMs": 1e300, "recent": []}}
    store_while_away(page, server, f"{game}.stats.v1", json.dumps(tampered))
    open_game(page, server, path, game)
    assert "Statistiques endommagées" in wait_notice(page)
    page.click("#stats-open")
    page.wait_for_selector("#stats-panel[open]")
    shown = page.text_content("#stats-panel") or ""
    assert "e+" not in shown and "Infinity" not in shown and "NaN" not in shown


# ------------------------------------------------------------------ two tabs


@pytest.mark.parametrize(("path", "game"), GAMES, ids=GAME_IDS)
def test_a_tab_takes_up_the_game_another_tab_played(context: Any, server: str, path: str, game: str) -> None:
    first = context.new_page()
    first.set_default_timeout(30_000)
    open_game(first, server, path, game, "#7")
    draw(first)
    second = context.new_page()
    second.set_default_timeout(30_000)
    open_game(second, server, path, game)
    for _ in range(3):
        draw(second)
    played = moves(second)
    # the first tab says so and shows the other tab's game: its next move goes on from there
    first.wait_for_function("m => document.querySelector('#moves').textContent.trim() === m", arg=played)
    assert "autre onglet" in message(first)
    draw(first)
    second.wait_for_function(
        "m => document.querySelector('#moves').textContent.trim() !== m", arg=played
    )  # and the second tab follows in turn: nothing either tab did is lost
    assert moves(second) == moves(first)


# ------------------------------------------------------------------ the words of the end and of links


DOUBLE_TAP_MS = int(re.findall(r"const SOON_MS = (\d+);", (ROOT / "web/js/doubletap.js").read_text())[0])
"""The page's own window (doubletap.js): taps further apart than this are two decisions, not a double tap."""
CLICK_TIMES_JS = """() => {
  if (!window.__clickTimes) {
    window.__clickTimes = [];
    document.addEventListener("click", (event) => window.__clickTimes.push(event.timeStamp), true);
  }
  window.__clickTimes.length = 0;
}"""


def double_tap(page: Any, selector: str, gap_ms: int, dx: float | None = None, dy: float = 8) -> None:
    """Two clicks at one spot of `selector`, `gap_ms` apart (the issue saw 30-60 ms; a double click: less).
    On a machine too busy to make them a double tap (the page sees them further apart than the guard's
    window, by the events' own time stamps), the test is skipped: a slow second tap is a new decision, and
    the page rightly plays it."""
    page.evaluate(CLICK_TIMES_JS)
    box = page.locator(selector).first.bounding_box()
    x = box["x"] + (box["width"] / 2 if dx is None else dx)
    y = box["y"] + dy
    page.mouse.click(x, y)
    page.wait_for_timeout(gap_ms)
    page.mouse.click(x, y)
    page.wait_for_function("() => window.__clickTimes.length >= 2")
    seen = page.evaluate("() => window.__clickTimes[1] - window.__clickTimes[0]")
    if seen > DOUBLE_TAP_MS:
        pytest.skip(f"the page saw the two taps {seen:.0f} ms apart: the machine was too busy to double-tap")


GAPS = [0, 40, 120]


def test_a_level_link_to_the_deal_on_the_table_changes_nothing(pyr: Any) -> None:
    """`#e12` during Pyramid deal 12 names the same cards (the letter is a claim): nothing to ask."""
    pyr.open("#12")
    pyr.play("draw")
    moved = pyr.text("#moves")
    pyr.page.evaluate("() => { location.hash = 'e12'; }")
    pyr.page.wait_for_timeout(600)
    assert pyr.page.is_hidden("#leave-panel")
    assert pyr.text("#moves") == moved and pyr.deal_id() == "12"


@pytest.mark.parametrize("gap", GAPS)
def test_pyramid_double_tap_on_a_king_removes_it_once_and_says_nothing_raw(pyr: Any, gap: int) -> None:
    """Deal 12's place 27 is K♥: a double tap removes it once; the card it uncovered is not selected, and
    no engine error or stray refusal is shown."""
    pyr.open("#12")
    assert pyr.place(27)["card"] == "KH"
    double_tap(pyr.page, "#pyramid-board [data-place='27']", gap, dx=10, dy=5)
    pyr.page.wait_for_function("() => document.querySelector('#moves').textContent.trim() === 'Coups 1'")
    pyr.page.wait_for_timeout(500)
    text = pyr.message()
    assert "moteur" not in text and "already" not in text and "couverte" not in text, text
    assert pyr.place(27)["card"] is None
    assert pyr.selected() == [], "the card the king uncovered is not selected"


def test_the_stuck_panel_sums_the_game_up_and_a_language_switch_keeps_it_closed(table: Any) -> None:
    """Seed 000: the end summary gives the time, the moves and the longest streak; closing the panel then
    switching language must not open it again."""
    page = table.page
    table.open("#110")
    for _ in range(23):
        table.press("d")
    page.wait_for_selector("#stuck-panel[open]")
    assert table.text("#stuck-moves") == "23"
    assert table.text("#stuck-time").count(":") >= 1
    assert table.text("#stuck-longest").isdigit() and table.text("#stuck-cleared").endswith("/28")
    page.keyboard.press("Escape")
    page.wait_for_selector("#stuck-panel", state="hidden")
    page.click("#lang")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.wait_for_timeout(200)
    assert page.is_hidden("#stuck-panel"), "a closed end panel stays closed"
    page.click("#lang")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")


def test_hint_after_a_win_says_the_game_is_won(table: Any) -> None:
    from conftest import engine_cli  # noqa: PLC0415 - the engine's own line for the deal

    line = engine_cli("solve", "7")["line"]
    table.open("#7")
    for move in line:
        if move == "draw":
            table.draw()
        else:
            table.take(int(move))
    page = table.page
    page.wait_for_selector("#win-panel[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#win-panel", state="hidden")
    table.press("h")
    page.wait_for_function("() => document.querySelector('#message').textContent.includes('gagnée')")
    assert page.is_hidden("#hint-banner")


@pytest.mark.parametrize("gap", GAPS)
def test_tripeaks_double_tap_takes_one_card(table: Any, gap: int) -> None:
    """The second tap lands where the first card was: on the card it uncovered, or on nothing. One take."""
    table.open("#7")
    first = table.playable()[0]
    double_tap(table.page, f"#peaks .card[data-pos='{first}']", gap)
    table.wait_gone(first)
    table.page.wait_for_timeout(600)
    assert table.text("#moves") == "Coups 1"
    assert [c["position"] for c in table.cards() if c["state"] == "gone"] == [first]


@pytest.mark.parametrize("gap", GAPS)
def test_klondike_double_tap_on_an_ace_plays_it_once(kl: Any, gap: int) -> None:
    """Deal 7: A♣ tops a column. A double tap puts it up once; the card it uncovered stays where it is,
    and no refusal ('already on its foundation') is shown."""
    from klondike_page import engine_game  # noqa: PLC0415 - the page helper imports conftest

    kl.open("#7")
    double_tap(kl.page, kl.card("AC"), gap, dx=12)
    after = engine_game(7, ["AC>F"])
    kl.wait_shows(after)
    kl.page.wait_for_timeout(600)
    kl.wait_shows(after)
    assert "fondation" not in kl.message()


STUCK_EMPTY_LINE = [
    "24", "25", "18+27", "draw", "22+S", "23+S", "21+S", "17+W", "12+26", "20", "15+19", "draw", "draw", "S",
    "S+W", "draw", "draw", "S+W", "16+S", "draw", "draw", "S+W", "S+W", "13+S", "8+S", "S+W", "11+S", "7+S",
    "10+S", "S+W", "14+S", "4+9",
]


def test_pyramid_stuck_with_stock_and_waste_empty_says_so(pyr: Any) -> None:
    """Deal 52 played this way pairs all 24 stock cards away in the first pass: the game is stuck with two
    recycles left but nothing to recycle, and the panel must not say that no recycle is left."""
    pyr.open("#52")
    pyr.play_all(STUCK_EMPTY_LINE)
    pyr.page.wait_for_selector("#stuck-panel[open]")
    text = pyr.text("#stuck-text")
    assert "défausse sont vides" in text and "plus de recyclage" not in text, text
