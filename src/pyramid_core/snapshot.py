"""The snapshot the page draws from: every fact the UI needs, and no card the player has not seen.

All pyramid cards are face up, so each present one carries its `card`; the stock shows only its face-up top
and its count, the waste only its top. For each playable card, `partners` lists the places it makes 13 with
(so the page highlights what the engine allows without knowing the rules), and `king` says that it leaves
alone. Places in `partners` use the move notation: pyramid indexes as integers, `"S"` and `"W"`.

The end of a game reads as in TriPeaks' snapshot: `over` (won or given up: no move is possible and no card is
`playable`), `given_up`, `solution_available` (the `solution` op would answer), and for a statistics panel
`level` (`"any"`, `"easy"`, `"medium"`, `"hard"`: the level the deal ID names), `moves` and `removed`.
"""

from __future__ import annotations

from typing import Any, Final

from .game import Game, Outcome
from .layout import PLACE_OF, PYRAMID_SIZE, ROW_OF
from .moves import STOCK, WASTE, Place
from .rules import PASSES, leaves_alone

FORMAT_VERSION: Final = 1


def _top(game: Game, place: Place, playing: bool) -> dict[str, Any] | None:
    card = game.card_at(place)
    if card is None:
        return None
    return {
        "card": card.code,
        "playable": playing,
        "king": leaves_alone(card.rank),
        "partners": game.partners(place) if playing else [],
    }


def _pyramid_card(game: Game, index: int, playing: bool) -> dict[str, Any]:
    entry: dict[str, Any] = {"index": index, "row": ROW_OF[index], "place": PLACE_OF[index]}
    if not game.is_present(index):
        entry.update(state="gone", playable=False, king=False, partners=[])
        return entry
    card = game.deal.cards[index]
    playable = playing and game.is_playable(index)
    entry.update(
        state="playable" if game.is_playable(index) else "covered",
        card=card.code,
        playable=playable,
        king=leaves_alone(card.rank),
        partners=game.partners(index) if playable else [],
    )
    return entry


def level_of(game: Game) -> str:
    """The level the game's deal ID names: `"any"` without a difficulty letter (or without an ID)."""
    level = game.deal_id.level if game.deal_id is not None else None
    return "any" if level is None else level.value


def snapshot(game: Game) -> dict[str, Any]:
    """The JSON-ready picture of the table (format described in `docs/PYRAMID.md`)."""
    outcome = game.outcome()
    playing = outcome is Outcome.PLAYING
    recycle = game.check_recycle()
    return {
        "game": "pyramid",
        "format": FORMAT_VERSION,
        "deal_id": str(game.deal_id) if game.deal_id is not None else None,
        "level": level_of(game),
        "version": game.version,
        "pyramid": [_pyramid_card(game, i, playing) for i in range(PYRAMID_SIZE)],
        "stock": {"count": game.stock_count, "top": _top(game, STOCK, playing)},
        "waste": {"count": game.waste_count, "top": _top(game, WASTE, playing)},
        "removed": game.removed,
        "pass": game.pass_number,
        "passes": PASSES,
        "moves": game.moves,
        "can_draw": playing and game.can_draw,
        "can_recycle": playing and recycle is None,
        "recycle_refusal": None if recycle is None else recycle.as_json(),
        **game.end_fields(outcome),
    }
