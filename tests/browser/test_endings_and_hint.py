"""Win and stuck panels, the hint (highlight, searching banner, stale answers), the proven-lost banner.

Deals come from the engine itself (the command line, as a player's tool would use it): a winnable deal with
its solver line, a deal that is stuck once the stock is drawn out, a deal proven lost.
"""

from __future__ import annotations

import functools

import pytest
from conftest import Table, engine_cli, find_deal

ALL_DRAWS = ",".join(["draw"] * 23)
TEXTS = "bs => bs.map(b => b.textContent)"


@functools.cache
def winnable() -> tuple[str, list[object]]:
    return find_deal("", "win")


@functools.cache
def stuck_after_drawing_out() -> str:
    for number in range(1, 200):
        if engine_cli("hint", str(number), "--moves", ALL_DRAWS)["kind"] == "stuck":
            return str(number)
    pytest.fail("no deal stuck after drawing the whole stock")


@functools.cache
def lost_all_visible() -> str:
    return find_deal("V-", "lost")[0]


def play(table: Table, line: list[object]) -> None:
    for move in line:
        if move == "draw":
            table.draw()
        else:
            table.take(int(str(move)))


def open_dialog(table: Table) -> str | None:
    value: str | None = table.page.evaluate("() => document.querySelector('dialog[open]')?.id ?? null")
    return value


def test_win_panel(table: Table) -> None:
    deal_id, line = winnable()
    table.page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=table.base)
    table.open(f"#{deal_id}")
    play(table, line)
    page = table.page
    page.wait_for_selector("#win-panel[open]")
    assert table.text("#win-cleared") == "28/28"
    assert table.text("#win-moves") == table.text("#moves").split()[-1]
    assert int(table.text("#win-longest")) >= 1
    assert table.text("#win-deal") == f"#{deal_id}"
    assert table.text("#win-time")
    buttons = page.eval_on_selector_all("#win-panel .panel-actions button", TEXTS)
    assert buttons == ["Donne suivante", "Nouvelle donne", "Rejouer la donne", "Voir le tableau"]
    page.click("#win-deal")
    page.wait_for_function("id => navigator.clipboard.readText().then(t => t === id)", arg=deal_id)
    page.click("#win-panel [data-action='close-panel']")
    page.wait_for_selector("#win-panel", state="hidden")
    assert table.text("#cleared") == "Dégagées 28/28", "the table stays to be looked at"
    assert page.get_attribute("#timer", "data-running") == "false"
    # A won game was winnable, plainly: the panel does not ask the solver (that would show the unseen stock
    # and close the game); it offers the solution, saying what showing it costs.
    assert page.get_attribute("#win-panel [data-verdict-box]", "data-verdict") == ""
    assert page.is_hidden("#win-panel [data-solution='ask']")
    assert "Partie gagnée" in table.text("#message")
    page.click("#undo")
    page.click("#undo")  # undo works after a win too, and the panel does not come back by itself
    table.page.wait_for_function("() => document.querySelector('#cleared').textContent !== 'Dégagées 28/28'")
    assert open_dialog(table) is None


def test_win_panel_replay_and_new(table: Table) -> None:
    deal_id, line = winnable()
    table.open(f"#{deal_id}")
    play(table, line)
    page = table.page
    page.wait_for_selector("#win-panel[open]")
    page.click("#win-panel [data-action='replay']")
    page.wait_for_selector("#win-panel", state="hidden")
    table.wait_stock(23)
    assert table.deal_id() == deal_id and table.text("#cleared") == "Dégagées 0/28"
    play(table, line)
    page.wait_for_selector("#win-panel[open]")
    page.click("#win-panel [data-action='new']")
    page.wait_for_selector("#win-panel", state="hidden")
    table.confirm_new_deal(deal_id)


def wait_next_deal(table: Table, previous: str) -> str:
    """After "Donne suivante": the new deal is on the table and no dialog was needed for it."""
    table.page.wait_for_function(
        "id => document.querySelector('#deal-id').textContent !== '#' + id", arg=previous
    )
    table.wait_stock(23)
    assert open_dialog(table) is None
    return table.deal_id()


def test_win_panel_next_deal_in_one_key_or_one_tap(table: Table) -> None:
    deal_id, line = winnable()
    table.open(f"#{deal_id}")
    page = table.page
    # the dialog must not be involved at all: count how often it opens
    page.evaluate(
        """() => { window.__choiceOpened = 0;
                   new MutationObserver(() => { if (document.querySelector('#newdeal-panel').open)
                                                  window.__choiceOpened += 1; })
                     .observe(document.querySelector('#newdeal-panel'), {attributes: true}); }"""
    )
    play(table, line)
    page.wait_for_selector("#win-panel[open]")
    assert page.evaluate("() => document.activeElement.id") == "win-again", "Enter deals the next deal"
    assert page.get_attribute("#win-again", "aria-label") == (
        "Donne suivante, mêmes réglages : Toutes les donnes · règles standard"
    )
    table.press("Enter")
    first = wait_next_deal(table, deal_id)
    assert first.isdigit(), "same settings: any deal, standard rules"
    assert table.text("#cleared") == "Dégagées 0/28" and table.text("#moves") == "Coups 0"
    assert "Nouvelle donne" in table.wait_message()
    # one tap on the button does the same
    table.open(f"#{deal_id}")
    page.evaluate("() => { window.__choiceOpened = 0; }")
    play(table, line)
    page.wait_for_selector("#win-panel[open]")
    page.click("#win-again")
    wait_next_deal(table, deal_id)
    assert page.evaluate("() => window.__choiceOpened") == 0


def test_stuck_panel_and_its_three_exits(table: Table) -> None:
    deal_id = stuck_after_drawing_out()
    table.open(f"#{deal_id}")
    page = table.page
    for _ in range(23):
        table.draw()
    page.wait_for_selector("#stuck-panel[open]")
    assert "Aucun coup possible" in table.text("#stuck-title")
    buttons = page.eval_on_selector_all("#stuck-panel .panel-actions button", TEXTS)
    assert buttons == ["Annuler le dernier coup", "Rejouer la donne", "Donne suivante", "Nouvelle donne"]
    # 1. undo the last move
    page.click("#stuck-panel [data-action='undo']")
    table.wait_stock(1)
    assert open_dialog(table) is None
    table.draw()
    page.wait_for_selector("#stuck-panel[open]")
    # 2. replay the same deal
    page.click("#stuck-panel [data-action='replay']")
    table.wait_stock(23)
    assert table.deal_id() == deal_id and open_dialog(table) is None
    for _ in range(23):
        table.draw()
    page.wait_for_selector("#stuck-panel[open]")
    # 3. a new deal: with the same settings at once (one tap, or S), or from the choice dialog
    page.click("#stuck-panel [data-action='again']")
    after = wait_next_deal(table, deal_id)
    assert after.isdigit()
    table.open(f"#{deal_id}")
    for _ in range(23):
        table.draw()
    page.wait_for_selector("#stuck-panel[open]")
    table.press("s")
    wait_next_deal(table, deal_id)
    table.open(f"#{deal_id}")
    for _ in range(23):
        table.draw()
    page.wait_for_selector("#stuck-panel[open]")
    page.click("#stuck-panel [data-action='new']")
    table.confirm_new_deal(deal_id)


def test_hint_highlights_the_engine_advice_and_any_move_closes_it(table: Table) -> None:
    deal_id, _ = winnable()
    table.open(f"#{deal_id}")
    expected = engine_cli("hint", deal_id)
    kind = table.hint()
    assert kind == expected["kind"]
    page = table.page
    text = table.text("#hint-text")
    if kind == "take":
        hinted = [c["position"] for c in table.cards() if c["hinted"]]
        assert hinted == [expected["position"]]
        assert text.startswith("Indice : prenez ")
    else:
        assert "hinted" in str(page.get_attribute("#stock", "class"))
        assert text.startswith("Indice : piochez")
    table.draw()
    page.wait_for_selector("#hint-banner", state="hidden")
    assert not any(c["hinted"] for c in table.cards())


def test_hint_follows_a_new_deal(table: Table) -> None:
    table.open("#7")
    table.hint()
    table.press("Escape")
    table.press("n")
    deal_id = table.confirm_new_deal("7")
    expected = engine_cli("hint", deal_id)
    assert table.hint() == expected["kind"]
    if expected["kind"] == "take":
        assert [c["position"] for c in table.cards() if c["hinted"]] == [expected["position"]]


def test_searching_banner_and_stale_answer_dropped(table: Table) -> None:
    # The test hook holds each hint answer for a while, so the search is seen and a move can overtake it.
    table.open("#7", query="?test-hint-delay=4000")
    page = table.page
    page.click("#hint")
    page.wait_for_function(
        "() => document.querySelector('#hint-text').textContent === 'Recherche d’une solution…'"
    )
    assert page.is_visible("#hint-banner")
    position = table.playable()[0]
    table.take(position)  # the table stays usable while the hint is searched
    page.wait_for_selector("#hint-banner", state="hidden")
    page.wait_for_selector("#game[data-stale-hints='1']", timeout=20_000)
    assert not page.is_visible("#hint-banner"), "the stale answer is dropped"
    assert not any(c["hinted"] for c in table.cards())
    # A new request answers for the new position.
    expected = engine_cli("hint", "7", "--moves", str(position))
    assert table.hint() == expected["kind"]
    if expected["kind"] == "take":
        assert [c["position"] for c in table.cards() if c["hinted"]] == [expected["position"]]


def test_no_lost_verdict_while_cards_are_unseen(table: Table) -> None:
    deal_id = lost_all_visible()
    table.open(f"#{deal_id}")
    assert table.hint() in ("take", "draw"), "the stock is still unseen: the hint only advises"


def test_proven_lost_banner_and_knowledge_kept_after_undo_and_replay(table: Table) -> None:
    deal_id = lost_all_visible()
    table.open(f"#{deal_id}")
    page = table.page
    for _ in range(23):
        table.draw()
    if open_dialog(table) == "stuck-panel":
        page.click("#stuck-panel [data-action='undo']")
        table.wait_stock(1)
    # Back to the start: every card has been seen, and undo does not make them unknown again.
    while page.is_enabled("#undo"):
        table.press("u")
        page.wait_for_timeout(20)
    table.wait_stock(23)
    assert table.hint() == "lost"
    assert "ne peut plus être terminée" in table.text("#hint-text")
    actions = page.eval_on_selector_all(
        "#lost-actions button", "bs => bs.filter(b => b.offsetParent).map(b => b.dataset.action)"
    )
    assert actions == ["hint", "replay", "again", "new"], "no Annuler with nothing to undo"
    assert open_dialog(table) is None, "the hint never ends the game itself"
    page.click("#lost-actions [data-action='hint']")
    assert table.wait_hint() == "lost"
    page.click("#lost-actions [data-action='replay']")
    page.wait_for_selector("#hint-banner", state="hidden")
    assert table.hint() == "lost", "a replay keeps what the player has seen"
    page.click("#lost-actions [data-action='new']")
    table.confirm_new_deal(deal_id)
