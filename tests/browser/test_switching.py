"""Two games on one page: the switcher in the top bar, each game at its own address, each game's game in
progress, clock, statistics and settings kept while the other is played; Back and Forward; links and reloads.
"""

from __future__ import annotations

from typing import Any

from conftest import Table, engine_cli
from pyramid_page import Pyramid, engine_game, expected


def set_visibility(page: Any, state: str) -> None:
    page.evaluate(
        """state => {
            Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => state});
            Object.defineProperty(document, 'hidden', {configurable: true, get: () => state === 'hidden'});
            document.dispatchEvent(new Event('visibilitychange'));
        }""",
        state,
    )


def switch_to(page: Any, game: str) -> None:
    """Tap the switcher's link of `game` and wait until that game is on the table, ready."""
    page.click(f"[data-game-link='{game}']")
    wait_game(page, game)


def wait_game(page: Any, game: str) -> None:
    page.wait_for_selector(f"html[data-game='{game}']")
    page.wait_for_selector("#game[data-state='ready']")
    page.wait_for_function("() => /^#\\S/.test(document.querySelector('#deal-id').textContent)")
    page.wait_for_function(
        "g => document.querySelector(`[data-game-link='${g}']`).getAttribute('aria-current') === 'page'",
        arg=game,
    )
    if game == "pyramid":
        page.wait_for_function("() => document.querySelector('#removed').textContent.includes('sur 28')")
    else:
        page.wait_for_function("() => document.querySelector('#cleared').textContent.includes('/28')")


def stats_played(page: Any, key: str | None = None) -> tuple[str, list[str], bool]:
    """The statistics panel (of `key`, else the one it opens with): games played, the keys offered, whether
    the score setting is ticked."""
    page.click("#stats-open")
    page.wait_for_selector("#stats-panel[open]")
    if key is not None:
        page.select_option("#stats-key", key)
    played = str(page.text_content("#stats-played")).strip()
    keys = page.eval_on_selector_all("#stats-key option", "os => os.map(o => o.value)")
    score = bool(page.is_checked("#score-setting")) if page.is_visible("#score-setting") else False
    page.click("#stats-close")
    page.wait_for_selector("#stats-panel", state="hidden")
    return played, keys, score


def test_switching_games_keeps_both_games(table: Table, pyr: Pyramid) -> None:
    page = table.page
    table.open("#110")
    assert page.get_attribute("[data-game-link='tripeaks']", "aria-current") == "page"
    # A TriPeaks game with moves, and its own setting: the streak score shown.
    table.take(table.playable()[0])
    table.draw()
    page.click("#stats-open")
    page.wait_for_selector("#stats-panel[open]")
    page.check("#score-setting")
    page.click("#stats-close")
    tripeaks = table.snapshot()
    score = table.text("#score")
    assert score.startswith("Score ")
    set_visibility(page, "hidden")  # the clock stops, and is saved, as the player leaves
    page.wait_for_selector("#timer[data-running='false']")
    tripeaks_time = table.text("#timer")

    # Switch to Pyramid: its own address, its own table, TriPeaks' figures gone.
    switch_to(page, "pyramid")
    assert page.url.split("#")[0].endswith("/pyramid.html")
    assert page.is_visible("#pyramid-board") and page.is_hidden("#peaks")
    assert page.is_hidden("#score") and page.is_hidden("#cleared")
    set_visibility(page, "visible")
    deal_id = pyr.deal_id()
    game = engine_game(deal_id)
    assert pyr.view() == expected(game), "a fresh Pyramid deal, as the engine deals it"
    pyr.play("draw")
    game.play("draw")
    pairs = [str(m) for m in game.legal_moves() if m.kind in ("pair", "king")]
    if pairs:
        pyr.play(pairs[0])
        game.play(pairs[0])
    pyramid = pyr.view()
    assert pyramid == expected(game)
    page.wait_for_timeout(2200)  # TriPeaks' clock must not count this time
    set_visibility(page, "hidden")
    page.wait_for_selector("#timer[data-running='false']")
    pyramid_time = pyr.text("#timer")
    assert pyramid_time != "Temps 0:00"

    # Back to TriPeaks with the switcher: the same game, deal, cards, moves, clock, setting.
    switch_to(page, "tripeaks")
    assert page.url.endswith("/#110")
    assert table.snapshot() == tripeaks
    assert table.text("#timer") == tripeaks_time, "the clock is TriPeaks' own, stopped while away"
    assert table.text("#score") == score
    set_visibility(page, "visible")
    page.wait_for_selector("#timer[data-running='true']")
    set_visibility(page, "hidden")
    page.wait_for_selector("#timer[data-running='false']")
    tripeaks_time = table.text("#timer")

    # And Pyramid again: the same Pyramid game and clock.
    switch_to(page, "pyramid")
    assert page.url.endswith(f"/pyramid.html#{deal_id}")
    assert pyr.view() == pyramid
    assert pyr.text("#timer") == pyramid_time
    set_visibility(page, "visible")

    # Back returns to the previous game, Forward to the next one; each as it was.
    page.go_back()
    wait_game(page, "tripeaks")
    assert table.snapshot() == tripeaks and table.text("#timer") == tripeaks_time
    page.go_forward()
    wait_game(page, "pyramid")
    assert pyr.view() == pyramid

    # A reload keeps the game of the address.
    page.reload()
    pyr.wait_ready()
    assert pyr.view() == pyramid

    # Statistics and settings are each game's own: Pyramid's levels, no streak score; TriPeaks' kept.
    played, keys, _ = stats_played(page)
    assert played == "0" and keys == ["any", "easy", "medium", "hard"]
    assert page.is_hidden("#score-setting")
    page.click("#new")  # an easy Pyramid deal: the Pyramid game under way counts as abandoned
    page.wait_for_selector("#newdeal-panel[open]")
    assert page.is_hidden("#newdeal-panel input[name='nowrap']")
    page.click("#newdeal-panel label:has(input[value='easy'])")
    page.click("#newdeal-deal")
    page.wait_for_function("() => document.querySelector('#deal-id').textContent.startsWith('#E-')")
    assert stats_played(page, "any")[0] == "1", "the game left counts once, under its own level"
    assert stats_played(page, "easy")[0] == "0"
    switch_to(page, "tripeaks")
    assert table.snapshot() == tripeaks
    played, keys, score_on = stats_played(page, "any|wrap|down")
    assert played == "0" and score_on, "TriPeaks' statistics and setting"
    page.click("#new")
    page.wait_for_selector("#newdeal-panel[open]")
    assert page.is_checked("#newdeal-panel input[value='any']"), "Pyramid's choice is not TriPeaks'"
    assert page.is_visible("#newdeal-panel input[name='nowrap']")
    page.keyboard.press("Escape")
    page.wait_for_selector("#newdeal-panel", state="hidden")
    switch_to(page, "pyramid")
    assert pyr.deal_id().startswith("E-") and stats_played(page, "any")[0] == "1"
    page.click("#new")
    page.wait_for_selector("#newdeal-panel[open]")
    assert page.is_checked("#newdeal-panel input[value='easy']"), "Pyramid remembers its own choice"
    page.keyboard.press("Escape")


def test_links_open_their_game(table: Table, pyr: Pyramid) -> None:
    page = table.page
    codes = str(engine_cli("deal", "110")["deal"]).split()
    # Today's TriPeaks links keep opening TriPeaks: ./#110, and index.html#110 (nothing saved either time).
    for address in ("/#110", "/index.html#110"):
        page.goto(table.base + address)
        table.wait_ready()
        page.wait_for_function("() => document.querySelector('#deal-id').textContent === '#110'")
        assert page.get_attribute("html", "data-game") == "tripeaks", address
        assert [c["card"] for c in table.cards()[18:28]] == codes[18:28], address
        assert [c["state"] for c in table.cards()].count("up") == 10
        page.evaluate("() => localStorage.clear()")
    page.goto(table.base + "/#110")
    table.wait_ready()
    table.take(table.playable()[0])
    tripeaks = table.snapshot()
    # A Pyramid link opens Pyramid, that deal.
    pyr.open("#7")
    assert page.get_attribute("html", "data-game") == "pyramid"
    assert pyr.view() == expected(engine_game("7"))
    page.reload()
    pyr.wait_ready()
    assert pyr.view() == expected(engine_game("7")), "a reload keeps the game of the address"
    # The site's own address, with no deal in it, brings back the game played last (at its address); a
    # TriPeaks link (the site's address with a deal in it) still opens TriPeaks.
    page.goto(f"{table.base}/")
    pyr.wait_ready()
    pyr.wait_deal("7")
    assert page.url.split("#")[0].endswith("/pyramid.html")
    page.goto(f"{table.base}/#110")
    table.wait_ready()
    page.wait_for_function("() => document.querySelector('#deal-id').textContent === '#110'")
    assert page.get_attribute("html", "data-game") == "tripeaks"
    assert table.snapshot() == tripeaks, "TriPeaks' game is kept"
