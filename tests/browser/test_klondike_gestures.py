"""Klondike's gestures against the table they were made on (web/games/klondike/drag.js, game.js, table.js).

- A drag from every source (the waste top, a foundation's top, a column's top card, a run), accepted and
  refused, with a mouse and with a finger, leaves every pile where the layout puts it: no card keeps the
  drag's transform, every card stands where its pile is, the waste and foundation tops are what a tap there
  hits (a waste card dragged away once used to stay drawn where it was let go, over the column it went to).
- Two taps in quick succession: the second belongs to the table the first one changed. A tap on a card
  gliding past the finger, a second tap at the same spot on another card, or a tap made before the reply to
  the previous move was drawn is dropped: a double tap on the stock never picks up or plays the card it
  turned, a double tap on a card never plays the card it uncovered nor sends the same move twice.

Positions come from the Python engine at test time; what the page shows is compared with the engine's
snapshot of the same position.
"""

from __future__ import annotations

import functools

from klondike_page import BOARD, Klondike, column_of, engine_game, expected, find, movable, run_length

from klondike_core.game import Game
from klondike_core.snapshot import snapshot

# Nothing on the table moves any more: no drag, no card waiting for an answer, no glide, turn or shake.
SETTLED_JS = """() => !document.querySelector(
  '#klondike-board .kl-dragging, #klondike-board .kl-dropped, #klondike-board .kl-flying,'
  + ' #klondike-board .flip, #klondike-board .shake')"""

# Every card and pile against its place: the cards that a transform has moved away from where the layout
# put them (left/top), and the pile tops (waste, foundations) that a tap at their place does not hit.
PLACES_JS = """() => {
  const board = document.querySelector('#klondike-board');
  const name = el => el.dataset.card || el.dataset.place || el.className;
  const displaced = [];
  for (const el of board.querySelectorAll('.kl-table .card, .kl-column')) {
    if (el.hidden) continue;
    const r = el.getBoundingClientRect();
    const parent = el.offsetParent.getBoundingClientRect();
    const dx = r.left - (parent.left + el.offsetLeft);
    const dy = r.top - (parent.top + el.offsetTop);
    if (Math.abs(dx) > 0.5 || Math.abs(dy) > 0.5 || (el.style.transform && el.style.transform !== 'none')) {
      displaced.push([name(el), Math.round(dx), Math.round(dy), el.style.transform]);
    }
  }
  const covered = [];
  for (const el of board.querySelectorAll("[data-place='W'][data-card], .kl-foundation[data-card]")) {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || hit.closest('[data-place]') !== el) covered.push(name(el));
  }
  return { displaced, covered };
}"""


def wait_settled(kl: Klondike) -> None:
    kl.page.wait_for_function(SETTLED_JS)


def assert_in_place(kl: Klondike, game: Game, what: str) -> None:
    """The table shows the engine's `game`, with every card where its pile is."""
    wait_settled(kl)
    assert kl.view() == expected(game), what
    places = kl.page.evaluate(PLACES_JS)
    assert places == {"displaced": [], "covered": []}, (what, places)


# ---------------------------------------------------------------- drags from every source


def drag_sources(game: Game) -> dict[str, str]:
    """One card of each source in a position: the waste top, a foundation top, a column's lone top card and
    a run's first card, each with a place in a column it may go to."""
    snap = snapshot(game)
    moves = movable(game)
    sources: dict[str, str] = {}
    waste = snap["waste"]["top"]
    if waste and any(d[0] == "T" for d in waste["destinations"]):
        sources["waste"] = waste["card"]
    for foundation in snap["foundations"]:
        top = foundation["top"]
        if top and any(d[0] == "T" for d in top["destinations"]):
            sources["foundation"] = top["card"]
    for code, destinations in moves.items():
        if column_of(game, code) is None:
            continue
        if run_length(game, code) == 1 and destinations:
            sources.setdefault("column", code)
        if run_length(game, code) >= 2 and any(d[0] == "T" for d in destinations):
            sources.setdefault("run", code)
    return sources


@functools.cache
def drag_position() -> tuple[int, tuple[str, ...]]:
    return find(lambda game: len(drag_sources(game)) == 4)


def refused_target(game: Game, code: str) -> str:
    """Somewhere the engine does not let `code` go: the foundation for the waste top (as in the issue), else
    a column that is not its own (a drop on its own pile is no move)."""
    allowed = movable(game)[code]
    waste = snapshot(game)["waste"]["top"]
    if "F" not in allowed and waste and waste["card"] == code:
        return "F"
    own = column_of(game, code)
    return next(f"T{c}" for c in range(7) if f"T{c}" not in allowed and c != own)


def test_a_drag_from_every_source_leaves_every_pile_in_its_place(kl: Klondike) -> None:
    deal, line = drag_position()
    game = engine_game(deal, line)
    sources = drag_sources(game)
    kl.page.set_viewport_size({"width": 360, "height": 740})
    kl.open_at(deal, line)
    assert_in_place(kl, game, "at the start")
    for pointer in ("mouse", "touch"):
        gesture = kl.drag_mouse if pointer == "mouse" else kl.drag_touch
        for source, code in sources.items():
            # refused: the card goes back, the engine says why, nothing else moves
            target = refused_target(game, code)
            before = kl.position()
            kl.clear_message()
            gesture(code, kl.drop_point(target))
            kl.page.wait_for_function("() => document.querySelector('#message').textContent.trim() !== ''")
            assert kl.position() == before
            assert_in_place(kl, game, f"{pointer}: {source} {code} refused on {target}")
            # accepted: the move is played; then undone (the next source starts from the same position)
            destination = next(d for d in movable(game)[code] if d[0] == "T")
            before = kl.position()
            gesture(code, kl.drop_point(destination))
            kl.wait_moved(before)
            game.play(f"{code}>{destination}")
            assert_in_place(kl, game, f"{pointer}: {source} {code} onto {destination}")
            # the next card drawn shows on the waste, not where the dragged card was let go
            if source == "waste" and game.position().stock:
                before = kl.position()
                kl.tap_place("stock")
                kl.wait_moved(before)
                game.play("draw")
                assert_in_place(kl, game, f"{pointer}: the draw after {code}")
                before = kl.position()
                kl.press("u")
                kl.wait_moved(before)
                game.undo()
            before = kl.position()
            kl.press("u")
            kl.wait_moved(before)
            game.undo()
            assert_in_place(kl, game, f"{pointer}: {source} {code} undone")


# ---------------------------------------------------------------- double taps

# Two taps at one point, `gap` ms apart, as a finger or a mouse makes them (pointer events, then the click
# on whatever is under the point at that moment); resolves once the second tap is made.
TAP_TWICE_JS = """([x, y, gap, pointerType]) => new Promise(resolve => {
  // A tap's click counts its taps (detail >= 1) as a browser's does; detail 0 is a key pressed on a control.
  const tap = (detail) => {
    const el = document.elementFromPoint(x, y);
    const base = { pointerId: 11, pointerType, isPrimary: true, bubbles: true, cancelable: true,
                   composed: true, clientX: x, clientY: y, button: 0 };
    el.dispatchEvent(new PointerEvent('pointerdown', { ...base, buttons: 1 }));
    el.dispatchEvent(new PointerEvent('pointerup', { ...base, buttons: 0 }));
    el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, clientX: x, clientY: y,
                                               detail }));
  };
  tap(1);
  setTimeout(() => { tap(pointerType === 'mouse' ? 2 : 1); resolve(); }, gap);
})"""


def centre_of(kl: Klondike, selector: str, dy: float = 0.5) -> tuple[float, float]:
    box = kl.page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] * dy


def assert_no_refusal_no_pick(kl: Klondike, what: str) -> None:
    kl.page.wait_for_timeout(400)  # time for a second request, had one been sent, to be answered
    wait_settled(kl)
    assert kl.page.get_attribute("#message", "data-kind") != "rejection", (what, kl.message())
    assert kl.marked("kl-selected") == [], what


def test_a_double_tap_on_the_stock_never_picks_up_the_card_it_turned(kl: Klondike) -> None:
    kl.page.set_viewport_size({"width": 360, "height": 740})
    kl.open("#7")
    game = Game.from_id(7)
    kl.wait_shows(game)
    stock = f"{BOARD} [data-place='stock']"
    for i, gap in enumerate((30, 35, 40, 45, 50, 55, 60, 30, 45, 60)):
        pointer = "touch" if i % 2 else "mouse"
        count = len(game.position().stock)
        x, y = centre_of(kl, stock)
        kl.page.evaluate(TAP_TWICE_JS, [x, y, gap, pointer])
        what = f"pair {i} ({pointer}, {gap} ms)"
        kl.page.wait_for_function(
            "n => Number(document.querySelector(\"#klondike-board [data-place='stock']\").dataset.count) < n",
            arg=count,
        )
        assert_no_refusal_no_pick(kl, what)
        drawn = count - int(str(kl.page.get_attribute(stock, "data-count")))
        assert drawn in (1, 2), (what, drawn)  # the second tap reached the stock, or was dropped
        for _ in range(drawn):
            game.play("draw")
        assert kl.view() == expected(game), what  # the card turned stayed on the waste


def test_a_double_tap_on_a_card_plays_it_once(kl: Klondike) -> None:
    kl.page.set_viewport_size({"width": 360, "height": 740})
    kl.open("#7")
    game = Game.from_id(7)
    kl.wait_shows(game)
    ace = kl.card("AC")
    for gesture in ("mouse double-click", "mouse", "touch"):
        x, y = centre_of(kl, ace, 0.15)
        before = kl.position()
        kl.clear_message()
        if gesture == "mouse double-click":
            kl.page.mouse.dblclick(x, y)
        else:
            kl.page.evaluate(TAP_TWICE_JS, [x, y, 40, gesture])
        kl.wait_moved(before)
        assert_no_refusal_no_pick(kl, gesture)
        game.play("AC>F")  # the ace went up; the card it uncovered stayed where it was turned
        assert kl.view() == expected(game), gesture
        before = kl.position()
        kl.press("u")
        kl.wait_moved(before)
        game.undo()
        wait_settled(kl)
