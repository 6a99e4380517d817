"""Klondike's page as seed 003 describes it, in Chromium: select then place (the card, its run and every
destination marked), one-tap moves, a run moving, drags with the mouse and with a finger, refusals with the
engine's reason and no change at all, draw and recycle, undo, the keyboard, the no-progress note, Finir auto
started and stopped, the win panel, switching games, axe.

Which deal and which moves come from the Python engine at test time (`klondike_core`); the page is driven only
by taps, drags and keys, and what it shows is compared with the engine's snapshot of the same position.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

import pytest
from conftest import axe_serious
from klondike_page import (
    BOARD,
    POSITION_JS,
    Klondike,
    autofinish_position,
    column_of,
    engine_game,
    expected,
    find,
    movable,
    no_progress_position,
    run_length,
)

from klondike_core.messages import REJECTION_TEXTS
from klondike_core.moves import Move
from klondike_core.snapshot import snapshot

FR = REJECTION_TEXTS["fr"]
FOCUSED_COLUMN = "() => document.activeElement.closest('[data-column]')?.dataset.column"


def marks_of(game: Any, code: str) -> list[str]:
    """What the page must mark as destinations of `code`: a column's top card (or its empty slot), the
    foundation of the card's suit."""
    snap = snapshot(game)
    marks = []
    for destination in movable(game)[code]:
        if destination == "F":
            suit = [f["suit"] for f in snap["foundations"]].index(code[1])
            marks.append(f"F{suit}")
        else:
            cards = snap["columns"][int(destination[1:])]["cards"]
            marks.append(cards[-1]["card"] if cards else destination)
    return sorted(marks)


def still_card(game: Any) -> str | None:
    """A face-up column card with nowhere to go."""
    return next(
        (
            e["card"]
            for col in snapshot(game)["columns"]
            for e in col["cards"]
            if e.get("card") and not e["destinations"]
        ),
        None,
    )


@functools.cache
def multi_position() -> tuple[int, tuple[str, ...], str]:
    """A position with a face-up card that has two destinations or more (the player must choose), after
    whose first move some card has exactly one destination and some column card none."""

    def wanted(g: Any) -> bool:
        multi = [c for c, d in movable(g).items() if len(d) >= 2]
        if not multi:
            return False
        after = copy.deepcopy(g)
        after.play(f"{multi[0]}>{movable(g)[multi[0]][0]}")
        return any(len(d) == 1 for d in movable(after).values()) and still_card(after) is not None

    deal, line = find(wanted)
    game = engine_game(deal, line)
    code = next(c for c, d in movable(game).items() if len(d) >= 2)
    return deal, line, code


def to_column(destinations: list[str]) -> bool:
    return any(d[0] == "T" for d in destinations)


@functools.cache
def run_position() -> tuple[int, tuple[str, ...], str, str]:
    """A position where a run of two cards or more can move onto another column."""
    def wanted(g: Any) -> bool:
        return any(run_length(g, c) >= 2 and to_column(ds) for c, ds in movable(g).items())

    deal, line = find(wanted)
    game = engine_game(deal, line)
    code, dests = next((c, d) for c, d in movable(game).items() if run_length(game, c) >= 2 and to_column(d))
    return deal, line, code, next(d for d in dests if d[0] == "T")


def tap_destination(kl: Klondike, game: Any, code: str, destination: str) -> None:
    if destination == "F":
        suits = [f["suit"] for f in snapshot(game)["foundations"]]
        kl.tap_place(f"F{suits.index(code[1])}")
    else:
        kl.tap_column(int(destination[1:]))


def watch_shakes(kl: Klondike) -> None:
    kl.page.evaluate(
        """() => { window.__shaken = [];
          new MutationObserver(ms => { for (const m of ms) if (m.target.classList.contains('shake'))
            window.__shaken.push(m.target.dataset.card || m.target.dataset.place); })
          .observe(document.querySelector('#klondike-board'),
                   { subtree: true, attributes: true, attributeFilter: ['class'] }); }"""
    )


def test_select_then_place_cancel_one_tap_and_refusal(kl: Klondike) -> None:
    deal, line, code = multi_position()
    game = engine_game(deal, line)
    kl.open_at(deal, line)
    # pick up a card with several destinations: it and its run are marked, and every destination
    kl.tap_card(code)
    kl.page.wait_for_selector(f"{BOARD} .kl-selected")
    assert code in kl.marked("kl-selected")
    assert kl.marked("kl-target") == marks_of(game, code)
    assert "Carte prise" in kl.message()
    # the same card again puts it back
    kl.tap_card(code)
    kl.page.wait_for_function("() => !document.querySelector('#klondike-board .kl-selected')")
    assert kl.marked("kl-target") == []
    # pick it up and put it on its first destination
    destination = movable(game)[code][0]
    before = kl.position()
    kl.tap_card(code)
    kl.page.wait_for_selector(f"{BOARD} .kl-selected")
    tap_destination(kl, game, code, destination)
    kl.wait_moved(before)
    game.play(f"{code}>{destination}")
    assert kl.view() == expected(game)

    # one tap: a card with a single destination goes there at once
    auto, to = next((c, d[0]) for c, d in movable(game).items() if len(d) == 1)
    before = kl.position()
    kl.tap_card(auto)
    kl.wait_moved(before)
    game.play(f"{auto}>{to}")
    assert kl.view() == expected(game)
    assert kl.marked("kl-selected") == []
    start = game

    # a refusal: a card with nowhere to go, put on a column that does not take it: the engine's reason,
    # the card shakes, nothing changes
    still = still_card(start)
    assert still is not None
    target = next(c for c in range(7) if column_of(start, still) != c and start.position().tableau[c])
    rejection = start.check(Move.parse(f"{still}>T{target}"))
    assert rejection is not None
    watch_shakes(kl)
    kl.tap_card(still)
    kl.page.wait_for_selector(f"{BOARD} .kl-selected")
    assert "nulle part" in kl.message()

    def refused() -> None:
        kl.tap_column(target)

    kl.refused(refused, FR[rejection.reason.value])
    assert still in kl.page.evaluate("() => window.__shaken")
    assert kl.marked("kl-selected") == []


def test_runs_and_drags_with_mouse_and_finger(kl: Klondike) -> None:
    deal, line, code, destination = run_position()
    game = engine_game(deal, line)
    kl.open_at(deal, line)
    # a drag let go over no pile (between the waste and the foundations) glides back and changes nothing
    before = kl.position()
    waste = kl.page.locator(f"{BOARD} [data-place='W']").bounding_box()
    assert waste is not None
    kl.drag_mouse(code, (waste["x"] + waste["width"] * 1.6, waste["y"] + waste["height"] / 2))
    kl.page.wait_for_function("() => !document.querySelector('.kl-dragging, .kl-dropped, .kl-flying')")
    assert kl.position() == before
    # the run moves with the mouse onto its destination column
    count = run_length(game, code)
    kl.drag_mouse(code, kl.drop_point(destination))
    kl.wait_moved(before)
    game.play(f"{code}>{destination}")
    assert kl.view() == expected(game)
    column = kl.view()["columns"][int(destination[1:])]["up"]
    assert column[-count:] == expected(game)["columns"][int(destination[1:])]["up"][-count:]
    # the frames of the drag moved the cards by transforms only (the benchmark reads them too)
    assert kl.page.evaluate("() => document.querySelectorAll('.kl-up[style*=\"translate\"]').length") == 0
    # a finger drags the next card that can go somewhere
    code2, dests = next((c, d) for c, d in movable(game).items())
    before = kl.position()
    kl.drag_touch(code2, kl.drop_point(dests[0]))
    kl.wait_moved(before)
    game.play(f"{code2}>{dests[0]}")
    assert kl.view() == expected(game)
    # a finger's drag onto a column that does not take the card: the engine's reason, nothing changes
    bad = next(
        (c, t) for c in movable(game) for t in range(7)
        if column_of(game, c) != t and f"T{t}" not in movable(game)[c] and game.check(Move.parse(f"{c}>T{t}"))
    )
    rejection = game.check(Move.parse(f"{bad[0]}>T{bad[1]}"))
    assert rejection is not None
    kl.refused(lambda: kl.drag_touch(bad[0], kl.drop_point(f"T{bad[1]}")), FR[rejection.reason.value])
    kl.page.wait_for_function("() => !document.querySelector('.kl-dragging, .kl-dropped')")


def test_draw_recycle_undo_and_keys(kl: Klondike) -> None:
    line = ["draw"] * 23
    game = engine_game(1, line)
    kl.open_at(1, line)
    assert kl.view()["stock"] == "1"
    before = kl.position()
    kl.tap_place("stock")  # the last card
    kl.wait_moved(before)
    game.play("draw")
    assert kl.view() == expected(game)
    label = kl.page.get_attribute(f"{BOARD} [data-place='stock']", "aria-label")
    assert label is not None and label.startswith("Pioche vide : touchez")
    before = kl.position()
    kl.tap_place("stock")  # empty: the waste turns back over
    kl.wait_moved(before)
    game.play("recycle")
    assert kl.view() == expected(game)
    assert kl.view()["stock"] == "24" and kl.view()["waste"] is None
    # nothing to recycle now: D draws; R is refused with the engine's reason
    kl.refused(lambda: kl.press("r"), FR["stock_not_empty"])
    before = kl.position()
    kl.press("d")
    kl.wait_moved(before)
    game.play("draw")
    assert kl.view() == expected(game)
    # undo, twice: the draw, then the recycle
    for _ in range(2):
        before = kl.position()
        kl.page.click("#undo")
        kl.wait_moved(before)
        game.undo()
        assert kl.view() == expected(game)
    before = kl.position()
    kl.press("u")
    kl.wait_moved(before)
    game.undo()
    assert kl.view() == expected(game)


def test_keyboard_select_and_place(kl: Klondike) -> None:
    deal, line, code = multi_position()
    game = engine_game(deal, line)
    kl.open_at(deal, line)
    destination = next((d for d in movable(game)[code] if d[0] == "T"), None)
    in_column = column_of(game, code) is not None
    kl.page.focus(kl.card(code).split(",")[0] if in_column else f"{BOARD} [data-place='W']")
    kl.press("Enter")
    kl.page.wait_for_selector(f"{BOARD} .kl-selected")
    kl.press("Escape")
    kl.page.wait_for_function("() => !document.querySelector('#klondike-board .kl-selected')")
    kl.press(" ")
    kl.page.wait_for_selector(f"{BOARD} .kl-selected")
    if destination is None:
        pytest.skip("the card with two destinations goes to a foundation")
    start = column_of(game, code)
    target = int(destination[1:])
    if start is None:  # the waste: down to the first column, then along
        kl.press("ArrowDown")
        start = 0
        while kl.page.evaluate(FOCUSED_COLUMN) is None:
            kl.press("ArrowDown")
        start = int(kl.page.evaluate(FOCUSED_COLUMN))
    for _ in range(abs(target - start)):
        kl.press("ArrowRight" if target > start else "ArrowLeft")
    focused = kl.page.evaluate(FOCUSED_COLUMN)
    assert focused == str(target)
    before = kl.position()
    kl.press("Enter")
    kl.wait_moved(before)
    game.play(f"{code}>{destination}")
    assert kl.view() == expected(game)


def test_no_progress_note(kl: Klondike) -> None:
    deal, line = no_progress_position()
    game = engine_game(deal, line)
    assert game.no_progress and game.legal_moves()
    kl.open_at(deal, line)
    kl.page.wait_for_selector(f"{BOARD} .kl-note:not([hidden])")
    assert "aucun ne fait vraiment avancer" in kl.text(f"{BOARD} .kl-note p")
    before = kl.position()
    kl.page.click(f"{BOARD} [data-place='note-close']")
    kl.page.wait_for_selector(f"{BOARD} .kl-note", state="hidden")
    assert kl.position() == before
    # the hint agrees with the note: no move gets anywhere, so it advises none (it would go round in
    # circles) and says what to do in the player's words
    kind = kl.hint()
    assert kind == "stuck", kind
    assert kl.text("#hint-text").startswith("Aucun coup ne mène plus loin")
    assert kl.marked("hinted") == []
    kl.press("Escape")
    kl.page.wait_for_selector("#hint-banner", state="hidden")
    assert kl.marked("hinted") == []
    # the player can always undo
    kl.page.click("#undo")
    kl.wait_moved(before)
    game.undo()
    assert kl.view() == expected(game)


def test_autofinish_start_stop_undo_win_and_axe(browser: Any, server: str) -> None:
    deal, line = autofinish_position()
    game = engine_game(deal, line)
    assert game.autofinish
    # axe is injected as a script: this context runs without the page's CSP to allow that.
    context = browser.new_context(bypass_csp=True, locale="fr-FR", viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        kl = Klondike(page, server).open_at(deal, line)
        auto = f"{BOARD} [data-place='auto']"
        page.wait_for_selector(f"{auto}:not([hidden])")
        assert kl.text(auto) == "Finir auto"
        # axe with a card picked up and its destinations marked, Finir auto shown
        code = still_card(game) or next(c for c, d in movable(game).items() if len(d) >= 2)
        kl.tap_card(code)
        page.wait_for_selector(f"{BOARD} .kl-selected")
        assert axe_serious(page) == []
        kl.tap_card(code)
        page.wait_for_function("() => !document.querySelector('#klondike-board .kl-selected')")
        # start: the cards go home one by one; a second tap stops it
        home = sum(game.position().foundations)
        page.click(auto)
        page.wait_for_function(
            "n => Number(document.querySelector('#foundation-count').textContent.match(/\\d+/)[0]) >= n",
            arg=home + 2,
        )
        page.click(auto)
        page.wait_for_function(
            "s => document.querySelector(s).getAttribute('aria-pressed') === 'false'", arg=auto
        )
        moves = kl.text("#moves")
        page.wait_for_timeout(800)  # several auto-finish steps' worth: none comes after the stop
        assert kl.text("#moves") == moves
        # each step was an ordinary move: undo takes back the last one
        played = int(moves.split()[-1]) - len(line)
        assert played >= 2
        replayed = engine_game(deal, line)
        for _ in range(played):
            move = replayed.autofinish_move()
            assert move is not None
            replayed.play(str(move))
        assert kl.view() == expected(replayed)
        before = kl.position()
        page.click("#undo")
        kl.wait_moved(before)
        replayed.undo()
        assert kl.view() == expected(replayed)
        # again, to the end: the win panel with time, moves and recycles
        kl.press("f")
        page.wait_for_selector("#win-panel[open]", timeout=60_000)
        assert kl.text("#win-cleared") == "52/52"
        assert kl.text("#win-recycles") == str(replayed.recycles)
        assert kl.text("#win-title") == "Les quatre fondations sont complètes !"
        assert axe_serious(page) == []
    finally:
        context.close()


def test_switching_to_klondike_and_back_keeps_both_games(page: Any, server: str) -> None:
    page.set_default_timeout(30_000)
    kl = Klondike(page, server)
    page.goto(f"{server}/pyramid.html#5")
    page.wait_for_selector("#game[data-state='ready']", timeout=90_000)
    pile = "#pyramid-board [data-place='draw']"
    page.wait_for_function("s => document.querySelector(s)?.dataset.count", arg=pile)
    drawn = str(int(page.get_attribute(pile, "data-count") or "0") - 1)
    page.click(pile)
    page.wait_for_function("([s, n]) => document.querySelector(s).dataset.count === n", arg=[pile, drawn])
    page.click("[data-game-link='klondike']")
    kl.wait_ready()
    assert page.url.endswith("klondike.html#" + kl.text("#deal-id").lstrip("#"))
    before = kl.position()
    kl.tap_place("stock")
    kl.wait_moved(before)
    klondike = kl.position()
    page.click("[data-game-link='pyramid']")
    page.wait_for_selector("html[data-game='pyramid']")
    page.wait_for_function("([s, n]) => document.querySelector(s)?.dataset.count === n", arg=[pile, drawn])
    # Pyramid's board (kept while Klondike played) can show its pile before the status names its deal again
    page.wait_for_function("() => document.querySelector('#deal-id').textContent.trim() === '#5'")
    page.go_back()
    kl.wait_ready()
    page.wait_for_function(f"prev => ({POSITION_JS})() === prev", arg=klondike)
    assert kl.view()["stock"] == "23"
    # in English: the table's words, the status and the rules come from the English catalogue
    page.click("#lang")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert kl.text("#foundation-count") == "Home 0/52"
    label = page.get_attribute(f"{BOARD} [data-place='stock']", "aria-label")
    assert label == "Stock: 23 cards, tap to turn one over"
    assert page.title() == "Klondike Solitaire"
    rules = page.locator(".rules-body[data-only='klondike'] h3").first
    assert rules.is_visible() and rules.text_content() == "The goal"
