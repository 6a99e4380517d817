"""The snapshot the page draws from: every fact the UI needs, and no card the player cannot see.

A face-down card has no `card` field at all, so a hidden card never reaches the page, not even in a field
the UI ignores. The format is documented in `docs/API.md`.
"""

from __future__ import annotations

from typing import Any

from .game import Game
from .layout import ROW_OF, TABLE_SIZE, X_OF


def _position(game: Game, position: int, playing: bool) -> dict[str, Any]:
    entry: dict[str, Any] = {"position": position, "row": ROW_OF[position], "x": X_OF[position]}
    if not game.is_present(position):
        entry.update(state="gone", free=False, playable=False)
        return entry
    free = game.is_free(position)
    if game.is_face_up(position):
        entry.update(state="up", card=game.card_at(position).code)
        entry.update(free=free, playable=playing and free and game.fits(position))
    else:
        entry.update(state="down", free=free, playable=False)
    return entry


def snapshot(game: Game) -> dict[str, Any]:
    """The JSON-ready picture of the table. `over`: won or given up, so no take or draw is possible;
    `solution_available`: the `solution` op would answer (won, given up, or every card known)."""
    outcome = game.outcome()
    playing = outcome.value == "playing"
    return {
        "deal_id": str(game.deal_id) if game.deal_id is not None else None,
        "rules": game.rules.as_json(),
        "version": game.version,
        "table": [_position(game, p, playing) for p in range(TABLE_SIZE)],
        "waste": game.waste_top.code,
        "waste_size": game.waste_size,
        "stock": game.stock_left,
        "can_draw": playing and game.can_draw,  # false once over, and when stuck
        "can_undo": game.can_undo,
        "cleared": game.cleared,
        "moves": game.moves,
        "draws": game.draws,
        "streak": game.streak,
        "longest_streak": game.longest_streak,
        "score": game.score,
        "outcome": outcome.value,
        "peaks_left": TABLE_SIZE - game.cleared,
        "all_known": game.all_known,
        "over": game.over,
        "solution_available": game.solution_available,
    }
