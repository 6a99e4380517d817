"""The table never moves or shrinks for what is shown around it (the proven-lost banner, messages, the hint
banner, loading), measured as Chromium's layout shifts; the header shows a long deal ID whole; controls that
were hard to read or hidden (the engine restart button, the statistics' reset confirmation); what an empty
stock shows is in its name, and nothing is unnamed before the first snapshot; Pyramid's stock badge,
partners and removed pairs."""

from __future__ import annotations

from typing import Any

from conftest import DIST, READY, Table
from pyramid_page import Pyramid
from test_endings_and_hint import lost_all_visible, open_dialog
from test_pyramid_endings import lost_deal

# Every layout shift of the page, from its start (buffered), with or without a recent input: a test's clicks
# count as input, and the shifts they cause (a banner that pushes the table) must be caught too.
RECORD_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__shifts.push({value: e.value, input: e.hadRecentInput});
}).observe({type: 'layout-shift', buffered: true});
"""
CLS = "() => window.__shifts.reduce((sum, s) => sum + s.value, 0)"

# Where the table's cards are: TriPeaks' peaks, stock and waste, Pyramid's cards and piles (rounded rects).
TABLE_BOXES = """() => [...document.querySelectorAll(
    '#peaks .card, #stock, #waste, #pyramid-board .pyr-card, #pyramid-board .pyr-piles .card')]
  .filter(el => el.getClientRects().length)
  .map(el => { const r = el.getBoundingClientRect();
               return [el.id || el.dataset.pos || el.dataset.place, Math.round(r.x), Math.round(r.y),
                       Math.round(r.width), Math.round(r.height)]; })"""

BANNER_CLEAR = """() => {
  const banner = document.querySelector('#hint-banner').getBoundingClientRect();
  const cards = [...document.querySelectorAll(
      '#peaks .card:not(.gone), #stock, #waste, '
      + '#pyramid-board .pyr-card:not(.gone), #pyramid-board .pyr-piles > *')]
    .filter(el => el.getClientRects().length);
  const over = cards.filter(el => { const r = el.getBoundingClientRect();
      return r.bottom > banner.top + 0.5 && r.top < banner.bottom - 0.5
             && r.right > banner.left && r.left < banner.right; })
    .map(el => el.id || el.dataset.pos || el.dataset.place);
  const status = document.querySelector('#status').getBoundingClientRect();
  const buttons = [...document.querySelectorAll('#hint-banner button')].filter(b => b.getClientRects().length)
    .map(b => { const r = b.getBoundingClientRect();
                const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                return {name: b.textContent.trim(),
                        inView: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
                        hit: Boolean(hit && b.contains(hit)), height: r.height}; });
  return {over, overStatus: banner.top < status.bottom, buttons};
}"""

LANDSCAPES = ({"width": 740, "height": 360}, {"width": 640, "height": 360}, {"width": 667, "height": 375},
              {"width": 844, "height": 390})


def boxes(page: Any) -> list[Any]:
    result: list[Any] = page.evaluate(TABLE_BOXES)
    return result


def assert_lost_banner_beside_the_table(page: Any, where: str) -> None:
    seen: dict[str, Any] = page.evaluate(BANNER_CLEAR)
    assert seen["over"] == [] and not seen["overStatus"], f"{where}: the banner covers the table: {seen}"
    assert len(seen["buttons"]) == 6, seen  # five ways on and the close button
    for button in seen["buttons"]:
        assert button["inView"] and button["hit"] and button["height"] >= 44, f"{where}: {button}"


def test_the_proven_lost_banner_never_shrinks_or_covers_the_tripeaks_table(table: Table) -> None:
    page = table.page
    deal_id = lost_all_visible()
    table.open(f"#{deal_id}")
    for _ in range(23):
        table.draw()
    if open_dialog(table) == "stuck-panel":
        page.click("#stuck-panel [data-action='undo']")
        table.wait_stock(1)
    for size in (*LANDSCAPES, {"width": 360, "height": 740}, {"width": 1280, "height": 800}):
        page.set_viewport_size(size)
        wait_quiet(page)  # no card flying to the waste any more
        before = boxes(page)
        if page.is_hidden("#hint-banner"):
            assert table.hint() == "lost"
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        where = f"TriPeaks {size['width']}×{size['height']}"
        assert boxes(page) == before, f"{where}: the lost banner moved or resized the table"
        assert_lost_banner_beside_the_table(page, where)
        page.click("#hint-close")
        page.wait_for_selector("#hint-banner", state="hidden")
        assert boxes(page) == before, f"{where}: closing the banner moved the table"


def test_the_proven_lost_banner_never_shrinks_or_covers_the_pyramid_table(pyr: Pyramid) -> None:
    page = pyr.page
    pyr.open(f"#{lost_deal()}")
    for _ in range(23):
        pyr.key_move("d")
    for size in (*LANDSCAPES, {"width": 360, "height": 740}):
        page.set_viewport_size(size)
        wait_quiet(page)
        before = boxes(page)
        assert pyr.hint() == "lost"
        where = f"Pyramid {size['width']}×{size['height']}"
        assert boxes(page) == before, f"{where}: the lost banner moved or resized the table"
        assert_lost_banner_beside_the_table(page, where)
        page.click("#hint-close")
        page.wait_for_selector("#hint-banner", state="hidden")


def wait_quiet(page: Any) -> None:
    page.wait_for_timeout(600)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def test_no_layout_shift_on_load_or_from_messages_and_banners(page: Any, server: str) -> None:
    page.set_default_timeout(60_000)
    page.add_init_script(RECORD_SHIFTS)
    figures = {}
    for size in ({"width": 360, "height": 740}, {"width": 740, "height": 360}):
        page.set_viewport_size(size)
        for path in ("", "pyramid.html", "klondike.html"):
            page.goto(f"{server}/{path}?cls={size['width']}")
            page.wait_for_selector(READY, timeout=120_000)
            wait_quiet(page)
            load = page.evaluate(CLS)
            table = boxes(page)
            # the welcome line goes, a hint banner comes and goes, a message comes
            if page.is_visible("#welcome-close"):
                page.click("#welcome-close")
            page.click("#hint")
            page.wait_for_function(
                "() => !['', 'searching'].includes(document.querySelector('#hint-banner').dataset.kind)"
            )
            wait_quiet(page)
            assert boxes(page) == table, f"{path or 'index'} {size}: the hint banner moved the table"
            page.click("#hint-close")
            page.evaluate(
                "() => { document.querySelector('#message').textContent = 'Une ligne. '.repeat(12); }"
            )
            wait_quiet(page)
            assert boxes(page) == table, f"{path or 'index'} {size}: a message moved the table"
            total = page.evaluate(CLS)
            name = f"{path or 'index.html'} {size['width']}×{size['height']}"
            figures[name] = (round(load, 4), round(total, 4))
    assert all(load <= 0.05 and total <= 0.05 for load, total in figures.values()), figures


def test_the_header_shows_a_long_deal_id_whole_on_a_phone(table: Table) -> None:
    page = table.page
    for width in (360, 390):
        page.set_viewport_size({"width": width, "height": 740})
        if width == 360:
            table.open("#7")
        for text in ("#123456789", "#H-123456789"):
            seen = page.evaluate(
                """t => { const d = document.querySelector('#deal-id'); d.textContent = t;
                          const r = d.getBoundingClientRect();
                          return {scroll: d.scrollWidth, client: d.clientWidth, right: r.right,
                                  inner: innerWidth}; }""",
                text,
            )
            assert seen["scroll"] <= seen["client"] and seen["right"] <= seen["inner"], (width, text, seen)


def contrast(fg: list[float], bg: list[float]) -> float:
    def lum(rgb: list[float]) -> float:
        c = [v / 255 for v in rgb[:3]]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    a, b = sorted((lum(fg), lum(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def test_the_engine_restart_button_is_readable_and_big_enough(table: Table) -> None:
    page = table.page
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        table.open("#7")
        seen = page.evaluate(
            """() => { document.querySelector('#recover').hidden = false;
                       const b = document.querySelector('#recover-button'); const s = getComputedStyle(b);
                       const rgb = c => c.match(/[\\d.]+/g).map(Number);
                       return {fg: rgb(s.color), bg: rgb(s.backgroundColor),
                               h: b.getBoundingClientRect().height, text: b.textContent.trim()}; }"""
        )
        assert seen["text"] and seen["bg"][3:] != [0], seen
        assert contrast(seen["fg"], seen["bg"]) >= 4.5 and seen["h"] >= 44, (scheme, seen)


def test_the_stats_reset_confirmation_is_in_view_on_a_phone_on_its_side(table: Table) -> None:
    page = table.page
    page.set_viewport_size({"width": 740, "height": 360})
    table.open("#7")
    page.click("#stats-open")
    page.wait_for_selector("#stats-panel[open]")
    page.click("#stats-reset")
    page.wait_for_function("() => document.activeElement.id === 'stats-reset-no'")
    page.wait_for_timeout(300)
    seen = page.evaluate(
        """() => ['stats-reset-yes', 'stats-reset-no'].map(id => {
            const b = document.getElementById(id); const r = b.getBoundingClientRect();
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            const top = document.elementFromPoint(r.x + r.width / 2, r.y + 2);
            const bottom = document.elementFromPoint(r.x + r.width / 2, r.bottom - 2);
            return {id, seen: [hit, top, bottom].every(e => e && b.contains(e)),
                    focused: document.activeElement === b};
        })"""
    )
    assert all(s["seen"] for s in seen) and seen[1]["focused"], seen


NAMES = """() => [...document.querySelectorAll('button, [role=img]')]
  .filter(el => el.checkVisibility({visibilityProperty: true})
                && !el.closest('[aria-hidden=true], dialog:not([open])'))
  .filter(el => !(el.getAttribute('aria-label') || el.textContent.trim()
                  || el.getAttribute('aria-labelledby')))
  .map(el => el.id || el.className)"""

LABEL_IN_NAME = """sel => { const el = document.querySelector(sel);
  return {text: el.textContent.trim(), name: el.getAttribute('aria-label') || ''}; }"""


def test_nothing_unnamed_before_the_first_snapshot_and_each_page_described(page: Any, server: str) -> None:
    # The engine never comes (neither its start-up snapshot nor its wheel): the page as it loads.
    page.route("**/*.snapshot.gz", lambda route: route.abort())
    page.route("**/*.whl", lambda route: route.abort())
    for path in ("", "pyramid.html", "klondike.html"):
        page.goto(f"{server}/{path}")
        page.wait_for_function("() => document.querySelector('#undo').textContent")
        page.wait_for_timeout(300)
        assert page.evaluate(NAMES) == [], path
    descriptions = {
        name: text.split('<meta name="description" content="', 1)[1].split('"', 1)[0]
        for name in ("index.html", "pyramid.html", "klondike.html")
        for text in [(DIST / name).read_text(encoding="utf-8")]
    }
    assert "Pyramide" in descriptions["pyramid.html"], descriptions
    assert "Klondike" in descriptions["klondike.html"], descriptions
    assert len(set(descriptions.values())) == 3, descriptions


def test_an_empty_stock_shows_only_what_its_name_says(table: Table, pyr: Pyramid) -> None:
    table.open("#7")
    for _ in range(23):
        table.draw()
    seen = table.page.evaluate(LABEL_IN_NAME, "#stock")
    assert seen["text"] in seen["name"], seen
    pyr.open("#7")
    for _ in range(24):
        pyr.key_move("d")
    seen = pyr.page.evaluate(LABEL_IN_NAME, "#pyramid-board [data-place='draw']")
    assert seen["text"] in seen["name"], seen


RECORD_GHOSTS = """
window.__ghosts = 0;
new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes)
  if (n instanceof Element && n.classList.contains('pyr-ghost')) window.__ghosts += 1; })
  .observe(document, {childList: true, subtree: true});
"""


def test_pyramid_badge_partners_and_a_pair_that_fades(pyr: Pyramid) -> None:
    page = pyr.page
    page.add_init_script(RECORD_GHOSTS)
    pyr.open("#7")
    draw = "#pyramid-board [data-place='draw']"
    # the badge counts the cards still face down: the stock's top lies face up beside the pile
    assert pyr.stock_count() == 24 and pyr.text(f"{draw} .count") == "23"
    # deal 7: the ace of clubs on the stock and a queen on the base row make 13 (see the engine's snapshot)
    queen = next(c for c in pyr.cards() if c["playable"] and c["card"] and c["card"][0] == "Q")
    pyr.tap(int(queen["place"]))
    pyr.wait_selected(queen["place"])
    partners = pyr.partners()
    assert partners, "the queen has a partner"
    marks = page.evaluate(
        """p => { const el = document.querySelector(`#pyramid-board [data-place='${p}']`);
                  const other = document.querySelector(
                      '#pyramid-board .pyr-card.face-up:not(.selected):not(.partner)');
                  return {badge: getComputedStyle(el, '::after').content,
                          ring: getComputedStyle(el).boxShadow, dimmed: getComputedStyle(other).filter}; }""",
        partners[0],
    )
    assert marks["badge"] == '"13"' and "rgb(255, 255, 255)" in marks["ring"], marks
    assert marks["dimmed"] != "none", "the other cards are dimmed while one is selected"
    before = pyr.position()
    pyr.tap(partners[0] if not partners[0].isdigit() else int(partners[0]))
    pyr.wait_moved(before)
    assert page.evaluate("() => window.__ghosts") == 2, "the removed pair fades where it stood"
    # less motion asked for: the pair just goes
    page.emulate_media(reduced_motion="reduce")
    page.evaluate("() => { window.__ghosts = 0; }")
    pyr.undo()
    pyr.play(f"{queen['place']}+{partners[0]}")
    assert page.evaluate("() => window.__ghosts") == 0
