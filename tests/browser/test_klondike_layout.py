"""Klondike's table depends on the window, never on the position (web/games/klondike/layout.js, table.js).

- The arrangement, the card size and every pile's place are the same on a fresh deal and with a 16-card
  column (they used to switch at 1280×800 when a column reached 10 cards: the stock jumped across the
  table and back).
- A fanned card's strip names it: its rank and suit stand whole inside the strip, which is never under 24 px
  (44 px on a phone upright and a desktop); on a phone on its side a long column runs below the board,
  which scrolls, rather than shrinking its strips to 12 px.
- The table does not move when a hint banner, a long message or the no-progress note comes or goes.

Positions come from the Python engine at test time, put in the page's storage as its own save.
"""

from __future__ import annotations

import json
from typing import Any

from klondike_page import BOARD, Klondike, engine_game, greedy_line, no_progress_position, saved

VIEWPORTS = ((360, 740), (740, 360), (1280, 800))
LONG_DEAL = 24  # along the greedy player's game, a column of 6 face-down and 10 face-up cards
LONG_LINE = 41

# Where the piles stand and how big a card is: what must not depend on the cards on the table.
LAYOUT_JS = """() => {
  const b = document.querySelector('#klondike-board');
  const at = el => {
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height].map(Math.round);
  };
  return {
    mode: b.classList.contains('kl-side') ? 'side' : 'below',
    stock: at(b.querySelector("[data-place='stock']")),
    waste: at(b.querySelector("[data-place='W']")),
    foundations: [0, 1, 2, 3].map(i => at(b.querySelector(`[data-place='F${i}']`))),
    columns: [...b.querySelectorAll('.kl-column')].map(c => at(c).slice(0, 3)),
  };
}"""

# Every card's rectangle on the screen, by card (or pile, or column and index for a face-down card).
RECTS_JS = """() => {
  const b = document.querySelector('#klondike-board');
  const rects = {};
  b.querySelectorAll('.kl-table .card, .kl-table .kl-column').forEach((el, i) => {
    const r = el.getBoundingClientRect();
    const key = el.dataset.card || el.dataset.place || ('#' + i);
    rects[key] = [r.left, r.top, r.width, r.height].map(Math.round);
  });
  return rects;
}"""

# Each face-up card under another one: its strip (what shows of it), and whether its rank and suit stand
# whole inside that strip, with the rank's font size.
STRIPS_JS = """() => {
  const cards = [...document.querySelectorAll('#klondike-board .kl-column')].flatMap(column => {
    const ups = [...column.querySelectorAll('.kl-up')];
    return ups.slice(0, -1).map((el, i) => [el, ups[i + 1]]);
  });
  return cards.map(([el, next]) => {
    const card = el.getBoundingClientRect();
    const strip = next.getBoundingClientRect().top - card.top;
    const rank = el.querySelector('.rank').getBoundingClientRect();
    const suit = el.querySelector('.corner svg').getBoundingClientRect();
    const hit = document.elementFromPoint(rank.left + rank.width / 2, rank.top + rank.height / 2);
    return {
      card: el.dataset.card, strip: Math.round(strip),
      whole: rank.bottom <= card.top + strip + 0.5 && suit.bottom <= card.top + strip + 0.5
             && rank.right <= card.right && suit.right <= card.right,
      font: parseFloat(getComputedStyle(el.querySelector('.rank')).fontSize),
      shown: hit === null || el.contains(hit) || !document.querySelector('#board').contains(hit),
    };
  });
}"""

# How far down the board the longest column reaches (from the board's top, scrolled or not), and the board's
# visible height.
FILL_JS = """() => {
  const b = document.querySelector('#klondike-board');
  const top = b.getBoundingClientRect().top - b.scrollTop;
  const ends = [...b.querySelectorAll('.kl-column')].map(c => {
    const cards = c.querySelectorAll('.card');
    return cards.length ? cards[cards.length - 1].getBoundingClientRect().bottom - top : 0;
  });
  return { end: Math.round(Math.max(...ends)), room: b.clientHeight };
}"""

FRAMES_JS = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def resize(kl: Klondike, width: int, height: int) -> None:
    kl.page.set_viewport_size({"width": width, "height": height})
    kl.page.wait_for_function(
        "w => document.querySelector('header.top').getBoundingClientRect().width <= w", arg=width
    )
    kl.page.evaluate(FRAMES_JS)


def load(kl: Klondike, deal: int, line: tuple[str, ...]) -> None:
    """Put the engine's save of a position in the page's storage and load the page again on it."""
    record = json.dumps(saved(deal, line))
    kl.page.evaluate("record => localStorage.setItem('klondike.save', record)", record)
    kl.page.reload()
    kl.wait_ready()
    kl.wait_shows(engine_game(deal, line))


def layouts(kl: Klondike) -> dict[str, Any]:
    shown = {}
    for width, height in VIEWPORTS:
        resize(kl, width, height)
        shown[f"{width}x{height}"] = kl.page.evaluate(LAYOUT_JS)
    return shown


def test_the_layout_depends_on_the_window_not_on_the_position(kl: Klondike) -> None:
    line = greedy_line(LONG_DEAL)[:LONG_LINE]
    assert max(len(c) for c in engine_game(LONG_DEAL, line).position().tableau) == 16
    kl.open_at(LONG_DEAL, ())
    fresh = layouts(kl)
    load(kl, LONG_DEAL, line)
    assert layouts(kl) == fresh


def test_every_strip_names_its_card_and_is_a_target(kl: Klondike) -> None:
    line = greedy_line(LONG_DEAL)[:LONG_LINE]
    kl.open_at(LONG_DEAL, line)
    for width, height in VIEWPORTS:
        resize(kl, width, height)
        size = f"{width}x{height}"
        # the long column's last cards may lie below the board's foot (on a phone on its side): scrolled
        # into view, each one names its card
        kl.page.evaluate("() => { const b = document.querySelector('#klondike-board'); b.scrollTop = 1e6; }")
        kl.page.evaluate(FRAMES_JS)
        strips = kl.page.evaluate(STRIPS_JS)
        kl.page.evaluate("() => { document.querySelector('#klondike-board').scrollTop = 0; }")
        assert len(strips) >= 9, size
        bad = [s for s in strips if not (s["whole"] and s["font"] >= 12)]
        assert bad == [], (size, bad)
        # A strip is 44 px (a finger's target) wherever the board's height allows it; a column too long for
        # that fills the board down to its foot with tighter strips, never under WCAG 2.5.8's 24 px; past
        # that floor (a phone on its side) it runs below the foot, which scrolls.
        least = min(s["strip"] for s in strips)
        fill = kl.page.evaluate(FILL_JS)
        assert least >= 24, (size, strips)
        if least < 44:
            assert fill["end"] >= fill["room"] - 8, (size, least, fill)  # no room left for bigger strips
            # and it runs below the foot only at the floor
            assert least == 24 or fill["end"] <= fill["room"] + 1, (size, least, fill)
        # and the whole table can be reached: nothing beyond the board's sides, the foot scrolls into view
        reach = kl.page.evaluate(
            """() => { const b = document.querySelector('#klondike-board');
                       const t = b.querySelector('.kl-table');
                       return { wide: b.scrollWidth <= b.clientWidth + 1,
                                tall: t.offsetTop + t.offsetHeight <= b.scrollHeight + 1 }; }"""
        )
        assert reach == {"wide": True, "tall": True}, (size, reach)


def test_the_table_does_not_move_when_a_line_or_the_note_shows(kl: Klondike) -> None:
    deal, line = no_progress_position()
    kl.open_at(deal, line)
    note = f"{BOARD} .kl-note"
    for width, height in VIEWPORTS:
        size = f"{width}x{height}"
        resize(kl, width, height)
        if kl.page.is_hidden(note):
            load(kl, deal, line)  # the note comes back with the page
            resize(kl, width, height)
        kl.page.wait_for_selector(f"{note}:not([hidden])")
        with_note = kl.page.evaluate(RECTS_JS)
        kl.page.click(f"{BOARD} [data-place='note-close']")
        kl.page.wait_for_selector(note, state="hidden")
        kl.page.evaluate(FRAMES_JS)
        assert kl.page.evaluate(RECTS_JS) == with_note, (size, "the note")
        # a hint banner (two to four lines on a phone)
        kl.hint()
        kl.page.wait_for_function("() => !document.querySelector('#klondike-board .kl-flying, .flip')")
        kl.page.evaluate(FRAMES_JS)
        assert kl.page.evaluate(RECTS_JS) == with_note, (size, "the hint banner")
        kl.page.click("#hint-close")
        kl.page.wait_for_selector("#hint-banner", state="hidden")
        # a long message (a refusal, said in two or three lines on a phone)
        kl.page.evaluate(
            "() => { const m = document.querySelector('#message');"
            " m.textContent = 'Cette carte est face cachée. '.repeat(6); }"
        )
        kl.page.evaluate(FRAMES_JS)
        assert kl.page.evaluate(RECTS_JS) == with_note, (size, "a long message")
        kl.clear_message()
