"""Pyramid's table as seed 002 describes it, in Chromium: select (the card and every partner marked), cancel,
pairs (pyramid, stock top, waste top), kings, the refusals with their reasons and no change at all, draws,
recycles and the pass counter, unlimited undo, the keyboard and a levelled new deal, the timer, resizing,
English.

Which deal and which moves come from the Python engine at test time (`pyramid_core`); the page is driven only
by taps and keys, and what it shows is compared with the engine's snapshot of the same position.
"""

from __future__ import annotations

import functools
import random
import re
from typing import Any

from pyramid_page import Pyramid, engine_game, expected

from pyramid_core.game import Game
from pyramid_core.moves import STOCK, WASTE, Place

REASONS = {
    "not_thirteen": "ces deux cartes ne font pas 13",
    "covered": "cette carte est encore couverte",
    "stock_empty": "plus aucune carte à retourner",
    "stock_not_empty": "le recyclage arrive quand la pioche est vide",
    "no_recycle_left": "plus de recyclage disponible",
    "waste_empty": "rien à recycler dans la défausse",
}


def pyramid_pairs(game: Game) -> list[tuple[int, int]]:
    """The pairs of two pyramid cards the engine allows now."""
    pairs = []
    for move in game.legal_moves():
        places = move.places
        if move.kind == "pair" and all(isinstance(p, int) for p in places):
            pairs.append((int(places[0]), int(places[1])))
    return pairs


def playable_king(game: Game) -> int | None:
    for move in game.legal_moves():
        if move.kind == "king" and isinstance(move.places[0], int):
            return int(move.places[0])
    return None


def draws_until(game: Game, wanted: Any, limit: int = 23) -> list[str] | None:
    """The draws (at most `limit`) after which `wanted(game)` holds; the game is advanced; None if never."""
    moves: list[str] = []
    while not wanted(game):
        if len(moves) >= limit or not game.can_draw:
            return None
        game.play("draw")
        moves.append("draw")
    return moves


@functools.cache
def tops_scenario() -> tuple[str, list[str]]:
    """A deal and a line, found by the engine: a pair of pyramid cards, a king, draws, a pair with the stock
    top, draws, a pair with the waste top (each move legal in its position)."""
    for number in range(1, 400):
        game = Game.from_id(number)
        king = playable_king(game)
        pairs = [p for p in pyramid_pairs(game) if king not in p]
        if king is None or not pairs:
            continue
        line = [f"{pairs[0][0]}+{pairs[0][1]}", str(king)]
        for move in line:
            game.play(move)

        def stock_pairs(g: Game) -> bool:
            return bool(g.stock_top) and any(isinstance(p, int) for p in g.partners(STOCK))

        def waste_pairs(g: Game) -> bool:
            return bool(g.waste_top) and bool(g.partners(WASTE))

        draws = draws_until(game, stock_pairs)
        if draws is None:
            continue
        line += draws
        partner = next(p for p in game.partners(STOCK) if isinstance(p, int))
        line.append(f"S+{partner}")
        game.play(line[-1])
        draws = draws_until(game, waste_pairs, limit=23 - line.count("draw"))
        if draws is None:
            continue
        line += draws
        line.append(f"W+{game.partners(WASTE)[0]}")
        return str(number), line
    raise AssertionError("no deal with a pair, a king and pairs of the stock and waste tops")


def test_select_cancel_pairs_and_a_king(pyr: Pyramid) -> None:
    deal_id, line = tops_scenario()
    game = engine_game(deal_id)
    pyr.open(f"#{deal_id}")
    assert pyr.view() == expected(game), "the deal the engine deals, all 28 face up, the stock's top face up"
    assert all(code is not None for code in pyr.codes())
    assert pyr.view()["W"] is None and pyr.stock_count() == 24
    assert pyr.place("recycle")["disabled"], "Recycler is greyed while the stock has cards"
    assert pyr.page.is_hidden("#peaks") and pyr.pass_text() == "tour 1 sur 3"
    # No card the player has not seen reaches the page: only the pyramid and the stock's face-up top.
    shown = set(pyr.page.eval_on_selector_all("[data-card]", "els => els.map(el => el.dataset.card)"))
    assert shown == {str(c) for c in game.deal.pyramid} | {str(game.stock_top)}, shown

    first, second = (int(p) for p in line[0].split("+"))
    # Select: the card is marked, and so is every card the snapshot says makes 13 with it.
    before = pyr.position()
    pyr.tap(first)
    pyr.wait_selected(first)
    assert pyr.selected() == [str(first)]
    assert sorted(pyr.partners()) == sorted(str(p) for p in game.partners(first))
    assert pyr.place(first)["pressed"] == "true"
    assert pyr.message().startswith("Carte sélectionnée : ")
    # Tapping the selection again cancels it and changes nothing else.
    pyr.tap(first)
    pyr.wait_unselected()
    assert pyr.partners() == [] and pyr.message() == "Sélection annulée."
    assert pyr.position() == before
    # A pair leaves together: "2 sur 28".
    pyr.play(line[0])
    game.play(line[0])
    assert pyr.codes()[first] is None and pyr.codes()[second] is None
    assert pyr.text("#removed") == "2 sur 28"
    assert pyr.view() == expected(game)
    assert pyr.selected() == [] and pyr.partners() == []
    # A king leaves with a single tap.
    king = int(line[1])
    assert pyr.place(king)["pressed"] is None, "a king is not a toggle: one tap removes it"
    pyr.play(line[1])
    game.play(line[1])
    assert pyr.codes()[king] is None and pyr.text("#removed") == "3 sur 28"
    assert pyr.view() == expected(game)
    # Draws, then a pair with the stock top, then one with the waste top (selected first, this time).
    for move in line[2:]:
        if move.startswith(("S+", "W+")):
            top, partner = move.split("+")
            pyr.tap(top)
            pyr.wait_selected(top)
            assert str(partner) in pyr.partners()
            pile: Place = STOCK if top == "S" else WASTE
            assert sorted(pyr.partners()) == sorted(str(p) for p in game.partners(pile))
            before = pyr.position()
            pyr.tap(int(partner) if partner.isdigit() else partner)
            pyr.wait_moved(before)
        else:
            pyr.play(move)
        game.play(move)
        assert pyr.view() == expected(game), move
    assert pyr.text("#removed") == f"{game.removed} sur 28" and game.removed >= 4


def covered_place(game: Game) -> int:
    return next(i for i in range(28) if game.is_present(i) and not game.is_playable(i))


def not_thirteen(game: Game) -> tuple[int | str, int | str]:
    places = [p for p in game.playable_places() if game.rank_at(p) != 13]
    for i, a in enumerate(places):
        for b in places[i + 1:]:
            if game.rank_at(a) + game.rank_at(b) != 13:
                return a, b
    raise AssertionError("no two playable cards that do not make 13")


def test_refusals_draws_recycles_and_undo(pyr: Pyramid) -> None:
    # A deal with a pyramid pair at the start that is never played: the game is never stuck on the way.
    deal_id = next(str(n) for n in range(1, 100) if pyramid_pairs(Game.from_id(n)))
    game = engine_game(deal_id)
    pyr.open(f"#{deal_id}")
    page = pyr.page
    # Two cards that do not make 13: refused, nothing changes, the selection is dropped.
    a, b = not_thirteen(game)

    def pick_two() -> None:
        pyr.tap(a)
        pyr.wait_selected(a)
        pyr.tap(b)

    pyr.refused(pick_two, REASONS["not_thirteen"])
    pyr.wait_unselected()
    # A covered card.
    pyr.refused(lambda: pyr.tap(covered_place(game)), REASONS["covered"])
    # Recycler while the stock has cards: greyed, but it says why.
    assert pyr.place("recycle")["disabled"]
    pyr.refused(lambda: pyr.tap("recycle", force=True), REASONS["stock_not_empty"])
    # Draw the stock out (the D key and taps), and it says there is nothing left to turn.
    for count in range(24):
        if count % 2:
            pyr.play("draw")
        else:
            pyr.key_move("d")
        game.play("draw")
    assert pyr.view() == expected(game)
    assert pyr.stock_count() == 0 and pyr.place("draw")["disabled"]
    assert not pyr.place("recycle")["disabled"], "Recycler lights up once the stock is empty"
    assert "Recycler" in pyr.message()
    pyr.refused(lambda: pyr.tap("draw", force=True), REASONS["stock_empty"])
    # Recycle: the waste becomes the stock again, "tour 2 sur 3"; undo puts it back, redo (R key).
    pyr.play("recycle")
    game.play("recycle")
    assert pyr.pass_text() == "tour 2 sur 3" and pyr.view() == expected(game)
    pyr.undo()
    game.play("undo")
    assert pyr.pass_text() == "tour 1 sur 3" and pyr.view() == expected(game)
    # Unlimited undo of draws: back several cards, and forward again.
    for _ in range(5):
        pyr.key_move("u")
        game.play("undo")
        assert pyr.view() == expected(game)
    assert pyr.stock_count() == 5
    for _ in range(5):
        pyr.key_move("d")
        game.play("draw")
    pyr.key_move("r")
    game.play("recycle")
    assert pyr.view() == expected(game)
    # Second pass out and the last recycle: "tour 3 sur 3"; then no recycle is left.
    for _ in range(24):
        pyr.key_move("d")
        game.play("draw")
    pyr.play("recycle")
    game.play("recycle")
    assert pyr.pass_text() == "tour 3 sur 3"
    for _ in range(24):
        pyr.key_move("d")
        game.play("draw")
    assert pyr.view() == expected(game) and game.outcome().value == "playing"
    pyr.refused(lambda: pyr.tap("recycle", force=True), REASONS["no_recycle_left"])
    pyr.refused(lambda: pyr.press("r"), REASONS["no_recycle_left"])
    assert pyr.open_dialog() is None
    # Undo runs all the way back through both recycles to the deal as dealt.
    while page.is_enabled("#undo"):
        pyr.key_move("u")
    assert pyr.view() == expected(engine_game(deal_id))


@functools.cache
def empty_waste_scenario() -> tuple[str, list[str]]:
    """A deal and a line after which the stock and the waste are both empty, a recycle is left, and the game
    goes on (a greedy search by the engine that pairs stock and waste cards first)."""
    def rank(move: str) -> int:
        if "S" in move or "W" in move:
            return 0 if "+" not in move or ("S" in move and "W" in move) else 1
        return {"recycle": 3, "draw": 4}.get(move, 2)

    for number in range(1, 2000):
        rng = random.Random(number)
        for _ in range(5):
            game = Game.from_id(number)
            line: list[str] = []
            while game.outcome().value == "playing" and len(line) < 300:
                if not game.stock_count and not game.waste_count and game.pass_number < 3:
                    return str(number), line
                legal = [str(m) for m in game.legal_moves()]
                best = min(rank(m) for m in legal)
                move = rng.choice([m for m in legal if rank(m) == best])
                game.play(move)
                line.append(move)
    raise AssertionError("no deal whose stock and waste can both be emptied")


def test_recycle_with_an_empty_waste_says_why(pyr: Pyramid) -> None:
    deal_id, line = empty_waste_scenario()
    game = engine_game(deal_id, line)
    pyr.open(f"#{deal_id}")
    pyr.play_all(line)
    assert pyr.view() == expected(game)
    assert pyr.stock_count() == 0 and pyr.view()["W"] is None
    assert pyr.place("recycle")["disabled"]
    pyr.refused(lambda: pyr.tap("recycle", force=True), REASONS["waste_empty"])


# ------------------------------------------------------------------ keyboard


def focused(pyr: Pyramid) -> str | None:
    value: str | None = pyr.page.evaluate(
        """() => { const el = document.activeElement;
                   return el?.closest('#pyramid-board') ? el.dataset.place : null; }"""
    )
    return value


def is_king(game: Game, text: str) -> bool:
    place: Place = int(text) if text.isdigit() else (STOCK if text == "S" else WASTE)
    return game.rank_at(place) == 13


def test_keyboard(pyr: Pyramid) -> None:
    deal_id = next(str(n) for n in range(1, 100) if pyramid_pairs(Game.from_id(n)))
    game = engine_game(deal_id)
    a, b = pyramid_pairs(game)[0]
    pyr.open(f"#{deal_id}")
    page = pyr.page
    uncovered = {str(p) for p in game.playable_places() if isinstance(p, int)}
    # Arrows move the focus among the uncovered pyramid cards (and the playable stock top).
    pyr.press("ArrowRight")
    start = focused(pyr)
    assert start in uncovered
    assert page.evaluate("() => document.activeElement.matches(':focus-visible')")
    seen = {start}
    for key in ["ArrowRight"] * 8 + ["ArrowLeft"] * 3 + ["ArrowUp", "ArrowDown"]:
        pyr.press(key)
        now = focused(pyr)
        assert now in uncovered | {"S"}, f"{key} moved the focus to {now}"
        seen.add(now)
    assert len(seen) >= 3
    # Walk to the first card of a pair; Enter selects, Escape cancels, Space selects again.
    for _ in range(20):
        if focused(pyr) == str(a):
            break
        pyr.press("ArrowRight")
    assert focused(pyr) == str(a)
    pyr.press("Enter")
    pyr.wait_selected(a)
    pyr.press("Escape")
    pyr.wait_unselected()
    assert pyr.message() == "Sélection annulée."
    pyr.press(" ")
    pyr.wait_selected(a)
    # Arrows to its partner, and Enter confirms the pair.
    for _ in range(20):
        if focused(pyr) == str(b):
            break
        pyr.press("ArrowRight")
    assert focused(pyr) == str(b)
    before = pyr.position()
    pyr.press("Enter")
    pyr.wait_moved(before)
    game.play(f"{a}+{b}")
    assert pyr.view() == expected(game)
    assert focused(pyr) is not None, "the focus stays on the table after a pair leaves"
    # D draws, U undoes, R with cards in the stock says why it cannot recycle.
    pyr.key_move("d")
    game.play("draw")
    assert pyr.view() == expected(game)
    pyr.key_move("u")
    game.play("undo")
    assert pyr.view() == expected(game)
    pyr.refused(lambda: pyr.press("r"), REASONS["stock_not_empty"])
    # H asks for a hint (here with a card selected); Escape cancels the selection first, then closes it.
    pyr.press("ArrowRight")
    chosen = focused(pyr)
    while chosen is None or is_king(game, chosen):
        pyr.press("ArrowRight")  # a king would leave at once
        chosen = focused(pyr)
    pyr.press("Enter")
    pyr.wait_selected(str(chosen))
    pyr.press("h")
    pyr.wait_hint()
    assert pyr.hinted()
    pyr.press("Escape")
    pyr.wait_unselected()
    assert page.is_visible("#hint-banner"), "the first Escape only cancels the selection"
    pyr.press("Escape")
    page.wait_for_selector("#hint-banner", state="hidden")
    assert pyr.hinted() == []
    # N opens the new-deal choice (Pyramid's: levels, no TriPeaks variants); an easy deal is dealt.
    pyr.press("n")
    page.wait_for_selector("#newdeal-panel[open]")
    assert page.is_hidden("#newdeal-panel input[name='nowrap']"), "TriPeaks' variants are not Pyramid's"
    page.click("#newdeal-panel label:has(input[value='easy'])")
    page.click("#newdeal-deal")
    page.wait_for_selector("#newdeal-panel", state="hidden")
    page.wait_for_function("() => document.querySelector('#deal-id').textContent.startsWith('#E-')")
    easy = pyr.deal_id()
    assert re.fullmatch(r"E-\d+", easy), easy
    assert page.url.endswith(f"pyramid.html#{easy}")
    page.wait_for_function("() => document.querySelector('#moves').textContent.trim() === 'Coups 0'")
    assert pyr.view() == expected(engine_game(easy)), "the easy deal is dealt as the engine deals it"
    page.wait_for_function("() => document.querySelector('#message').textContent.includes('Facile')")


# ------------------------------------------------------------------ timer, resize, English


def _set_visibility(page: Any, state: str) -> None:
    page.evaluate(
        """state => {
            Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => state});
            Object.defineProperty(document, 'hidden', {configurable: true, get: () => state === 'hidden'});
            document.dispatchEvent(new Event('visibilitychange'));
        }""",
        state,
    )


def test_timer_pauses_when_hidden_and_resizing_keeps_the_deal(pyr: Pyramid) -> None:
    pyr.open("#7")
    page = pyr.page
    game = engine_game("7")
    pyr.play("draw")  # the clock starts with the first move
    game.play("draw")
    page.wait_for_selector("#timer[data-running='true']")
    page.wait_for_function("() => document.querySelector('#timer').textContent.trim() !== 'Temps 0:00'")
    _set_visibility(page, "hidden")
    page.wait_for_selector("#timer[data-running='false']")
    shown = pyr.text("#timer")
    page.wait_for_timeout(2200)
    assert pyr.text("#timer") == shown, "no time passes while the tab is hidden"
    _set_visibility(page, "visible")
    page.wait_for_selector("#timer[data-running='true']")
    page.wait_for_function("s => document.querySelector('#timer').textContent.trim() !== s", arg=shown)
    # A selection, then rotating and resizing: the same deal, the same cards, the selection kept.
    pair = pyramid_pairs(game)
    before = pyr.view()
    assert before == expected(game)
    if pair:
        pyr.tap(pair[0][0])
        pyr.wait_selected(pair[0][0])
    for width, height in ((360, 740), (740, 360), (1920, 1080), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        assert pyr.view() == before, f"{width}×{height}"
        assert all(p["card"] is None or p["place"] for p in pyr.cards())
        if pair:
            assert pyr.selected() == [str(pair[0][0])]
    page.reload()
    pyr.wait_ready()
    assert pyr.view() == before, "a reload keeps the game of the address"


def test_english(browser: Any, server: str) -> None:
    context = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        pyr = Pyramid(page, server).open("#7")
        assert pyr.pass_text() == "tour 1 sur 3" and pyr.text("#removed") == "0 sur 28"
        assert pyr.text("#rules-title") == "Comment jouer au Solitaire Pyramide"
        page.click("#lang")
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        assert pyr.text("#new") == "New deal" and pyr.text("#undo") == "Undo"
        assert pyr.pass_text() == "pass 1 of 3" and pyr.text("#removed") == "0 of 28"
        assert pyr.text("#pyramid-board [data-place='recycle']") == "Recycle"
        assert page.title() == "Pyramid Solitaire"
        assert pyr.text("#rules-title") == "How to play Pyramid Solitaire"
        rules = pyr.text("#comment-jouer .rules-body[data-only='pyramid']")
        assert "13" in rules and " the " in rules
        assert not re.search(r"\b(carte|pioche|défausse|recycler)\b", rules, re.I), "the rules are in English"
        label = str(pyr.place(pyr.playable()[0])["label"])
        assert label.endswith(", playable"), label
        game = engine_game("7")
        a, b = pyramid_pairs(game)[0]
        pyr.play(f"{a}+{b}")
        assert pyr.text("#removed") == "2 of 28"
        pyr.refused(lambda: pyr.tap(covered_place(game)), "this card is still covered")
        page.reload()
        pyr.wait_ready()
        assert pyr.text("#removed") == "2 of 28", "the language is remembered"
    finally:
        context.close()



def test_selection_message_follows_a_language_switch(pyr: Pyramid) -> None:
    # Found by this test: the message once kept the card's name in the language it was written in ("Card
    # selected: la dame de cœur. Tap a card…"); fixed in 1f8fc69 (a message's var is read when drawn).
    pyr.open("#7")
    page = pyr.page
    game = engine_game("7")
    place = next(p for p in game.playable_places() if isinstance(p, int) and game.partners(p))
    pyr.tap(place)
    pyr.wait_selected(place)
    assert pyr.message().startswith("Carte sélectionnée : ")
    french = pyr.message()
    page.click("#lang")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert pyr.selected() == [str(place)], "the selection survives the language switch"
    english = pyr.message()
    assert english.startswith("Card selected: the "), f"the card is named in English: {english!r}"
    page.click("#lang")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    assert pyr.message() == french
