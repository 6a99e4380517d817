"""Klondike's page, the behaviours test_klondike_page.py leaves out: an empty column (a king-headed run
dragged in by a finger, a non-king refused with its reason), a foundation card played back onto a column, the
face-down card a move uncovers turning over (and back down on undo, with no hidden card reaching the page), a
deal won by taps with its win panel, the deal ID copied and the statistics counted, in English too, axe; and
the table's fit on a phone upright, on its side and at 320 px (touch targets, a long column fanned to fit,
nothing clipped, the header on one row, the new-deal choice with no empty line).

Positions come from the Python engine at test time (`klondike_core`), put in the page's storage as its own
save; the page is driven by taps, drags and keys only, and what it shows is compared with the engine's
snapshot of the same position.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

from conftest import axe_serious
from klondike_page import (
    BOARD,
    Klondike,
    column_of,
    engine_game,
    expected,
    find,
    greedy_line,
    movable,
    run_length,
    saved,
    stuck_deal,
    won_line,
)
from test_page_hygiene import RECORD_WORKER_MESSAGES  # the worker's replies, as text

from klondike_core.deal import Deal
from klondike_core.game import Game
from klondike_core.moves import Move
from klondike_core.position import Position
from klondike_core.snapshot import snapshot
from klondike_core.solver import solve
from solitaire_core.cards import Card

REJECTION_FR = "seul un roi va sur une colonne vide"  # the page's catalogue (only_king), as the engine's


def empty_column_case(game: Any) -> tuple[int, str, str, str] | None:
    """In a position: an empty column, a king heading a run over face-down cards that may go there, a
    non-king card the engine refuses there (only_king), a foundation top that may come back onto a column."""
    snap = snapshot(game)
    moves = movable(game)
    empties = [c["column"] for c in snap["columns"] if not c["cards"]]
    if not empties:
        return None
    empty = empties[0]
    king = next(
        (
            c for c, ds in moves.items()
            if c[0] == "K" and f"T{empty}" in ds and run_length(game, c) >= 2
            and snap["columns"][column_of(game, c) or 0]["down"] > 0
        ),
        None,
    )
    refused = next(
        (
            c for c in moves
            if c[0] != "K" and column_of(game, c) is not None
            and (r := game.check(Move.parse(f"{c}>T{empty}"))) is not None and r.reason.value == "only_king"
        ),
        None,
    )
    back = next(
        (
            f["top"]["card"] for f in snap["foundations"]
            if f["top"] and any(d[0] == "T" for d in f["top"]["destinations"])
        ),
        None,
    )
    if king is None or refused is None or back is None:
        return None
    return empty, king, refused, back


@functools.cache
def empty_column_position() -> tuple[int, tuple[str, ...]]:
    return find(lambda g: empty_column_case(g) is not None)


def test_empty_column_foundation_and_back_auto_flip_and_undo(kl: Klondike) -> None:
    deal, line = empty_column_position()
    game = engine_game(deal, line)
    case = empty_column_case(game)
    assert case is not None
    empty, king, refused, back = case
    kl.page.add_init_script(RECORD_WORKER_MESSAGES)
    kl.open_at(deal, line)

    # a non-king dragged (mouse) onto the empty column: the engine's reason, nothing changes
    kl.refused(lambda: kl.drag_mouse(refused, kl.drop_point(f"T{empty}")), REJECTION_FR)
    kl.page.wait_for_function("() => !document.querySelector('.kl-dragging, .kl-dropped, .kl-flying')")

    # the king and the run on it, dragged there by a finger; the face-down card left on top turns over
    source = column_of(game, king)
    assert source is not None
    down_before = snapshot(game)["columns"][source]["down"]
    count = run_length(game, king)
    before = kl.position()
    kl.drag_touch(king, kl.drop_point(f"T{empty}"))
    kl.wait_moved(before)
    game.play(f"{king}>T{empty}")
    view = kl.view()
    assert view == expected(game)
    assert view["columns"][empty]["down"] == 0 and len(view["columns"][empty]["up"]) == count
    assert view["columns"][empty]["up"][0] == king
    assert view["columns"][source]["down"] == down_before - 1  # turned over by itself
    flipped = view["columns"][source]["up"][-1]
    assert flipped and kl.page.locator(f"{BOARD} .kl-up[data-card='{flipped}']").count() == 1

    # undo: the run goes back, the card turns face down again, and its code is nowhere on the page
    kl.page.evaluate("() => { window.__workerMessages = []; }")
    before = kl.position()
    kl.page.click("#undo")
    kl.wait_moved(before)
    game.undo()
    assert kl.view() == expected(game)
    assert kl.view()["columns"][source]["down"] == down_before
    html = kl.page.content()
    assert f'data-card="{flipped}"' not in html and f'"{flipped}"' not in html
    replies: list[str] = kl.page.evaluate("() => window.__workerMessages")
    assert replies and all(f'"{flipped}"' not in r for r in replies), "the undo's reply names the hidden card"

    # a foundation's top card back onto a column (one tap, or picked up and placed), then undone
    destination = next(d for d in movable(game)[back] if d[0] == "T")
    on_foundations = snapshot(game)["on_foundations"]
    kl.play(game, f"{back}>{destination}")
    assert snapshot(game)["on_foundations"] == on_foundations - 1
    assert kl.view()["columns"][int(destination[1:])]["up"][-1] == back
    before = kl.position()
    kl.press("u")
    kl.wait_moved(before)
    game.undo()
    assert kl.view() == expected(game)


def test_a_deal_won_by_taps_its_panel_statistics_english_and_axe(browser: Any, server: str) -> None:
    deal = 22
    line = won_line(deal)
    start = len(line) - 24  # the end of the solver's line, played by taps
    game = engine_game(deal, line[:start])
    # axe is injected as a script: this context runs without the page's CSP to allow that
    context = browser.new_context(bypass_csp=True, locale="fr-FR", viewport={"width": 1280, "height": 800})
    seen: list[str] = []
    context.on("request", lambda request: seen.append(request.url))
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        kl = Klondike(page, server).open_at(deal, line[:start])
        for move in line[start:]:
            kl.play(game, move)
        assert game.won
        page.wait_for_selector("#win-panel[open]")
        assert kl.text("#win-title") == "Les quatre fondations sont complètes !"
        assert re.fullmatch(r"\d+:\d\d", kl.text("#win-time")), kl.text("#win-time")
        assert kl.text("#win-moves") == str(game.moves)
        assert kl.text("#win-recycles") == str(game.recycles)
        assert kl.text("#win-cleared") == "52/52"
        assert kl.text("#win-deal") == f"#{deal}"
        page.click("#win-deal")
        page.wait_for_function(
            "id => document.querySelector('#message').textContent.includes(id)", arg=str(deal)
        )
        assert page.evaluate("() => navigator.clipboard.readText()") == str(deal)
        assert page.get_attribute("#game", "data-recorded") == "1"
        # in English: a closed panel stays closed on a language switch; the winning move played again opens
        # it in the other catalogue's words; axe finds nothing serious
        page.click("[data-action='close-panel']")
        page.wait_for_selector("#win-panel", state="hidden")
        page.click("#lang")
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        page.wait_for_timeout(200)
        assert page.is_hidden("#win-panel")
        page.click("#undo")
        page.wait_for_function(
            "() => document.querySelector('#foundation-count').textContent.trim() !== 'Home 52/52'"
        )
        code, destination = line[-1].split(">")
        kl.tap_card(code)  # the last move again (the page is in English now: no French view to compare)
        if page.is_visible(f"{BOARD} .kl-selected"):
            kl.tap_destination(engine_game(deal, line[:-1]), code, destination)
        page.wait_for_selector("#win-panel[open]")
        assert kl.text("#win-title") == "All four foundations are complete!"
        assert kl.text("#foundation-count") == "Home 52/52"
        assert axe_serious(page) == []
        page.click("[data-action='close-panel']")
        assert kl.message().startswith("Game won.")
        # the statistics counted the game once, won
        page.click("#stats-open")
        page.wait_for_selector("#stats-panel[open]")
        assert (kl.text("#stats-played"), kl.text("#stats-won")) == ("1", "1")
    finally:
        context.close()
    foreign = [url for url in seen if not url.startswith((server + "/", "data:", "blob:"))]
    assert not foreign, foreign


# ---------------------------------------------------------------- the fit, on a phone and a desktop

LONG_DEAL = 24  # along the greedy player's game, a column of 6 face-down and 10 face-up cards

FIT_JS = """() => {
  const r = el => el.getBoundingClientRect();
  const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5
                           && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  const view = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  // the board, down to the foot of what it scrolls to (a long column on a phone on its side runs below it)
  const scroller = document.querySelector('#klondike-board');
  const shown = r(document.querySelector('#board'));
  const foot = shown.top + scroller.scrollHeight - scroller.scrollTop;
  const board = { ...shown.toJSON(), bottom: Math.max(shown.bottom, foot) };
  const below = { ...view, bottom: Math.max(view.bottom, foot) };
  const cards = [...document.querySelectorAll('#klondike-board .kl-table .card')].filter(e => !e.hidden
    && getComputedStyle(e).display !== 'none');
  const ups = [...document.querySelectorAll('#klondike-board .kl-up')];
  const corner = document.querySelector('#klondike-board .kl-up .corner');
  const top = document.querySelector('header.top');
  const row = ['.games', '.deal', '.lang'].map(s => r(top.querySelector(s)));
  const controls = [...document.querySelectorAll('nav.controls button')];
  return {
    clipped: cards.filter(e => !inside(r(e), board) || !inside(r(e), below))
                  .map(e => e.dataset.card || e.className),
    strips: ups.map(e => Math.min(Number(e.dataset.strip), r(e).height)),
    // how much of each face-up card's suit shows in its strip: 1 its middle at least, 0.5 its top
    suits: ups.map(e => {
      const suit = r(e.querySelector('.corner svg'));
      const strip = Math.min(Number(e.dataset.strip), r(e).height);
      return suit.top + suit.height / 2 - r(e).top <= strip ? 1 : suit.top - r(e).top < strip ? 0.5 : 0;
    }),
    widths: cards.map(e => r(e).width),
    corner: corner ? parseFloat(getComputedStyle(corner).fontSize) : 0,
    scroll: document.scrollingElement.scrollWidth > innerWidth,
    rowMiddles: row.map(b => Math.round((b.top + b.bottom) / 2)),
    links: [...top.querySelectorAll('[data-game-link]')].map(a => inside(r(a), view) && r(a).height >= 44
                                                              && r(a).width >= 44),
    controls: controls.map(b => inside(r(b), view) && b.scrollWidth <= b.clientWidth + 1
                                && r(b).height >= 44),
  };
}"""


def test_fit_on_a_phone_upright_on_its_side_and_at_320_px(kl: Klondike) -> None:
    line = greedy_line(LONG_DEAL)[:41]
    assert max(len(c) for c in engine_game(LONG_DEAL, line).position().tableau) == 16
    kl.page.set_viewport_size({"width": 360, "height": 740})
    kl.open_at(LONG_DEAL, line)
    for width, height in ((360, 740), (740, 360), (320, 640), (1280, 800)):
        kl.page.set_viewport_size({"width": width, "height": height})
        kl.page.wait_for_function(
            "w => document.querySelector('header.top').getBoundingClientRect().width <= w", arg=width
        )
        kl.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        fit = kl.page.evaluate(FIT_JS)
        size = f"{width}x{height}"
        # the 16-card column too: nothing clipped (on a phone on its side it runs below the board's foot,
        # which scrolls to it)
        assert fit["clipped"] == [], (size, fit["clipped"])
        assert not fit["scroll"], size
        assert all(fit["links"]) and all(fit["controls"]), (size, fit["links"], fit["controls"])
        # The game links, then the deal and the language side by side; on a narrow screen the links have a
        # row of their own above them (so a 9-digit deal ID shows whole), on a wide one all share one row.
        middles = fit["rowMiddles"]
        assert abs(middles[1] - middles[2]) <= 4, (size, "deal and language not side by side", middles)
        if width >= 700:
            assert max(middles) - min(middles) <= 4, (size, "the header's first row wrapped", middles)
        assert fit["corner"] >= 12, (size, fit["corner"])  # the rank stays legible
        # every fanned card's strip shows its suit beside its rank (test_klondike_layout.py: the whole corner)
        assert min(fit["suits"]) >= 1, (size, fit["suits"])
        if (width, height) == (360, 740):
            # a phone upright: every card is a 44 px wide target; the 16-card column's strips fill the board
            # (test_klondike_layout.py), well above WCAG's 24 px
            assert min(fit["strips"]) >= 28, min(fit["strips"])
            assert min(fit["widths"]) >= 44, min(fit["widths"])
    # the new-deal choice: the levels, a line saying what they deal, one card or three at a time, and no
    # empty line (then the other ways: replay, a typed ID; the buttons)
    kl.page.set_viewport_size({"width": 360, "height": 740})
    kl.page.click("#new")
    kl.page.wait_for_selector("#newdeal-panel[open]")
    blocks = kl.page.eval_on_selector_all(
        "#newdeal-form > *",
        """els => els.filter(e => e.getBoundingClientRect().height > 0 && e.id !== 'newdeal-warning')
                    .map(e => [e.tagName, e.textContent.trim()])""",
    )
    tags = [tag for tag, _ in blocks]
    assert tags == ["H2", "FIELDSET", "P", "FIELDSET", "DIV", "DIV"], json.dumps(blocks, ensure_ascii=False)
    assert "prouvées gagnables" in blocks[2][1] and "3 cartes à la fois" in blocks[3][1]
    kl.page.click("#newdeal-cancel")
    kl.page.wait_for_selector("#newdeal-panel", state="hidden")


# ---------------------------------------------------------------- no move left at all


def test_no_move_left_panel_and_its_exits(kl: Klondike) -> None:
    """The last stock card played leaves no legal move: the panel says so and offers to undo the last move or
    deal again; undo brings back the position before it (and the panel with the move played again); a new
    deal starts a numbered one. The deal is given by its cards (a save only can), so the page names it as a
    deal with no number (in the leave dialog, the replay's announcement, "starts again") and copying its ID
    says why there is none."""
    text, line = stuck_deal()
    stuck = Game(Deal.parse(text))
    for move in line:
        stuck.play(move)
    assert stuck.legal_moves() == [] and stuck.outcome().value == "stuck"
    before = Game(Deal.parse(text))
    for move in line[:-1]:
        before.play(move)
    kl.open_saved(saved(Game(Deal.parse(text)), line[:-1]), before, query="?test-replay-ms=1000000")
    page = kl.page
    assert kl.text("#deal-id") == "Donne sans numéro"
    page.click("#deal-id")
    page.wait_for_function("() => document.querySelector('#message').textContent.includes('pas de numéro')")
    assert page.is_hidden("#stuck-panel")
    # A link to another deal while this game is under way: asked first, this game named as one with no number.
    page.evaluate("() => { location.hash = '#5'; }")
    page.wait_for_selector("#leave-panel[open]")
    assert "une donne sans numéro, est en cours" in kl.text("#leave-text")
    page.click("#leave-keep")
    page.wait_for_function(
        "() => document.querySelector('#message').textContent === 'Vous continuez votre partie.'"
    )
    assert kl.text("#deal-id") == "Donne sans numéro"
    kl.wait_shows(before)
    kl.play(before, line[-1])  # the 2 of diamonds from the waste, onto the 3 of spades
    page.wait_for_selector("#stuck-panel[open]")
    assert kl.text("#stuck-title") == "Aucun coup possible"
    assert kl.text("#stuck-text").startswith("Plus aucun coup n’est possible")
    assert "Il reste 52 cartes" in kl.text("#stuck-text")
    buttons = page.eval_on_selector_all(
        "#stuck-panel .panel-actions button:not([hidden])", "els => els.map(e => e.textContent.trim())"
    )
    assert buttons[0] == "Annuler le dernier coup" and "Nouvelle donne" in buttons
    # 1. Undo the last move: the panel closes, the position before it is back; the move again: the panel.
    page.click("#stuck-panel [data-action='undo']")
    page.wait_for_selector("#stuck-panel", state="hidden")
    before.undo()
    kl.wait_shows(before)
    kl.play(before, line[-1])
    page.wait_for_selector("#stuck-panel[open]")
    # 2. Give up, then "Était-elle gagnable ?": the solver's verdict from the deal's start, and its line
    # stepped through, each frame the engine's position after that many moves of the line.
    solved = solve(Position.dealt(tuple(Card.parse(code) for code in text.split())), budget_ms=8000)
    assert solved.verdict.value == "win"
    page.click("#stuck-panel [data-solution='give-up']")
    kl.wait_verdict("stuck-panel", "win")
    assert str(len(solved.line)) in kl.text("#stuck-panel [data-verdict-text]")
    page.click("#stuck-panel [data-solution='show']")
    page.wait_for_selector("#replay-bar:not([hidden])")
    assert kl.text("#message").startswith("Solution de cette donne :")
    if page.get_attribute("#replay-play", "aria-pressed") == "true":
        page.click("#replay-play")  # pause
    assert page.get_attribute("#replay-bar", "data-steps") == str(len(solved.line))
    step = int(str(page.get_attribute("#replay-bar", "data-step")))
    for _ in range(3):
        page.click("#replay-next")
        step += 1
        page.wait_for_function(
            "n => document.querySelector('#replay-bar').dataset.step === String(n)", arg=step
        )
        wanted = Game(Deal.parse(text))
        for move in solved.line[:step]:
            wanted.play(move)
        shown, expect = kl.view(), expected(wanted)
        assert (shown["waste"], shown["foundations"], shown["stock"]) == (
            expect["waste"], expect["foundations"], expect["stock"]
        )
    page.click("#replay-stop")
    page.wait_for_selector("#replay-bar", state="hidden")
    # 3. The same deal again: it starts over, still named as a deal with no number.
    page.click("#stuck-panel [data-action='replay']" if page.is_visible("#stuck-panel") else "#new")
    if page.is_visible("#newdeal-panel"):
        page.click("#newdeal-panel [data-choice='replay'], #newdeal-replay")
    page.wait_for_function("() => document.querySelector('#moves').textContent === 'Coups 0'")
    assert kl.text("#message") == "La donne recommence."
    assert kl.text("#deal-id") == "Donne sans numéro"
    # 4. A new deal: a numbered deal is dealt, the panel is gone.
    page.click("#stuck-panel [data-action='new']" if page.is_visible("#stuck-panel") else "#new")
    if page.is_visible("#newdeal-panel"):
        page.click("#newdeal-deal")
    page.wait_for_function("() => document.querySelector('#deal-id').textContent.startsWith('#')")
    assert page.is_hidden("#stuck-panel")
    assert kl.text("#moves") == "Coups 0"
