"""The Klondike page as a player sees it (klondike.html, web/games/klondike/table.js), like pyramid_page.

`Klondike` reads the table from the DOM only (`#klondike-board`: the face-up cards `.kl-up[data-card]`, the
backs `.kl-down`, the stock `[data-place='stock']`, the waste top `[data-place='W']`, the foundations
`[data-place='F0']`…, each column `[data-column]` with its empty slot) and makes a player's gestures: taps,
drags (mouse and touch), keys. Positions worth testing come from the Python engine at test time
(`klondike_core`), never from the page; a test starts from one by putting the engine's save of it in the
page's storage before the page loads (what a reload of a game in progress does).
"""

from __future__ import annotations

import functools
import json
import time
from typing import Any

from conftest import BoardPage

from klondike_core.autoplay import greedy
from klondike_core.game import Game
from klondike_core.save import Played, save
from klondike_core.snapshot import snapshot
from klondike_core.solver import solve

BOARD = "#klondike-board"

# What a move can change on the table, as one comparable text (no selection, no hint marks).
POSITION_JS = """() => {
  const b = document.querySelector('#klondike-board');
  const text = s => (document.querySelector(s)?.textContent || '').trim();
  const columns = [...b.querySelectorAll('.kl-column')].map(col => ({
    down: col.querySelectorAll('.kl-down').length,
    up: [...col.querySelectorAll('.kl-up')].map(el => el.dataset.card),
  }));
  return JSON.stringify({
    columns,
    waste: b.querySelector("[data-place='W']").dataset.card || null,
    foundations: [0, 1, 2, 3].map(i => b.querySelector(`[data-place='F${i}']`).dataset.card || null),
    stock: b.querySelector("[data-place='stock']").dataset.count,
    moves: text('#moves'), home: text('#foundation-count'), deal: text('#deal-id'),
  });
}"""


# ---------------------------------------------------------------- the engine, for the test's planning


def engine_game(deal_id: str | int, moves: list[str] | tuple[str, ...] = ()) -> Game:
    """The engine's game of `deal_id` after `moves` (notation), to ask what the page should show."""
    game = Game.from_id(deal_id)
    for move in moves:
        game.play(move)
    return game


def expected(game: Game) -> dict[str, Any]:
    """What `Klondike.view()` must read for the engine's `game` (French texts), from its snapshot."""
    snap = snapshot(game)

    def top(pile: dict[str, Any] | None) -> str | None:
        return None if pile is None else str(pile["card"])

    return {
        "columns": [
            {"down": column["down"], "up": [e["card"] for e in column["cards"] if e["state"] == "up"]}
            for column in snap["columns"]
        ],
        "waste": top(snap["waste"]["top"]),
        "foundations": [top(f["top"]) for f in snap["foundations"]],
        "stock": str(snap["stock"]["count"]),
        "moves": f"Coups {snap['moves']}",
        "home": f"Rangées {snap['on_foundations']}/52",
        "deal": f"#{snap['deal_id']}" if snap["deal_id"] else "Donne sans numéro",
    }


def saved(deal_id: str | int | Game, moves: list[str] | tuple[str, ...]) -> dict[str, Any]:
    """The page's storage record of a game after `moves` (the engine's save, as the page writes it), from its
    deal ID or from a fresh `Game` (a deal given by its cards: the record has no ID, as only a save can)."""
    game = deal_id if isinstance(deal_id, Game) else Game.from_id(deal_id)
    played = Played(game)
    for move in moves:
        played.play(move)
    deal = None if isinstance(deal_id, Game) else str(deal_id)
    return {"engine": save(played), "deal_id": deal, "elapsed_ms": 0}


STUCK_COLUMNS: tuple[tuple[str, ...], ...] = (
    ("KS",),
    ("AC", "9C"),
    ("TC", "JC", "9H"),
    ("KC", "AH", "TH", "6S"),
    ("JH", "QH", "AS", "7S", "6D"),
    ("8S", "9S", "TS", "JS", "AD", "KD"),
    ("7D", "8D", "9D", "TD", "JD", "QD", "KH"),
)
STUCK_STOCK: tuple[tuple[str, int], ...] = (
    ("QS", 5), ("QC", 6),
    *((code, 1) for code in ("8H", "7C", "6H", "5C", "4H", "3C", "2H")),
    *((code, 2) for code in ("8C", "7H", "6C", "5H", "4C", "3H", "2C")),
    *((code, 3) for code in ("5D", "4S", "3D", "2S")),
    *((code, 4) for code in ("5S", "4D", "3S", "2D")),
)


def stuck_deal() -> tuple[str, tuple[str, ...]]:
    """A deal given by its cards, and a line of 48 moves after which no move is left at all.

    No numbered deal met in a search of a few hundred reached such a position (the stock and the waste must
    be played out first), so this one is built: every stock card goes, as it is drawn, onto the runs that grow
    from the columns' face-up cards (K-Q on two kings, 9-2 on two nines, 6-2 on two sixes), and the 21
    face-down cards hold the four aces and every card the ends of those runs could take (the red jacks and
    queens under the black queens and king; the 2s take only aces). The engine checks it: `Game.legal_moves`
    is empty at the end."""
    codes = [code for column in STUCK_COLUMNS for code in column] + [code for code, _ in STUCK_STOCK]
    line: list[str] = []
    for code, column in STUCK_STOCK:
        line += ["draw", f"{code}>T{column}"]
    return " ".join(codes), tuple(line)


def movable(game: Game) -> dict[str, list[str]]:
    """Every card that may move now, with its destinations ("T0".."T6", "F"), from the snapshot."""
    snap = snapshot(game)
    cards: dict[str, list[str]] = {}
    for column in snap["columns"]:
        for entry in column["cards"]:
            if entry.get("card") and entry["destinations"]:
                cards[entry["card"]] = entry["destinations"]
    for pile in [snap["waste"]["top"], *(f["top"] for f in snap["foundations"])]:
        if pile and pile["destinations"]:
            cards[pile["card"]] = pile["destinations"]
    return cards


def column_of(game: Game, code: str) -> int | None:
    for column in snapshot(game)["columns"]:
        if any(entry.get("card") == code for entry in column["cards"]):
            return int(column["column"])
    return None


def run_length(game: Game, code: str) -> int:
    """How many cards move with `code` (itself included)."""
    for column in snapshot(game)["columns"]:
        cards = [entry.get("card") for entry in column["cards"]]
        if code in cards:
            return len(cards) - cards.index(code)
    return 1


@functools.cache
def greedy_line(deal_id: int, limit: int = 200) -> tuple[str, ...]:
    """The moves of the engine's simple greedy player on a deal (until it ends, or `limit` moves)."""
    game = Game.from_id(deal_id)
    line: list[str] = []
    while len(line) < limit and game.outcome().value == "playing":
        advice = greedy(game.player_view())
        if advice.move is None:
            break
        game.play(advice.move)
        line.append(advice.move)
    return tuple(line)


def find(wanted: Any, deals: Any = range(1, 200)) -> tuple[int, tuple[str, ...]]:
    """The first (deal, line prefix) along the greedy player's games where `wanted(game)` holds."""
    for deal in deals:
        game = Game.from_id(deal)
        line = greedy_line(deal)
        for i in range(len(line) + 1):
            if game.outcome().value == "playing" and wanted(game):
                return deal, line[:i]
            if i < len(line):
                game.play(line[i])
    raise AssertionError("no position found")


@functools.cache
def no_progress_position() -> tuple[int, tuple[str, ...]]:
    """A position where moves are left but, by the engine's definition, none gets anywhere."""
    return find(lambda g: g.no_progress and bool(g.legal_moves()), deals=[20, 44, 47, *range(1, 120)])


@functools.cache
def autofinish_position() -> tuple[int, tuple[str, ...]]:
    """A won deal played along the solver's line up to where Finir auto may start, with at least 6 cards
    still to move (the solver reads every card: for the test's planning only)."""
    for deal in range(1, 60):
        game = Game.from_id(deal)
        viewer = Game(game.deal, game.deal_id, game.deal.cards)
        result = solve(viewer.position(), budget_ms=4000)
        if result.verdict.value != "win":
            continue
        line: list[str] = []
        for move in result.line:
            if game.autofinish and 52 - sum(game.position().foundations) >= 6:
                return deal, tuple(line)
            game.play(move)
            line.append(str(move))
    raise AssertionError("no auto-finish position found")


@functools.cache
def won_line(deal: int = 22) -> tuple[str, ...]:
    """The solver's winning line of a deal (every card read: for the test's planning only)."""
    game = Game.from_id(deal)
    result = solve(Game(game.deal, game.deal_id, game.deal.cards).position(), budget_ms=8000)
    assert result.verdict.value == "win", (deal, result.verdict)
    return tuple(str(move) for move in result.line)


# ---------------------------------------------------------------- the page


class Klondike(BoardPage):
    """A reader of the Klondike table (what the player sees) plus the gestures a player makes."""

    PATH = "klondike.html"
    GAME = "klondike"
    DRAWN_JS = "document.querySelector(\"#klondike-board [data-place='stock']\")?.dataset.count"
    POSITION_JS = POSITION_JS

    # ---------------------------------------------------------------- opening

    def open_at(
        self, deal_id: str | int, moves: list[str] | tuple[str, ...] = (), welcome: bool = False
    ) -> Klondike:
        """Open the page on the engine's game of `deal_id` after `moves` (its save put in storage first, once:
        a reload later in the test keeps what the page saved)."""
        return self.open_saved(saved(deal_id, moves), engine_game(deal_id, moves), welcome)

    def open_saved(
        self, saved_record: dict[str, Any], game: Game, welcome: bool = False, query: str = ""
    ) -> Klondike:
        """Open the page (with `?query` when given) on the storage record `saved_record` (put in storage
        once), which holds `game`."""
        record = json.dumps(saved_record)
        script = (
            "if (!sessionStorage.getItem('kl-test-save')) {"
            f" localStorage.setItem('klondike.save', {json.dumps(record)});"
            + ("" if welcome else " localStorage.setItem('klondike.welcome', 'seen');")
            + " sessionStorage.setItem('kl-test-save', '1'); }"
        )
        self.page.add_init_script(script)
        self.open(query=query)
        self.wait_shows(game)
        return self

    def wait_shows(self, game: Game) -> None:
        """Wait until the table shows the engine's `game`."""
        want = json.dumps(expected(game), separators=(",", ":"), ensure_ascii=False)
        self.page.wait_for_function(
            f"want => JSON.stringify(JSON.parse(({POSITION_JS})())) === want", arg=want
        )

    # ---------------------------------------------------------------- reading

    def marked(self, cls: str) -> list[str]:
        """The cards (codes: column cards and the waste top) and places (T0.. an empty column, F0.., stock)
        carrying a class (kl-selected, kl-target, hinted)."""
        result: list[str] = self.page.eval_on_selector_all(
            f"{BOARD} .{cls}:not(.kl-column)",
            "els => els.map(el => el.dataset.card"
            " && (el.classList.contains('kl-up') || el.dataset.place === 'W')"
            " ? el.dataset.card : el.dataset.place || ('col' + el.dataset.column))",
        )
        return sorted(result)

    # ---------------------------------------------------------------- gestures

    def card(self, code: str) -> str:
        places = (".kl-up", "[data-place='W']", ".kl-foundation")
        return ", ".join(f"{BOARD} {place}[data-card='{code}']" for place in places)

    def tap_card(self, code: str) -> None:
        """Tap a face-up card on its top strip (the part a card fanned over it never covers)."""
        self.pace()
        self.page.locator(self.card(code)).first.click(position={"x": 12, "y": 8})

    def tap_column(self, column: int) -> None:
        """Tap a column: its top card, or its empty slot."""
        self.pace()
        top = self.page.locator(f"{BOARD} [data-column='{column}'] > .card").last
        if top.count():
            top.click(position={"x": 12, "y": 8})
        else:
            self.page.click(f"{BOARD} [data-place='T{column}']")

    def tap_place(self, place: str) -> None:
        self.pace()
        self.page.click(f"{BOARD} [data-place='{place}']")

    def tap_destination(self, game: Game, code: str, destination: str) -> None:
        """Tap where a picked-up card goes: its suit's foundation ("F"), or a column ("T3")."""
        if destination == "F":
            suits = [f["suit"] for f in snapshot(game)["foundations"]]
            self.tap_place(f"F{suits.index(code[1])}")
        else:
            self.tap_column(int(destination[1:]))

    def play(self, game: Game, move: str) -> None:
        """Play `move` (notation) by taps as a player does: the stock for draw and recycle; else the card,
        which goes on that one tap when it has one destination, else is picked up and its destination
        tapped. Waits for the result, plays the move on the engine's `game` and checks that the table shows
        it."""
        before = self.position()
        if move in ("draw", "recycle"):
            self.tap_place("stock")
        else:
            code, destination = move.split(">")
            self.tap_card(code)
            if len(movable(game)[code]) > 1:
                self.page.wait_for_selector(f"{BOARD} .kl-selected")
                self.tap_destination(game, code, destination)
        self.wait_moved(before)
        # a player's next tap comes a decision after they saw the table change, not after their last tap
        # (a tap soon after one at the same spot, on another card, is a double tap's second half: dropped)
        self._last_tap = time.monotonic()
        game.play(move)
        assert self.view() == expected(game), f"after {move}"

    def centre(self, selector: str, dy: float = 0.5) -> tuple[float, float]:
        box = self.page.locator(selector).last.bounding_box()
        assert box is not None, selector
        return box["x"] + box["width"] / 2, box["y"] + min(box["height"] * dy, 10)

    def drop_point(self, target: str) -> tuple[float, float]:
        """Where to let go for a destination: a column's top card (or its slot), a foundation."""
        if target == "F":
            return self.centre(f"{BOARD} .kl-foundation", 0.5)
        column = int(target[1:])
        cards = self.page.locator(f"{BOARD} [data-column='{column}'] > .card")
        selector = f"{BOARD} [data-column='{column}'] > .card"
        if not cards.count():
            selector = f"{BOARD} [data-place='T{column}']"
        box = self.page.locator(selector).last.bounding_box()
        assert box is not None
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def drag_mouse(self, code: str, to: tuple[float, float], steps: int = 8) -> None:
        x, y = self.centre(self.card(code), 0.1)
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        for i in range(1, steps + 1):
            self.page.mouse.move(x + (to[0] - x) * i / steps, y + (to[1] - y) * i / steps)
        self.page.mouse.up()

    def drag_touch(self, code: str, to: tuple[float, float], steps: int = 8) -> None:
        """A finger's drag, as the Pointer Events a touch screen sends (pointerType "touch")."""
        x, y = self.centre(self.card(code), 0.1)
        self.page.evaluate(
            """([selector, x, y, tx, ty, steps]) => {
              const el = document.querySelector(selector);
              const base = { pointerId: 7, pointerType: 'touch', isPrimary: true,
                             bubbles: true, cancelable: true, composed: true };
              el.dispatchEvent(new PointerEvent('pointerdown',
                { ...base, clientX: x, clientY: y, button: 0, buttons: 1 }));
              for (let i = 1; i <= steps; i += 1) {
                const at = { clientX: x + (tx - x) * i / steps, clientY: y + (ty - y) * i / steps };
                (document.elementFromPoint(at.clientX, at.clientY) || document.body)
                  .dispatchEvent(new PointerEvent('pointermove', { ...base, ...at, buttons: 1 }));
              }
              (document.elementFromPoint(tx, ty) || document.body)
                .dispatchEvent(new PointerEvent('pointerup',
                  { ...base, clientX: tx, clientY: ty, button: 0, buttons: 0 }));
            }""",
            [self.card(code), x, y, to[0], to[1], steps],
        )
