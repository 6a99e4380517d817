"""The snapshot the page draws: every fact the table needs and no face-down card (the stock is a count).
Which row cards may be taken is the engine's word (`playable`): the page never compares two ranks."""

from __future__ import annotations

from typing import Any, Final

from solitaire_core.ending import Outcome

from .game import Game
from .moves import PLACES, Move

FORMAT: Final = 1


def snapshot(game: Game) -> dict[str, Any]:
    """The JSON-ready picture of the table."""
    outcome = game.outcome()
    playing = outcome is Outcome.PLAYING
    row = []
    for place, name in enumerate(PLACES):
        card = game.row_card(place)
        playable = playing and card is not None and game.check(Move(place)) is None
        row.append({"place": name, "card": None if card is None else card.code, "playable": playable})
    return {
        "game": "ladder",
        "format": FORMAT,
        "deal_id": None if game.deal_id is None else str(game.deal_id),
        "level": "any",
        "version": game.version,
        "row": row,
        "waste": {"top": game.waste_top.code},
        "stock": {"count": game.stock_count},
        "moves": game.moves,
        "can_draw": playing and game.stock_count > 0,
        **game.end_fields(outcome),
    }
