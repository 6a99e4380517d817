"""The snapshot the page draws from: every fact the UI needs, and no card the player has not seen.

A face-down tableau card is `{"state": "down"}` with no `card` field, even when the player saw it before an
undo turned it back (the page shows it face down); the stock is only its `count`; the waste shows its top
card, and `fan` its visible cards: the top one with draw one, the top three (fewer when the waste holds fewer)
fanned with draw three, bottom to top, only the last playable. `draw` says which rules the game is played
under (1 or 3), `level` the level its deal ID claims (verified before the game was dealt) or `"any"`.
For each card that may move (the waste top, each face-up tableau card, each foundation top),
`destinations` lists where the engine allows it to go (`"T0"` … `"T6"`, `"F"`), and `auto` is the one
destination when there is exactly one (the one-tap move), else `null`; so the page highlights what the
engine allows without knowing the rules. Once the game is over no card has a destination.

The end of a game reads as in TriPeaks' and Pyramid's snapshots: `outcome`, `over`, `given_up`,
`solution_available`, `can_undo`, `moves`, `level`. Klondike's own: `recycles` (for the win panel),
`no_progress` (the note: moves are left but none gets anywhere, see `progress`), `autofinish` (the Finir
auto button may show) and `autofinish_move` (its next move in notation, or `null`).
"""

from __future__ import annotations

from typing import Any, Final

from solitaire_core.cards import SUIT_CHARS, Card

from . import rules
from .game import Game, Outcome
from .moves import FOUNDATION, Target, target_text
from .position import COLUMNS, Position

FORMAT_VERSION: Final = 1
FAN: Final = {1: 1, 3: 3}
"""How many waste cards show, by draw: the top one with draw one, the top three with draw three."""


def _playable(card: Card, targets: list[Target]) -> dict[str, Any]:
    names = [target_text(target) for target in targets]
    return {"card": card.code, "destinations": names, "auto": names[0] if len(names) == 1 else None}


def _worthwhile(position: Position, card: Card, targets: list[Target]) -> list[Target]:
    """The destinations the page offers: the legal ones, but not an empty column for a king that already
    heads a column with nothing under it (the move is legal and changes nothing, so a one-tap move or a
    highlight must never point there; sent anyway, the engine still plays it)."""
    for column, down in zip(position.tableau, position.face_down, strict=True):
        if column and column[0] == card and down == 0:
            return [t for t in targets if t == FOUNDATION or position.tableau[t]]
    return targets


def snapshot(game: Game, progress: bool = True) -> dict[str, Any]:
    """The JSON-ready picture of the table (format described in `docs/KLONDIKE.md`). With `progress`
    false, `no_progress` is false without the search (the frames of a solution, which are never played)."""
    position = game.position()
    outcome = game.outcome()
    playing = outcome is Outcome.PLAYING
    moving = {card: _worthwhile(position, card, targets) for card, targets in game.movable()}
    columns = []
    for column in range(COLUMNS):
        cards, down = position.tableau[column], position.face_down[column]
        entries: list[dict[str, Any]] = [{"state": "down"} for _ in range(down)]
        for card in cards[down:]:
            assert card is not None
            entries.append({"state": "up", **_playable(card, moving.get(card, []))})
        columns.append({"column": column, "down": down, "cards": entries})
    waste_top = position.waste[-1] if position.waste else None
    fan = [{"card": card.code} for card in position.waste[-FAN[position.draw]:]] if position.waste else []
    if fan and waste_top is not None:
        fan[-1] = _playable(waste_top, moving.get(waste_top, []))
    foundations = []
    for suit in range(4):
        top = rules.foundation_card(position, suit)
        entry: dict[str, Any] = {"suit": SUIT_CHARS[suit], "count": position.foundations[suit]}
        entry["top"] = None if top is None else _playable(top, moving.get(top, []))
        foundations.append(entry)
    draw, recycle = game.check_draw(), game.check_recycle()
    autofinish = game.autofinish_move() if playing else None
    return {
        "game": "klondike",
        "format": FORMAT_VERSION,
        "deal_id": str(game.deal_id) if game.deal_id is not None else None,
        "level": game.deal_id.level.value if game.deal_id is not None and game.deal_id.level else "any",
        "draw": position.draw,
        "version": game.version,
        "columns": columns,
        "stock": {"count": len(position.stock)},
        "waste": {
            "count": len(position.waste),
            "top": None if waste_top is None else _playable(waste_top, moving.get(waste_top, [])),
            "fan": fan,
        },
        "foundations": foundations,
        "on_foundations": sum(position.foundations),
        "moves": game.moves,
        "recycles": game.recycles,
        "can_draw": draw is None,
        "can_recycle": recycle is None,
        "stock_refusal": None if draw is None or recycle is None else draw.as_json(),
        "can_undo": game.can_undo,
        "outcome": outcome.value,
        "over": game.over,
        "given_up": game.given_up,
        "all_known": game.all_known,
        "solution_available": game.solution_available,
        "no_progress": progress and playing and game.no_progress,
        "autofinish": autofinish is not None,
        "autofinish_move": None if autofinish is None else str(autofinish),
    }
