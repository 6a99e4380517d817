"""The table as seed 000 describes it: the deal, taking, drawing, the four rejections, undo, the streak."""

from __future__ import annotations

import pytest
from conftest import READY, Table, engine_cli

REJECTIONS = {
    "not_adjacent": "cette carte n’est pas à un rang de la défausse",
    "covered": "cette carte est encore couverte",
    "face_down": "cette carte est encore face cachée",
    "stock_empty": "plus de carte à retourner",
}


def test_boots_to_a_playable_table(table: Table) -> None:
    table.open()
    cards = table.cards()
    assert len(cards) == 28
    assert sum(c["state"] == "down" for c in cards) == 18
    assert sum(c["state"] == "up" for c in cards) == 10
    assert all(c["state"] == "up" for c in cards[18:28]), "the base row starts face up"
    assert all(c["card"] is None for c in cards if c["state"] == "down"), "a face-down card shows nothing"
    assert table.stock() == 23
    assert table.waste() is not None
    assert table.text("#cleared") == "Dégagées 0/28"
    assert table.text("#streak") == "Série 0"
    for button in ("#undo", "#hint", "#new", "#rules-link"):
        assert table.page.is_visible(button)
    assert table.text("#new") == "Nouvelle donne"


def test_the_deal_matches_the_engine(table: Table) -> None:
    table.open("#1234")
    assert table.deal_id() == "1234"
    deal = engine_cli("deal", "1234")
    codes = str(deal["deal"]).split()
    assert [c["card"] for c in table.cards()[18:28]] == codes[18:28]
    assert table.waste() == codes[28]


def test_a_legal_take_moves_the_card_to_the_waste(table: Table) -> None:
    table.open("#7")
    playable = table.playable()
    assert playable, "deal 7 has a first move"
    position = playable[0]
    card = table.card(position)["card"]
    table.take(position)
    assert table.card(position)["state"] == "gone"
    assert table.waste() == card
    assert table.text("#cleared") == "Dégagées 1/28"
    assert table.text("#streak") == "Série 1"
    assert table.text("#moves") == "Coups 1"


def test_draw_resets_the_streak_visibly(table: Table) -> None:
    table.open("#7")
    table.take(table.playable()[0])
    assert table.text("#streak") == "Série 1"
    table.draw()
    assert table.text("#streak") == "Série 0"
    assert table.page.get_attribute("#streak", "class") is not None
    assert "reset" in str(table.page.get_attribute("#streak", "class"))
    assert table.stock() == 22


def _rejected(table: Table, selector: str, reason: str) -> None:
    before = table.snapshot()
    # Tap the card's top strip, the part the row below never covers.
    table.page.click(selector, position={"x": 10, "y": 6})
    table.page.wait_for_function(
        "text => document.querySelector('#message').textContent.trim() === text", arg=REJECTIONS[reason]
    )
    assert table.snapshot() == before, "a refused tap leaves the position exactly as it was"


def test_face_down_card_is_refused(table: Table) -> None:
    table.open("#7")
    _rejected(table, "#peaks .card[data-pos='0']", "face_down")


def test_card_not_one_rank_away_is_refused(table: Table) -> None:
    for number in range(1, 40):
        table.open(f"#{number}")
        unfit = [c["position"] for c in table.cards() if c["state"] == "up" and not c["playable"]]
        if unfit:
            _rejected(table, f"#peaks .card[data-pos='{unfit[0]}']", "not_adjacent")
            return
    pytest.fail("no deal with a face-up card that does not fit")


def test_covered_card_is_refused(table: Table) -> None:
    # "Tout visible": every table card is face up from the start, so a covered card can be tapped.
    table.open("#V-7")
    assert table.card(0)["state"] == "up"
    assert table.card(0)["free"] is False
    _rejected(table, "#peaks .card[data-pos='0']", "covered")


def test_empty_stock_is_refused_and_goes_dark(table: Table) -> None:
    table.open("#7")
    for _ in range(23):
        table.draw()
    assert table.stock() == 0
    assert "empty" in str(table.page.get_attribute("#stock", "class"))
    if table.page.is_visible("#stuck-panel"):
        table.page.keyboard.press("Escape")  # look at the table
        table.page.wait_for_selector("#stuck-panel", state="hidden")
    else:
        note = table.text("#message")
        assert note.startswith("Plus de carte à retourner")
        left = 28 - int(table.text("#cleared").split()[1].split("/")[0])
        assert str(left) in note
    _rejected(table, "#stock", "stock_empty")


def test_undo_covers_the_turned_card_again(table: Table) -> None:
    deal_id = "7"
    line = engine_cli("solve", deal_id)["line"]
    table.open(f"#{deal_id}")
    for move in line:
        before = {c["position"] for c in table.cards() if c["state"] == "down"}
        if move == "draw":
            table.draw()
        else:
            table.take(int(move))
        after = {c["position"] for c in table.cards() if c["state"] == "down"}
        turned = before - after
        if turned:
            snapshot = table.cards()
            table.page.click("#undo")
            position = turned.pop()
            table.page.wait_for_function(
                "p => document.querySelector(`#peaks .card[data-pos='${p}']`).dataset.state === 'down'",
                arg=position,
            )
            card = table.card(position)
            assert card["card"] is None and card["label"] == "carte face cachée"
            assert table.card(int(move))["state"] == "up", "the taken card is back"
            assert table.cards() != snapshot
            return
    pytest.fail("the solver line of deal 7 never turned a card")


def test_new_deal_button(table: Table) -> None:
    table.open("#7")
    table.page.click("#new")
    table.confirm_new_deal("7")
    assert table.page.url.endswith("#" + table.deal_id())


def test_rules_button_shows_the_how_to_play_section(table: Table) -> None:
    table.open()
    table.page.click("#rules-link")
    table.page.wait_for_function("() => document.activeElement.id === 'rules-title'")
    assert table.text("#rules-title") == "Comment jouer"
    assert table.page.is_visible("#comment-jouer li")
    assert table.page.locator(READY).count() == 1, "the game is untouched"
