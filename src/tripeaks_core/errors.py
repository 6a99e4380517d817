"""The exceptions of the engine: one class per kind of failure, all of them `ValueError`s.

Callers (the command line, the worker API) catch `TriPeaksError` and show its message; the class name
says what kind of input was wrong. `TriPeaksError` is the shared base `solitaire_core.errors.SolitaireError`
under this game's name, so it also catches the errors the shared pieces raise (`CardError`, `SaveError`,
`RequestError`), which are the same classes here and in `solitaire_core`.
"""

from __future__ import annotations

from solitaire_core.errors import CardError, RequestError, SaveError, SolitaireError

TriPeaksError = SolitaireError
"""Base class of every error the engine raises on bad input (the shared base, by this game's name)."""

__all__ = [
    "CardError",
    "DealError",
    "DealIdError",
    "GameInProgressError",
    "GameOverError",
    "MoveError",
    "PositionError",
    "RequestError",
    "SaveError",
    "TriPeaksError",
]


class DealError(TriPeaksError):
    """A deal in notation that is not 52 distinct card codes."""


class DealIdError(TriPeaksError):
    """A deal ID that does not follow the grammar of `tripeaks_core.dealid`."""


class PositionError(TriPeaksError):
    """A table position out of range, or naming a card that is already gone."""


class MoveError(TriPeaksError):
    """A move token in a move list that is neither a position, `draw` nor `undo`."""


class GameOverError(TriPeaksError):
    """An action that needs a game still in progress (giving up) asked of a game that is won or given up."""


class GameInProgressError(TriPeaksError):
    """An action for after the game (the solution) asked while the game is still being played and some card
    is still unknown: answering it would show the player cards they have not seen."""
