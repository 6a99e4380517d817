"""Ladder's hint, from what the player has seen only (a `PlayerView`), so it cannot peek at the stock.

No legal move: `stuck`. Every card known: the exact solver decides, the first move of a winning line
(`proven`) or `lost`. Otherwise the first take from the left, else a draw (plain advice, not `proven`). The
worker asks for it in slices (`HintJob`); it is small enough to take one.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Literal

from solitaire_core import hints
from solitaire_core.cards import Card
from solitaire_core.steps import SlicedJob

from .game import PlayerView, adjacent
from .moves import DRAW, PLACES
from .solver import solve

Kind = Literal["take", "draw", "lost", "stuck"]


class Hint(hints.Hint[Kind, str]):
    """Ladder's advice (`solitaire_core.hints.Hint`): a take or a draw in notation, or none."""

    __slots__ = ()


def _known_stock(view: PlayerView) -> tuple[Card, ...] | None:
    """The stock top first, when every card of it has been seen."""
    cards = tuple(card for card in view.stock if card is not None)
    return cards if len(cards) == len(view.stock) else None


def hint(view: PlayerView, budget_ms: float | None = None) -> Hint:
    """The hint for the view (the search is exhaustive at once: `budget_ms` is not needed)."""
    row, top = view.row, view.waste_top
    takes = [PLACES[p] for p, card in enumerate(row) if card is not None and adjacent(card, top)]
    if not takes and not view.stock:
        return Hint("stuck")
    stock = _known_stock(view)
    if stock is not None:
        line = solve(view.row, view.waste_top, stock).line
        if not line:
            return Hint("lost", why="lost")
        return Hint("draw" if line[0] == DRAW else "take", line[0], True, "line")
    if takes:
        return Hint("take", takes[0], False, "take")
    return Hint("draw", DRAW, False, "draw")


def _steps(view: PlayerView) -> Generator[None, None, Hint]:
    yield
    return hint(view)


class HintJob(SlicedJob[Hint]):
    """The hint of a view, computed in slices by the worker."""

    def __init__(self, view: PlayerView) -> None:
        super().__init__(_steps(view))
