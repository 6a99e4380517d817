"""Klondike's levels and draw three in Chromium (issue 20's page side): the new-deal choice deals a levelled
draw-three deal and remembers the choice, a levelled link opens its deal and a false claim changes nothing,
English words. Still to add (issue 20's note): the fanned waste checked at 360×740, 740×360 and 1280×800
(on a phone on its side the fanned cards' ranks measured covered), and a draw-three game played by taps
through a recycle to the win with its statistics (a waste tap right after a waste move did not play).

Deals, lines and claims come from the Python engine at test time (`klondike_core.difficulty`: the sloppy
player's won game proves an easy deal); the page is driven by taps only.
"""

from __future__ import annotations

import functools

from klondike_page import BOARD, Klondike, engine_game

from klondike_core.deal import DealId
from klondike_core.difficulty import deal_at_level, first_win, matches
from solitaire_core.levels import Level


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


def test_the_choice_deals_a_levelled_draw_three_deal_and_remembers_it(kl: Klondike) -> None:
    kl.open("#7")
    kl.page.click("#new")
    kl.page.wait_for_selector("#newdeal-panel[open]")
    # the levels are offered with what they deal, and one card or three at a time (one by default)
    assert kl.page.is_checked("input[name=draw][value='1']")
    assert "prouvées gagnables" in kl.text(".newdeal-note")
    kl.page.check("input[name=level][value=medium]")
    kl.page.check("input[name=draw][value='3']")
    kl.page.click("#newdeal-deal")
    kl.page.wait_for_selector("#newdeal-panel[open]", state="detached")
    deal = kl.deal_id()
    assert deal.startswith("MT-"), deal
    assert matches(DealId.parse(deal).number, 3, Level.MEDIUM)
    # the table is the engine's deal under draw three, and the stock says it turns three
    kl.wait_shows(engine_game(deal))
    assert "trois" in str(kl.page.get_attribute(f"{BOARD} [data-place='stock']", "aria-label"))
    # the choice is remembered: the dialog opens on it, and "Donne suivante" deals the same again
    kl.page.click("#new")
    kl.page.wait_for_selector("#newdeal-panel[open]")
    assert kl.page.is_checked("input[name=level][value=medium]")
    assert kl.page.is_checked("input[name=draw][value='3']")
    kl.page.click("#newdeal-cancel")
    kl.press("s")
    kl.page.wait_for_function("d => document.querySelector('#deal-id').textContent !== '#' + d", arg=deal)
    assert kl.deal_id().startswith("MT-"), kl.deal_id()


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


def test_english_words_for_levels_and_draw_three(kl: Klondike) -> None:
    deal, _ = easy_draw_three()
    kl.open(f"#{deal}")
    kl.page.click("#lang")
    kl.page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert "three over" in str(kl.page.get_attribute(f"{BOARD} [data-place='stock']", "aria-label"))
    kl.page.click("#new")
    kl.page.wait_for_selector("#newdeal-panel[open]")
    assert kl.text("label:has(input[name=draw][value='3'])") == "Three cards at a time"
    assert "proven winnable" in kl.text(".newdeal-note")
    kl.page.click("#newdeal-cancel")
    rules = kl.text("#comment-jouer")
    assert "Difficulty levels" in rules and "draw three" in rules
