"""Klondike's levels and draw three in Chromium (issue 20's page side): the new-deal choice deals a levelled
draw-three deal and remembers the choice, a levelled link opens its deal and a false claim changes nothing,
the waste fans its three top cards at 360×740, 740×360 and 1280×800 without covering anything, a draw-three
game played through a recycle to the win, statistics kept per level and draw, English words.

Deals, lines and claims come from the Python engine at test time (`klondike_core.difficulty`: the sloppy
player's won game proves an easy deal); the page is driven by taps only.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

from klondike_page import BOARD, Klondike, engine_game

from klondike_core.deal import DealId
from klondike_core.difficulty import deal_at_level, first_win, matches
from klondike_core.snapshot import snapshot
from solitaire_core.levels import Level

VIEWPORTS = ((360, 740), (740, 360), (1280, 800))

# The waste's fanned cards and its top, and the foundations and columns, as rectangles; and for each fanned
# card whether its rank shows (the card fanned over it starts right of it or below it).
FAN_JS = """() => {
  const b = document.querySelector('#klondike-board');
  const box = el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const fans = [...b.querySelectorAll('.kl-fan')].filter(el => !el.hidden);
  return {
    fan: fans.map(el => el.dataset.card),
    fanBoxes: fans.map(box),
    // each fanned card's rank and the suit of its corner stand clear of the card on it: the card is named
    ranks: fans.map((el, i) => {
      const next = (fans[i + 1] || b.querySelector("[data-place='W']")).getBoundingClientRect();
      const clear = r => r.width > 0 && (r.right <= next.left + 0.5 || r.bottom <= next.top + 0.5);
      return clear(el.querySelector('.rank').getBoundingClientRect())
        && clear(el.querySelector('.corner svg').getBoundingClientRect());
    }),
    top: b.querySelector("[data-place='W']").dataset.card || null,
    topBox: box(b.querySelector("[data-place='W']")),
    others: [...b.querySelectorAll(".kl-foundation, [data-place='stock'], .kl-column")].map(box),
  };
}"""


@functools.cache
def easy_draw_three() -> tuple[str, tuple[str, ...]]:
    """An easy draw-three deal and the won game that proves it (its moves, recycles included)."""
    deal_id = deal_at_level(Level.EASY, 3, start=1)
    line: list[str] = []
    assert first_win(deal_id.number, 3, 3, line) is not None
    return str(deal_id), tuple(line)


def false_claim() -> str:
    """A draw-three ID claiming Easy for a deal that is not easy under draw three."""
    number = next(n for n in range(1, 200) if not matches(n, 3, Level.EASY))
    return str(DealId(number, 3, Level.EASY))


def overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def _open_choice(kl: Klondike) -> None:
    """Open the new-deal dialog."""
    kl.page.click("#new")
    kl.page.wait_for_selector("#newdeal-panel[open]")


def _deal_chosen(kl: Klondike, level: str, draw: str | None = None) -> str:
    """In the open new-deal dialog, choose `level` (and `draw`, if given), deal, and return the deal ID the
    page then shows."""
    kl.page.check(f"input[name=level][value={level}]")
    if draw is not None:
        kl.page.check(f"input[name=draw][value='{draw}']")
    kl.page.click("#newdeal-deal")
    kl.page.wait_for_selector("#newdeal-panel[open]", state="detached")
    return kl.deal_id()


def test_the_choice_deals_a_levelled_draw_three_deal_and_remembers_it(kl: Klondike) -> None:
    kl.open("#7")
    _open_choice(kl)
    # the levels are offered with what they deal, and one card or three at a time (one by default)
    assert kl.page.is_checked("input[name=draw][value='1']")
    assert "prouvées gagnables" in kl.text(".newdeal-note")
    deal = _deal_chosen(kl, "medium", "3")
    assert deal.startswith("MT-"), deal
    assert matches(DealId.parse(deal).number, 3, Level.MEDIUM)
    # the table is the engine's deal under draw three, and the stock says it turns three
    kl.wait_shows(engine_game(deal))
    assert "trois" in str(kl.page.get_attribute(f"{BOARD} [data-place='stock']", "aria-label"))
    # the choice is remembered: the dialog opens on it, and "Donne suivante" deals the same again
    _open_choice(kl)
    assert kl.page.is_checked("input[name=level][value=medium]")
    assert kl.page.is_checked("input[name=draw][value='3']")
    kl.page.click("#newdeal-cancel")
    kl.press("s")
    kl.page.wait_for_function("d => document.querySelector('#deal-id').textContent !== '#' + d", arg=deal)
    assert kl.deal_id().startswith("MT-"), kl.deal_id()
    # hard under draw three too: a deal the solver proved winnable under draw three
    _open_choice(kl)
    hard = _deal_chosen(kl, "hard")
    assert hard.startswith("HT-"), hard
    assert matches(DealId.parse(hard).number, 3, Level.HARD)
    kl.wait_shows(engine_game(hard))


def test_a_levelled_link_opens_its_deal_and_a_false_claim_changes_nothing(kl: Klondike) -> None:
    deal, _ = easy_draw_three()
    kl.open(f"#{deal}")
    assert kl.deal_id() == deal
    kl.wait_shows(engine_game(deal))
    before = kl.position()
    wrong = false_claim()
    kl.page.evaluate("id => { location.hash = id; }", wrong)
    kl.page.wait_for_function("() => document.querySelector('#message').dataset.kind === 'notice'")
    assert wrong in kl.message(), kl.message()
    assert kl.deal_id() == deal and kl.position() == before
    # the same deal under draw one is another game: its link opens draw one
    number = DealId.parse(deal).number
    kl.page.evaluate("id => { location.hash = id; }", str(number))
    kl.wait_deal(str(number))
    kl.wait_shows(engine_game(number))
    assert "trois" not in str(kl.page.get_attribute(f"{BOARD} [data-place='stock']", "aria-label"))


def test_the_waste_fans_its_three_top_cards_at_every_size(kl: Klondike) -> None:
    deal, line = easy_draw_three()
    draws = [i for i, move in enumerate(line) if move == "draw"]
    moves = line[: draws[1] + 1]  # two draws: six cards on the waste, its top three fanned
    game = engine_game(deal, moves)
    want = [entry["card"] for entry in snapshot(game)["waste"]["fan"]]
    assert len(want) == 3, want
    kl.open_at(deal, moves)
    tops = {}
    for width, height in VIEWPORTS:
        kl.page.set_viewport_size({"width": width, "height": height})
        kl.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        shown: dict[str, Any] = kl.page.evaluate(FAN_JS)
        size = f"{width}x{height}"
        assert [*shown["fan"], shown["top"]] == want, (size, shown)
        assert all(shown["ranks"]), (size, "a fanned card's rank or suit is covered", shown)
        # each fanned card stands back from the next one, and nothing of the waste covers another pile
        boxes = [*shown["fanBoxes"], shown["topBox"]]
        steps = [max(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(boxes)]
        assert min(steps) >= 10, (size, steps)
        assert not any(overlaps(box, other) for box in boxes for other in shown["others"]), (size, shown)
        tops[size] = shown["topBox"]
        kl.page.screenshot(path=f"/tmp/klondike-draw3-{width}x{height}.png")
    # the top card stays where it is when fewer cards show: play it, the one it covered is the top there
    kl.page.set_viewport_size({"width": 360, "height": 740})
    kl.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    at_three = kl.page.evaluate(FAN_JS)["topBox"]
    kl.page.click("#undo")  # the second draw undone: the first draw's three cards show
    kl.page.wait_for_function(
        "top => document.querySelector(\"#klondike-board [data-place='W']\").dataset.card !== top",
        arg=want[-1],
    )
    assert kl.page.evaluate(FAN_JS)["topBox"] == at_three


def test_a_draw_three_game_through_a_recycle_to_the_win_counts_for_its_level_and_draw(kl: Klondike) -> None:
    deal, line = easy_draw_three()
    last_recycle = max(i for i, move in enumerate(line) if move == "recycle")
    kl.open_at(deal, line[:last_recycle])
    game = engine_game(deal, line[:last_recycle])
    for move in line[last_recycle:]:
        kl.play(game, move)
    kl.page.wait_for_selector("#win-panel[open]")
    kl.page.click("#win-panel [data-action='close-panel']")
    kl.page.click("#stats-open")
    kl.page.wait_for_selector("#stats-panel[open]")
    chosen = kl.page.eval_on_selector("#stats-key", "s => s.value")
    assert chosen == "easy|3", chosen
    assert kl.text("#stats-key option:checked") == "Facile · 3 cartes (1)"
    assert (kl.text("#stats-played"), kl.text("#stats-won")) == ("1", "1")
    # draw one's statistics of the same level are apart: nothing there
    kl.page.select_option("#stats-key", "easy")
    assert (kl.text("#stats-played"), kl.text("#stats-won")) == ("0", "0")


def test_english_words_for_levels_and_draw_three(kl: Klondike) -> None:
    deal, _ = easy_draw_three()
    kl.open(f"#{deal}")
    kl.page.click("#lang")
    kl.page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert "three over" in str(kl.page.get_attribute(f"{BOARD} [data-place='stock']", "aria-label"))
    _open_choice(kl)
    assert kl.text("label:has(input[name=draw][value='3'])") == "Three cards at a time"
    assert "proven winnable" in kl.text(".newdeal-note")
    kl.page.click("#newdeal-cancel")
    rules = kl.text("#comment-jouer")
    assert "Difficulty levels" in rules and "draw three" in rules
