"""How the page looks and feels (issue 9): the keyboard focus after a take, fitting panels and touch targets
on small screens, one name for the king per language, the rules section, the flip and the win celebration."""

from __future__ import annotations

import json
import re
from typing import Any

from conftest import ROOT, Table, engine_cli
from test_endings_and_hint import play, stuck_after_drawing_out, winnable

ACTIVE = """() => { const el = document.activeElement;
                    return {tag: el.tagName, id: el.id, pos: el.dataset.pos ?? null,
                            playable: el.dataset.playable ?? null}; }"""


def active(table: Table) -> dict[str, Any]:
    result: dict[str, Any] = table.page.evaluate(ACTIVE)
    return result


def test_the_focus_stays_on_the_table_after_a_keyboard_take(table: Table) -> None:
    table.open("#7")
    table.press("ArrowRight")
    for key in ("Enter", " "):
        now = active(table)
        assert now["playable"] == "true", now
        position = int(now["pos"])
        table.press(key)
        table.wait_gone(position)
        now = active(table)
        playable = table.playable()
        if playable:
            assert now["pos"] is not None and int(now["pos"]) in playable, f"after {key!r}: {now}"
        else:
            assert now["id"] == "stock", f"after {key!r}: {now}"
        if not playable:
            break
    # nothing playable any more: the stock has the focus, and Enter on it draws
    while table.playable():
        position = int(active(table)["pos"])
        table.press("Enter")
        table.wait_gone(position)
    assert active(table)["id"] == "stock"
    before = table.stock()
    table.press("Enter")
    table.wait_stock(before - 1)


PANEL_BOX = """id => {
    const panel = document.getElementById(id);
    const p = panel.getBoundingClientRect();
    const title = panel.querySelector('h2').getBoundingClientRect();
    const hit = document.elementFromPoint(title.left + 4, title.top + title.height / 2);
    return {top: p.top, bottom: p.bottom, left: p.left, right: p.right, titleTop: title.top,
            titleBottom: title.bottom, titleSeen: Boolean(hit && panel.querySelector('h2').contains(hit)),
            focusSeen: (() => { const f = document.activeElement.getBoundingClientRect();
                                return f.top >= p.top - 0.5 && f.bottom <= p.bottom + 0.5; })()};
}"""


def assert_panel_in_view(table: Table, panel: str) -> None:
    page = table.page
    page.wait_for_selector(f"#{panel}[open]")
    size = page.viewport_size
    assert size is not None
    box: dict[str, Any] = page.evaluate(PANEL_BOX, panel)
    where = f"{panel} at {size['width']}×{size['height']}: {box}"
    assert box["top"] >= -0.5 and box["bottom"] <= size["height"] + 0.5, f"taller than the screen: {where}"
    assert box["left"] >= -0.5 and box["right"] <= size["width"] + 0.5, f"wider than the screen: {where}"
    assert box["titleTop"] >= box["top"] - 0.5 and box["titleSeen"], f"title out of view: {where}"
    assert box["focusSeen"], f"focused control out of view: {where}"


def test_every_panel_opens_with_its_title_in_view_on_a_phone_on_its_side(table: Table) -> None:
    page = table.page
    page.set_viewport_size({"width": 740, "height": 360})
    deal_id, line = winnable()
    table.open(f"#{deal_id}")
    play(table, line)
    assert_panel_in_view(table, "win-panel")
    page.click("#win-panel [data-action='new']")
    assert_panel_in_view(table, "newdeal-panel")
    page.click("#newdeal-cancel")
    page.wait_for_selector("#newdeal-panel", state="hidden")
    page.click("#stats-open")
    assert_panel_in_view(table, "stats-panel")
    page.click("#stats-close")
    page.wait_for_selector("#stats-panel", state="hidden")
    table.open(f"#{stuck_after_drawing_out()}")
    for _ in range(23):
        table.draw()
    assert_panel_in_view(table, "stuck-panel")
    # a panel whose content is taller than the screen still opens on its title, its buttons in view
    page.evaluate(
        """() => { const p = document.getElementById('stuck-panel'); p.close();
                   document.getElementById('stuck-text').textContent = 'x '.repeat(1500); p.showModal(); }"""
    )
    assert_panel_in_view(table, "stuck-panel")
    page.evaluate("() => document.getElementById('stuck-panel').close()")
    # and every other dialog of the page, whatever it holds, as it opens
    for panel in page.eval_on_selector_all("dialog.panel", "ds => ds.map(d => d.id)"):
        page.evaluate("id => document.getElementById(id).showModal()", panel)
        assert_panel_in_view(table, panel)
        page.evaluate("id => document.getElementById(id).close()", panel)


def test_touch_targets_on_a_phone(table: Table) -> None:
    page = table.page
    page.set_viewport_size({"width": 360, "height": 740})
    table.open("#7")
    # Show every bar the page can show (the proof banner with its buttons, the replay bar, the update offer):
    # only their size is measured here.
    page.evaluate(
        """() => { for (const id of ['hint-banner', 'lost-actions', 'replay-bar', 'update', 'welcome'])
                     document.getElementById(id).hidden = false; }"""
    )
    small = page.evaluate(
        """() => {
            const tiny = (root) => [...root.querySelectorAll('button, select')]
                .filter(el => el.getClientRects().length && !el.closest('#peaks'))
                .map(el => [el.id || el.dataset.action || el.textContent.trim(), el.getBoundingClientRect()])
                .filter(([, r]) => Math.min(r.width, r.height) < 44)
                .map(([name, r]) => `${name} ${Math.round(r.width)}×${Math.round(r.height)}`);
            const out = tiny(document);
            for (const panel of document.querySelectorAll('dialog.panel')) {
                panel.showModal();
                out.push(...tiny(panel).map(s => `${panel.id}: ${s}`));
                panel.close();
            }
            return out;
        }"""
    )
    assert small == []
    # the counters keep to one line as they grow, so the header and the cards keep their size mid-game
    rows = page.evaluate(
        """() => {
            const texts = {cleared: 'Dégagées 28/28', streak: 'Série 28', moves: 'Coups 100',
                           timer: 'Temps 10:00'};
            for (const [id, text] of Object.entries(texts)) document.getElementById(id).textContent = text;
            return new Set(Object.keys(texts).map(id => document.getElementById(id).offsetTop)).size;
        }"""
    )
    assert rows == 1


def catalogue(lang: str) -> dict[str, str]:
    result: dict[str, str] = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    return result


def test_one_name_for_the_king_in_each_language(table: Table) -> None:
    # the catalogues: the king is R(oi) in every French text and K(ing) in every English one
    assert catalogue("fr")["short.K"] == "R" and catalogue("en")["short.K"] == "K"
    assert [k for k, v in catalogue("fr").items() if re.search(r"\bK\b", v)] == []
    assert [k for k, v in catalogue("en").items() if re.search(r"\bR\b", v)] == []
    # the page: a king's corner and the welcome line
    base = str(engine_cli("deal", "1")["deal"]).split()[18:28]
    king = next(i for i, code in enumerate(base) if code[0] == "K") + 18
    corner = f"#peaks .card[data-pos='{king}'] .rank"
    table.open("#1")
    assert table.text(corner) == "R"
    assert "R et A" in table.text("#welcome")
    table.page.click("#lang")
    table.page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert table.text(corner) == "K"
    assert "K and A" in table.text("#welcome")


def test_the_hint_explains_itself_in_a_players_words() -> None:
    jargon = {"fr": ("envisag", "futur", "solution complète", "échantillon"),
              "en": ("futures", "tried", "complete solution", "sampled")}
    for lang, words in jargon.items():
        texts = {k: v for k, v in catalogue(lang).items() if k.startswith("why.") and v}
        assert len(texts) >= 6
        assert [(k, w) for k, v in texts.items() for w in words if w in v.lower()] == []


def test_the_rules_tell_the_variants_the_levels_and_the_score(table: Table) -> None:
    table.open("#7")
    wanted = {"fr": ("Sans R–A", "Tout visible", "Facile", "Moyen", "Difficile", "solveur", "n(n+1)/2"),
              "en": ("No K–A", "All visible", "Easy", "Medium", "Hard", "solver", "n(n+1)/2")}
    for lang in ("fr", "en"):
        if lang == "en":
            table.page.click("#lang")
            table.page.wait_for_function("() => document.documentElement.lang === 'en'")
        rules = table.text("#comment-jouer")
        assert [w for w in wanted[lang] if w not in rules] == [], lang


RECORD_MOTION = """
window.__flips = 0;
window.__celebrations = [];
document.addEventListener('animationstart', (e) => {
  if (e.animationName === 'flip-host') window.__flips += 1;
});
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) {
    if (!(node instanceof Element) || !node.classList.contains('celebration')) continue;
    const ends = node.getAnimations({subtree: true}).map(a => a.effect.getComputedTiming().endTime);
    window.__celebrations.push({
      inDialog: node.closest('dialog') !== null, pointerEvents: getComputedStyle(node).pointerEvents,
      pieces: ends.length, longest: Math.max(0, ...ends)});
  }
}).observe(document, {childList: true, subtree: true});
"""


def test_cards_flip_and_a_win_celebrates_unless_motion_is_reduced(table: Table) -> None:
    page = table.page
    page.add_init_script(RECORD_MOTION)
    deal_id, line = winnable()
    table.open(f"#{deal_id}")
    play(table, line)
    page.wait_for_selector("#win-panel[open]")
    assert page.evaluate("() => window.__flips") > 0, "a card turning face up flips"
    celebrations: list[dict[str, Any]] = page.evaluate("() => window.__celebrations")
    assert len(celebrations) == 1, celebrations
    burst = celebrations[0]
    assert burst["pieces"] > 0 and burst["longest"] <= 2000, burst
    assert burst["pointerEvents"] == "none" and not burst["inDialog"], burst
    # the win panel is modal (the top layer, above the burst): its buttons still take taps at once
    assert page.evaluate("() => document.querySelector('#win-panel').matches(':modal')")
    page.wait_for_selector(".celebration", state="detached")
    # the same game with less motion asked for: no flip, no burst
    page.emulate_media(reduced_motion="reduce")
    page.evaluate("() => { window.__flips = 0; window.__celebrations = []; }")
    page.click("#win-panel [data-action='replay']")
    page.wait_for_selector("#win-panel", state="hidden")
    table.wait_stock(23)
    play(table, line)
    page.wait_for_selector("#win-panel[open]")
    assert page.evaluate("() => window.__flips") == 0
    assert page.evaluate("() => window.__celebrations") == []
    backdrop = "() => getComputedStyle(document.querySelector('#win-panel'), '::backdrop').animationName"
    assert page.evaluate(backdrop) == "none"
    assert page.query_selector(".celebration") is None
