"""The Pyramid page as a player sees it (pyramid.html, web/games/pyramid/table.js), like conftest's Table.

`Pyramid` reads the table from the DOM only (the card buttons `#pyramid-board [data-place]`: 0-27, "S" the
stock top, "W" the waste top, "draw" the face-down stock pile, "recycle") and makes a player's gestures: taps
and keys. Positions worth testing come from the Python engine (`engine_game`, `line_to`), never from the page.
"""

from __future__ import annotations

from typing import Any

from conftest import BoardPage

from pyramid_core.game import Game
from pyramid_core.snapshot import snapshot
from pyramid_core.solver import solve_game

BOARD = "#pyramid-board"

# What a move can change on the table, as one comparable text (no selection, no hint marks).
POSITION_JS = """() => {
  const b = document.querySelector('#pyramid-board');
  const code = el => (el.classList.contains('gone') || el.classList.contains('empty'))
    ? null : (el.dataset.card || null);
  const text = s => (document.querySelector(s)?.textContent || '').trim();
  return JSON.stringify({
    cards: [...b.querySelectorAll('.pyr-card')].map(code),
    S: code(b.querySelector("[data-place='S']")), W: code(b.querySelector("[data-place='W']")),
    stock: b.querySelector("[data-place='draw'] .count").textContent.trim(),  // the face-down cards it shows
    pass: text('#pyramid-board .pyr-pass'), removed: text('#removed'), moves: text('#moves'),
    recycle: b.querySelector("[data-place='recycle']").getAttribute('aria-disabled'),
    deal: text('#deal-id'),
  });
}"""

PLACE_JS = """el => ({
  place: el.dataset.place, card: (el.classList.contains('gone') || el.classList.contains('empty'))
    ? null : (el.dataset.card || null),
  playable: el.dataset.playable === 'true', covered: el.classList.contains('covered'),
  selected: el.classList.contains('selected'), partner: el.classList.contains('partner'),
  hinted: el.classList.contains('hinted'), label: el.getAttribute('aria-label'),
  pressed: el.getAttribute('aria-pressed'), disabled: el.getAttribute('aria-disabled') === 'true',
})"""


def engine_game(deal_id: str, moves: list[str] | tuple[str, ...] = ()) -> Game:
    """The engine's game of `deal_id` after `moves` (notation), to ask what the page should show."""
    game = Game.from_id(deal_id)
    for move in moves:
        game.play(move)
    return game


def expected(game: Game) -> dict[str, Any]:
    """What `Pyramid.view()` must read for the engine's `game` (French texts), from its snapshot."""
    snap = snapshot(game)

    def top(pile: dict[str, Any]) -> str | None:
        return None if pile["top"] is None else str(pile["top"]["card"])

    return {
        "cards": [entry.get("card") if entry["state"] != "gone" else None for entry in snap["pyramid"]],
        "S": top(snap["stock"]), "W": top(snap["waste"]), "stock": face_down(snap["stock"]),
        "pass": f"tour {snap['pass']} sur 3", "removed": f"{snap['removed']} sur 28",
        "moves": f"Coups {snap['moves']}", "recycle": None if snap["can_recycle"] else "true",
        "deal": f"#{snap['deal_id']}",
    }


def face_down(stock: dict[str, Any]) -> str:
    """The stock pile's badge: the cards still face down (its top lies face up beside it), none when 0."""
    down = int(stock["count"]) - (1 if stock["top"] is not None else 0)
    return str(down) if down > 0 else ""


def solver_line(deal_id: str, moves: list[str] | tuple[str, ...] = ()) -> tuple[str, list[str]]:
    """The exact solver's verdict and line from the position after `moves` (every card read: for the test's
    own planning, the page never sees it)."""
    result = solve_game(engine_game(deal_id, moves))
    return result.verdict.value, list(result.line)


class Pyramid(BoardPage):
    """A reader of the Pyramid table (what the player sees) plus the gestures a player makes."""

    PATH = "pyramid.html"
    GAME = "pyramid"
    DRAWN_JS = "document.querySelector(\"#pyramid-board [data-place='draw']\")?.dataset.count"
    POSITION_JS = POSITION_JS

    # ---------------------------------------------------------------- reading

    def place(self, place: int | str) -> dict[str, Any]:
        result: dict[str, Any] = self.page.eval_on_selector(f"{BOARD} [data-place='{place}']", PLACE_JS)
        return result

    def cards(self) -> list[dict[str, Any]]:
        result: list[dict[str, Any]] = self.page.eval_on_selector_all(
            f"{BOARD} .pyr-card", f"els => els.map({PLACE_JS})"
        )
        return result

    def codes(self) -> list[str | None]:
        """The 28 pyramid places' cards as shown (None where a card is gone)."""
        return [c["card"] for c in self.cards()]

    def playable(self) -> list[int]:
        return [int(c["place"]) for c in self.cards() if c["playable"] and c["card"]]

    def selected(self) -> list[str]:
        """Every place marked selected (pyramid, stock top, waste top)."""
        return [p["place"] for p in self.all_places() if p["selected"]]

    def partners(self) -> list[str]:
        return [p["place"] for p in self.all_places() if p["partner"]]

    def hinted(self) -> list[str]:
        return [p["place"] for p in self.all_places() if p["hinted"]]

    def all_places(self) -> list[dict[str, Any]]:
        result: list[dict[str, Any]] = self.page.eval_on_selector_all(
            f"{BOARD} [data-place]", f"els => els.map({PLACE_JS})"
        )
        return result

    def stock_count(self) -> int:
        return int(self.page.get_attribute(f"{BOARD} [data-place='draw']", "data-count") or "-1")

    def pass_text(self) -> str:
        return self.text(f"{BOARD} .pyr-pass")

    # ---------------------------------------------------------------- gestures

    def tap(self, place: int | str, force: bool = False) -> None:
        """Tap a place. A pyramid card is tapped on its top strip, the part the row below never covers."""
        selector = f"{BOARD} [data-place='{place}']"
        self.pace()
        if isinstance(place, int):
            self.page.click(selector, position={"x": 10, "y": 5}, force=force)
        else:
            self.page.click(selector, force=force)

    def wait_selected(self, place: int | str) -> None:
        self.page.wait_for_function(
            "p => document.querySelector(`#pyramid-board [data-place='${p}']`).matches('.selected')",
            arg=str(place),
        )

    def wait_unselected(self) -> None:
        self.page.wait_for_function("() => !document.querySelector('#pyramid-board .selected')")

    def play(self, move: str) -> None:
        """Play one move in Pyramid's notation by taps ("12+W": tap 12, tap W; "27"; "draw"; "recycle"),
        and wait until the table shows its result."""
        before = self.position()
        if move in ("draw", "recycle"):
            self.tap(move)
        else:
            parts = [int(p) if p.isdigit() else p for p in move.split("+")]
            if len(parts) == 2:
                self.tap(parts[0])
                self.wait_selected(parts[0])
            self.tap(parts[-1])
        self.wait_moved(before)

    def play_all(self, moves: list[str]) -> None:
        for move in moves:
            self.play(move)

    def key_move(self, key: str) -> None:
        """Press a key that makes a move (d, r, u) and wait until the table changed."""
        before = self.position()
        self.press(key)
        self.wait_moved(before)

    def undo(self) -> None:
        before = self.position()
        self.page.click("#undo")
        self.wait_moved(before)

    def open_dialog(self) -> str | None:
        value: str | None = self.page.evaluate("() => document.querySelector('dialog[open]')?.id ?? null")
        return value


def places_of(move: str) -> list[str]:
    """The places a move names, as the DOM spells them ("12+W" -> ["12", "W"])."""
    return move.split("+")
