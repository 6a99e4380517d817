"""Deals worth playing, on the page: the new-deal choice (keyboard and tap), a deal of each level, statistics
(after a win, after a stuck game, after an abandoned game, across a reload, reset with a confirmation),
"was this deal winnable?" and "Voir une solution", and the optional streak score.

Deals and their solver lines come from the engine's command line; the page is only ever driven as a player.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

import pytest
from conftest import Table, engine_cli, find_deal

ALL_DRAWS = ",".join(["draw"] * 23)
LETTER = {"easy": "E", "medium": "M", "hard": "H"}
LABEL = {"any": "Toutes les donnes", "easy": "Facile", "medium": "Moyen", "hard": "Difficile"}


@functools.cache
def winnable() -> tuple[str, list[Any]]:
    return find_deal("", "win")


@functools.cache
def stuck_after_drawing_out(verdict: str) -> str:
    """A deal stuck once its whole stock is drawn, whose solver verdict from the start is `verdict`."""
    for number in range(1, 300):
        stuck = engine_cli("hint", str(number), "--moves", ALL_DRAWS)["kind"] == "stuck"
        if stuck and engine_cli("solve", str(number))["verdict"] == verdict:
            return str(number)
    pytest.fail(f"no deal stuck after drawing out with verdict {verdict}")


def play(table: Table, line: list[Any]) -> None:
    for move in line:
        if move == "draw":
            table.draw()
        else:
            table.take(int(move))


def deal_id_letters(deal_id: str) -> str:
    match = re.fullmatch(r"([A-Z]*)-?\d+", deal_id.upper())
    assert match, deal_id
    return match.group(1)


def open_dialog(table: Table) -> str | None:
    value: str | None = table.page.evaluate("() => document.querySelector('dialog[open]')?.id ?? null")
    return value


def focused_id(table: Table) -> str:
    return str(table.page.evaluate("() => document.activeElement.id || document.activeElement.value || ''"))


def wait_new_deal(table: Table, old: str) -> str:
    table.page.wait_for_selector("#newdeal-panel", state="hidden")
    table.page.wait_for_function("id => document.querySelector('#deal-id').textContent !== '#' + id", arg=old)
    return table.deal_id()


def open_stats(table: Table) -> dict[str, str]:
    table.page.click("#stats-open")
    table.page.wait_for_selector("#stats-panel[open]")
    return stats_figures(table)


def stats_figures(table: Table) -> dict[str, str]:
    names = ["played", "won", "rate", "run", "best-run", "best-time", "fewest-moves", "longest-streak"]
    return {name: table.text(f"#stats-{name}") for name in names}


def close_stats(table: Table) -> None:
    table.page.click("#stats-close")
    table.page.wait_for_selector("#stats-panel", state="hidden")


# ------------------------------------------------------------------ the choice


def test_choice_dialog_by_keyboard(table: Table) -> None:
    table.open("#7")
    page = table.page
    table.press("n")
    page.wait_for_selector("#newdeal-panel[open]")
    assert focused_id(table) == "newdeal-deal", "Enter deals again with the settings shown"
    assert page.is_checked("#newdeal-panel input[value='any']"), "any deal is the default"
    assert not page.is_checked("#newdeal-panel input[name='nowrap']")
    assert not page.is_checked("#newdeal-panel input[name='visible']")
    # the page's own keys do nothing while the dialog has the focus
    for key in ("d", "u", "h", "n"):
        table.press(key)
    assert table.stock() == 23 and table.deal_id() == "7"
    assert page.is_hidden("#hint-banner")
    assert open_dialog(table) == "newdeal-panel"
    # Escape closes it and the game is as it was
    table.press("Escape")
    page.wait_for_selector("#newdeal-panel", state="hidden")
    assert table.deal_id() == "7"
    # the focus stays inside: Tab from the last button comes back to the first control
    table.press("n")
    page.wait_for_selector("#newdeal-panel[open]")
    table.press("Tab")
    assert focused_id(table) == "newdeal-cancel"
    table.press("Tab")
    assert focused_id(table) == "any"
    # choose "medium" with the arrows, "Sans R–A" with Space, then Enter deals
    table.press("ArrowDown")
    table.press("ArrowDown")
    assert page.is_checked("#newdeal-panel input[value='medium']")
    table.press("Tab")
    table.press(" ")
    assert page.is_checked("#newdeal-panel input[name='nowrap']")
    table.press("Enter")
    deal_id = wait_new_deal(table, "7")
    assert deal_id_letters(deal_id) == "MN"
    assert "Nouvelle donne" in table.text("#message")
    # remembered: next time the dialog shows the same choice, and N, Enter deals with it again
    page.reload()
    table.wait_ready()
    table.press("n")
    page.wait_for_selector("#newdeal-panel[open]")
    assert page.is_checked("#newdeal-panel input[value='medium']")
    assert page.is_checked("#newdeal-panel input[name='nowrap']")
    table.press("Enter")
    again = wait_new_deal(table, deal_id)
    assert deal_id_letters(again) == "MN"


def test_choice_dialog_by_tap_on_a_phone_and_a_deal_of_each_level(table: Table) -> None:
    page = table.page
    page.set_viewport_size({"width": 360, "height": 640})
    table.open("#7")
    # record what the dialog's status line says while the deal is on its way
    page.evaluate(
        """() => { window.seenStatus = [];
                   new MutationObserver(() => window.seenStatus.push(
                       document.querySelector('#newdeal-status').textContent))
                     .observe(document.querySelector('#newdeal-status'),
                              {childList: true, characterData: true, subtree: true}); }"""
    )
    old = "7"
    for level in ("easy", "medium", "hard"):
        page.click("#new")
        page.wait_for_selector("#newdeal-panel[open]")
        page.click(f"#newdeal-panel label:has(input[value='{level}'])")
        if level == "hard":
            page.click("#newdeal-panel label:has(input[name='nowrap'])")
            page.click("#newdeal-panel label:has(input[name='visible'])")
        for selector in ("#newdeal-deal", f"#newdeal-panel label:has(input[value='{level}'])"):
            box = page.locator(selector).bounding_box()
            assert box and box["height"] >= 40 and box["x"] >= 0 and box["x"] + box["width"] <= 360
        page.click("#newdeal-deal")
        deal_id = wait_new_deal(table, old)
        letters = deal_id_letters(deal_id)
        assert letters == (LETTER[level] + "NV" if level == "hard" else LETTER[level]), deal_id
        # the level letter is a claim the engine checks, and the deal is winnable
        solved = engine_cli("solve", deal_id)
        assert solved["verdict"] == "win", deal_id
        assert table.stock() == 23
        old = deal_id
    assert "Distribution…" in page.evaluate("() => window.seenStatus")
    # all visible: every table card is face up
    assert all(card["state"] == "up" for card in table.cards())


def test_next_deal_keeps_the_settings_of_the_deal_on_the_table_in_one_key(table: Table) -> None:
    table.open("#7")
    page = table.page
    # a medium deal without the K–A wrap, chosen in the dialog
    table.press("n")
    page.wait_for_selector("#newdeal-panel[open]")
    page.click("#newdeal-panel label:has(input[value='medium'])")
    page.click("#newdeal-panel label:has(input[name='nowrap'])")
    page.click("#newdeal-deal")
    chosen = wait_new_deal(table, "7")
    assert deal_id_letters(chosen) == "MN"
    # S before any move: another deal at once, same level and variant, with no dialog on the way
    table.press("s")
    page.wait_for_function("id => document.querySelector('#deal-id').textContent !== '#' + id", arg=chosen)
    chosen = table.deal_id()
    assert deal_id_letters(chosen) == "MN" and open_dialog(table) is None
    # S in a game under way: one key does not throw it away; the choice opens with its settings (Enter deals)
    if table.playable():
        table.take(table.playable()[0])
    else:
        table.draw()
    table.press("s")
    page.wait_for_selector("#newdeal-panel[open]")
    assert table.deal_id() == chosen
    assert page.is_checked("#newdeal-panel input[value='medium']")
    assert page.is_checked("#newdeal-panel input[name='nowrap']")
    table.press("Enter")
    page.wait_for_function("id => document.querySelector('#deal-id').textContent !== '#' + id", arg=chosen)
    again = table.deal_id()
    assert again != chosen and deal_id_letters(again) == "MN"
    assert open_dialog(table) is None
    table.wait_stock(23)
    assert table.text("#moves") == "Coups 0"
    assert engine_cli("solve", again)["verdict"] == "win", "a levelled deal is still proven winnable"
    page.wait_for_function("() => document.querySelector('#message').textContent.includes('Moyen')")
    assert table.text("#message") == f"Nouvelle donne : {again} (Moyen · Sans R–A)."
    # the game left after a move counts as abandoned, once, under its own settings
    figures = open_stats(table)
    assert page.input_value("#stats-key") == "medium|nowrap|down"
    assert figures["played"] == "1" and figures["won"] == "0"
    close_stats(table)
    # a deal opened from a link sets what "the same settings" are: here every card face up, any level
    table.open("#V-7")
    table.press("s")
    page.wait_for_function("() => document.querySelector('#deal-id').textContent !== '#V-7'")
    assert deal_id_letters(table.deal_id()) == "V"
    table.wait_stock(23)
    assert all(card["state"] == "up" for card in table.cards())
    # and the choice dialog now preselects those settings
    table.press("n")
    page.wait_for_selector("#newdeal-panel[open]")
    assert page.is_checked("#newdeal-panel input[value='any']")
    assert page.is_checked("#newdeal-panel input[name='visible']")
    assert not page.is_checked("#newdeal-panel input[name='nowrap']")
    table.press("Escape")


# ------------------------------------------------------------------ statistics


def test_statistics_after_a_win_a_stuck_game_and_an_abandoned_one_kept_across_a_reload(table: Table) -> None:
    deal_id, line = winnable()
    table.open(f"#{deal_id}")
    page = table.page
    figures = open_stats(table)
    assert figures["played"] == "0" and figures["rate"] == "—"
    assert table.page.input_value("#stats-key") == "any|wrap|down"
    close_stats(table)
    play(table, line)
    page.wait_for_selector("#win-panel[open]")
    longest = table.text("#win-longest")
    # the deal could obviously be won: the panel does not ask the solver, it offers the solution
    assert page.is_hidden("#win-panel [data-solution='ask']")
    assert page.is_visible("#win-panel [data-solution='show']")
    page.click("#win-panel [data-action='close-panel']")
    figures = open_stats(table)
    assert figures["played"] == "1" and figures["won"] == "1" and figures["rate"] == "100 %"
    assert figures["run"] == "1" and figures["best-run"] == "1"
    assert figures["fewest-moves"] == str(len(line))
    assert figures["longest-streak"] == longest
    assert re.fullmatch(r"\d+:\d\d", figures["best-time"])
    assert page.get_attribute("#stats-chart", "data-games") == "1"
    close_stats(table)
    # undo reopens the won game; that does not count it again
    table.press("u")
    page.wait_for_function("() => document.querySelector('#cleared').textContent !== 'Dégagées 28/28'")
    assert open_stats(table)["played"] == "1"
    close_stats(table)
    table.take(int(line[-1]))  # won again (a winning line ends with a take): still counted once
    page.wait_for_selector("#win-panel[open]")
    page.click("#win-panel [data-action='close-panel']")
    assert open_stats(table)["played"] == "1"
    close_stats(table)

    stuck = stuck_after_drawing_out("lost")
    table.open(f"#{stuck}")
    for _ in range(23):
        table.draw()
    page.wait_for_selector("#stuck-panel[open]")
    # peak cards are still face down: no verdict yet, the panel offers to give up (a loss, for good) first
    assert page.is_hidden("#stuck-panel [data-solution='show']")
    assert page.get_attribute("#stuck-panel [data-verdict-box]", "data-verdict") == ""
    assert "perdue" in table.text("#give-up-note")
    page.click("#stuck-panel [data-solution='give-up']")
    page.wait_for_function(
        "() => document.querySelector('#stuck-panel [data-verdict-box]').dataset.verdict === 'lost'"
    )
    assert table.text("#stuck-panel [data-verdict-text]").startswith("Non")
    assert "abandonnée" in table.text("#stuck-text")
    page.keyboard.press("Escape")
    figures = open_stats(table)
    assert figures["played"] == "2" and figures["won"] == "1" and figures["rate"] == "50 %", "a loss, once"
    assert figures["run"] == "0" and figures["best-run"] == "1"
    close_stats(table)

    page.reload()
    table.wait_ready()
    page.wait_for_selector("#stuck-panel[open]")  # the given-up game is back, and so is its panel
    page.keyboard.press("Escape")
    figures = open_stats(table)
    assert figures["played"] == "2" and figures["won"] == "1", "kept across a reload"
    assert page.get_attribute("#stats-chart", "data-games") == "2"
    label = str(page.get_attribute("#stats-chart", "aria-label"))
    assert "1 gagnées" in label and "1 perdues" in label
    close_stats(table)
    # a reloaded stuck game is not counted again; a new deal after it is not an abandoned game
    table.press("n")
    page.click("#newdeal-deal")
    fresh = wait_new_deal(table, stuck)
    assert open_stats(table)["played"] == "2"
    close_stats(table)
    # a game abandoned by a new deal after one move counts as played and lost
    table.draw()
    table.press("n")
    page.click("#newdeal-deal")
    wait_new_deal(table, fresh)
    figures = open_stats(table)
    assert figures["played"] == "3" and figures["won"] == "1"


def test_reset_asks_first(table: Table) -> None:
    table.open("#7")
    page = table.page
    stored = {
        "any|wrap|down": {"played": 4, "won": 3, "run": 2, "bestRun": 2, "bestMs": 61000, "fewestMoves": 40,
                          "longestStreak": 9, "bestScore": 120,
                          "recent": [{"won": True, "ms": 61000, "moves": 40, "score": 120, "id": "1"}]},
        "easy|wrap|visible": {"played": 1, "won": 1, "run": 1, "bestRun": 1, "bestMs": 30000,
                              "fewestMoves": 35, "longestStreak": 12, "bestScore": 200, "recent": []},
    }
    page.evaluate("s => localStorage.setItem('tripeaks.stats.v1', s)", json.dumps(stored))
    figures = open_stats(table)
    assert figures["played"] == "4" and figures["rate"] == "75 %" and figures["best-time"] == "1:01"
    page.click("#stats-reset")
    assert page.is_visible("#stats-confirm")
    assert "définitif" in table.text("#stats-confirm-text")
    assert focused_id(table) == "stats-reset-no", "the safe answer has the focus"
    assert stats_figures(table)["played"] == "4", "nothing is erased before the answer"
    page.click("#stats-reset-no")
    assert page.is_hidden("#stats-confirm") and stats_figures(table)["played"] == "4"
    # Escape answers no too, and leaves the panel open
    page.click("#stats-reset")
    page.keyboard.press("Escape")
    assert page.is_hidden("#stats-confirm") and open_dialog(table) == "stats-panel"
    page.click("#stats-reset")
    page.click("#stats-reset-yes")
    assert stats_figures(table)["played"] == "0"
    assert "effacées" in table.text("#stats-note")
    # only that combination is erased
    page.select_option("#stats-key", "easy|wrap|visible")
    assert stats_figures(table)["played"] == "1"
    close_stats(table)
    page.reload()
    table.wait_ready()
    assert open_stats(table)["played"] == "0"


# ------------------------------------------------------------------ "was it winnable?" and the solution


def test_solution_replays_a_winning_line_to_the_end_without_touching_the_game(table: Table) -> None:
    deal_id = stuck_after_drawing_out("win")
    expected = engine_cli("solve", deal_id)
    table.open(f"#{deal_id}", query="?test-replay-ms=15")
    page = table.page
    for _ in range(23):
        table.draw()
    page.wait_for_selector("#stuck-panel[open]")
    page.click("#stuck-panel [data-solution='give-up']")
    # once given up, the panel asks the solver by itself; "Était-elle gagnable ?" goes once it has answered
    page.wait_for_function(
        "() => document.querySelector('#stuck-panel [data-verdict-box]').dataset.verdict === 'win'"
    )
    assert table.text("#stuck-panel [data-verdict-text]").startswith("Oui : cette donne pouvait être gagnée")
    assert page.is_hidden("#stuck-panel [data-solution='ask']")
    player = table.snapshot()
    page.click("#stuck-panel [data-solution='show']")
    page.wait_for_selector("#replay-bar:not([hidden])")
    assert open_dialog(table) is None
    assert "statistiques ne changent pas" in table.text("#message")
    page.wait_for_function("() => document.querySelector('#replay-bar').dataset.done === 'true'")
    assert page.get_attribute("#replay-bar", "data-steps") == str(len(expected["line"]))
    assert all(card["state"] == "gone" for card in table.cards()), "the line clears the table"
    assert "Fin de la solution" in table.text("#message")
    # the status bar follows the replay (its figures, not the player's), and the player's come back on stop
    assert table.text("#cleared") == "Dégagées 28/28"
    assert table.text("#moves") == f"Coups {len(expected['line'])}"
    # taps on the table and the page's keys do nothing during the replay
    table.press("u")
    page.click("#stock", force=True)  # the replay's last frame is won: its stock is shown unavailable
    assert table.stock() == 23 - sum(1 for m in expected["line"] if m == "draw")
    page.click("#replay-stop")
    page.wait_for_selector("#replay-bar", state="hidden")
    assert table.snapshot() == player, "the player's game is back as it was"
    page.wait_for_selector("#stuck-panel[open]")
    page.keyboard.press("Escape")
    assert open_stats(table)["played"] == "1", "the replay records nothing"
    close_stats(table)
    # step by step (a replay that would take ages by itself), then stop with Escape
    table.open(f"#{deal_id}", query="?test-replay-ms=1000000")
    page.wait_for_selector("#stuck-panel[open]")
    player = table.snapshot()
    page.click("#stuck-panel [data-solution='show']")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.click("#replay-play")  # pause
    step = int(str(page.get_attribute("#replay-bar", "data-step")))
    page.click("#replay-next")
    page.wait_for_function(
        "n => document.querySelector('#replay-bar').dataset.step === String(n)", arg=step + 1
    )
    assert table.text("#message").startswith(f"Coup {step + 1}/")
    page.keyboard.press("Escape")
    page.wait_for_selector("#replay-bar", state="hidden")
    assert table.snapshot() == player


def test_solution_says_plainly_when_the_deal_is_lost(table: Table) -> None:
    assert engine_cli("solve", "36")["verdict"] == "lost", "deal 36 is lost under the standard rules"
    table.open("#36")
    page = table.page
    for _ in range(23):
        table.draw()
    while open_dialog(table) != "stuck-panel":  # a plain player: take whatever fits until nothing does
        playable = table.playable()
        assert playable, "the page must show the stuck panel when nothing fits"
        table.take(playable[0])
    page.wait_for_selector("#stuck-panel[open]")
    page.click("#stuck-panel [data-solution='give-up']")
    page.wait_for_function(
        "() => document.querySelector('#stuck-panel [data-verdict-box]').dataset.verdict === 'lost'"
    )
    assert "ne pouvait pas être gagnée" in table.text("#stuck-panel [data-verdict-text]")
    page.click("#stuck-panel [data-solution='show']")
    page.wait_for_function(
        "() => document.querySelector('#stuck-panel [data-verdict-text]').textContent.includes('perdue')"
    )
    assert page.is_hidden("#replay-bar")
    assert open_dialog(table) == "stuck-panel"


# ------------------------------------------------------------------ score


def test_streak_score_is_off_by_default_and_shown_when_the_setting_is_on(table: Table) -> None:
    deal_id, line = winnable()
    table.open(f"#{deal_id}")
    page = table.page
    assert page.is_hidden("#score"), "seed 000: a streak earns nothing unless the player asks"
    open_stats(table)
    assert page.is_hidden("#stats-best-score")
    page.check("#score-setting")
    assert page.is_visible("#stats-best-score")
    close_stats(table)
    assert table.text("#score") == "Score 0"
    # the score follows the engine: a run of n cards taken without drawing scores n(n+1)/2
    total = run = 0
    for move in line:
        if move == "draw":
            run = 0
            table.draw()
        else:
            run += 1
            total += run
            table.take(int(move))
            assert table.text("#score") == f"Score {total}"
    page.wait_for_selector("#win-panel[open]")
    assert page.is_visible("#win-score") and table.text("#win-score") == str(total)
    page.click("#win-panel [data-action='close-panel']")
    open_stats(table)
    assert table.text("#stats-best-score") == str(total)
    close_stats(table)
    page.reload()
    table.wait_ready()
    assert table.text("#score") == f"Score {total}", "the setting is remembered"
